// How long a student waits: random boards of at most 12x12 (any start, 0 to 6 blocked squares,
// an end or a closed tour in half of them) through the default method, each with a limit of
// 10 s, timed one by one; every tour is checked by the independent verifier. The baseline, on the
// same boards in the same run: Warnsdorff's search alone (the unbounded heuristic the default
// method tries after its exact methods), with a limit of 1 s.
//
//   answer_bench [BOARDS] [SEED]   (default 1000 boards, seed 2026)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "solve/solver.hpp"
#include "verify/verify.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

kt::Problem random_board(std::mt19937& rng) {
  kt::Problem p;
  const int rows = std::uniform_int_distribution<int>(3, 12)(rng);
  const int cols = std::uniform_int_distribution<int>(3, 12)(rng);
  p.geometry = {rows, cols};
  const int n = p.geometry.size();
  p.blocked.assign(static_cast<std::size_t>(n), 0);
  std::uniform_int_distribution<int> any(0, n - 1);
  const int blocked = std::uniform_int_distribution<int>(0, 6)(rng);
  for (int b = 0; b < blocked; ++b) p.blocked[static_cast<std::size_t>(any(rng))] = 1;
  auto free_square = [&] {
    for (;;) {
      if (const int i = any(rng); !p.is_blocked(i)) return p.geometry.square(i);
    }
  };
  if (p.free_squares() == 0) p.blocked.clear();
  p.start = free_square();
  const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
  if (kind == 0) p.closed = true;
  if (kind == 1) {
    const kt::Square end = free_square();
    if (end != *p.start) p.end = end;
  }
  if (std::none_of(p.blocked.begin(), p.blocked.end(), [](auto b) { return b != 0; }))
    p.blocked.clear();
  return p;
}

// The command line a user would type for `p` (to try a slow case again).
std::string command(const kt::Problem& p) {
  std::string c = "knights solve --rows " + std::to_string(p.geometry.rows) + " --cols " +
                  std::to_string(p.geometry.cols) + " --start " + kt::format_square(*p.start);
  if (p.end) c += " --end " + kt::format_square(*p.end);
  if (p.closed) c += " --closed";
  std::string blocked;
  for (int i = 0; i < static_cast<int>(p.blocked.size()); ++i) {
    if (!p.blocked[static_cast<std::size_t>(i)]) continue;
    blocked += (blocked.empty() ? "" : ";") + kt::format_square(p.geometry.square(i));
  }
  if (!blocked.empty()) c += " --blocked \"" + blocked + "\"";
  return c;
}

struct Run {
  double seconds = 0;
  kt::Status status = kt::Status::running;
  bool wrong = false;  // a tour the verifier refuses
};

Run answer(const kt::Problem& p, kt::Method method, double limit) {
  kt::Solver solver(p, method);
  solver.set_time_limit(limit);
  const double t0 = now();
  Run r;
  r.status = solver.run(UINT64_MAX);
  r.seconds = now() - t0;
  if (r.status == kt::Status::found) r.wrong = !solver.verify().ok;
  return r;
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  const int boards = argc > 1 ? std::atoi(argv[1]) : 1000;
  const unsigned seed = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 2026u;
  std::mt19937 rng(seed);
  std::vector<double> times, baseline_times;
  int found = 0, none = 0, unanswered = 0, wrong = 0, baseline_unanswered = 0;
  std::vector<std::pair<double, std::string>> slowest;
  for (int k = 0; k < boards; ++k) {
    const kt::Problem p = random_board(rng);
    const Run r = answer(p, kt::Method::automatic, 10.0);
    times.push_back(r.seconds);
    found += r.status == kt::Status::found;
    none += r.status == kt::Status::none;
    unanswered += r.status != kt::Status::found && r.status != kt::Status::none;
    wrong += r.wrong;
    slowest.emplace_back(r.seconds, command(p));
    const Run b = answer(p, kt::Method::warnsdorff, 1.0);
    baseline_times.push_back(b.seconds);
    baseline_unanswered += b.status != kt::Status::found && b.status != kt::Status::none;
  }
  std::sort(slowest.rbegin(), slowest.rend());
  std::printf("answer_bench: %d random boards of at most 12x12 (seed %u), 0-6 blocked squares\n",
              boards, seed);
  std::printf(
      "  default method: %d tours (each verified, %d refused), %d none, %d unanswered in "
      "10 s\n",
      found, wrong, none, unanswered);
  std::printf("  seconds: median %.4f, 99th percentile %.4f, slowest %.3f\n",
              percentile(times, 0.5), percentile(times, 0.99), slowest.front().first);
  std::printf("  baseline, Warnsdorff's search alone: %d of %d unanswered in 1 s (median %.4f s)\n",
              baseline_unanswered, boards, percentile(baseline_times, 0.5));
  std::printf("  slowest boards:\n");
  for (std::size_t i = 0; i < std::min<std::size_t>(5, slowest.size()); ++i)
    std::printf("    %.3f s  %s\n", slowest[i].first, slowest[i].second.c_str());
  return unanswered == 0 && wrong == 0 ? 0 : 1;
}
