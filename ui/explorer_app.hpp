// The Knight's Tour Explorer screen: a control panel docked on the left and the board filling
// the rest (on narrow portrait screens the board sits above the panel). Owns the search and
// advances it a time-boxed slice per frame, so the page stays responsive however long the search
// runs. Platform neutral: the host sets up ImGui, calls frame() between ImGui::NewFrame() and
// ImGui::Render(), and renders. Logic in explorer_app.cpp, drawing in explorer_screen.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "backtrack.hpp"
#include "board_view.hpp"
#include "pacer.hpp"
#include "rect.hpp"
#include "theme.hpp"
#include "verify.hpp"

namespace kt::ui {

enum class RunState { idle, running, paused, finished };
const char* to_string(RunState s);

struct Config {
  int rows = 5;
  int cols = 5;
  std::string start = "1,1";
  std::string method = "textbook";  // or "wirth"
};

struct Speed {
  int steps_per_frame = 20;  // 1..kMaxStepsPerFrame, chosen on a log-scale slider
  bool fastest = false;      // as many steps as fit in the frame budget
};

inline constexpr int kMaxStepsPerFrame = 1'000'000;

class ExplorerApp {
 public:
  ExplorerApp();

  // Advances a running search by this frame's slice, then draws the whole screen.
  void frame(float dt_seconds);
  void set_fonts(const Fonts& fonts) { fonts_ = fonts; }

  // Scripting (the JS API and tests). configure() applies a new config and returns "" or,
  // leaving everything unchanged, the reason it was refused.
  std::string configure(std::int64_t rows, std::int64_t cols, std::string_view start,
                        std::string_view method);
  void run();
  void pause();
  void step();
  void reset();

  RunState state() const { return state_; }
  const Config& config() const { return config_; }
  Speed& speed() { return speed_; }
  // The input error shown in the panel; empty when the config is valid.
  const std::string& error() const { return error_; }
  // The current search; null while the config is invalid.
  const Backtracker* search() const { return search_.get(); }
  // The verifier's verdict on a found tour.
  const std::optional<Verdict>& verdict() const { return verdict_; }
  double run_seconds() const { return run_seconds_; }  // wall time spent running
  double steps_per_second() const;
  std::uint64_t frames() const { return frames_; }

  // Screen rectangles (CSS pixels) of the last frame, for tests and embedding. Labels: Rows,
  // Cols, Start, Method, 5x5, 6x6, 7x7, 8x8, Run, Pause, Step, Reset, Speed, Fastest, Banner.
  std::optional<Rect> widget_rect(std::string_view label) const;
  std::optional<Rect> square_rect(int x, int y) const;

 private:
  void apply_config();
  void after_steps(std::uint64_t steps, float dt);
  void set_start(Square s);
  void record(std::string_view label);
  void draw_panel(float x, float y, float width, float height);
  void draw_board_area(float x, float y, float width, float height);
  void draw_banner(float x, float y, float w);

  Config config_;
  Speed speed_;
  char start_buf_[64] = {};
  std::string error_;
  std::optional<Geometry> geometry_;  // board drawn even when only the start is invalid
  std::unique_ptr<Backtracker> search_;
  std::optional<Verdict> verdict_;
  RunState state_ = RunState::idle;
  Pacer pacer_;
  BoardView board_view_;
  Fonts fonts_;
  std::map<std::string, Rect, std::less<>> rects_;
  double run_seconds_ = 0;
  double window_seconds_ = 0, rate_ = 0;  // steps per second over the last half second
  std::uint64_t window_steps_ = 0;
  std::uint64_t frames_ = 0;
};

}  // namespace kt::ui
