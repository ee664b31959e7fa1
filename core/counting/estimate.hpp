// Estimates of searches too long to run.
//
// estimate_tree: Knuth's estimate of the size of a backtracking tree (Knuth 1975, "Estimating
// the efficiency of backtrack programs"): walk random root-to-leaf paths, choosing uniformly
// among the moves the search could make; the product of the branching factors seen down to
// depth k estimates the number of nodes at depth k, without bias. Summed, it tells how many
// moves the plain (textbook) search would place to exhaust its tree: the honest answer to "how
// long would the textbook program take on 8x8?" (the explosion Jon Baker's blog shows).
//
// estimate_count_seconds: how long count_tours (count.hpp) would take, from a short trial of
// the counter itself on a random sample of its subtree tasks.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "board/problem.hpp"

namespace kt {

// A non-negative number kept as its natural logarithm. The trees of large boards pass any
// floating-point range (30x30 has about 1e360 nodes, a double ends at 1.8e308; a long double
// ends at 1.2e4932, which boards of 2^25 squares pass too).
struct LogValue {
  long double ln = -std::numeric_limits<long double>::infinity();  // the log of 0

  static LogValue of(long double v);  // v >= 0
  bool is_zero() const { return ln == -std::numeric_limits<long double>::infinity(); }
  // The value as a finite double, or nothing when it is beyond a double's range.
  std::optional<double> to_double() const;
  // As printf's "%.<digits>g" writes a double, whatever the size: "14", "2.99e+168",
  // "1.23e+812", "0" (digits from 1 to 17).
  std::string text(int digits = 6) const;
  bool operator==(const LogValue&) const = default;
};
LogValue operator*(LogValue a, LogValue b);
LogValue operator/(LogValue a, LogValue b);  // b not zero

struct TreeEstimate {
  LogValue nodes;  // moves placed to exhaust the tree (the root, the start, excluded)
  LogValue tours;  // complete tours in the tree (directed, from the start)
  // Moves placed before the first tour if tours lie evenly in the tree: nodes / (tours + 1).
  // Nothing when no probe reached a tour: the estimate then says nothing about it.
  std::optional<LogValue> first_tour;
  double relative_error = 0;  // standard error of `nodes` divided by `nodes` (finite, >= 0)
  std::uint64_t probes = 0;
};

// Precondition: the problem is well formed (make_problem). The tree is the plain backtracking
// tree of the problem (blocked squares, closed tours and end squares taken into account; the
// move order changes the order of the tree, not its size). Deterministic for a given seed.
TreeEstimate estimate_tree(const Problem& problem, std::uint64_t probes, std::uint64_t seed = 1);

struct CountTimeEstimate {
  double seconds = 0;     // the whole count on one thread, in seconds (finite)
  bool measured = false;  // the trial ran every task: `seconds` is measured, not extrapolated
  std::size_t tasks = 0;  // tasks of the count's plan
  std::size_t sampled = 0, finished = 0;  // tasks run in the trial, and run to their end
};

// How long count_tours(problem, options) would take on one thread, for options with the
// same `use_symmetry` and, for `list`, an on_tour (the time of writing the tours out is not
// included). Precondition: check_count_problem(problem) is empty.
//
// How: the count is split into subtree tasks (count.hpp). The trial builds the same plan and
// runs up to 16 tasks picked at random (a fixed seed: the same tasks every time), each for at
// most 2^21 steps, with the counter's own memo; a task that does not finish is extrapolated
// from the part of its subtree walked (SubtreeSearch::fraction). The mean, times the tasks,
// divided by the speed measured, is the estimate. It takes at most about a second.
//
// How good: measured against real counts it is within a factor of two or three where tasks
// finish (5x8, 6x7, 6x8 closed), and high by up to ten or twenty times where they do not (7x7,
// 6x8 open): the memo makes the rest of a subtree faster than the part walked, and subtree sizes
// are heavy-tailed. A refusal based on it should say it is an estimate.
CountTimeEstimate estimate_count_seconds(const Problem& problem, bool use_symmetry, bool list);

// A duration for people: "12.3 s", "5.93 minutes", "5.1 hours", "3.2 days", "1.2e+812 years" (the
// CLI's refusal of a long count and the page's warning before one say the same).
std::string human_time(LogValue seconds);

}  // namespace kt
