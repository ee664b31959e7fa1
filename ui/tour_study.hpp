// Beyond the count's number, for the board the count section counts: its tours up to the
// board's symmetries (core's TourClassifier: the CLI's count --classes) and, from a start, how
// many end on each square (count --ends). Every tour is listed by the search (no symmetry
// shortcut), in slices between frames; a study that would take long is refused before it
// starts, with the search's own forecast.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "board/problem.hpp"
#include "counting/count.hpp"
#include "counting/tour_classes.hpp"
#include "pacer.hpp"

namespace kt::ui {

// The longest forecast a study starts on (the trial's figure on one thread).
inline constexpr double kMaxStudySeconds = 120;

struct TourStudy {
  enum class State : std::uint8_t { idle, running, done, stopped };
  State state = State::idle;
  Problem problem;
  std::uint64_t draft_version = 0;  // the board studied: another clears the study
  std::unique_ptr<TourCounter> counter;
  std::unique_ptr<TourClassifier> classifier;
  std::vector<std::uint64_t> ends;  // per square, with a start (open tours); else empty
  Pacer pacer;                      // the frame's share, in chunks tuned to the search's speed
  double seconds = 0;
  std::string error;  // why it did not start
};

// Starts studying `problem` (as the count section parsed it): "" or why not, in the page's
// words (also kept in study.error).
std::string start_study(TourStudy& study, const Problem& problem, std::uint64_t draft_version);
void stop_study(TourStudy& study);
// One frame's share (seconds); a study of another board than `draft_version`'s is cleared.
void study_tick(TourStudy& study, std::uint64_t draft_version, double budget_seconds);

}  // namespace kt::ui
