#include "counting/count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "board/parallel.hpp"
#include "counting/count_search.hpp"

namespace kt {

using count_detail::Plan;
using count_detail::PlanOptions;
using count_detail::SubtreeSearch;
using count_detail::TaskQueue;

namespace {

// Entries (16 bytes each) of each counter's memo: 2 MiB, about what a core keeps in its L2
// cache; a larger table finds more but waits for memory more (measured on 6x6 and 5x8).
constexpr int kMemoBits = 17;

}  // namespace

TourCounter::TourCounter(const Problem& problem, bool list_tours, bool use_symmetry)
    : TourCounter(std::make_shared<const Plan>(
                      count_detail::make_plan(problem, PlanOptions{use_symmetry && !list_tours})),
                  std::make_shared<TaskQueue>(), list_tours) {
  done_nodes_ = plan_->split_nodes;  // this counter's plan: its split is part of its work
}

TourCounter::TourCounter(std::shared_ptr<const Plan> plan, std::shared_ptr<TaskQueue> queue,
                         bool list_tours)
    : plan_(std::move(plan)),
      queue_(std::move(queue)),
      search_(std::make_unique<SubtreeSearch>(plan_->graph,
                                              list_tours || plan_->tasks.empty() ? 0 : kMemoBits)),
      list_(list_tours) {
  tour_.reserve(static_cast<std::size_t>(plan_->graph.n));
  if (plan_->tasks.empty()) status_ = Status::none;
}

TourCounter::~TourCounter() = default;
TourCounter::TourCounter(TourCounter&&) noexcept = default;
TourCounter& TourCounter::operator=(TourCounter&&) noexcept = default;

const std::string& TourCounter::error() const { return plan_->error; }
Geometry TourCounter::geometry() const { return plan_->graph.geometry; }

bool TourCounter::next_task() {
  const std::size_t i = queue_->next.fetch_add(1, std::memory_order_relaxed);
  if (i >= plan_->tasks.size()) return false;
  const count_detail::Task& t = plan_->tasks[i];
  search_->load({plan_->prefixes.data() + t.offset, t.length}, plan_->removed, t.end, list_);
  task_ = i;
  loaded_ = true;
  return true;
}

Status TourCounter::run(std::uint64_t max_steps) {
  if (status_ == Status::found) status_ = Status::running;
  if (status_ != Status::running) return status_;
  std::uint64_t left = max_steps;
  while (left > 0) {
    if (!loaded_ && !next_task()) return status_ = Status::none;
    const std::uint64_t before = search_->steps();
    const Status s = search_->run(left);
    left -= std::min(left, search_->steps() - before);
    if (s == Status::found) {
      make_tour();
      return status_ = Status::found;
    }
    if (s == Status::none) {  // the task is finished: bank its tours
      const count_detail::Task& t = plan_->tasks[task_];
      count_ += search_->tours() * t.weight;
      done_nodes_ += search_->nodes();
      done_share_ += t.share;
      loaded_ = false;
    }
  }
  return status_;
}

std::uint64_t TourCounter::count() const {
  if (!loaded_) return count_;
  return count_ + search_->tours() * plan_->tasks[task_].weight;
}

std::uint64_t TourCounter::nodes() const { return done_nodes_ + (loaded_ ? search_->nodes() : 0); }

double TourCounter::progress() const {
  if (plan_->total_share <= 0) return 1;
  double done = done_share_;
  if (loaded_) done += plan_->tasks[task_].share * search_->fraction();
  return std::min(1.0, done / plan_->total_share);
}

void TourCounter::make_tour() {
  const auto& graph = plan_->graph;
  tour_.clear();
  if (plan_->cut >= 0) tour_.push_back(graph.square[plan_->cut]);
  for (const std::uint8_t v : search_->path()) tour_.push_back(graph.square[v]);
  if (plan_->reverse) std::reverse(tour_.begin(), tour_.end());
  if (plan_->rotate) {
    const auto first = std::find(tour_.begin(), tour_.end(), graph.geometry.index(plan_->first));
    std::rotate(tour_.begin(), first, tour_.end());
  }
}

namespace {

// What one worker publishes for the progress reports.
struct alignas(64) Slot {
  std::atomic<double> progress{0};
  std::atomic<std::uint64_t> count{0};
};

}  // namespace

CountResult count_tours(const Problem& problem, const CountOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  CountResult result;
  const bool list = options.on_tour != nullptr || options.limit > 0;
  PlanOptions plan_options;
  plan_options.use_symmetry = options.use_symmetry && !list;
  if (options.split_tasks > 0) plan_options.target_tasks = options.split_tasks;
  auto plan = std::make_shared<const Plan>(count_detail::make_plan(problem, plan_options));
  if (!plan->error.empty()) {
    result.error = plan->error;
    return result;
  }

  // (One thread idiom for every count: hardware_threads' cap, in_parallel's threads.)
#ifdef KT_HAS_THREADS
  int threads = options.threads > 0 ? options.threads : hardware_threads();
#else
  int threads = 1;
#endif
  threads = static_cast<int>(std::clamp<std::size_t>(static_cast<std::size_t>(threads), 1,
                                                     std::max<std::size_t>(1, plan->tasks.size())));

  auto queue = std::make_shared<TaskQueue>();
  std::vector<TourCounter> counters;
  counters.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) counters.push_back(TourCounter(plan, queue, list));
  std::vector<Slot> slots(static_cast<std::size_t>(threads));

