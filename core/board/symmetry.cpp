#include "board/symmetry.hpp"

#include <array>

#include "board/knight.hpp"

namespace kt {

namespace {
constexpr std::array<Symmetry, 8> kAll = {
    Symmetry::identity,     Symmetry::mirror_left_right, Symmetry::mirror_top_bottom,
    Symmetry::half_turn,    Symmetry::mirror_diagonal,   Symmetry::mirror_antidiagonal,
    Symmetry::quarter_turn, Symmetry::three_quarter_turn};
}  // namespace

std::span<const Symmetry> board_symmetries(Geometry g) {
  return std::span<const Symmetry>(kAll).first(g.rows == g.cols ? 8 : 4);
}

Square apply(Symmetry t, Geometry g, Square s) {
  const int w = g.cols, h = g.rows, x = s.x, y = s.y;
  switch (t) {
    case Symmetry::identity:
      return {x, y};
    case Symmetry::mirror_left_right:
      return {w + 1 - x, y};
    case Symmetry::mirror_top_bottom:
      return {x, h + 1 - y};
    case Symmetry::half_turn:
      return {w + 1 - x, h + 1 - y};
    case Symmetry::mirror_diagonal:
      return {y, x};
    case Symmetry::mirror_antidiagonal:
      return {w + 1 - y, h + 1 - x};
    case Symmetry::quarter_turn:
      return {y, h + 1 - x};
    case Symmetry::three_quarter_turn:
      return {w + 1 - y, x};
  }
  return s;
}

std::vector<Symmetry> problem_symmetries(const Problem& p) {
  const Geometry g = p.geometry;
  std::vector<Symmetry> group;
  for (const Symmetry t : board_symmetries(g)) {
    const auto keeps = [&](const std::optional<Square>& s) {
      return p.closed || !s || apply(t, g, *s) == *s;
    };
    if (!keeps(p.start) || !keeps(p.end)) continue;
    bool keeps_blocked = true;
    for (int i = 0; i < static_cast<int>(p.blocked.size()) && keeps_blocked; ++i) {
      keeps_blocked = p.blocked[i] == p.blocked[g.index(apply(t, g, g.square(i)))];
    }
    if (!keeps_blocked) continue;
    // A symmetry of the rectangle maps any leaper's jumps to its jumps on a plain board or a
    // torus; on a square cylinder the quarter turns and diagonal mirrors move the seam.
    bool keeps_jumps = true;
    if (!p.piece.is_plain_knight()) {
      for (int i = 0; i < g.size() && keeps_jumps; ++i) {
        const int image = g.index(apply(t, g, g.square(i)));
        int jumps = 0, kept = 0;
        for_each_move(g, p.piece, i, [&](int to) {
          ++jumps;
          const int to_image = g.index(apply(t, g, g.square(to)));
          for_each_move(g, p.piece, image, [&](int j) { kept += j == to_image; });
        });
        keeps_jumps = jumps == kept;
      }
    }
    if (keeps_jumps) group.push_back(t);
  }
  return group;
}

std::string_view to_string(Symmetry t) {
  switch (t) {
    case Symmetry::identity:
      return "identity";
    case Symmetry::mirror_left_right:
      return "mirror-left-right";
    case Symmetry::mirror_top_bottom:
      return "mirror-top-bottom";
    case Symmetry::half_turn:
      return "half-turn";
    case Symmetry::mirror_diagonal:
      return "mirror-diagonal";
    case Symmetry::mirror_antidiagonal:
      return "mirror-antidiagonal";
    case Symmetry::quarter_turn:
      return "quarter-turn";
    case Symmetry::three_quarter_turn:
      return "three-quarter-turn";
  }
  return "";
}

}  // namespace kt
