// The explorer as plain data and the one set of functions that change it.
//
// ExplorerState holds the problem being edited (as text, the one input road: kt::RequestText),
// the run of its solver, the exact count, and the view's options. Every input goes through the
// functions below, whoever gives it: the ImGui view (explorer_view.hpp: clicks, keys, fields),
// the JS API (web/bindings.cpp) and URL parameters. tick() advances the run and the count by
// a time-boxed slice, once a frame. Nothing here draws or needs a window: the native tests
// (tests/explorer_test.cpp) drive it as the page does.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/request.hpp"
#include "build_elsewhere.hpp"
#include "counting/count.hpp"
#include "pacer.hpp"
#include "page_counter.hpp"
#include "page_request.hpp"
#include "play_mode.hpp"
#include "predict_mode.hpp"
#include "search_elsewhere.hpp"
#include "search_readout.hpp"
#include "solve/solver.hpp"
#include "teaching_run.hpp"
#include "tour_study.hpp"

namespace kt::ui {

enum class RunState : std::uint8_t { idle, running, paused, finished };
const char* to_string(RunState s);  // "idle", "running", "paused", "finished"

// What a click on an editable board does.
enum class ClickMode : std::uint8_t { start, end, block };
const char* to_string(ClickMode m);  // "start", "end", "block"
std::optional<ClickMode> parse_click_mode(std::string_view name);

// asking: the forecast says the count would take long; it starts only on the user's yes.
enum class CountState : std::uint8_t { idle, asking, running, stopped, done };
const char* to_string(CountState s);  // "idle", "asking", "running", "stopped", "done"

// The problem being edited, as given: every field as text, whether or not it is acceptable
// (a refused field stays, with its message, until it is fixed). Blocked squares are kept as a
// list so that clicks can add and remove them; text.blocked is not used.
RequestText starting_request();  // 5x5 from (1,1), auto
struct Draft {
  RequestText text = starting_request();
  std::vector<Square> blocked;  // in the order added; squares off the board are kept, ignored
};

// The draft as parse_request reads it: blocked squares on the board as a list, and no end for a
// closed tour (the panel's End field is off then; what was typed there waits for an open one).
RequestText request_text(const Draft& d);
bool draft_closed(const Draft& d);

// What the board shows of the draft, also while it is refused, so that a click can fix it.
struct DraftBoard {
  std::optional<Geometry> geometry;   // when the size is acceptable
  std::vector<std::uint8_t> blocked;  // flags by square index; empty: none
  std::optional<Square> start, end;   // the start the solver uses (its default too)
  int blocked_off_board = 0;
};

// The run's pace in steps per second (by the wall clock, so the same on a 60 Hz and a 120 Hz
// display; below one step a frame the fraction carries over: StepBank). The steps are the
// recursion's lines where the run is the recursion (recursion_is_run), else the engine's steps
// (a move placed or taken back, a construction's block).
inline constexpr double kMinRunSpeed = 0.5;
inline constexpr double kMaxRunSpeed = 60'000'000;  // a million steps a frame at 60 Hz
// The default pace shows a whole run of the textbook's 5x5 from a corner (Sutcliffe's TryMove:
// 2,155,664 lines, 148,660 moves) in about 18 seconds: the search visibly works, and ends.
inline constexpr double kDefaultRunSpeed = 120'000;
struct Speed {
  double steps_per_second = kDefaultRunSpeed;  // kMinRunSpeed .. kMaxRunSpeed
  bool fastest = false;                        // as many steps as fit in the frame's budget
};

// A search gone on off the page's thread (search_elsewhere.hpp) sends its state back every half
// second, to draw, on boards of at most this many squares (a state is five bytes a move).
inline constexpr int kSearchSnapshotSquares = 1 << 16;

// The solver for the draft and its run.
struct SearchRun {
  std::unique_ptr<Solver> solver;  // null while the draft is refused
  std::unique_ptr<Solver> origin;  // the solver as made: where it starts over to follow Back
  // Next tour went on past the recursion's tour: from then on the engine's search is the run.
  bool engine_drives = false;
  RunState state = RunState::idle;
  Action last_action = Action::none;  // of the last step run
  std::optional<Verdict> verdict;     // the verifier's, once a found tour is checked
  bool verify_pending = false;        // found: the next tick verifies
  std::uint64_t generation = 0;       // solvers made so far: a view's pictures follow it
  Pacer pacer;
  StepBank bank;       // steps the pace has earned and not yet run
  double seconds = 0;  // wall time spent running
  // Steps per second over the last half second.
  double window_seconds = 0, rate = 0;
  std::uint64_t window_start_work = 0, last_work = 0;
  // Set by a host that can run the Run's long parts off the page's thread: the whole tour of a
  // huge construction, before its first step (build_elsewhere.hpp), and a long search at the
  // fastest pace (search_elsewhere.hpp); and each of those while it runs there. A failure
  // there is said once (elsewhere_error), and the page runs it itself.
  BuildElsewhere build_elsewhere = nullptr;
  SearchElsewhere search_elsewhere = nullptr;
  std::unique_ptr<ElsewhereBuild> build_there;
  std::unique_ptr<ElsewhereSearch> search_there;
  bool built_elsewhere = false;     // the run's tour was built there
  bool searched_elsewhere = false;  // the run's search went there (and came back)
  int steps_owed = 0;               // Step pressed while it searched there: taken once back
  std::string elsewhere_error;
};

struct Counting {
  CountKind kind = CountKind::from_start;
  // Which counter, as the CLI's --counter (auto: the one choose_counter picks), and the memory
  // counting by rows may take in the page.
  CounterKind counter_kind = CounterKind::automatic;
  std::uint64_t memory_limit_mb = kPageCountMemoryMB;
  CountState state = CountState::idle;
  std::unique_ptr<PageCounter> counter;  // from count() until the draft changes
  std::string what;                      // what is counted, in words
  std::string error;                     // why the last count() was refused
  // What the count should take, said before it starts: the search's trial (the one the CLI's
  // refusal of a long count gives) and counting by rows' memory; and the trial's seconds.
  std::string forecast;
  double forecast_seconds = 0;
  double seconds = 0;     // wall time spent counting
  double last_slice = 0;  // of which in the last frame
  Pacer pacer;
  CountElsewhere elsewhere;  // set by a host that can count off the page's thread
  // Set by a host whose counts elsewhere can put their states past memory_limit_mb in storage:
  // the bytes free there now (0: none). A count by rows whose forecast passes the limit is then
  // no refusal where it fits there.
  std::uint64_t (*storage_room)() = nullptr;
  // Set by a host where counts elsewhere save and those on the page's thread cannot: why not,
  // said beside a count by rows on the page's thread (count_saving).
  std::string not_saved_here;
};

// Every tour the textbook's search has found so far, in its order (the handout's Try_All): the
// textbook and wirth methods on boards small enough to keep them. Each was verified when found.
inline constexpr std::int32_t kMaxTourListSquares = 64;
inline constexpr std::size_t kMaxKeptTours = 20'000;  // 5 MB on 8x8; later ones are counted
struct TourList {
  std::vector<std::vector<std::int32_t>> boards;  // move numbers by square index, in order found
  std::uint64_t found = 0;  // tours found (boards keeps the first kMaxKeptTours)
  std::uint64_t shown = 0;  // 1-based: the tour on the board; 0 none (or the live run)
  bool exhausted = false;   // the search went past the last tour: found is the total
};

// The teaching panels a link may open (kt::kPageViews: "stack", "code", "tree", "estimate").
enum class Panel : std::uint8_t { stack, code, tree, estimate };
inline constexpr int kPanelCount = 4;
const char* to_string(Panel p);
std::optional<Panel> parse_panel(std::string_view name);

struct ViewOptions {
  ClickMode click_mode = ClickMode::start;
  bool show_blocks = true;  // outline a construction's blocks
  // Embedded in a course page: the board alone fills the window; the page's compact control
  // bar holds Run, Pause, Step, Reset and the speed.
  bool board_only = false;
  // Embedded with `views=` in the link: the open teaching panels beside the board (embed_view).
  bool embed_views = false;
  // The square a click picked on a board that is not editable (its move is shown).
  std::optional<Square> selected;
  // Which teaching panels are open, by Panel: the code at first.
  bool panels[kPanelCount] = {false, true, false, false};
  // The panel's piece and wrap section is shown (hidden by default: the knight).
  bool piece_open = false;
  // A study's end map drawn on the board (tour_study.hpp), while the study is of its board.
  bool show_end_map = true;
};

struct ExplorerState {
  ExplorerState();  // the default draft (5x5 from (1,1), auto) and its solver

