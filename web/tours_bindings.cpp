// The tours of a board one at a time, for what a script asks of them beyond their number: the
// classes up to the board's symmetries (the CLI's `count --classes`) and, from a start, how many
// end on each square (`count --ends`). Run in slices, as Module.Counter:
//   const t = new Module.Tours();
//   t.configure({size: 6, closed: true});  // "" or "field: reason"
//   while (t.run(200000) === 'running') {}  // "running" | "done" | "error"
//   t.count();    // "9862": a string, as every count
//   t.classes();  // {classes: "1245", fixed: {identity: "9862", "half-turn": "78", ...}}
//   t.ends();     // with a start (open tours): [{end: [x, y], count: "n"}, ...]; else null
//   t.progress(); t.error(); t.delete();
// The board as the count takes it ({size | rows, cols, start, end, blocked, closed}), at most
// 64 free squares (the search lists every tour: no symmetry shortcut).
#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "board/problem.hpp"
#include "counting/count.hpp"
#include "counting/count_request.hpp"
#include "counting/end_map.hpp"
#include "counting/tour_classes.hpp"
#include "js_request.hpp"
#include "page_limits.hpp"
#include "tours_js.hpp"

namespace kt::web {

using emscripten::val;

namespace {

class Tours {
 public:
  std::string configure(val problem) {
    counter_.reset();
    classifier_.reset();
    ends_.clear();
    RequestText text;
    if (auto why = read_request(problem, text, /*with_method=*/false); !why.empty()) return why;
    text.start_optional = true;  // no start: every start, as the CLI's count
    if (auto why = parse_count_request(text, problem_, ui::kPageLimits); !why.empty()) return why;
    if (auto why = check_count_problem(problem_); !why.empty()) return "board: " + why;
    counter_ = std::make_unique<TourCounter>(problem_, /*list_tours=*/true,
                                             /*use_symmetry=*/false);
    if (!counter_->error().empty()) {
      const std::string why = "board: " + counter_->error();
      counter_.reset();
      return why;
    }
    classifier_ = std::make_unique<TourClassifier>(problem_);
    if (check_end_map_problem(problem_).empty()) {
      ends_.assign(static_cast<std::size_t>(problem_.geometry.size()), 0);
    }
    return {};
  }
  std::string run(val max_steps) {
    if (!counter_) return "error";
    std::uint64_t n = 0;
    if (auto why = read_count(max_steps, "maxSteps", 1, n); !why.empty()) return why;
    // Each tour found stops the counter: it goes to the classes and the end map, then on.
    while (n > 0 && counter_->status() != Status::none) {
      const std::uint64_t before = counter_->nodes();
      if (counter_->run(n) == Status::found) {
        const auto path = counter_->tour();
        classifier_->add(path);
        if (!ends_.empty()) ++ends_[path.back()];
      }
      const std::uint64_t spent = std::max<std::uint64_t>(1, counter_->nodes() - before);
      n = n > spent ? n - spent : 0;
    }
    return counter_->status() == Status::none ? "done" : "running";
  }
  std::string count() const { return counter_ ? std::to_string(counter_->count()) : "0"; }
  double progress() const { return counter_ ? counter_->progress() : 0; }
  std::string error() const { return counter_ ? "" : "not configured"; }
  val classes() const { return classifier_ ? classes_js(classifier_->result()) : val::null(); }
  val ends() const { return ends_.empty() ? val::null() : ends_js(problem_, ends_); }

 private:
  Problem problem_;
  std::unique_ptr<TourCounter> counter_;
  std::unique_ptr<TourClassifier> classifier_;
  std::vector<std::uint64_t> ends_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour_tours) {
  emscripten::class_<Tours>("Tours")
      .constructor<>()
      .function("configure", &Tours::configure)
      .function("run", &Tours::run)
      .function("count", &Tours::count)
      .function("progress", &Tours::progress)
      .function("error", &Tours::error)
      .function("classes", &Tours::classes)
      .function("ends", &Tours::ends);
}

}  // namespace kt::web
