#include "worker_builder.hpp"

#include <emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "worker_counter.hpp"

using emscripten::val;

namespace kt::web {
namespace {

class WorkerBuilder final : public ui::ElsewhereBuild {
 public:
  WorkerBuilder(const Problem& p, bool simd)
      : id_(next_worker_id()),
        problem_(p),
        simd_(simd),
        message_("{\"build\":{\"rows\":" + std::to_string(p.geometry.rows) +
                 ",\"cols\":" + std::to_string(p.geometry.cols) + ",\"start\":[" +
                 std::to_string(p.start->x) + "," + std::to_string(p.start->y) +
                 "],\"closed\":" + (p.closed ? "true" : "false") + "}}") {
    start_worker(id_, simd_, message_, nullptr, 0);
  }
  ~WorkerBuilder() override { end_worker(id_); }

  bool running() override {
    if (copying_) return copy_slice();
    if (done_) return false;
    const val news = val::module_property("ktCountWorkers")[id_]["news"];
    if (news.isNull()) {  // not alive yet: after the last try, the page builds the tour itself
      if (!silence_.still_waiting(id_,
                                  [this] { start_worker(id_, simd_, message_, nullptr, 0); })) {
        error_ = "the counting worker did not start";
        done_ = true;
      }
      return !done_;
    }
    if (news["state"].as<std::string>() != "done") return true;
    done_ = true;
    error_ = news["error"].isString() ? news["error"].as<std::string>() : "no news";
    seconds_ = news["seconds"].isNumber() ? news["seconds"].as<double>() : 0;
    verdict_.ok = news["ok"].isTrue();
    verdict_.closed = news["closed"].isTrue();
    verdict_.reason = news["reason"].isString() ? news["reason"].as<std::string>() : "";
    const std::size_t bytes =
        news["bytes"].isNumber() ? static_cast<std::size_t>(news["bytes"].as<double>()) : 0;
    const Geometry g = problem_.geometry;
    if (!error_.empty()) return false;
    if (bytes != static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols)) {
      error_ = "the counting worker's tour is not the board's size";
      return false;
    }
    // Into the page's memory a slice a frame (a 10^8-square board in one frame took 90 ms),
    // through a buffer that nothing fills first: a vector resized to that size zeroes it first
    // (0.4 s in the page), and the copies are the browser's (memcpy's large ones: copyWithin).
    tour_ = CompactTour{g, *problem_.start, problem_.closed, {}};
    tour_.next.reserve(bytes);
    bytes_ = bytes;
    buffer_.reset(new unsigned char[std::min(bytes, kSliceBytes)]);
    copying_ = true;
    return copy_slice();
  }

  std::optional<CompactTour> take_tour() override {
    if (!done_ || copying_ || !error_.empty() || taken_) return std::nullopt;
    taken_ = true;
    return std::move(tour_);
  }
  const Verdict& verdict() const override { return verdict_; }
  double seconds() const override { return seconds_; }
  const std::string& error() const override { return error_; }

 private:
  // The next slice of the tour copied; false once it is all in.
  bool copy_slice() {
    const std::size_t at = tour_.next.size(), n = std::min(kSliceBytes, bytes_ - at);
    copy_from_worker(id_, "tour", at, n, buffer_.get());
    tour_.next.insert(tour_.next.end(), buffer_.get(), buffer_.get() + n);
    if (tour_.next.size() < bytes_) return true;
    copying_ = false;
    buffer_.reset();
    end_worker(id_);  // its memory back at once
    return false;
  }

  static constexpr std::size_t kSliceBytes = std::size_t{1} << 24;
  int id_;
  Problem problem_;
  bool simd_;
  std::string message_;
  SilentWorker silence_;
  bool done_ = false, copying_ = false, taken_ = false;
  std::string error_;
  double seconds_ = 0;
  Verdict verdict_;
  CompactTour tour_;  // as it is copied
  std::size_t bytes_ = 0;
  std::unique_ptr<unsigned char[]> buffer_;
};

}  // namespace

std::unique_ptr<ui::ElsewhereBuild> build_in_worker(const Problem& problem) {
  const CountThreads t = count_threads();
  if (t.threads <= 0 || !problem.start || !problem.piece.is_plain_knight()) return nullptr;
  return std::make_unique<WorkerBuilder>(problem, t.simd);
}

}  // namespace kt::web
