// Counting by rows' forecast of its peak memory (frontier_count.hpp, forecast_frontier): what
// the CLI's --memory-limit, the page's limit and the Solver's check compare with before a count
// starts. Fitted to the peak resident memory of `knights count --counter rows` (docs/
// performance.md has the table: strips 3 x n to 6 x n and square boards, within 25%).
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "counting/frontier_count.hpp"
#include "counting/frontier_detail.hpp"

namespace kt {

namespace {

// The program itself before it counts anything (`knights count` of a board with no tour:
// 4.5 MB resident).
constexpr double kProgramBytes = 5e6;
// The plan, a square: its step (36 bytes), three flags, and while it is made the last
// neighbour of every square (4 more).
constexpr double kPlanBytesPerSquare = 43;

// The most states after one square on long strips, by width (index 0 unused), measured:
// `knights count --rows w --cols 100 [--closed] --counter rows --format json`, "states" (6 x n
// open: one run over 6x14 with the halves and the periods off, 22,363,158 at square 57). Widths
// 7 and 8 are estimates (25 to 30 times more for each unit of width from 4 to 6), past 8 forty
// times more again.
constexpr std::array<double, 9> kLongClosed{1, 1, 1, 178, 672, 56497, 1436836, 4e7, 1.5e9};
constexpr std::array<double, 9> kLongOpen{1, 1, 4, 1858, 15966, 850203, 2.24e7, 6e8, 1.5e10};
// Two halves on w x w boards: their peak in states of the tables (table_bytes_per_state), from
// the peak resident memory less the program (the most states after one square is not the
// measure here: the other half's states are held beside them, and the join holds both halves'
// last states, in 24 bytes each): 6x6 open 55.9 MB, 7x7 closed 59.1 MB, 7x7 open 1,143 MB;
// 8x8 closed 8.7 GB, a little over what the join checks for before it copies the halves'
// 235.5 million states (8.6 GB; 8x8 open estimated). The measured peak is lower (6.84 GB
// since the join sorts in place: docs/performance.md): the forecast errs high.
constexpr std::array<double, 9> kSquareClosed{1, 1, 1, 1, 25, 75, 13883, 6.44e5, 1.04e8};
constexpr std::array<double, 9> kSquareOpen{1, 1, 4, 1, 603, 7311, 6.06e5, 1.355e7, 1e10};
// Bits the counts of the states gain for each row of the strip (the number of tours grows about
// geometrically with the length), measured on 3 x 3000, 4 x 300, 5 x 400, 6 x 30; widths 7 and
// 8 estimated (8x8 closed: its counts stay within one limb). The counts are kept in 64-bit limbs.
constexpr std::array<double, 9> kBitsPerRow{0, 0, 0, 1.8, 2.2, 4.2, 6.3, 8.5, 10};

// The wazir's (0,1) (counting by rows takes it too), by width up to 12: its squares close a row
// after they open, so its states are the few of one row, not the knight's of two. Measured as
// the knight's: `knights count --leaper wazir --rows w --cols 3w+2 [--closed] --counter rows
// --format json`, "states" (29 November 2026); on w x w boards about the same a half, so the
// squares' tables are these times two (both halves' states held). 12x38 open: 465,821 states, 449
// MB peak (the forecast: 0.46 GB).
constexpr std::array<double, 13> kWazirLongClosed{1,  1,   1,   2,    7,    13,  39,
                                                  77, 227, 478, 1413, 3132, 9295};
constexpr std::array<double, 13> kWazirLongOpen{1,    1,    6,     13,    63,     130,   603,
                                                1224, 5554, 11308, 50901, 103896, 465821};
// (log2 of the open count of w x (3w + 2), over its 3w + 2 rows.)
constexpr std::array<double, 13> kWazirBitsPerRow{0,   0.2, 0.9, 1.4, 1.9, 2.4, 2.9,
                                                  3.4, 3.9, 4.4, 5.0, 5.5, 6.1};

// A piece's tables: the last entry's width and past it forty times more a unit of width.
struct Fit {
  std::span<const double> long_closed, long_open, square_closed, square_open, bits_per_row;
  double square_scale = 1;
};
constexpr Fit kKnightFit{kLongClosed, kLongOpen, kSquareClosed, kSquareOpen, kBitsPerRow};
constexpr Fit kWazirFit{kWazirLongClosed, kWazirLongOpen,   kWazirLongClosed,
                        kWazirLongOpen,   kWazirBitsPerRow, 2};

double table(std::span<const double> t, int width) {
  const int last = static_cast<int>(t.size()) - 1;
  double v = t[static_cast<std::size_t>(std::min(width, last))];
  for (int w = last + 1; w <= width; ++w) v *= 40;
  return v;
}

double limbs_after(const Fit& fit, int width, double rows) {
  return 1 + std::floor(table(fit.bits_per_row, width) * rows / 64);
}

// The tables of states (the one read, dense, and the one built, at most three quarters full,
// with the free room the allocator keeps): resident bytes a state, fitted on boards counted in
// two halves (5x9 to 7x7: 72 to 120 bytes a state at one limb).
double table_bytes_per_state(double limbs) { return 3.5 * (16 + 8 * limbs); }
// The states a board d rows longer than wide reaches in two halves, as a share of the long
// strip's: the square's share at d = 0, then about 0.1 * 1.6^d (at least four times the
// square's), at most 1. Measured on 4 x n to 6 x n: 0.04 to 0.34 at d = 1, 0.17 to 0.61 at
// d = 3, 0.54 to 0.59 at d = 5, over 0.8 from d = 6 or 7: within about 50% in between (the
// parity of the length counts too).
double halves_share(double square_share, int d) {
  if (d == 0) return square_share;
  return std::min(1.0, std::max(4 * square_share, 0.1 * std::pow(1.6, d)));
}

// Two fixed tour ends (an open count with --start and --end): no free tour end, so the states
// are a closed count's with up to two paths that lead to a fixed end, each a crossing edge more
// while it lasts: from its end's square on, in the half that holds it. An end in the first row a
// half takes costs most (its path is there from the half's start), the next row less; ends
// deeper in a half prune more than they add (fewer states than the closed count). Fitted to the
// peak resident memory of the 50 parts of 7x7's open count (`/usr/bin/time`, one thread;
// docs/performance.md, "Counting in parts"), less the program, against the closed count's:
// geometric means by the ends' rows, 0.71 with neither in the two outer rows of its half, 1.41
// with one in the first row, 3.52 with both there. The closed count's forecast states (a tenth
// under its peak) times kDeepEnds, times kFirstRow for each end in its half's first row (and
// kBothFirstRows more for two), kSecondRow in its second. 41 of the 50 within 25% of their
// peak, all within 0.66 to 1.49 times it.
constexpr double kDeepEnds = 0.78, kFirstRow = 1.99, kSecondRow = 1.17, kBothFirstRows = 1.25;
double fixed_ends_factor(const Problem& problem, int width, int cut) {
  const Geometry g = problem.geometry;
  const bool transposed = g.cols > g.rows;
  const int n = g.size();
  double factor = kDeepEnds;
  int first_rows = 0;
  for (const Square s : {*problem.start, *problem.end}) {
    const int i = transposed ? (s.x - 1) * width + (s.y - 1) : g.index(s);
    const int depth = cut < 0 || i < cut ? i / width : (n - 1 - i) / width;
    first_rows += depth == 0;
    factor *= depth == 0 ? kFirstRow : depth == 1 ? kSecondRow : 1;
  }
  return first_rows == 2 ? factor * kBothFirstRows : factor;
}

}  // namespace

FrontierForecast forecast_frontier(const Problem& problem, std::uint64_t memory_limit) {
  // The counter counts the rectangle of the free squares (FrontierCounter): so does the
  // forecast, the whole board's blocked flags held besides.
  if (const Problem free = trimmed_to_free_squares(problem);
      free.geometry.rows != problem.geometry.rows || free.geometry.cols != problem.geometry.cols) {
    FrontierForecast f = forecast_frontier(free, memory_limit);
    f.bytes += problem.blocked.size();
    return f;
  }
  FrontierForecast f;
  const Geometry g = problem.geometry;
  const int width = std::min(g.rows, g.cols);
  const int length = std::max(g.rows, g.cols);
  const auto bytes = [](double b) {
    return b > 1.8e19 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(b);
  };
  const double held = kProgramBytes + static_cast<double>(problem.blocked.size());
  if (width <= 0) return f;
  const double squares = static_cast<double>(g.rows) * g.cols;
  const int free = problem.free_squares();
  if (frontier_detail::falls_apart(problem) || free <= 1 || (problem.closed && free < 3)) {
    f.bytes = bytes(held);  // settled before any plan
    return f;
  }
  // The same conditions as the counter's choice (frontier_count.cpp, halves_cut): boards up to
  // three times as long as wide are counted in two halves, each with its own plan.
  const int n = g.rows * g.cols, window = 2 * width + 1;
  const bool halves = n / 2 >= window && n - n / 2 >= window + 1 && length <= 3 * width;
  // Two fixed ends: a closed count's states, and more for the paths to the ends.
  const bool ends_fixed = !problem.closed && problem.start && problem.end;
  const bool as_closed = problem.closed || ends_fixed;
  const double more = ends_fixed ? fixed_ends_factor(problem, width, halves ? n / 2 : -1) : 1;
  const Fit& fit = problem.piece.is_knight() ? kKnightFit : kWazirFit;
  const double long_states = more * table(as_closed ? fit.long_closed : fit.long_open, width);
  if (halves) {
    const double square =
        more * fit.square_scale * table(as_closed ? fit.square_closed : fit.square_open, width);
    const double states = long_states * halves_share(square / long_states, length - width);
    f.states = states;
    f.plan_bytes = bytes(3 * kPlanBytesPerSquare * squares);
    f.bytes = bytes(held + static_cast<double>(f.plan_bytes) +
                    states * table_bytes_per_state(limbs_after(fit, width, length / 2.0 + 2)));
    return f;
  }
  // One run over a long strip: the states reach the strip's most within a few rows.
  f.plan_bytes = bytes(kPlanBytesPerSquare * squares);
  const double limbs = limbs_after(fit, width, length);
  const double tables = long_states * table_bytes_per_state(limbs);
  f.states = long_states;
  // By periods (frontier_period.cpp) where the steps repeat long enough (from ten rows): the
  // states of a period of two rows, each with its moves, beside the counts. Measured: about
  // 62 * width bytes for each of the most states, and 32 a limb (the counts read and built, a
  // copy while a count widens); 5x20 closed 25 MB, 5x1000 closed 143 MB, 6x30 closed 687 MB.
  const double periods = long_states * (62.0 * width + 32 * limbs);
  const double fixed = held + static_cast<double>(f.plan_bytes);
  f.periods = length >= 10 && (memory_limit == 0 || fixed + periods <= memory_limit);
  f.bytes = bytes(fixed + (f.periods ? periods : tables));
  return f;
}

std::uint64_t estimate_frontier_bytes(const Problem& problem, std::uint64_t memory_limit) {
  return forecast_frontier(problem, memory_limit).bytes;
}

}  // namespace kt
