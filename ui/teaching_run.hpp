// The textbook's run as students watch it: a kt::Timeline of TryMove for the explorer's
// problem, stepped line by line, move by move, dead end by dead end or to the tour, forward and
// back, with a scrubber. In the textbook's case (the textbook or Wirth's method, or auto while
// its textbook search is at work, on an open tour without an end square) this is the run:
// Run, Pause, Step and the pace of the explorer (explorer_state.hpp) drive it, and the engine's
// solver follows it move for move (recursion_is_run). Plain data plus the functions that change
// it, like ExplorerState; the view (teaching_view.hpp) and the JS API only call these.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "counting/estimate.hpp"
#include "pacer.hpp"
#include "teaching/listing.hpp"
#include "teaching/timeline.hpp"

namespace kt::ui {

struct ExplorerState;

std::optional<Granularity> parse_granularity(std::string_view name);  // "line", "dead-end", ...

// Lines one frame may run for a step (a frame's budget on a slow phone: ~2-4 ms); a run at a
// pace is held to the frame's time budget instead.
inline constexpr std::uint64_t kFrameLines = 200'000;

// How the code pane laid the listing out in its last frame (teaching_view.cpp): the test that no
// line is cut reads it (widest <= width).
struct CodeLayout {
  int lines = 0;       // listing lines
  int rows = 0;        // rows they took, wrapped to the pane
  float width = 0;     // pixels a row may take
  float widest = 0;    // pixels the widest row takes
  float scale = 1.0f;  // the code's font scale
  bool whole = false;  // every row in its box at once, none scrolled out of sight
};

struct TeachingRun {
  std::unique_ptr<Timeline> timeline;           // null when the problem is not the textbook's case
  std::string why_not;                          // why there is no timeline, in the page's words
  std::uint64_t built_for = ~std::uint64_t{0};  // the explorer run's generation it follows
  std::string order_error;  // why the last order asked for was refused (the draft's is kept)
  Granularity granularity = Granularity::line;  // of Step and Back; a run goes line by line
  bool playing = false;                         // the run is running (explorer_state.hpp's run)
  // The host holds the run back: the drawing does not make it (teaching_shown), calls that ask
  // for it still do. The browser holds it until the page's second part, which holds the
  // teaching code, is in (web/split_loader.js), so a first visit's first frame needs none of it.
  bool held = false;
  // What forward(n) asked for beyond a frame's lines, as a goal in the granularity's own count
  // of the run (lines, records and erases, erases; tour: the end, or Try_All's boards displayed):
  // later frames run it, a frame's lines at a time, so that no call holds the page. Any other
  // step cancels it.
  std::optional<std::pair<Granularity, std::uint64_t>> forward_goal;
  Pacer pacer;         // lines a frame at the fastest pace
  double seconds = 0;  // wall time spent playing, for the measured speed
  std::uint64_t played_lines = 0;
  std::vector<float> fade;  // by square index: what is left (1 .. 0) of a take-back's mark
  std::optional<TreeEstimate> estimate;  // Knuth's, once per timeline
  // The course's program (core/teaching/listing.hpp): "" for the method's own (Wirth's for
  // the wirth method, else Sutcliffe's). Listings that share the machine and the order switch
  // in place; another one makes a new timeline.
  std::string listing_choice;
  std::optional<Listing> listing;  // the one shown, made with the timeline
  std::vector<int> breakpoints;    // listing lines (0-based), sorted: a run stops before them
  float code_scale = 1.0f;         // the code pane's font size, for projection
  CodeLayout code_layout;          // as last drawn
  bool stack_unfolded = false;     // the deep stack's middle shown
  bool beside_board = false;       // the code and stack drawn beside the board (wide windows)
};

// Probes for Knuth's estimate of a board's textbook tree: a steady figure for a few ms.
std::uint64_t estimate_probes(Geometry g);

// Makes the timeline follow the explorer's problem (a new one after every change of the draft
// or the order); every function below but teach_tick calls it first.
void sync_teaching(ExplorerState& s);
bool teaching_available(ExplorerState& s);
// For drawing: teaching_available, except while the host holds the run back (TeachingRun::held):
// then only a run some call already made is shown.
bool teaching_shown(ExplorerState& s);

// The problem's move order (explorer_state.hpp's set_order: the engine run follows): "" or why not.
std::string set_teaching_order(ExplorerState& s, std::string_view text);
void set_granularity(ExplorerState& s, Granularity g);
void teach_forward(ExplorerState& s, std::uint64_t steps = 1);  // at the granularity; pauses
void teach_back(ExplorerState& s, std::uint64_t steps = 1);     // exactly undoes forward
void teach_step_over(ExplorerState& s);
void teach_step_out(ExplorerState& s);
void teach_seek(ExplorerState& s, std::uint64_t line);  // clamped to furthest()
void teach_restart(ExplorerState& s);  // back to the first line (the scrubber keeps the rest)
// The listing by name (listing_names()): "" or why not.
std::string set_listing(ExplorerState& s, std::string_view name);
// The listing's name that is shown, or the one that will be.
std::string_view listing_name(const ExplorerState& s);
// A breakpoint on the listing line (0-based), on or off; lines that never run put it on the
// next line that does. Play, steps and step over stop before a breakpoint's line.
void toggle_breakpoint(ExplorerState& s, int line);
inline constexpr float kMinCodeScale = 0.75f, kMaxCodeScale = 3.0f;
void set_code_scale(ExplorerState& s, float scale);  // clamped
// One frame: runs what a step asked beyond a frame's lines, and fades the take-back marks.
void teach_tick(ExplorerState& s, double dt_seconds);
// The run's lines for one frame while it runs: at most `lines` (the pace's), within `budget`
// seconds, timed for the measured speed; false once it stopped at a breakpoint or the end.
bool teach_play_frame(ExplorerState& s, double dt_seconds, std::uint64_t lines, double budget);

// Read-outs. Lines per second measured while playing (0 before any).
double teaching_lines_per_second(const TeachingRun& t);
// Seconds until the run ends at the measured speed, when the estimate can say (else nothing).
std::optional<double> teaching_seconds_left(const TeachingRun& t);
// The share of the tree's moves placed so far (0..1), when there is an estimate.
std::optional<double> teaching_explored(const TeachingRun& t);

}  // namespace kt::ui
