// The fingerprint that lets the page skip drawing an unchanged frame (ui/frame_fingerprint.hpp):
// equal for equal frames, different when anything drawn changes.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>

#include "frame_fingerprint.hpp"

namespace {

// One ImGui frame of `draw` at `width` x 600, fingerprinted.
std::uint64_t frame(const std::function<void()>& draw, float width = 800) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, 600);
  io.DeltaTime = 1.0f / 60;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(10, 10));
  ImGui::SetNextWindowSize(ImVec2(300, 200));
  ImGui::Begin("Panel");
  draw();
  ImGui::End();
  ImGui::Render();
  return kt::ui::frame_fingerprint(*ImGui::GetDrawData());
}

struct Context {
  Context() {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // a built atlas, no GPU
  }
  ~Context() { ImGui::DestroyContext(); }
};

}  // namespace

TEST_CASE("frame fingerprint: the same frame twice is the same picture, any change another") {
  Context context;
  const auto text = [](const char* s) { return [s] { ImGui::TextUnformatted(s); }; };
  frame(text("Run"));  // ImGui settles its windows' sizes over the first frames
  frame(text("Run"));
  const std::uint64_t run = frame(text("Run"));
  CHECK(frame(text("Run")) == run);
  CHECK(frame(text("Rum")) != run);       // one glyph
  CHECK(frame(text("Run")) == run);       // and back
  CHECK(frame(text("Run"), 801) != run);  // the canvas's size
  frame(text("Run"));
  CHECK(frame([] {
          ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(20, 20), ImVec2(40, 40),
                                                    IM_COL32(200, 0, 0, 255));
        }) != frame([] {
          ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(20, 20), ImVec2(40, 40),
                                                    IM_COL32(201, 0, 0, 255));
        }));  // one colour by one step
  CHECK(frame([] {
          ImGui::Image(reinterpret_cast<ImTextureID>(std::intptr_t{7}), ImVec2(16, 16));
        }) != frame([] {
          ImGui::Image(reinterpret_cast<ImTextureID>(std::intptr_t{8}), ImVec2(16, 16));
        }));  // another texture, same vertices
}
