#include "worker_counter.hpp"

#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "counting/big_count.hpp"

using emscripten::val;

// The page's side of the counting worker. The worker's files: count_worker.js (+ .wasm and the
// threads' count_worker.worker.js), or count_worker.simd.js with SIMD where
// WebAssembly.validate accepts a module with a SIMD instruction (the test module of the
// wasm-feature-detect project: i8x16.splat, i8x16.popcnt), beside the page (relative URLs:
// any sub-path).
// clang-format off
// (JavaScript below.) The threads the worker may take (navigator.hardwareConcurrency, at most
// 64), 0 where the page is not cross-origin isolated.
EM_JS(int, kt_worker_threads, (), {
  if (!(self.crossOriginIsolated && typeof SharedArrayBuffer == 'function' &&
        typeof Worker == 'function')) {
    return 0;
  }
  return Math.min(navigator.hardwareConcurrency || 1, 64);
});

EM_JS(int, kt_worker_simd, (), {
  try {
    return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1,
      123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11])) ? 1 : 0;
  } catch (e) {
    return 0;
  }
});

// Starts a worker on a count; its news land in Module.ktCountWorkers[id].news.
EM_JS(void, kt_worker_start, (int id, int rows, int cols, const unsigned char* blocked, int sx,
                              int sy, int ex, int ey, int closed, int by_rows, double memory_limit,
                              int threads, int simd), {
  const workers = Module.ktCountWorkers || (Module.ktCountWorkers = {});
  const entry = { news: null };
  const fail = (why) => {
    entry.news = { state: 'done', count: '0', progress: 0, nodes: 0, seconds: 0, threads,
                   error: 'the counting worker failed: ' + why };
    if (entry.worker) entry.worker.terminate();
  };
  workers[id] = entry;
  try {
    entry.worker = new Worker(simd ? 'count_worker.simd.js' : 'count_worker.js');
  } catch (e) {
    fail(String(e));
    return;
  }
  entry.worker.onmessage = (e) => { entry.news = e.data; };
  entry.worker.onerror = (e) => fail(e.message || 'no message');
  entry.worker.postMessage({
    rows, cols, closed: !!closed, byRows: by_rows < 0 ? null : !!by_rows,
    memoryLimit: memory_limit, threads,
    blocked: blocked ? HEAPU8.slice(blocked, blocked + rows * cols) : null,
    start: sx > 0 ? [sx, sy] : null, end: ex > 0 ? [ex, ey] : null });
});

EM_JS(void, kt_worker_end, (int id), {
  const entry = Module.ktCountWorkers && Module.ktCountWorkers[id];
  if (!entry) return;
  if (entry.worker) entry.worker.terminate();
  delete Module.ktCountWorkers[id];
});
// clang-format on

namespace kt::web {
namespace {

BigCount from_digits(const std::string& digits) {
  BigCount n;
  for (const char c : digits) {
    if (c < '0' || c > '9') return BigCount();
    n *= 10;
    n += BigCount(static_cast<std::uint64_t>(c - '0'));
  }
  return n;
}

bool is_object(const val& v) { return !v.isNull() && v.typeOf().as<std::string>() == "object"; }

double number(const val& v, const char* field) {
  const val x = v[field];
  return x.isNumber() ? x.as<double>() : 0.0;
}

class WorkerCounter final : public ui::PageCounter {
 public:
  // by_rows none: the worker chooses (its news say which).
  WorkerCounter(int id, std::optional<bool> by_rows, int threads)
      : id_(id), by_rows_(by_rows), threads_(threads) {
    if (by_rows_.value_or(false)) rows_ = FrontierProgress{};
  }
  ~WorkerCounter() override { kt_worker_end(id_); }

  Status run(std::uint64_t) override {
    if (status_ == Status::running && !stopped_) read();
    return status_;
  }
  Status status() const override { return status_; }
  BigCount count() const override { return count_; }
  double progress() const override { return status_ == Status::running ? progress_ : 1.0; }
  const char* name() const override { return !by_rows_ ? "auto" : *by_rows_ ? "rows" : "search"; }
  std::uint64_t nodes() const override { return nodes_; }
  std::optional<FrontierProgress> rows_progress() const override { return rows_; }
  const std::string& error() const override { return error_; }
  int threads() const override { return threads_; }
  std::optional<double> seconds_elsewhere() const override { return seconds_; }
  void stop() override {
    stopped_ = true;
    kt_worker_end(id_);
  }

