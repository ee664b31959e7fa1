// What theory settles before any search: whether a tour can exist at all, and why not.
//
// - Closed tours on full boards: Schwenk (1991). An m x n board, m <= n, has a closed tour
//   unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
// - Open tours on full boards: Cull & De Curtins (1978), Conrad et al. (1994). An m x n board,
//   m <= n, has an open tour iff m = n = 1, or m = 3 and n = 4 or n >= 7, or m = 4 and
//   n >= 5, or m >= 5. Where a closed tour exists, an open tour starts on every square (cut the
//   cycle next to it).
// - Colours (board/knight.hpp: (1,1) is dark): a knight alternates colours, so a tour needs
//   the free light and dark squares to differ by at most one (none for a closed tour), and
//   fixes the colours of its two ends. On an odd x odd board every open tour starts and ends
//   on a dark square (x + y even).
// - Leapers and wrapping boards (board/piece.hpp): an (a,b)-leaper with a + b odd alternates
//   colours as the knight does, one with a + b even never changes colour, so it tours no set
//   of squares holding both colours; wrapping across an edge of odd length breaks both rules.
//   The theorems above are the knight's on a plain board; other cases go to the graph and
//   then to search.
// - Graph: a free square with no free neighbour, more than two with one (any, for a closed
//   tour), or free squares in more than one piece, leave no tour.
#pragma once

#include <optional>
#include <string>

#include "board/problem.hpp"

namespace kt {

enum class Answer { exists, none, unknown };

struct Existence {
  Answer answer = Answer::unknown;
  std::string reason;  // why, for exists and none; empty when unknown
};

// Precondition: the problem is well formed (start and end on free squares of the board).
Existence settle(const Problem& problem);

// The full-board theorems alone (no blocked squares, any start).
bool closed_tour_exists(Geometry g);
bool open_tour_exists(Geometry g);

// What the theory says of a tour of the whole board g (no square blocked) with these ends: the
// colour count and the full-board theorems, with the reason. Closed form, so it costs nothing
// on boards of any size. Precondition: start and end (when given) lie on g. The construction
// asks this before building (construction/construct.hpp).
Existence settle_full_board(Geometry g, bool closed, std::optional<Square> start = std::nullopt,
                            std::optional<Square> end = std::nullopt);

}  // namespace kt
