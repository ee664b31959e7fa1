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
//
// The same machine runs, as a second set of lines, the recursive pseudocode, which
// has its own semantics: Move(x, y, m) is called for each of the eight candidates and rejects
// off-board and visited squares on entry, marks its square (the printed text forgets to; it is
// run as intended), stops calling once `result` is true (result := result OR Move(...)) and
// prints its square on the way out, so the path comes out in reverse.
//
//   Move(x, y, m)
//     IF off the board THEN return false                        off-board
//     IF visited[x, y] THEN return false                        visited
//     visited[x, y] := true                                     mark
//     IF m = M THEN print x, y; return true                     full
//     result := false                                           result
//     result := result OR Move(x + dx[k], y + dy[k], m + 1)     call (k = 1..8)
//     IF result THEN print x, y; return true                    check
//     ELSE visited[x, y] := false; return false                 unmark
//
// And it runs, as a third set, the handout's Try_All, which finds every tour: it has no
// success exit, tests the full board on entry to the call after the last move, displays it,
// and its caller erases the move and goes on, so the run ends only when the tree is exhausted.
//
//   Try_All(k, x, y)
//     if k > board.size1*board.size2 then                       full
//       "Display Board"                                         display
//     else
//       from d := 1                                             first
//       until d > 8                                             until
//       loop
//         new_x := x + row.item(d); new_y := y + col.item(d)    select
//         if Acceptable(new_x, new_y) then                      acceptable
//           board.put(k, new_x, new_y)                          record
//           Try_All(k+1, new_x, new_y)                          recurse
//           board.put(0, new_x, new_y)                          erase
//         end
//         d := d+1                                              next
//       end
//     end                                                       return
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

enum class Line : std::uint8_t {
  select,
  acceptable,
  record,
  filled,
  recurse,
  erase,
  until,
  ret,  // TryMove
  off_board,
  visited,
  mark,
  full,
  result,
  call,
  check,
  unmark,  // Move(x, y, m)
  display,
  first,
  next  // Try_All(k, x, y), with full, until, select, ..., erase and ret
};
inline constexpr int kLineCount = 19;
const char* to_string(Line line);  // "select", "acceptable", ..., "off-board", ..., "display"

// Which procedure the machine runs: TryMove's loop over the candidates (Sutcliffe, Wirth, the
// handout and their renditions), the pseudocode's call per candidate, or the handout's Try_All,
// which goes on after every tour.
enum class Semantics : std::uint8_t { try_move, move_calls, try_all };

// What the current call's eight candidates are, for the board view.
enum class Candidate : std::uint8_t { off_board, visited, failed, trying, untried };

// The last line's visible effect: a square written, or (Try_All) the full board displayed.
enum class Effect : std::uint8_t { none, placed, erased, displayed };

class TryMoveMachine {
 public:
  // A call of TryMove(moveNumber, x, y): the move it places, the square it jumps from, and its
  // loop counter (0 before the first INC, then the candidate k of 8 being tried).
  // Move(x, y, m) is the same: it writes m + 1 on its own square (1 on the start), loops k over
  // its eight calls, and its square may be off the board (square -1, at `at`).
  // Try_All(k, x, y) is TryMove's, but its count is the handout's d: 0 before `from d := 1`,
  // set before the candidate is looked at, and 9 once the loop is done.
  struct Frame {
    int move;                 // moveNumber: the number it writes, 2 for the first jump
    std::int32_t square;      // (x, y) as Geometry::index, -1 off the board
    int count;                // k of 8, 0 before the first candidate (Try_All: d, up to 9)
    Square at{};              // (x, y), on the board or not
    std::int8_t result = -1;  // Move's local result: -1 before it is set, 0 false, 1 true
  };

  // Precondition: the problem is well formed (make_problem): a start on a free square, and
  // listing_refusal() empty. Closed tours and end squares are ignored (the textbook has
  // neither). The order is the knight's, read for the problem's leaper (order_for()), and a
  // candidate jumps round the edges a wrapping board joins.
  TryMoveMachine(const Problem& problem, const MoveOrder& order,
                 Semantics semantics = Semantics::try_move);

  // Runs one line; false once the outermost call has returned (nothing ran).
  bool step_line();

  // Where a run stops: after n lines, after n squares recorded or erased, after the next
  // erase, once the stack is at most n calls deep (step over, step out), at the end, or after
  // n more tours (tours()).
  struct Goal {
    enum class Kind : std::uint8_t { lines, moves, erase, depth, end, tours } kind;
    std::uint64_t n = 0;
    std::uint32_t breaks = 0;  // also stop before a line at_break(breaks) (after one line)
  };
  // Runs until the goal is met (true) or max_lines lines have run or the run ended (false).
  bool run_until(Goal goal, std::uint64_t max_lines);

