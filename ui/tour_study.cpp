#include "tour_study.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#include "counting/end_map.hpp"
#include "counting/estimate.hpp"

namespace kt::ui {

namespace {
double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

// Not inlined into the button that calls it: the page's first part keeps only what a first frame
// runs.
[[gnu::noinline]] std::string start_study(TourStudy& study, const Problem& problem,
                                          std::uint64_t draft_version) {
  study = TourStudy{};
  study.problem = problem;
  study.draft_version = draft_version;
  if (auto why = check_count_problem(problem); !why.empty()) {
    study.error = "board: " + why;
    return study.error;
  }
  const CountTimeEstimate t = estimate_count_seconds(problem, /*use_symmetry=*/false, true);
  if (t.seconds > kMaxStudySeconds) {
    study.error = "board: listing every tour would take about " +
                  human_time(LogValue::of(t.seconds)) +
                  " here (a trial's estimate); the CLI's count --classes or --ends runs it on "
                  "every thread";
    return study.error;
  }
  study.counter =
      std::make_unique<TourCounter>(problem, /*list_tours=*/true, /*use_symmetry=*/false);
  study.classifier = std::make_unique<TourClassifier>(problem);
  if (check_end_map_problem(problem).empty()) {
    study.ends.assign(static_cast<std::size_t>(problem.geometry.size()), 0);
  }
  study.state = TourStudy::State::running;
  return {};
}

void stop_study(TourStudy& study) {
  if (study.state == TourStudy::State::running) study.state = TourStudy::State::stopped;
}

// Not inlined into the frame's tick: the page's first part (web/page_start_funcs.txt) keeps
// only what a first frame runs, and a study never runs then.
[[gnu::noinline]] void advance_study(TourStudy& study, std::uint64_t draft_version,
                                     double budget_seconds) {
  if (study.draft_version != draft_version) {
    study = TourStudy{};  // the board changed: its study no longer says anything of it
    return;
  }
  if (study.state != TourStudy::State::running) return;
  const double t0 = now_seconds();
  // The search's steps in the pacer's chunks; each tour stops the search: it goes to the
  // classes and the end map, then on.
  study.pacer.advance(
      [&](std::uint64_t n) {
        if (study.counter->run(n) == Status::found) {
          const auto path = study.counter->tour();
          study.classifier->add(path);
          if (!study.ends.empty()) ++study.ends[path.back()];
        }
        return study.counter->status() != Status::none;
      },
      std::numeric_limits<std::uint64_t>::max(), budget_seconds);
  study.seconds += now_seconds() - t0;
  if (study.counter->status() == Status::none) study.state = TourStudy::State::done;
}

void study_tick(TourStudy& study, std::uint64_t draft_version, double budget_seconds) {
  if (study.state != TourStudy::State::idle) advance_study(study, draft_version, budget_seconds);
}

}  // namespace kt::ui
