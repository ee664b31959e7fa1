// Benchmark of the blocked-square repair (construction/repair_tours.hpp): a side x side board
// with a few blocked squares (colours balanced, as a closed tour needs, or off by one for an
// open tour), against the construction of the same board without them (the baseline, in the
// same process: the repair starts from that construction).
//
//   repair_bench [SIDE]   (default 1000; scripts/bench.sh)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "construction/construct.hpp"
#include "construction/repair_tours.hpp"
#include "verify/verify.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// `count` blocked squares at random, alternating colours (dark first), never the start.
kt::Problem with_blocked(kt::Geometry g, int count, kt::Square start, bool closed, unsigned seed) {
  kt::Problem p;
  p.geometry = g;
  p.start = start;
  p.closed = closed;
  p.blocked.assign(static_cast<std::size_t>(g.size()), 0);
  std::mt19937 random(seed);
  for (int placed = 0; placed < count;) {
    const kt::Square s{1 + static_cast<int>(random() % static_cast<unsigned>(g.cols)),
                       1 + static_cast<int>(random() % static_cast<unsigned>(g.rows))};
    const bool dark = placed % 2 == 0;
    if (s == start || (kt::colour_of(s) == kt::Colour::dark) != dark ||
        p.blocked[static_cast<std::size_t>(g.index(s))]) {
      continue;
    }
    p.blocked[static_cast<std::size_t>(g.index(s))] = 1;
    ++placed;
  }
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 1000;
  const kt::Geometry g{side, side};
  const kt::Square start{side / 2 + 1, side / 2};  // light: an open tour of 2k+1 blocked needs it

  // Baseline: the construction of the full board (closed, from the same start).
  kt::Problem full;
  full.geometry = g;
  full.start = start;
  full.closed = true;
  kt::CompactTour tour;
  const double t0 = now();
  const std::string refused = kt::construct_tour(full, tour);
  const double t_base = now() - t0;
  std::printf("baseline: construct %dx%d, no blocked squares   %7.3f s   (%s)\n", side, side,
              t_base, refused.empty() ? "ok" : refused.c_str());

  bool ok = true;
  for (const bool closed : {false, true}) {
    // An open tour takes an odd number too (one more dark square blocked: the light start is on
    // the majority colour); a closed tour needs them balanced.
    const std::vector<int> counts =
        closed ? std::vector<int>{2, 6, 20} : std::vector<int>{1, 2, 7, 21};
    for (const int count : counts) {
      const kt::Problem p =
          with_blocked(g, count, start, closed, 1000u + static_cast<unsigned>(count));
      const double t1 = now();
      const kt::RepairResult r = kt::repair_tour(p);
      const double t_repair = now() - t1;
      const kt::Verdict v = r.status == kt::Status::found ? kt::verify_compact(p, r.tour)
                                                          : kt::Verdict{false, false, r.reason};
      ok &= r.status != kt::Status::found || v.ok;  // giving up is an answer; a bad tour is not
      const std::string name = std::to_string(side) + "x" + std::to_string(side) + " " +
                               (closed ? "closed" : "open") + ", " + std::to_string(count) +
                               " blocked";
      std::printf("repair %-28s %-5s %7.3f s  (%5.2fx baseline, %llu rotations, verify %s)\n",
                  name.c_str(), kt::to_string(r.status), t_repair, t_repair / t_base,
                  static_cast<unsigned long long>(r.rotations), v.ok ? "ok" : v.reason.c_str());
    }
  }
  return ok ? 0 : 1;
}
