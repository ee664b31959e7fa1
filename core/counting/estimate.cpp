#include "counting/estimate.hpp"

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "board/move_order.hpp"
#include "counting/count_search.hpp"

namespace kt {

namespace {

constexpr long double kZeroLog = -std::numeric_limits<long double>::infinity();

// Sums of values x and x^2 given by their logarithms, scaled by the largest x seen so far
// (kept as `top`), so that neither overflows and the small ones still count beside the large.
struct ScaledSums {
  long double top = kZeroLog;
  long double s1 = 0, s2 = 0;

  void add(long double ln_x) {
    if (ln_x == kZeroLog) return;  // adds 0
    if (ln_x > top) {
      const long double r = std::exp(top - ln_x);
      s1 *= r;
      s2 *= r * r;
      top = ln_x;
    }
    const long double v = std::exp(ln_x - top);
    s1 += v;
    s2 += v * v;
  }
  LogValue mean(long double n) const {
    return s1 > 0 ? LogValue{top + std::log(s1 / n)} : LogValue{};
  }
  // The standard error of the mean, divided by the mean: finite, whatever the scale.
  double relative_error(long double n) const {
    if (s1 <= 0 || n < 2) return 0;
    const long double variance = (s2 - s1 * s1 / n) / (n - 1);
    return static_cast<double>(std::sqrt(std::max(variance, 0.0L) / n) / (s1 / n));
  }
};

}  // namespace

LogValue LogValue::of(long double v) { return v > 0 ? LogValue{std::log(v)} : LogValue{}; }

std::optional<double> LogValue::to_double() const {
  if (is_zero()) return 0.0;
  if (!(ln < std::log(static_cast<long double>(DBL_MAX)))) return std::nullopt;  // NaN too
  return static_cast<double>(std::exp(ln));
}

std::string LogValue::text(int digits) const {
  digits = std::clamp(digits, 1, 17);
  char out[64];
  if (const auto d = to_double()) {
    std::snprintf(out, sizeof out, "%.*g", digits, *d);
    return out;
  }
  // Beyond a double: mantissa and exponent from the base-10 logarithm.
  const long double log10 = ln / std::log(10.0L);
  long double exponent = std::floor(log10);
  long double mantissa = std::pow(10.0L, log10 - exponent);
  std::snprintf(out, sizeof out, "%.*Lf", digits - 1, mantissa);
  if (out[0] == '1' && out[1] == '0') {  // 9.9999... rounded up to 10
    exponent += 1;
    mantissa /= 10;
    std::snprintf(out, sizeof out, "%.*Lf", digits - 1, mantissa);
  }
  std::string m = out;
  if (m.find('.') != std::string::npos) {  // as %g: no trailing zeros
    m.erase(m.find_last_not_of('0') + 1);
    if (m.back() == '.') m.pop_back();
  }
  std::snprintf(out, sizeof out, "e%+03.0Lf", exponent);
  return m + out;
}

LogValue operator*(LogValue a, LogValue b) { return {a.ln + b.ln}; }
LogValue operator/(LogValue a, LogValue b) { return {a.ln - b.ln}; }

TreeEstimate estimate_tree(const Problem& p, std::uint64_t probes, std::uint64_t seed) {
  const Geometry g = p.geometry;
  const MoveTable moves(g, kTextbookOrder, p.piece);
  const int last = p.free_squares() - 1;
  const std::int32_t start = g.index(*p.start);
  const std::int32_t end = p.end ? g.index(*p.end) : -1;
  std::vector<std::uint8_t> visited(g.size(), 0);
  std::vector<std::int32_t> path;
  path.reserve(g.size());
  std::mt19937_64 rng(seed);
  long double log_of[9] = {kZeroLog};
  for (int n = 1; n <= 8; ++n) log_of[n] = std::log(static_cast<long double>(n));

  ScaledSums nodes, tours;
  for (std::uint64_t probe = 0; probe < probes; ++probe) {
    for (int i = 0; i < g.size(); ++i) visited[i] = p.is_blocked(i);
    visited[start] = 1;
    path.assign(1, start);
    // Every child at depth d stands for weight_d = n_1 * ... * n_d nodes of the tree; the
    // probe's estimate is the sum of the weights. Kept as ln(weight) and sum / weight, which
    // stays below the depth, so no value overflows however deep the tree.
    long double ln_weight = 0, per_weight = 0;
    for (int d = 0; d < last; ++d) {
      std::int32_t options[8];
      int n = 0;
      for (const std::int32_t* m = moves.list(path.back()); *m >= 0; ++m) {
        if (!visited[*m] && (*m != end || d + 1 == last)) options[n++] = *m;
      }
      if (n == 0) break;
      ln_weight += log_of[n];
      per_weight = per_weight / n + 1;
      const std::int32_t next = options[std::uniform_int_distribution<int>(0, n - 1)(rng)];
      visited[next] = 1;
      path.push_back(next);
    }
    nodes.add(per_weight > 0 ? ln_weight + std::log(per_weight) : kZeroLog);
    if (static_cast<int>(path.size()) == last + 1) {
      const bool closes = !p.closed || moves.adjacent(path.back(), start);
      if (closes && last > 0) tours.add(ln_weight);
    }
  }
  TreeEstimate e;
  e.probes = probes;
  if (probes == 0) return e;
  const long double n = static_cast<long double>(probes);
  e.nodes = nodes.mean(n);
  e.tours = tours.mean(n);
  e.relative_error = nodes.relative_error(n);
  if (!e.tours.is_zero()) {
    const long double t = e.tours.ln;  // ln(tours + 1), without overflow for large tours
    const LogValue tours_plus_one{t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t))};
    e.first_tour = e.nodes / tours_plus_one;
  }
  return e;
}

