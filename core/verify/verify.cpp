#include "verify/verify.hpp"

#include <algorithm>
#include <cstdlib>

#include "board/status.hpp"  // kBlocked

namespace kt {

namespace {

// Whether the piece jumps from a to b: on a plain board a knight's jump is |dx| * |dy| == 2,
// an (a,b)-leaper's {|dx|, |dy|} == {a, b}; along a side of length L that wraps, a distance d
// fits a leap l when d = +-l modulo L (the jump may go either way round).
bool is_jump(Geometry g, const Piece& piece, Square a, Square b) {
  if (piece.is_plain_knight()) return std::abs(a.x - b.x) * std::abs(a.y - b.y) == 2;
  if (a == b) return false;  // a jump that wraps back onto its square is no move
  auto fits = [](int distance, int length, int leap) {
    if (length == 0) return distance == leap;
    return (distance - leap) % length == 0 || (distance + leap) % length == 0;
  };
  const int lx = piece.wrap != Wrap::none ? g.cols : 0, ly = piece.wrap == Wrap::torus ? g.rows : 0;
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  const int p = piece.leaper.a, q = piece.leaper.b;
  return (fits(dx, lx, p) && fits(dy, ly, q)) || (fits(dx, lx, q) && fits(dy, ly, p));
}

std::string jump_name(const Piece& piece) {
  return piece.is_knight() ? "a knight's jump" : "a jump of the " + describe_leaper(piece.leaper);
}

std::string at(Square s) { return "(" + format_square(s) + ")"; }

constexpr const char* kNoFreeSquare = "the board has no free square: a tour visits at least one";

}  // namespace

namespace {

// The path must visit every square not in `blocked` (empty: none) exactly once.
Verdict check_path(Geometry g, std::span<const Square> path, const std::vector<bool>& blocked,
                   bool require_closed, const Piece& piece) {
  Verdict v;
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  std::size_t free = n;
  for (const bool b : blocked) free -= b;
  if (free == 0) {  // also keeps path.front() and path.back() below from an empty path
    v.reason = kNoFreeSquare;
    return v;
  }
  if (path.size() != free) {
    v.reason = "the path has " + std::to_string(path.size()) + " squares, the board " +
               std::to_string(free);
    return v;
  }
  std::vector<bool> seen(n, false);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Square s = path[i];
    if (s.x < 1 || s.x > g.cols || s.y < 1 || s.y > g.rows) {
      v.reason = "move " + std::to_string(i + 1) + " " + at(s) + " is off the board";
      return v;
    }
    const std::size_t k = static_cast<std::size_t>(s.y - 1) * g.cols + (s.x - 1);
    if (!blocked.empty() && blocked[k]) {
      v.reason = "move " + std::to_string(i + 1) + " lands on blocked square " + at(s);
      return v;
    }
    if (seen[k]) {
      v.reason = "move " + std::to_string(i + 1) + " revisits " + at(s);
      return v;
    }
    seen[k] = true;
    if (i > 0 && !is_jump(g, piece, path[i - 1], s)) {
      v.reason = "move " + std::to_string(i + 1) + " from " + at(path[i - 1]) + " to " + at(s) +
                 " is not " + jump_name(piece);
      return v;
    }
  }
  v.closed = free > 2 && is_jump(g, piece, path.back(), path.front());
  if (require_closed && !v.closed) {
    v.reason = "the tour is open: its last square " + at(path.back()) + " is not " +
               jump_name(piece) + " from its first " + at(path.front());
    return v;
  }
  v.ok = true;
  return v;
}

}  // namespace

Verdict verify_path(Geometry g, std::span<const Square> path, bool require_closed,
                    const Piece& piece) {
  if (auto why = check_geometry(g.rows, g.cols); !why.empty()) return {.reason = why};
  return check_path(g, path, {}, require_closed, piece);
}

Verdict verify_board(Geometry g, std::span<const std::int32_t> board, bool require_closed,
                     const Piece& piece) {
  if (auto why = check_geometry(g.rows, g.cols); !why.empty()) return {.reason = why};
  Verdict v;
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  if (board.size() != n) {
    v.reason =
        "the board has " + std::to_string(board.size()) + " squares, expected " + std::to_string(n);
    return v;
  }
  // -1 marks blocked squares; the others must number the free squares 1..free.
  std::vector<bool> blocked(n, false);
  std::size_t free = n;
  for (std::size_t k = 0; k < n; ++k) {
    if (board[k] == kBlocked) {
      blocked[k] = true;
      --free;
    }
  }
  if (free == 0) {
    v.reason = kNoFreeSquare;
    return v;
  }
  // Invert move numbers into a path, rejecting numbers out of range or used twice.
  std::vector<Square> path(free);
  std::vector<bool> used(free, false);
  for (std::size_t k = 0; k < n; ++k) {
    if (blocked[k]) continue;
    const Square s{static_cast<int>(k % g.cols) + 1, static_cast<int>(k / g.cols) + 1};
    const std::int64_t m = board[k];
    if (m < 1 || m > static_cast<std::int64_t>(free)) {
      v.reason = "square " + at(s) + " holds " + std::to_string(m) + ", expected 1.." +
                 std::to_string(free) + (m < 0 ? " or -1 (blocked)" : "");
      return v;
    }
    if (used[m - 1]) {
      v.reason = "move number " + std::to_string(m) + " appears twice, again at " + at(s);
      return v;
    }
    used[m - 1] = true;
    path[m - 1] = s;
  }
  return check_path(g, path, blocked, require_closed, piece);
}