  std::mutex listing;
  std::uint64_t accepted = 0;  // tours listed (guarded by `listing`)
  std::atomic<bool> stop{false};
  std::mutex done_mutex;  // guards `running`
  std::condition_variable done;
  int running = threads;  // workers still at work
  constexpr std::uint64_t kSlice = 1 << 16;

  auto report_progress = [&](Clock::time_point& last) {
    if (!options.on_progress) return;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last).count() < options.progress_interval) return;
    last = now;
    double fraction = 0;
    std::uint64_t tours = 0;
    for (const Slot& s : slots) {
      fraction += s.progress.load(std::memory_order_relaxed);
      tours += s.count.load(std::memory_order_relaxed);
    }
    if (list) {
      std::lock_guard lock(listing);
      tours = accepted;
    }
    options.on_progress(std::min(1.0, fraction), tours);
  };

  auto work = [&](int i, bool reporter) {
    TourCounter& c = counters[static_cast<std::size_t>(i)];
    Slot& slot = slots[static_cast<std::size_t>(i)];
    auto last = Clock::now();
    while (!stop.load(std::memory_order_relaxed)) {
      const Status s = c.run(kSlice);
      if (s == Status::found) {
        std::lock_guard lock(listing);
        if (options.limit == 0 || accepted < options.limit) {
          ++accepted;
          if (options.on_tour) options.on_tour(c.tour());
        }
        if (options.limit != 0 && accepted >= options.limit) stop = true;
      }
      slot.progress.store(c.progress(), std::memory_order_relaxed);
      slot.count.store(c.count(), std::memory_order_relaxed);
      if (reporter) report_progress(last);
      if (s == Status::none) break;
    }
    {
      std::lock_guard lock(done_mutex);
      --running;
    }
    done.notify_all();
    // The reporting thread keeps reporting until the others are done.
    if (!reporter || !options.on_progress) return;
    const auto interval = std::chrono::duration<double>(std::max(0.01, options.progress_interval));
    std::unique_lock lock(done_mutex);
    while (!done.wait_for(lock, interval, [&] { return running == 0; })) {
      lock.unlock();
      report_progress(last);
      lock.lock();
    }
  };

  // The caller's thread (in_parallel's last) reports progress.
  in_parallel(threads, [&](int i) { work(i, i == threads - 1); });

  result.complete = true;
  result.nodes = plan->split_nodes;  // the split walks the top of the tree, once per depth tried
  for (const TourCounter& c : counters) {
    result.count += c.count();
    result.nodes += c.nodes();
    result.complete = result.complete && c.status() == Status::none;
  }
  if (list) result.count = accepted;
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace kt
