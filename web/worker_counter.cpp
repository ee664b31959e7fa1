#include "worker_counter.hpp"

#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "board/geometry.hpp"
#include "board/request.hpp"
#include "board/square_list.hpp"
#include "counting/big_count.hpp"
#include "counting/count_request.hpp"
#include "counting/frontier_count.hpp"
#include "js_request.hpp"
#include "page_request.hpp"
#include "worker_builder.hpp"
#include "worker_searcher.hpp"

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

// Starts a worker on an errand (a count, a huge board's tour: web/worker_builder.cpp, a long
// search: web/worker_searcher.cpp), the message as JSON with the board's blocked flags (or null)
// and a search's path and cursors (`frames` of them) beside; the worker's news land in
// Module.ktCountWorkers[id].news (null until it says it is alive).
EM_JS(void, kt_worker_start, (int id, int simd, const char* message, const unsigned char* blocked,
                              int squares, const int* path, const unsigned char* cursors,
                              int frames), {
  const workers = Module.ktCountWorkers || (Module.ktCountWorkers = {});
  const entry = { news: null };
  const fail = (why) => {
    entry.news = { state: 'done', count: '0', progress: 0, nodes: 0, seconds: 0,
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
  const m = JSON.parse(UTF8ToString(message));
  m.blocked = blocked ? HEAPU8.slice(blocked, blocked + squares) : null;
  if (frames > 0) {
    m.path = HEAP32.slice(path >> 2, (path >> 2) + frames);
    m.cursors = HEAPU8.slice(cursors, cursors + frames);
  }
  entry.worker.postMessage(m);
});

// `count` elements from `at` of the worker's last news' typed array `field` (bytes, or 32-bit
// words) into the page's memory at `to`.
EM_JS(void, kt_worker_copy, (int id, const char* field, double at, double count, void* to), {
  const a = Module.ktCountWorkers[id].news[UTF8ToString(field)].subarray(at, at + count);
  if (a.BYTES_PER_ELEMENT == 4) HEAP32.set(a, to >> 2); else HEAPU8.set(a, to);
});

EM_JS(void, kt_worker_end, (int id), {
  const entry = Module.ktCountWorkers && Module.ktCountWorkers[id];
  if (!entry) return;
  if (entry.worker) entry.worker.terminate();
  delete Module.ktCountWorkers[id];
});
// clang-format on

namespace kt::web {

void start_worker(int id, bool simd, const std::string& message, const unsigned char* blocked,
                  int squares, const SearchState* state) {
  const int frames = state ? static_cast<int>(state->path.size()) : 0;
  kt_worker_start(id, simd, message.c_str(), blocked, squares, state ? state->path.data() : nullptr,
                  state ? state->cursors.data() : nullptr, frames);
}

void copy_from_worker(int id, const char* field, std::size_t at, std::size_t count, void* to) {
  kt_worker_copy(id, field, static_cast<double>(at), static_cast<double>(count), to);
}

void stop_worker(int id) {
  EM_ASM(
      {
        const entry = Module.ktCountWorkers && Module.ktCountWorkers[$0];
        if (entry && entry.worker) entry.worker.postMessage({stop : true});
      },
      id);
}

void end_worker(int id) { kt_worker_end(id); }

double SilentWorker::now_ms() { return emscripten_get_now(); }

int next_worker_id() {
  static int last = 0;
  return ++last;
}

namespace {

bool is_object(const val& v) { return !v.isNull() && v.typeOf().as<std::string>() == "object"; }

double number(const val& v, const char* field) {
  const val x = v[field];
  return x.isNumber() ? x.as<double>() : 0.0;
}

int g_threads_cap = -1;  // Module.setCountThreads: -1 the machine's threads
bool g_simd_allowed = true;
double g_save_after = 10;            // Module.setCountThreads: seconds before a count's first save
bool g_resume_next = false;          // resume_saved_count: the next count goes on from the save
ui::Counting* g_counting = nullptr;  // the page's counts (use_count_worker)

// What a count's worker is started with (kt_worker_start's arguments), kept so that a worker
// that never started can be started again.
struct WorkerStart {
  int rows = 0, cols = 0;
  std::shared_ptr<unsigned char[]> blocked;  // Problem::blocked's flags, or null: none
  Square start{0, 0}, end{0, 0};             // x = 0: none
  bool closed = false;
  int by_rows = -1;  // -1: the worker chooses
  double memory_limit = 0;
  int threads = 1;
  bool simd = false, resume = false;
  double save_after = 10;

  void launch(int id) const {
    const auto square = [](Square q) {
      return q.x > 0 ? "[" + std::to_string(q.x) + "," + std::to_string(q.y) + "]"
                     : std::string("null");
    };
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "\"memoryLimit\":%.17g,\"saveAfter\":%.17g",
                  memory_limit, save_after);
    const std::string message = "{\"rows\":" + std::to_string(rows) +
                                ",\"cols\":" + std::to_string(cols) +
                                ",\"closed\":" + (closed ? "true" : "false") + ",\"byRows\":" +
                                (by_rows < 0 ? "null"
                                 : by_rows   ? "true"
                                             : "false") +
                                "," + numbers + ",\"threads\":" + std::to_string(threads) +
                                ",\"resume\":" + (resume ? "true" : "false") +
                                ",\"start\":" + square(start) + ",\"end\":" + square(end) + "}";
    start_worker(id, simd, message, blocked.get(), rows * cols);
  }
};

class WorkerCounter final : public ui::PageCounter {
 public:
  // by_rows none: the worker chooses (its news say which).
  WorkerCounter(int id, std::optional<bool> by_rows, WorkerStart start)
      : id_(id), by_rows_(by_rows), threads_(start.threads), start_(std::move(start)) {
    if (by_rows_.value_or(false)) rows_ = FrontierProgress{};
    start_.launch(id_);
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
  std::string saving() const override { return saving_; }

 private:
  void read() {
    const val workers = val::module_property("ktCountWorkers");
    if (!is_object(workers) || !is_object(workers[id_])) return;
    const val news = workers[id_]["news"];
    if (!is_object(news)) {
      // The worker says it is alive once its script has run (count_worker_post.js), before
      // its storage or its count: within a second, loaded. Firefox now and then never returns
      // from the `new Worker` that starts one of the worker's threads (its script's first
      // lines; seen in about one start in six while a WebDriver client ran scripts in the
      // page, never without one): that worker stays silent for good, and a new one starts. A
      // browser that isolates the page but cannot start the worker's threads at all stays
      // silent every time: a count that never starts then says so.
      if (emscripten_get_now() - started_ms_ > kSilentMs) {
        if (restarts_ < kRestarts) {
          ++restarts_;
          kt_worker_end(id_);
          start_.launch(id_);
          started_ms_ = emscripten_get_now();
          return;
        }
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
        count_ = BigCount::from_decimal(digits_).value_or(BigCount());
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
      r.disk_bytes = static_cast<std::uint64_t>(number(rows, "diskBytes"));
      r.max_states = static_cast<std::uint64_t>(number(rows, "maxStates"));
      r.count_words = static_cast<int>(number(rows, "countWords"));
      r.fraction = number(rows, "fraction");
      r.joining = rows["joining"].isTrue();
      r.join_fraction = number(rows, "joinFraction");
      r.join_grouped = number(rows, "joinGrouped");
      r.mirrored_halves = rows["mirroredHalves"].isTrue();
      rows_ = r;
    }
    read_saving(news["save"]);
    const val state = news["state"];
    if (state.isString() && state.as<std::string>() == "done") {
      // Counted: the worker removed the save (count_worker_post.js, discard), and nothing
      // said of it holds any more. (Stopped by an error, the save is kept, as said.)
      if (error_.empty()) saving_.clear();
      status_ = Status::none;
      kt_worker_end(id_);  // done: its memory back at once
    }
  }

  // The saves' news (web/count_worker_post.js: {on, error, saves, squaresDone, squares}) in a
  // sentence for the panel and the JS API.
  void read_saving(const val& save) {
    if (!is_object(save)) return;
    const val error = save["error"];
    const std::string why = error.isString() ? error.as<std::string>() : std::string();
    if (!save["on"].isTrue()) {
      saving_ =
          "This count cannot be saved: " + (why.empty() ? std::string("no reason given") : why) +
          ". Closing the tab loses it.";
      return;
    }
    const int saves = static_cast<int>(number(save, "saves"));
    if (saves == 0) {
      saving_ = why.empty() ? "Saved in the browser's storage at the end of a square, from " +
                                  std::to_string(static_cast<int>(g_save_after)) + " s on."
                            : "Not saved: " + why + ".";
      return;
    }
    saving_ = "Saved at square " + std::to_string(static_cast<int>(number(save, "squaresDone"))) +
              " of " + std::to_string(static_cast<int>(number(save, "squares"))) +
              ": the page offers to go on from there when it is opened again." +
              (why.empty() ? "" : " The last save failed: " + why + ".");
    if (rows_ && rows_->disk_bytes > 0) {
      saving_ +=
          " States written to the browser's storage: " + about_bytes(rows_->disk_bytes) + ".";
    }
  }

  static constexpr double kSilentMs = 7500;  // a try; four in all
  static constexpr int kRestarts = 3;
  double started_ms_ = emscripten_get_now();
  int id_;
  std::optional<bool> by_rows_;
  int threads_;
  WorkerStart start_;
  int restarts_ = 0;
  bool stopped_ = false;
  Status status_ = Status::running;
  std::string digits_ = "0";
  BigCount count_;
  double progress_ = 0, seconds_ = 0;
  std::uint64_t nodes_ = 0;
  std::optional<FrontierProgress> rows_;
  std::string error_;
  std::string saving_;
};

}  // namespace

void set_count_memory(std::uint64_t megabytes) {
  if (g_counting != nullptr) g_counting->memory_limit_mb = megabytes;
}

void set_count_limits(int threads, std::optional<bool> simd, std::optional<double> save_after) {
  g_threads_cap = threads;
  if (simd) g_simd_allowed = *simd;
  if (save_after) g_save_after = *save_after;
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
  state.run.build_elsewhere = build_in_worker;
  state.run.search_elsewhere = search_in_worker;
  // (The counter's maker takes no capture, as before saving: a capture changed the code the
  // page's first frame runs.)
  g_counting = &state.counting;
  // The browser's storage free for the worker's states past the memory limit: as
  // web/saved_count.js measured it after the first frame (navigator.storage.estimate), where the
  // count goes to the worker.
  state.counting.storage_room = []() -> std::uint64_t {
    if (count_threads().threads <= 0) return 0;
    const val room = val::module_property("ktStorageRoom");
    return room.isNumber() ? static_cast<std::uint64_t>(std::max(0.0, room.as<double>())) : 0;
  };
  state.counting.elsewhere = [](const Problem& p, std::optional<bool> by_rows,
                                std::uint64_t memory_limit) -> std::unique_ptr<ui::PageCounter> {
    const CountThreads t = count_threads();
    if (t.threads <= 0) {
      g_counting->not_saved_here =
          std::string("This count cannot be saved: it runs on the page's own thread (") +
          (!t.isolated          ? "the page is not cross-origin isolated here"
           : g_threads_cap == 0 ? "as a script asked"
                                : "this browser does not run the counting worker's threads here") +
          "), and a browser writes its storage as a count goes only from a worker. Closing the "
          "tab loses it.";
      return nullptr;
    }
    g_counting->not_saved_here.clear();  // (the worker's count says itself)
    // The worker's entry takes the knight's problem on a plain board: other pieces and wrapping
    // boards count on the page's thread.
    if (!p.piece.is_plain_knight()) return nullptr;
    const Square none{0, 0};
    WorkerStart start;
    start.rows = p.geometry.rows;
    start.cols = p.geometry.cols;
    // (Copied as plain bytes: a vector's or a string's copy here put a function of theirs out
    // of line, in the code the page's first frame runs.)
    if (!p.blocked.empty()) {
      start.blocked.reset(new unsigned char[p.blocked.size()]);
      std::memcpy(start.blocked.get(), p.blocked.data(), p.blocked.size());
    }
    start.start = p.start.value_or(none);
    start.end = p.end.value_or(none);
    start.closed = p.closed;
    start.by_rows = by_rows ? int{*by_rows} : -1;
    start.memory_limit = static_cast<double>(memory_limit);
    start.threads = t.threads;
    start.simd = t.simd;
    start.resume = g_resume_next && by_rows.value_or(false);
    start.save_after = g_save_after;
    g_resume_next = false;
    return std::make_unique<WorkerCounter>(next_worker_id(), by_rows, std::move(start));
  };
}

namespace {

// The count saved last (web/opfs_save.hpp), as web/saved_count.js read it after the first
// frame (Module.ktSavedCount: count.json's description), when it describes a count the page
// can make again: the board as the page's request (what resume_saved_count configures), the
// kind of count, the problem they make, and how far it came. Read through the page's own
// parsing (ui::parse_count_request), which checks it as any request.
struct SavedCount {
  RequestText text;
  ui::CountKind kind = ui::CountKind::all_open;
  Problem problem;
  int squares_done = 0, squares = 0;
  double seconds = 0, saved_at = 0;
};

// "x,y" from [x, y]; "" from anything else.
std::string saved_square(const val& v) {
  if (!v.isArray() || v["length"].as<int>() != 2 || !v[0].isNumber() || !v[1].isNumber()) {
    return {};
  }
  return std::to_string(v[0].as<int>()) + "," + std::to_string(v[1].as<int>());
}

std::optional<SavedCount> read_saved_count() {
  const val meta = val::module_property("ktSavedCount");
  if (!is_object(meta) || !is_object(meta["problem"])) return std::nullopt;
  const val p = meta["problem"];
  const int rows = static_cast<int>(number(p, "rows")), cols = static_cast<int>(number(p, "cols"));
  if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide) return std::nullopt;
  SavedCount saved;
  RequestText& text = saved.text;
  text.rows = std::to_string(rows);
  text.cols = std::to_string(cols);
  text.start = saved_square(p["start"]);
  text.end = saved_square(p["end"]);
  text.closed = p["closed"].isTrue() ? "1" : "";
  saved.kind = !text.closed.empty() ? ui::CountKind::closed
               : text.start.empty() ? ui::CountKind::all_open
                                    : ui::CountKind::from_start;
  if (text.start.empty()) text.start = "1,1";  // the board's; every start is counted
  const val blocked = p["blocked"];
  if (blocked.isArray()) {
    if (blocked["length"].as<int>() != rows * cols) return std::nullopt;
    const Geometry g{rows, cols};
    int n = 0;
    for (int i = 0; i < rows * cols; ++i)
      n += blocked[i].isNumber() && blocked[i].as<double>() != 0;
    std::vector<Square> squares(static_cast<std::size_t>(n));
    for (int i = 0, k = 0; i < rows * cols; ++i) {
      if (blocked[i].isNumber() && blocked[i].as<double>() != 0) {
        squares[static_cast<std::size_t>(k++)] = g.square(i);
      }
    }
    text.blocked = format_square_list(squares);
  }
  if (!ui::parse_count_request(text, saved.kind, saved.problem).empty() ||
      !check_frontier_problem(saved.problem).empty()) {
    return std::nullopt;
  }
  saved.squares_done = static_cast<int>(number(meta, "squaresDone"));
  saved.squares = static_cast<int>(number(meta, "squares"));
  saved.seconds = number(meta, "seconds");
  saved.saved_at = number(meta, "savedAt");
  return saved;
}

val square_js(const std::optional<Square>& s) {
  if (!s) return val::null();
  val out = val::array();
  out.call<void>("push", s->x);
  out.call<void>("push", s->y);
  return out;
}

}  // namespace

val saved_count() {
  const auto saved = read_saved_count();
  if (!saved) return val::null();
  const Problem& p = saved->problem;
  val out = val::object();
  out.set("rows", p.geometry.rows);
  out.set("cols", p.geometry.cols);
  out.set("closed", p.closed);
  out.set("start", square_js(p.start));
  out.set("end", square_js(p.end));
  out.set("blocked", p.geometry.size() - p.free_squares());
  out.set("what", describe_count(p));
  out.set("squaresDone", saved->squares_done);
  out.set("squares", saved->squares);
  out.set("seconds", saved->seconds);
  out.set("savedAt", saved->saved_at);
  return out;
}

std::string resume_saved_count(ui::ExplorerState& state) {
  const auto saved = read_saved_count();
  if (!saved) return "there is no saved count to go on with";
  if (count_threads().threads <= 0) {
    return "a saved count goes on only in the counting worker, and this page counts on its own "
           "thread here (it is not cross-origin isolated)";
  }
  // The board and the kind of count as the saved one's: the same problem again.
  if (auto why = ui::configure(state, saved->text); !why.empty()) return why;
  ui::set_count_kind(state, saved->kind);
  ui::set_counter_kind(state, CounterKind::rows);
  g_resume_next = true;
  const std::string why = ui::count(state, /*confirmed=*/true);
  g_resume_next = false;
  return why;
}

void discard_saved_count() {
  EM_ASM({
    if (Module.ktDiscardSavedCount) Module.ktDiscardSavedCount();
  });
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

// Module.setCountThreads({threads, simd, saveAfter, memoryLimit}), for comparing (benchmarks,
// tests): threads, at most that many in the worker (0: the page's own thread; null: the
// machine's); simd: false takes the plain build; saveAfter: the seconds before a count by rows
// in the worker first saves (default 10, as the CLI's --save-after); memoryLimit: the megabytes
// the page's counts by rows may hold (default ui::kPageCountMemoryMB, null: back to it), past
// which the worker's go to the browser's storage. "" or why the settings were refused (none is
// then changed).
std::string set_count_threads_js(val settings) {
  const bool object = !settings.isNull() && settings.typeOf().as<std::string>() == "object";
  const val threads = object ? settings["threads"] : val::undefined();
  const val simd = object ? settings["simd"] : val::undefined();
  const val save_after = object ? settings["saveAfter"] : val::undefined();
  const val memory = object ? settings["memoryLimit"] : val::undefined();
  if (!object) return "expected {threads, simd, saveAfter, memoryLimit}";
  const double mb = memory.isNumber() ? memory.as<double>() : -1;
  if (!memory.isUndefined() && !memory.isNull() &&
      !(mb >= 1 && mb <= static_cast<double>(kt::ui::kMaxPageCountMemoryMB) &&
        mb == static_cast<double>(static_cast<std::uint64_t>(mb)))) {
    return "memoryLimit: expected megabytes, a whole number from 1 to " +
           std::to_string(kt::ui::kMaxPageCountMemoryMB) + " (got " + kt::web::describe(memory) +
           ")";
  }
  const double after = save_after.isNumber() ? save_after.as<double>() : -1;
  if (!save_after.isUndefined() && !(after >= 0 && after <= 86400)) {
    return "saveAfter: expected seconds from 0 to 86400";
  }
  const bool no_cap = threads.isUndefined() || threads.isNull();
  const double n = threads.isNumber() ? threads.as<double>() : -1;
  if (!no_cap && !(n >= 0 && n <= 64 && n == static_cast<int>(n))) {
    return "threads: expected a whole number from 0 to 64, or null";
  }
  if (!simd.isUndefined() && !simd.isTrue() && !simd.isFalse()) {
    return "simd: expected true or false";
  }
  kt::web::set_count_limits(no_cap ? -1 : static_cast<int>(n),
                            simd.isUndefined() ? std::nullopt : std::optional<bool>(simd.isTrue()),
                            save_after.isUndefined() ? std::nullopt : std::optional<double>(after));
  if (!memory.isUndefined()) {
    kt::web::set_count_memory(memory.isNull() ? kt::ui::kPageCountMemoryMB
                                              : static_cast<std::uint64_t>(mb));
  }
  return {};
}

}  // namespace

EMSCRIPTEN_BINDINGS(kt_count_threads) {
  emscripten::function("countThreads", &count_threads_js);
  emscripten::function("setCountThreads", &set_count_threads_js);
}