  Draft draft;
  std::uint64_t draft_version = 0;  // changes whenever the draft is set: views re-read it
  std::string error;                // why the draft is refused; empty when it is accepted
  DraftBoard board;
  SearchRun run;
  Speed speed;
  Counting counting;
  TourStudy study;  // the counted board's classes and end map (tour_study.hpp)
  ViewOptions view;
  TeachingRun teach;  // the textbook's recursion, line by line (teaching_run.hpp)
  TourList tours;
  // The exercises (play_mode.hpp, predict_mode.hpp): what a click on the board does.
  Mode mode = Mode::watch;
  PlayGame play;
  PredictScore predict;
};

// --- the problem ---------------------------------------------------------------------------
// Each of these sets the draft and makes a new solver for it (the run goes back to idle and the
// count is cleared), and returns "" or the draft's message (also kept in state.error).

// A whole problem at once (the JS API; URL parameters): when refused, returns the message and
// changes nothing. closed selects the closed count.
std::string configure(ExplorerState& s, const RequestText& text);

// One field as typed in the panel; kept even when refused.
// leaper: a jump "a,b" or a name ("camel"), kept as links write it ("1,3"; "" for the knight);
// wrap: none, cylinder or torus ("" for none). The same draft text as leaper= and wrap= in links.
enum class Field : std::uint8_t { rows, cols, start, end, closed, method, leaper, wrap };
std::string set_field(ExplorerState& s, Field f, std::string_view text);
// A board size (the 5x5 .. 8x8 buttons): keeps the start and end where they are on the board,
// else the start goes back to (1,1) and the end away.
std::string set_board(ExplorerState& s, int rows, int cols);
// Also switches the count to the matching kind, and clicks from setting the end.
std::string set_closed(ExplorerState& s, bool closed);
std::string set_method(ExplorerState& s, Method m);
// The move order of the backtracking searches (and the teaching run): a preset's name
// ("sutcliffe", "wirth", "handout", ...), eight "dx,dy" pairs, or "" for the method's own. The
// wirth method walks Wirth's order only: another order switches it to textbook. When the text
// is refused, returns "order: ..." and changes nothing.
std::string set_order(ExplorerState& s, std::string_view text);
std::string clear_blocked(ExplorerState& s);

// A click on square `sq`. While nothing would be lost (idle, the draft refused, or finished
// without any work: theory answered at once) it edits the draft by the click mode: start, end
// (a second click takes it away; not for closed tours) or block (toggles). On a board that
// holds a run's work (running, paused, or finished after searching or constructing) it only
// selects the square, or unselects it on a second click: the run is kept until Reset or an
// edit in the panel.
// In the exercises a click is a move played (or refused) or a prediction made instead.
enum class Click : std::uint8_t { edited, selected, ignored, played, refused, predicted };
const char* to_string(Click c);  // "edited", "selected", "ignored", "played", ...
Click click_square(ExplorerState& s, Square sq);
bool board_editable(const ExplorerState& s);
// The end mode is refused (false) for closed tours.
bool set_click_mode(ExplorerState& s, ClickMode m);
void set_show_blocks(ExplorerState& s, bool show);

// --- the run -------------------------------------------------------------------------------
// One run, whatever drives it. In the textbook's case (the textbook or wirth method, or auto
// while its textbook search is at work; an open tour without an end; the board watched) the run
// is the recursion (teaching_run.hpp): Run plays its lines at the pace, Step steps it by the
// granularity, and the engine's solver follows it move for move (the same tree: the machine's
// records and erases are the engine's placed and erased), so the board, the banner, the code,
// the verifier and every read-out show one search. Elsewhere the engine's solver is the run.
bool recursion_is_run(const ExplorerState& s);
void run(ExplorerState& s);           // idle or paused -> running (ticks advance it)
void pause(ExplorerState& s);         // running -> paused
void run_or_pause(ExplorerState& s);  // the Run / Pause toggle (Space, the recursion's Play)
void step(ExplorerState& s);          // one step (the recursion's: of the granularity), then paused
// `moves` moves placed or taken back (engine steps), then paused: a link's paused run.
void step_moves(ExplorerState& s, std::uint64_t moves);
void reset(ExplorerState& s);  // a new solver for the draft: idle, nothing selected
void set_speed(ExplorerState& s, double steps_per_second, bool fastest);  // clamped
// After the recursion moved (a step, Back, the scrubber): the engine's solver is brought to the
// same move and the run's state follows (idle at line 0, paused, finished at the end).
void follow_recursion(ExplorerState& s);

// --- every tour, one by one ----------------------------------------------------------------
// Whether the run can list its tours (textbook or wirth, at most kMaxTourListSquares squares).
bool lists_tours(const ExplorerState& s);
// Next: the next kept tour, or, at the last one found, the search goes on to the next tour
// (running at the pace set). Previous: the tour before. False when there is none.
bool next_tour(ExplorerState& s);
bool previous_tour(ExplorerState& s);
// The tour to draw instead of the solver's board (browsing back), else null.
const std::vector<std::int32_t>* shown_tour(const ExplorerState& s);
// How many tours there are from this start, when known: the search went past the last one, or
// "Count tours" counted this problem's tours from its start.
std::optional<std::uint64_t> tour_total(const ExplorerState& s);

// --- counting ------------------------------------------------------------------------------
// Whether the count by rows is saved as it goes (PageCounter::saving), or why it cannot be
// (Counting::not_saved_here); "" for the search, or where nothing is said.
std::string count_saving(const Counting& c);
void set_count_kind(ExplorerState& s, CountKind k);      // clears the count when it changes
void set_counter_kind(ExplorerState& s, CounterKind k);  // the same
// Starts counting the draft's board as the kind says, with the counter choose_page_counter
// picks; "" or the refusal (kept in counting.error). Before it starts, the forecast is made
// (counting.forecast); a count it says would take over kAskCountSeconds waits, asking, for
// count(s, true) (the user's yes) or cancel_count.
inline constexpr double kAskCountSeconds = 180;
std::string count(ExplorerState& s, bool confirmed = false);
void cancel_count(ExplorerState& s);  // asking -> idle
// Lists the tours the count section would count, for their classes and end map (s.study):
// "" or why not.
std::string study(ExplorerState& s);
void stop_count(ExplorerState& s);

// --- time ----------------------------------------------------------------------------------
struct TickReport {
  bool verified = false;  // this tick checked a found tour (its time went to that)
};
// One frame's work: verifies a tour found last tick, else runs the search (speed's steps, or as
// many as fit) and the count, within `budget` seconds together (a count alone, within
// count_alone_slice). dt: the frame's wall time.
TickReport tick(ExplorerState& s, double dt_seconds, double budget = Pacer::kFrameBudgetSeconds);
// The seconds a frame gives a count that runs alone (no search, no recursion playing): four
// times what the rest of the last frame took (drawing, the browser: dt less the count's last
// slice), at least four budgets and at most a quarter of a second. The count so has about four
// fifths of the time whatever a frame costs to draw (a GPU's millisecond, or tens with software
// GL), and the page still draws its progress and answers Stop within a quarter of a second.
double count_alone_slice(double dt_seconds, double last_slice, double budget);

// --- read-outs -----------------------------------------------------------------------------
std::uint64_t work_done(const ExplorerState& s);  // search steps, or construction blocks
double steps_per_second(const ExplorerState& s);
// The move number on `sq` (0 not visited, kBlocked), when the solver has a board.
std::optional<std::int32_t> move_at(const ExplorerState& s, Square sq);

}  // namespace kt::ui