 private:
  void read() {
    const val workers = val::module_property("ktCountWorkers");
    if (!is_object(workers) || !is_object(workers[id_])) return;
    const val news = workers[id_]["news"];
    if (!is_object(news)) {
      // A browser that isolates the page but cannot start the worker's threads (workers
      // started from a worker) would leave it silent: a count that never starts says so.
      if (emscripten_get_now() - started_ms_ > kSilentMs) {
        error_ =
            "the counting worker did not start within 30 s (this browser may not run "
            "threads in a worker); set Module.setCountThreads({threads: 0}) to count on "
            "the page's thread";
        status_ = Status::none;
        kt_worker_end(id_);
      }
      return;
    }
    const val counter = news["counter"];
    if (counter.isString()) {
      const std::string name = counter.as<std::string>();
      if (name == "rows" || name == "search") by_rows_ = name == "rows";
    }
    const val text = news["count"];
    if (text.isString()) {
      const std::string digits = text.as<std::string>();
      if (digits != digits_) {
        digits_ = digits;
        count_ = from_digits(digits_);
      }
    }
    progress_ = number(news, "progress");
    nodes_ = static_cast<std::uint64_t>(number(news, "nodes"));
    seconds_ = number(news, "seconds");
    const val error = news["error"];
    error_ = error.isString() ? error.as<std::string>() : std::string();
    const val rows = news["rows"];
    if (is_object(rows)) {
      FrontierProgress r;
      r.squares_done = static_cast<int>(number(rows, "squaresDone"));
      r.squares = static_cast<int>(number(rows, "squares"));
      r.rows_done = static_cast<int>(number(rows, "rowsDone"));
      r.rows = static_cast<int>(number(rows, "rows"));
      r.width = static_cast<int>(number(rows, "width"));
      r.states = static_cast<std::uint64_t>(number(rows, "states"));
      r.bytes = static_cast<std::uint64_t>(number(rows, "bytes"));
      r.peak_bytes = static_cast<std::uint64_t>(number(rows, "peakBytes"));
      r.max_states = static_cast<std::uint64_t>(number(rows, "maxStates"));
      r.count_words = static_cast<int>(number(rows, "countWords"));
      r.fraction = number(rows, "fraction");
      r.joining = rows["joining"].isTrue();
      r.join_fraction = number(rows, "joinFraction");
      r.join_grouped = number(rows, "joinGrouped");
      r.mirrored_halves = rows["mirroredHalves"].isTrue();
      rows_ = r;
    }
    const val state = news["state"];
    if (state.isString() && state.as<std::string>() == "done") {
      status_ = Status::none;
      kt_worker_end(id_);  // done: its memory back at once
    }
  }

  static constexpr double kSilentMs = 30000;
  double started_ms_ = emscripten_get_now();
  int id_;
  std::optional<bool> by_rows_;
  int threads_;
  bool stopped_ = false;
  Status status_ = Status::running;
  std::string digits_ = "0";
  BigCount count_;
  double progress_ = 0, seconds_ = 0;
  std::uint64_t nodes_ = 0;
  std::optional<FrontierProgress> rows_;
  std::string error_;
};

int g_next_id = 0;
int g_threads_cap = -1;  // Module.setCountThreads: -1 the machine's threads
bool g_simd_allowed = true;

}  // namespace

void set_count_limits(int threads, std::optional<bool> simd) {
  g_threads_cap = threads;
  if (simd) g_simd_allowed = *simd;
}

CountThreads count_threads() {
  CountThreads t;
  t.threads = kt_worker_threads();
  t.isolated = EM_ASM_INT({ return self.crossOriginIsolated ? 1 : 0; }) != 0;
  if (g_threads_cap >= 0) t.threads = std::min(t.threads, g_threads_cap);
  t.simd = t.threads > 0 && g_simd_allowed && kt_worker_simd() != 0;
  return t;
}

void use_count_worker(ui::ExplorerState& state) {
  state.counting.elsewhere = [](const Problem& p, std::optional<bool> by_rows,
                                std::uint64_t memory_limit) -> std::unique_ptr<ui::PageCounter> {
    const CountThreads t = count_threads();
    if (t.threads <= 0) return nullptr;
    // The worker's entry takes the knight's problem on a plain board: other pieces and wrapping
    // boards count on the page's thread.
    if (!p.piece.is_plain_knight()) return nullptr;
    const int id = ++g_next_id;
    const Square none{0, 0};
    const Square start = p.start.value_or(none), end = p.end.value_or(none);
    kt_worker_start(id, p.geometry.rows, p.geometry.cols,
                    p.blocked.empty() ? nullptr : p.blocked.data(), start.x, start.y, end.x, end.y,
                    p.closed, by_rows ? int{*by_rows} : -1, static_cast<double>(memory_limit),
                    t.threads, t.simd);
    return std::make_unique<WorkerCounter>(id, by_rows, t.threads);
  };
}

}  // namespace kt::web

namespace {

// Module.countThreads(): {isolated, threads, simd} (CountThreads).
val count_threads_js() {
  const kt::web::CountThreads t = kt::web::count_threads();
  val out = val::object();
  out.set("isolated", t.isolated);
  out.set("threads", t.threads);
  out.set("simd", t.simd);
  return out;
}

// Module.setCountThreads({threads, simd}), for comparing (benchmarks, tests): threads, at most
// that many in the worker (0: the page's own thread; null: the machine's); simd: false takes the
// plain build. "" or why the settings were refused (none is then changed).
std::string set_count_threads_js(val settings) {
  const bool object = !settings.isNull() && settings.typeOf().as<std::string>() == "object";
  const val threads = object ? settings["threads"] : val::undefined();
  const val simd = object ? settings["simd"] : val::undefined();
  if (!object) return "expected {threads, simd}";
  const bool no_cap = threads.isUndefined() || threads.isNull();
  const double n = threads.isNumber() ? threads.as<double>() : -1;
  if (!no_cap && !(n >= 0 && n <= 64 && n == static_cast<int>(n))) {
    return "threads: expected a whole number from 0 to 64, or null";
  }
  if (!simd.isUndefined() && !simd.isTrue() && !simd.isFalse()) {
    return "simd: expected true or false";
  }
  kt::web::set_count_limits(no_cap ? -1 : static_cast<int>(n),
                            simd.isUndefined() ? std::nullopt : std::optional<bool>(simd.isTrue()));
  return {};
}

}  // namespace

EMSCRIPTEN_BINDINGS(kt_count_threads) {
  emscripten::function("countThreads", &count_threads_js);
  emscripten::function("setCountThreads", &set_count_threads_js);
}
