#include "worker_searcher.hpp"

#include <emscripten.h>
#include <emscripten/val.h>

#include <string>
#include <utility>

#include "worker_counter.hpp"

using emscripten::val;

namespace kt::web {
namespace {

double field(const val& news, const char* name) {
  const val x = news[name];
  return x.isNumber() ? x.as<double>() : 0.0;
}

class WorkerSearcher final : public ui::ElsewhereSearch {
 public:
  WorkerSearcher(const Problem& p, const MoveOrder& order, bool warnsdorff, const SearchState& from,
                 bool snapshots, bool simd)
      : id_(next_worker_id()), problem_(p), from_(from), simd_(simd) {
    const auto square = [](const std::optional<Square>& q) {
      return q ? "[" + std::to_string(q->x) + "," + std::to_string(q->y) + "]"
               : std::string("null");
    };
    char numbers[160];
    std::snprintf(numbers, sizeof numbers,
                  "\"state\":{\"placed\":%.17g,\"erased\":%.17g,\"seconds\":%.17g,\"status\":%d,"
                  "\"last\":%d}",
                  static_cast<double>(from.counters.placed),
                  static_cast<double>(from.counters.erased), from.counters.seconds,
                  static_cast<int>(from.status), static_cast<int>(from.last));
    message_ = "{\"search\":true,\"rows\":" + std::to_string(p.geometry.rows) +
               ",\"cols\":" + std::to_string(p.geometry.cols) + ",\"start\":" + square(p.start) +
               ",\"end\":" + square(p.end) + ",\"closed\":" + (p.closed ? "true" : "false") +
               ",\"heuristic\":" + (warnsdorff ? "true" : "false") + ",\"order\":\"" +
               format_move_order(order) + "\",\"snapshots\":" + (snapshots ? "true" : "false") +
               "," + numbers + "}";
    counters_ = from.counters;
    depth_ = static_cast<int>(from.path.size()) - 1;
    launch();
  }
  ~WorkerSearcher() override { end_worker(id_); }

  bool running() override {
    if (done_) return false;
    const val news = val::module_property("ktCountWorkers")[id_]["news"];
    if (news.isNull()) {  // not alive yet: after the last try, the page searches on itself
      if (!silence_.still_waiting(id_, [this] { launch(); })) {
        error_ = "the counting worker did not start";
        done_ = true;
      }
      return !done_;
    }
    if (news["search"].isTrue()) {
      counters_.placed = static_cast<std::uint64_t>(field(news, "placed"));
      counters_.erased = static_cast<std::uint64_t>(field(news, "erased"));
      counters_.seconds = field(news, "seconds");
      depth_ = static_cast<int>(field(news, "depth"));
      const int id = static_cast<int>(field(news, "stateId"));
      if (id > state_id_ && !news["path"].isUndefined() && !news["path"].isNull()) {
        state_id_ = id;
        const std::size_t frames = static_cast<std::size_t>(field(news, "stateDepth")) + 1;
        SearchState s;
        s.path.resize(frames);
        s.cursors.resize(frames);
        if (news["path"]["length"].as<std::size_t>() == frames &&
            news["cursors"]["length"].as<std::size_t>() == frames) {
          copy_from_worker(id_, "path", 0, frames, s.path.data());
          copy_from_worker(id_, "cursors", 0, frames, s.cursors.data());
          s.counters = {static_cast<std::uint64_t>(field(news, "statePlaced")),
                        static_cast<std::uint64_t>(field(news, "stateErased")),
                        field(news, "stateSeconds")};
          s.status = static_cast<Status>(static_cast<int>(field(news, "stateStatus")));
          s.last = static_cast<Action>(static_cast<int>(field(news, "stateLast")));
          state_ = std::move(s);
        }
      }
    }
    const val state = news["state"];
    if (state.isString() && state.as<std::string>() == "done") {
      const val error = news["error"];
      error_ = error.isString() ? error.as<std::string>() : "";
      done_ = true;
      end_worker(id_);  // its memory back at once
    }
    return !done_;
  }
  void stop() override {
    if (!stopping_) stop_worker(id_);
    stopping_ = true;
  }
  std::optional<SearchState> take_state() override { return std::exchange(state_, std::nullopt); }
  Counters counters() const override { return counters_; }
  int depth() const override { return depth_; }
  const std::string& error() const override { return error_; }

 private:
  void launch() {
    start_worker(id_, simd_, message_, problem_.blocked.empty() ? nullptr : problem_.blocked.data(),
                 problem_.geometry.size(), &from_);
    if (stopping_) stop_worker(id_);  // (a worker started again after a stop was asked)
  }

  int id_;
  Problem problem_;
  SearchState from_;
  bool simd_;
  std::string message_;
  SilentWorker silence_;
  bool done_ = false, stopping_ = false;
  int state_id_ = 0;
  std::optional<SearchState> state_;
  Counters counters_;
  int depth_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<ui::ElsewhereSearch> search_in_worker(const Problem& problem,
                                                      const MoveOrder& order, bool warnsdorff,
                                                      const Search& from, bool snapshots) {
  const CountThreads t = count_threads();
  if (t.threads <= 0 || !problem.start || !problem.piece.is_plain_knight()) return nullptr;
  return std::make_unique<WorkerSearcher>(problem, order, warnsdorff, from.state(), snapshots,
                                          t.simd);
}

}  // namespace kt::web
