// The textbook's procedure, one line at a time: R. J. Sutcliffe's Modula-2 TryMove
// as a resumable machine, for views that show the recursion (the page's call stack, pseudocode
// and timeline) and for `knights trace`.
//
//   PROCEDURE TryMove (moveNumber, x, y : INTEGER; VAR moveOK : BOOLEAN);
//   BEGIN
//     count := 0;
//     REPEAT
//       INC (count); moveOK := FALSE;                           select
//       m := x + dX [count]; n := y + dY [count];
//       IF (m >= 1) & (m <= size) & (n >= 1) & (n <= size)      acceptable
//          & (board [m, n] = 0) THEN
//         board [m, n] := moveNumber; moveOK := TRUE;           record
//         IF moveNumber < totalSquares THEN                     filled
//           TryMove (moveNumber + 1, m, n, moveOK);             recurse
//           IF NOT moveOK THEN board [m, n] := 0; END;          erase
//         END;
//       END;
//     UNTIL moveOK OR (count = 8);                              until
//   END TryMove;                                                return
//
// It is written apart from the search engines (search/), straight from the listing, and walks
// the same tree: its moves recorded and erased are the engines' placed and erased counters, a
// check the tests make on every named move order. Blocked squares count as visited; closed
// tours and end squares are not in the textbook's procedure and are not taken here.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

enum class Line : std::uint8_t { select, acceptable, record, filled, recurse, erase, until, ret };
inline constexpr int kLineCount = 8;
const char* to_string(Line line);  // "select", "acceptable", ...

// The listing as the page shows it: each source line and the machine line it belongs to.
struct ListingLine {
  std::string_view text;
  int line;  // a Line, or -1 for lines that are never the current one (BEGIN, END, ...)
};
std::span<const ListingLine> try_move_listing();

// What the current call's eight candidates are, for the board view.
enum class Candidate : std::uint8_t { off_board, visited, failed, trying, untried };

// The last line's visible effect.
enum class Effect : std::uint8_t { none, placed, erased };

class TryMoveMachine {
 public:
  // A call of TryMove(moveNumber, x, y): the move it places, the square it jumps from, and its
  // loop counter (0 before the first INC, then the candidate k of 8 being tried).
  struct Frame {
    int move;             // moveNumber: the number it writes, 2 for the first jump
    std::int32_t square;  // (x, y) as Geometry::index
    int count;            // k of 8, 0 before the first candidate
  };

  // Precondition: the problem is well formed (make_problem): a start on a free square. Closed
  // tours and end squares are ignored (the textbook has neither).
  TryMoveMachine(const Problem& problem, const MoveOrder& order);

  // Runs one line; false once the outermost call has returned (nothing ran).
  bool step_line();

  // Where a run stops: after n lines, after n squares recorded or erased, after the next
  // erase, once the stack is at most n calls deep (step over, step out), or at the end.
  struct Goal {
    enum class Kind : std::uint8_t { lines, moves, erase, depth, end } kind;
    std::uint64_t n = 0;
  };
  // Runs until the goal is met (true) or max_lines lines have run or the run ended (false).
  bool run_until(Goal goal, std::uint64_t max_lines);

  Status status() const { return status_; }
  Geometry geometry() const { return geometry_; }
  const MoveOrder& order() const { return order_; }
  Line line() const { return line_; }  // the line that runs next
  Effect last_effect() const { return effect_; }
  std::uint64_t lines() const { return lines_; }
  std::uint64_t placed() const { return placed_; }
  std::uint64_t erased() const { return erased_; }
  std::uint64_t moves() const { return placed_ + erased_; }
  bool move_ok() const { return move_ok_; }

  // The calls on the stack, outermost first (frames().size() >= 1 until the run ends).
  const std::vector<Frame>& frames() const { return frames_; }
  // Move numbers by Geometry::index (1 the start, 0 free, kBlocked).
  const std::vector<std::int32_t>& board() const { return board_; }
  // The square the innermost call is looking at (after select), or -1 (none, or off the board).
  std::int32_t target() const { return target_; }
  // The innermost call's eight candidates, k = 1..8 at index k - 1.
  std::array<Candidate, 8> candidates() const;
  // The square of the last record or erase, and the candidate k that led to it.
  std::int32_t effect_square() const { return effect_square_; }
  int effect_candidate() const { return effect_candidate_; }

  // The shape of the tree so far: by move number i (index i), how often a square was recorded
  // with i, and how often move i was erased because everything below it failed.
  const std::vector<std::uint64_t>& reached() const { return reached_; }
  const std::vector<std::uint64_t>& dead_ends() const { return dead_ends_; }

 private:
  std::int32_t jump(std::int32_t from, int k) const;  // -1 off the board
  // board [m, n] := moveNumber (placed) or 0 (erased), counted and remembered as the effect.
  void write(const Frame& f, Effect e);

  Geometry geometry_;
  MoveOrder order_;
  int total_ = 0;  // free squares: the last move number
  std::vector<std::int32_t> board_;
  std::vector<Frame> frames_;
  Line line_ = Line::select;
  std::int32_t target_ = -1;
  bool move_ok_ = false;
  Status status_ = Status::running;
  Effect effect_ = Effect::none;
  std::int32_t effect_square_ = -1;
  int effect_candidate_ = 0;
  std::uint64_t lines_ = 0, placed_ = 0, erased_ = 0;
  std::vector<std::uint64_t> reached_, dead_ends_;
};

}  // namespace kt
