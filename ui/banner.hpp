// What the banner above the board says, decided from the explorer's state without drawing it
// (the view, explorer_view.cpp, only draws the words in the tone's colour): the problem
// refused, ready, the recursion watched, searching or constructing, paused, a tour found and
// verified or none, every tour one by one, the square picked on a run's board, and the
// exercises' own words (play_mode.hpp's mode_banner) while predicting or playing. The tests
// (tests/banner_test.cpp) read it for each of these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "explorer_state.hpp"

namespace kt::ui {

struct BannerText {
  std::string title;   // the heading
  std::string detail;  // the line below it; a second line follows a '\n'
  Tone tone = Tone::neutral;
};

// What the board's view knows that the state does not.
struct BoardFacts {
  // A huge tour's order being coloured into its picture: the share done (BoardImage).
  std::optional<double> colouring;
  // The move number the board shows on s.view.selected (ExplorerView::move_number: 0 not
  // visited, kBlocked), when it knows one.
  std::optional<std::int32_t> selected_move;
};

BannerText banner_text(const ExplorerState& s, const BoardFacts& board = {});

// Words the banner shares with the panel.
inline constexpr const char* kDot = "  \xC2\xB7  ";  // between the parts of a read-out
std::string percent(double fraction);                // "12.5%"; "0.004%" below 1%
std::string method_name(const Solver& s);            // "auto: warnsdorff", "textbook", ...

}  // namespace kt::ui