std::string check_compact_shape(const Problem& problem, const CompactTour& tour) {
  const Geometry g = problem.geometry;
  if (tour.geometry.rows != g.rows || tour.geometry.cols != g.cols) {
    return "the tour is for another board size";
  }
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  if (tour.next.size() != n) {
    return "the tour has " + std::to_string(tour.next.size()) + " squares, the board " +
           std::to_string(n);
  }
  if (!problem.blocked.empty() && problem.blocked.size() != n) {
    return "the blocked squares are for another board size";
  }
  if (problem.start && !(*problem.start == tour.start)) {
    return "the tour starts at " + at(tour.start) + ", not at " + at(*problem.start);
  }
  return {};
}

Verdict verify_compact(const Problem& problem, const CompactTour& tour) {
  Verdict v;
  if (v.reason = check_compact_shape(problem, tour); !v.reason.empty()) return v;
  const Geometry g = problem.geometry;
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  std::size_t free = n;
  for (std::size_t k = 0; k < n && !problem.blocked.empty(); ++k) free -= problem.blocked[k] != 0;
  // Walk the successor chain, marking squares; a direction is decoded here from its definition:
  // d is the jump (dx, dy) = ((1,2) rotated clockwise by d eighths), as kJumpDx/kJumpDy say,
  // with 1 read as the leaper's a and 2 as its b (board/piece.hpp).
  static constexpr int knight_dx[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  static constexpr int knight_dy[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  const Piece& piece = problem.piece;
  auto read = [&](int c) {
    const int v = std::abs(c) == 1 ? piece.leaper.a : piece.leaper.b;
    return c < 0 ? -v : v;
  };
  int dx[8], dy[8];
  std::int64_t dk[8];  // the same jumps as steps in the flat index
  for (int d = 0; d < 8; ++d) {
    dx[d] = read(knight_dx[d]);
    dy[d] = read(knight_dy[d]);
    dk[d] = static_cast<std::int64_t>(dy[d]) * g.cols + dx[d];
  }
  // A wrapping board brings a jump that leaves it back on the far side.
  const bool wraps = piece.wrap != Wrap::none;
  auto wrap = [&](Square t) {
    t.x = ((t.x - 1) % g.cols + g.cols) % g.cols + 1;
    if (piece.wrap == Wrap::torus) t.y = ((t.y - 1) % g.rows + g.rows) % g.rows + 1;
    return t;
  };
  std::vector<std::uint64_t> seen((n + 63) / 64, 0);
  const std::uint8_t* blocked = problem.blocked.empty() ? nullptr : problem.blocked.data();
  const std::uint8_t* next = tour.next.data();
  const std::size_t start_k =
      static_cast<std::size_t>(tour.start.y - 1) * g.cols + (tour.start.x - 1);
  Square s = tour.start;
  std::size_t k = start_k;
  for (std::size_t i = 0;; ++i) {
    // The usual case first, in few instructions: on the board, free, new, a valid jump.
    const bool on_board = static_cast<unsigned>(s.x - 1) < static_cast<unsigned>(g.cols) &&
                          static_cast<unsigned>(s.y - 1) < static_cast<unsigned>(g.rows);
    if (on_board && !(blocked && blocked[k]) && !(seen[k >> 6] >> (k & 63) & 1) && next[k] < 8) {
      seen[k >> 6] |= std::uint64_t{1} << (k & 63);
      const std::uint8_t d = next[k];
      s = {s.x + dx[d], s.y + dy[d]};
      k += dk[d];
      if (wraps) {
        s = wrap(s);
        if (g.contains(s)) k = static_cast<std::size_t>(s.y - 1) * g.cols + (s.x - 1);
        // A jump that wraps back onto its own square is no move: it revisits the square.
      }
      continue;
    }
    if (!on_board) {
      v.reason = "move " + std::to_string(i + 1) + " " + at(s) + " is off the board";
      return v;
    }
    if (blocked && blocked[k]) {
      v.reason = "move " + std::to_string(i + 1) + " lands on blocked square " + at(s);
      return v;
    }
    if (seen[k >> 6] >> (k & 63) & 1) {
      if (i == free && k == start_k) {
        v.closed = true;  // back at the start after visiting every square
        break;
      }
      v.reason = "move " + std::to_string(i + 1) + " revisits " + at(s);
      return v;
    }
    if (next[k] != kNoJump) {
      v.reason = "square " + at(s) + " holds an invalid direction " + std::to_string(next[k]);
      return v;
    }
    if (i + 1 != free) {
      v.reason = "the tour ends at " + at(s) + " after " + std::to_string(i + 1) + " of " +
                 std::to_string(free) + " squares";
      return v;
    }
    if (problem.end && !(*problem.end == s)) {
      v.reason = "the tour ends at " + at(s) + ", not at " + at(*problem.end);
      return v;
    }
    break;
  }
  if (problem.closed && !v.closed) {
    v.reason = "the tour is open where a closed one is required";
    return v;
  }
  v.ok = true;
  return v;
}

}  // namespace kt
