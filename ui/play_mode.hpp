// The explorer's two exercises besides watching: playing the tour by hand, and predicting
// where the textbook's search goes next (predict_mode.hpp). Plain data and the functions that
// change it, like ExplorerState; the board's clicks reach them through ui::click_square, the
// JS API through web/bindings.cpp.
//
// Play by hand: the knight starts on the problem's start (undo that first square to pick any
// other) and the student clicks the next square. Only a knight's jump to a free square is
// taken; after each move an exact search (Warnsdorff's rule with backtracking, complete, on a
// step budget) says whether the squares left can still be toured from here, and a finished
// tour goes through the independent verifier. The hint is Warnsdorff's choice: the legal move
// with the fewest onward moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/problem.hpp"
#include "verify/verify.hpp"

namespace kt::ui {

struct ExplorerState;

// What the board is for: watching the search (the panel's runs), predicting its next move, or
// playing by hand.
enum class Mode : std::uint8_t { watch, predict, play };
const char* to_string(Mode m);  // "watch", "predict", "play"
std::optional<Mode> parse_mode(std::string_view name);

// Switches the board to `m`: "" or why not (predict needs the recursion's run, play a board of
// up to 30x30), and then the mode is unchanged.
std::string set_mode(ExplorerState& s, Mode m);

// Whether the squares left can be toured from where the knight stands.
enum class Finishable : std::uint8_t {
  unknown,  // the check ran out of steps, or the board is too large to check
  yes,      // a way to finish was found
  no,       // proven: no tour can be finished from here
};
const char* to_string(Finishable f);  // "unknown", "yes", "no"

// The exact check's limits: boards up to kPlayCheckSquares squares, kPlayCheckSteps search
// steps (a few milliseconds in the page).
inline constexpr int kPlayCheckSquares = 144;
inline constexpr std::uint64_t kPlayCheckSteps = 300'000;

struct PlayGame {
  std::uint64_t built_for = ~std::uint64_t{0};  // the explorer run's generation it follows
  bool available = false;
  std::string why_not;              // when not available
  Problem problem;                  // the board, its blocked squares, the start, closed
  std::vector<std::int32_t> path;   // square indices in the order played
  std::vector<std::int32_t> board;  // move numbers by square index (0 free, kBlocked)
  Finishable finishable = Finishable::unknown;
  std::optional<Verdict> verdict;  // once every free square is visited
  std::string message;             // the last click's answer, in words
  std::optional<Square> hint;      // the last hint asked for, until the next move
};

// Makes the game follow the explorer's problem (a new game after every change of the draft);
// every function below calls it first.
void sync_play(ExplorerState& s);
bool play_available(ExplorerState& s);
// What the current mode needs, made for the current problem (the view calls it once a frame
// before drawing; mode_banner reads only).
void sync_mode(ExplorerState& s);

// The squares the knight may jump to now (all free squares while the path is empty).
std::vector<Square> play_legal(ExplorerState& s);
bool play_done(const PlayGame& g);  // every free square visited
bool play_dead(const PlayGame& g);  // no legal move left, or proven unfinishable

// A click on `sq`: a legal square extends the path (true); anything else is refused with a
// message (false) and changes nothing.
bool play_click(ExplorerState& s, Square sq);
bool play_undo(ExplorerState& s);     // false when the path is empty
void play_restart(ExplorerState& s);  // back to the start alone
// Warnsdorff's choice among the legal moves (fewest onward moves; ties: the first in
// Sutcliffe's order), or nothing when there is no move; kept in `hint` for the board.
std::optional<Square> play_hint(ExplorerState& s);
// "Watch the search from this start": the draft's start becomes the path's first square and
// the board goes back to watching. False when the path is empty.
bool watch_from_play_start(ExplorerState& s);

// The banner's words for the exercises (nothing while watching): a title, a detail, a tone.
enum class Tone : std::uint8_t { neutral, running, found, failed, warning };
struct ModeBanner {
  std::string title, detail;
  Tone tone = Tone::neutral;
};
std::optional<ModeBanner> mode_banner(const ExplorerState& s);

// Whether the squares left can be toured from the end of `path` on `problem` (its blocked
// squares and the path's squares taken), by a complete search within `max_steps`.
Finishable check_finishable(const Problem& problem, const std::vector<std::int32_t>& path,
                            std::uint64_t max_steps = kPlayCheckSteps);

}  // namespace kt::ui