namespace {

// The trial of estimate_count_seconds: tasks sampled, steps each may take.
constexpr std::size_t kSampledTasks = 16;
constexpr std::uint64_t kTaskSteps = std::uint64_t{1} << 21;
// The counter's memo size (count.cpp): the trial runs as the counter does.
constexpr int kMemoBits = 17;

}  // namespace

CountTimeEstimate estimate_count_seconds(const Problem& problem, bool use_symmetry, bool list) {
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  const auto t0 = Clock::now();
  count_detail::PlanOptions options;
  options.use_symmetry = use_symmetry && !list;
  const count_detail::Plan plan = count_detail::make_plan(problem, options);
  const double plan_seconds = since(t0);
  CountTimeEstimate e;
  e.tasks = plan.tasks.size();
  if (plan.tasks.empty()) {  // settled by the plan (no tour, or refused)
    e.seconds = plan_seconds;
    e.measured = true;
    return e;
  }

  // The sample: the first tasks of a partial shuffle, the same every time.
  std::vector<std::size_t> order(plan.tasks.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::size_t m = std::min(kSampledTasks, order.size());
  std::mt19937_64 rng(1);
  for (std::size_t i = 0; i < m; ++i) {
    std::swap(order[i],
              order[std::uniform_int_distribution<std::size_t>(i, order.size() - 1)(rng)]);
  }

  count_detail::SubtreeSearch search(plan.graph, list ? 0 : kMemoBits);
  long double steps_estimated = 0;  // the sampled tasks' steps, extrapolated where cut short
  std::uint64_t steps_run = 0;
  const auto t1 = Clock::now();
  for (std::size_t i = 0; i < m; ++i) {
    const count_detail::Task& t = plan.tasks[order[i]];
    search.load({plan.prefixes.data() + t.offset, t.length}, plan.removed, t.end, list);
    while (search.steps() < kTaskSteps && search.run(kTaskSteps - search.steps()) != Status::none) {
    }
    const auto steps = static_cast<long double>(search.steps());
    steps_run += search.steps();
    if (search.status() == Status::none) {
      ++e.finished;
      steps_estimated += steps;
    } else {
      steps_estimated += steps / std::max<long double>(search.fraction(), 1e-300L);
    }
  }
  const double trial_seconds = since(t1);
  e.sampled = m;
  e.measured = m == plan.tasks.size() && e.finished == m;
  if (e.measured) {
    e.seconds = plan_seconds + trial_seconds;
    return e;
  }
  const long double scale = steps_estimated /
                            static_cast<long double>(std::max<std::uint64_t>(steps_run, 1)) *
                            static_cast<long double>(plan.tasks.size()) / m;
  e.seconds =
      static_cast<double>(std::min(plan_seconds + trial_seconds * scale, 1e300L));  // finite
  return e;
}

std::string human_time(LogValue seconds) {
  constexpr double kDay = 24 * 3600, kYear = 365.25 * kDay;
  const double s = seconds.to_double().value_or(std::numeric_limits<double>::infinity());
  char text[64];
  if (s < 120) {
    std::snprintf(text, sizeof text, "%.3g s", s);
  } else if (s < 2 * 3600) {
    std::snprintf(text, sizeof text, "%.3g minutes", s / 60);
  } else if (s < 2 * kDay) {
    std::snprintf(text, sizeof text, "%.3g hours", s / 3600);
  } else if (s < kYear) {
    std::snprintf(text, sizeof text, "%.3g days", s / kDay);
  } else {
    return (seconds / LogValue::of(kYear)).text(3) + " years";
  }
  return text;
}

}  // namespace kt
