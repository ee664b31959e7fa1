// The Knight's Tour Explorer screen: a control panel docked on the left and the board filling
// the rest (on narrow portrait screens the board sits above the panel). Owns a kt::Solver for
// the board set up in the panel and advances it a time-boxed slice per frame, and likewise a
// kt::TourCounter when counting, so the page stays responsive however long either runs.
// Platform neutral: the host sets up ImGui, calls frame() between ImGui::NewFrame() and
// ImGui::Render(), and renders; it may lend a TextureHost for large boards. Logic in
// explorer_app.cpp, drawing in explorer_screen.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board_image.hpp"
#include "board_view.hpp"
#include "counting/count.hpp"
#include "pacer.hpp"
#include "page_problem.hpp"
#include "rect.hpp"
#include "search/solver.hpp"
#include "theme.hpp"

namespace kt::ui {

enum class RunState { idle, running, paused, finished };
const char* to_string(RunState s);

// What a click on the board does.
enum class ClickMode : std::uint8_t { start, end, block };
const char* to_string(ClickMode m);  // "start", "end", "block"

struct Config {
  int rows = 5;
  int cols = 5;
  std::string start = "1,1";    // as typed; empty: make_problem's default
  std::string end;              // open tours only; empty: anywhere
  std::vector<Square> blocked;  // in the order added; squares off the board are kept, ignored
  bool closed = false;
  Method method = Method::automatic;
};

struct Speed {
  int steps_per_frame = 20;  // 1..kMaxStepsPerFrame, chosen on a log-scale slider
  bool fastest = false;      // as many steps as fit in the frame budget
};

inline constexpr int kMaxStepsPerFrame = 1'000'000;

enum class CountState { idle, running, stopped, done };
const char* to_string(CountState s);

struct Counting {
  CountKind kind = CountKind::from_start;
  CountState state = CountState::idle;
  std::unique_ptr<TourCounter> counter;  // set from Count until the board changes
  std::string what;                      // what is counted, in words
  std::string error;                     // why the last Count was refused
  double seconds = 0;                    // wall time spent counting
};

class ExplorerApp {
 public:
  ExplorerApp();

  // Advances a running search and count by this frame's slices, then draws the whole screen.
  void frame(float dt_seconds);
  void set_fonts(const Fonts& fonts) { fonts_ = fonts; }
  void set_texture_host(const TextureHost* host) { picture_.set_host(host); }

  // Scripting (the JS API and tests). Both return "" or, leaving everything unchanged, the
  // reason the input was refused. configure() sets a full board and an open tour (the first
  // API); configure_problem() everything the panel sets.
  std::string configure(std::int64_t rows, std::int64_t cols, std::string_view start,
                        std::string_view method);
  std::string configure_problem(const ProblemInput& in, std::string_view method);
  void run();
  void pause();
  void step();
  void reset();
  void count_start();  // as the Count button (kind: counting().kind)
  void count_stop();
  void set_count_kind(CountKind k);

  RunState state() const { return state_; }
  const Config& config() const { return config_; }
  Speed& speed() { return speed_; }
  ClickMode click_mode() const { return click_mode_; }
  void set_click_mode(ClickMode m) { click_mode_ = m; }
  // The input error shown in the panel; empty when the config is valid.
  const std::string& error() const { return error_; }
  // The current solver; null while the config is invalid.
  const Solver* solver() const { return solver_.get(); }
  // The verifier's verdict on a found tour.
  const std::optional<Verdict>& verdict() const { return verdict_; }
  const Counting& counting() const { return counting_; }
  double run_seconds() const { return run_seconds_; }  // wall time spent running
  double steps_per_second() const;
  std::uint64_t frames() const { return frames_; }
  // Whether the board is drawn at the large level of detail (a texture, no numbers).
  bool large_board() const;

  // Screen rectangles (CSS pixels) of the last frame, for tests and embedding. Labels: Rows,
  // Cols, Start, End, Closed, Method (and Method:<name> while its list is open), Click:start,
  // Click:end, Click:block, ClearBlocked, Blocks, 5x5, 6x6, 7x7, 8x8, Run, Pause, Step, Reset,
  // Speed, Fastest, CountKind (and CountKind:<kind>), Count, Stop, Progress, Banner, Panel.
  std::optional<Rect> widget_rect(std::string_view label) const;
  std::optional<Rect> square_rect(int x, int y) const;

 private:
  ProblemInput input() const;  // config_ as make_problem takes it (blocked squares on the board)
  void apply_config();
  void finish();
  void after_steps(float dt);
  std::uint64_t work_done() const;  // search steps, or construction blocks
  void clicked(Square s);
  void count_clear();
  void advance_count(double budget);
  void record(std::string_view label);
  void draw_panel(float x, float y, float width, float height);
  void draw_board_section();
  void draw_search_section();
  void draw_status_section();
  void draw_count_section();
  void draw_board_area(float x, float y, float width, float height);
  float draw_banner(float x, float y, float w);

  Config config_;
  Speed speed_;
  ClickMode click_mode_ = ClickMode::start;
  bool show_blocks_ = true;
  char start_buf_[64] = {};
  char end_buf_[64] = {};
  std::string error_;
  // What the board shows even when the input is refused (so a click can fix it).
  std::optional<Geometry> geometry_;
  std::vector<std::uint8_t> view_blocked_;  // flags by square index; empty: none
  std::optional<Square> view_start_, view_end_;
  int blocked_off_board_ = 0;

  std::unique_ptr<Solver> solver_;
  std::optional<Verdict> verdict_;
  bool verify_pending_ = false;  // found: verify at the start of the next frame
  bool quiet_frame_ = false;     // this frame verified: the picture waits for the next one
  RunState state_ = RunState::idle;
  Pacer pacer_;
  Counting counting_;
  Pacer count_pacer_;
  BoardView board_view_;
  BoardPicture picture_;
  Fonts fonts_;
  std::map<std::string, Rect, std::less<>> rects_;
  double run_seconds_ = 0;
  double window_seconds_ = 0, rate_ = 0;  // steps per second over the last half second
  std::uint64_t window_start_work_ = 0, last_work_ = 0;
  std::uint64_t frames_ = 0;
};

}  // namespace kt::ui
