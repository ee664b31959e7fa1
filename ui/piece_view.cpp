// The Board section's piece and wrap, shown by its "other pieces, wrapped boards" box: which leaper
// tours (the knight, a named one or any jump a,b) and whether the board wraps. Each choice sets the
// draft's leaper and wrap, the text a link's leaper= and wrap= set, so the copied link and the JS
// API's config() carry it. Drawn only once opened: none of it is in the page's first frame.
#include <imgui.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "board/piece.hpp"
#include "explorer_view.hpp"

namespace kt::ui {

namespace {

// The knight and the leapers G. P. Jelliss's Knight's Tour Notes tour first, named by
// describe_leaper ("camel (1,3)").
constexpr Leaper kPresets[] = {{1, 2}, {1, 3}, {2, 3}, {1, 4}};

}  // namespace

[[gnu::noinline]] void ExplorerView::draw_piece_section(ExplorerState& s) {
  const RequestText& t = s.draft.text;
  if (piece_version_ != s.draft_version) {
    piece_version_ = s.draft_version;
    std::snprintf(leaper_, sizeof leaper_, "%s", t.leaper.empty() ? "1,2" : t.leaper.c_str());
  }
  const auto typed = parse_leaper(t.leaper.empty() ? "1,2" : t.leaper);
  // The leaper by its description, a refused one as typed (the error says why).
  const std::string shown = typed ? describe_leaper(*typed) : t.leaper;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Piece");
  ImGui::SameLine(64);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##Piece", shown.c_str())) {
    for (const Leaper l : kPresets) {
      if (ImGui::Selectable(describe_leaper(l).c_str(), typed == l)) {
        set_field(s, Field::leaper, format_leaper(l));
      }
      record((std::string("Piece:") + format_leaper(l)).c_str());
    }
    ImGui::EndCombo();
  }
  record("Piece");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Jump");
  ImGui::SameLine(64);
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##Leaper", "a,b", leaper_, sizeof leaper_,
                           ImGuiInputTextFlags_AutoSelectAll);
  if (ImGui::IsItemDeactivatedAfterEdit()) set_field(s, Field::leaper, leaper_);
  record("Leaper");

  // A combo, not radio buttons: the panel's one other set of radio buttons is in the first
  // frame, and a second caller would keep ImGui's RadioButton out of line there.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Edges");
  ImGui::SameLine(64);
  ImGui::SetNextItemWidth(-FLT_MIN);
  const char* wrap = t.wrap.empty() ? "none" : t.wrap.c_str();
  if (ImGui::BeginCombo("##Wrap", wrap)) {
    for (const Wrap w : {Wrap::none, Wrap::cylinder, Wrap::torus}) {
      if (ImGui::Selectable(to_string(w), std::string_view(wrap) == to_string(w))) {
        set_field(s, Field::wrap, to_string(w));
      }
      record((std::string("Wrap:") + to_string(w)).c_str());
    }
    ImGui::EndCombo();
  }
  record("Wrap");
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("cylinder: left and right edges joined; torus: all four");
  ImGui::PopTextWrapPos();
}

}  // namespace kt::ui