  Status status() const { return status_; }
  int squares() const { return total_; }  // the free squares: the last move number
  Semantics semantics() const { return semantics_; }
  Geometry geometry() const { return geometry_; }
  const MoveOrder& order() const { return order_; }
  Line line() const { return line_; }  // the line that runs next
  Effect last_effect() const { return effect_; }
  std::uint64_t lines() const { return lines_; }
  std::uint64_t placed() const { return placed_; }
  std::uint64_t erased() const { return erased_; }
  std::uint64_t moves() const { return placed_ + erased_; }
  bool move_ok() const { return move_ok_; }
  // Calls entered so far (the outermost included), and the last line's return: -1 none, else
  // the value the returning call gave (0 false, 1 true); Try_All, a procedure, gives none.
  std::uint64_t calls() const { return calls_; }
  int returned() const { return returned_; }
  // Squares filled with the last move number so far (a tour completed); Try_All: the boards
  // displayed so far.
  std::uint64_t tours() const { return tours_; }
  // Whether the next line makes a recursive call (step over runs it whole).
  bool at_call() const;
  // Whether the next line is a breakpoint of `mask`: bit l for Line l, bit kLineCount + k - 1
  // for the pseudocode's call line of candidate k.
  bool at_break(std::uint32_t mask) const;
  // The pseudocode's output so far: the squares it printed, the last of the path first.
  const std::vector<std::int32_t>& printed() const { return printed_; }

  // The calls on the stack, outermost first (frames().size() >= 1 until the run ends).
  const std::vector<Frame>& frames() const { return frames_; }
  // Move numbers by Geometry::index (1 the start, 0 free, kBlocked).
  const std::vector<std::int32_t>& board() const { return board_; }
  // The square the innermost call is looking at (after select), or -1 (none, or off the board).
  std::int32_t target() const { return target_; }
  // The call whose candidates are shown: the innermost one that stands on its square (the
  // pseudocode's calls being checked on entry show their caller's); frames().size() when none.
  std::size_t focus() const;
  // That call's eight candidates, k = 1..8 at index k - 1.
  std::array<Candidate, 8> candidates() const;
  // The candidate k (1..8) frames()[frame] looks at or last looked at, whose square its new_x,
  // new_y hold; 0 before the first. Its count, except Try_All's d, which runs one ahead of it
  // before the select line and ends at 9.
  int selected(std::size_t frame) const;
  // The square of the last record or erase, and the candidate k that led to it.
  std::int32_t effect_square() const { return effect_square_; }
  int effect_candidate() const { return effect_candidate_; }

  // The shape of the tree so far: by move number i (index i), how often a square was recorded
  // with i, and how often move i was erased because everything below it failed.
  const std::vector<std::uint64_t>& reached() const { return reached_; }
  const std::vector<std::uint64_t>& dead_ends() const { return dead_ends_; }

 private:
  // Candidate k (1..8) from s: the order's jump, wrapped round the edges the piece joins.
  Square candidate(Square s, int k) const;
  std::int32_t jump(std::int32_t from, int k) const;  // -1 off the board
  // board [m, n] := moveNumber (placed) or 0 (erased), counted and remembered as the effect.
  void write(const Frame& f, Effect e);
  void step_try_move();
  void step_move_calls();
  void step_try_all();
  void enter(Square at, int move);  // Move(at, move - 1): a new frame, counted
  void leave(bool result);          // return result to the caller
  Geometry geometry_;
  MoveOrder order_;  // read for the piece's leaper
  Piece piece_;
  int total_ = 0;  // free squares: the last move number
  std::vector<std::int32_t> board_;
  std::vector<Frame> frames_;
  Line line_ = Line::select;
  std::int32_t target_ = -1;
  bool move_ok_ = false;
  Status status_ = Status::running;
  Semantics semantics_ = Semantics::try_move;
  int returned_ = -1;
  std::uint64_t calls_ = 0, tours_ = 0;
  std::vector<std::int32_t> printed_;
  Effect effect_ = Effect::none;
  std::int32_t effect_square_ = -1;
  int effect_candidate_ = 0;
  std::uint64_t lines_ = 0, placed_ = 0, erased_ = 0;
  std::vector<std::uint64_t> reached_, dead_ends_;
};

// Empty when the machine runs the problem's piece as the engines do; else why not, naming the
// field: the listings try eight candidates, which must be eight different squares (a (1,1)- or
// (0,b)-leaper has four jumps; a narrow wrapping board folds two onto one square).
std::string listing_refusal(const Problem& problem);

}  // namespace kt
