// The counting worker's module (count_worker.js/.wasm, built with pthreads): one exact count,
// by rows or by the search, on the threads it is given, in a Web Worker the page starts when it
// is cross-origin isolated (web/worker_counter.cpp). The count runs on a thread of its own, so
// that the worker's own thread stays free: Emscripten starts every further thread from there
// (the counters start theirs while counting), and it reads the count's news every tenth of a
// second for the page (web/count_worker_post.js).
//
// kt_count_start takes the problem as the page counted it (kt::Problem's fields) and the
// counter the page chose (kt::choose_counter, on the page: the same choice on any thread).
// kt_count_news gives the news as one line of JSON, the fields of the page's read-outs. A count
// by rows saves itself as it goes in the browser's origin private file system, and goes on from
// there when the page asks (web/opfs_save.hpp).
#include <emscripten.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "board/problem.hpp"
#include "counting/choose_counter.hpp"
#include "counting/count.hpp"
#include "counting/estimate.hpp"
#include "counting/frontier_count.hpp"
#include "opfs_save.hpp"
#include "worker_json.hpp"

namespace {

using Clock = std::chrono::steady_clock;

std::mutex g_mutex;
std::string g_news = R"({"state":"idle"})";  // under g_mutex
std::string g_read;                          // the copy kt_count_news returned last
bool g_started = false;

using kt::web::number;
using kt::web::quoted;

// The news as the page reads them (web/worker_counter.cpp): numbers past 2^53 (counts) as
// strings of digits.
struct News {
  bool done = false;
  std::string count = "0";
  double progress = 0;
  double nodes = 0;
  std::string error;
  std::string save_error;  // why the last save was not written ("" when it was, or none tried)
  std::optional<kt::FrontierProgress> rows;
  double seconds = 0;
  int threads = 1;
  const char* counter = "auto";  // until chosen

  std::string json() const {
    std::string out = "{\"state\":";
    out += done ? "\"done\"" : "\"running\"";
    out += ",\"counter\":\"" + std::string(counter) + "\",\"count\":" + quoted(count) +
           ",\"progress\":" + number(progress) + ",\"nodes\":" + number(nodes) +
           ",\"error\":" + quoted(error) + ",\"seconds\":" + number(seconds) +
           ",\"threads\":" + std::to_string(threads) + ",\"saveError\":" + quoted(save_error);
    if (rows) {
      const kt::FrontierProgress& r = *rows;
      out += ",\"rows\":{\"squaresDone\":" + std::to_string(r.squares_done) +
             ",\"squares\":" + std::to_string(r.squares) +
             ",\"rowsDone\":" + std::to_string(r.rows_done) +
             ",\"rows\":" + std::to_string(r.rows) + ",\"width\":" + std::to_string(r.width) +
             ",\"states\":" + number(static_cast<double>(r.states)) +
             ",\"bytes\":" + number(static_cast<double>(r.bytes)) +
             ",\"peakBytes\":" + number(static_cast<double>(r.peak_bytes)) +
             ",\"diskBytes\":" + number(static_cast<double>(r.disk_bytes)) +
             ",\"maxStates\":" + number(static_cast<double>(r.max_states)) +
             ",\"countWords\":" + std::to_string(r.count_words) +
             ",\"fraction\":" + number(r.fraction) +
             ",\"joining\":" + (r.joining ? "true" : "false") +
             ",\"joinFraction\":" + number(r.join_fraction) +
             ",\"joinGrouped\":" + number(r.join_grouped) +
             ",\"mirroredHalves\":" + (r.mirrored_halves ? "true" : "false") + "}";
    }
    return out + "}";
  }
};

void tell(const News& news) {
  const std::string text = news.json();
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_news = text;
}

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// How a count by rows saves (web/opfs_save.hpp): on, where the worker opened its files; from
// a save, when the page resumes one; and when, as the CLI's saves (count_frontier): the first
// after `after` seconds, then once nine times the last save's time has passed (at most about
// a tenth of the time saving), at square ends, and only once the count has gone on.
struct Saving {
  bool on = false;
  bool resume = false;
  double after = 10;
};

// Counting by rows: run() in steps of about a tenth of a second, the news after each.
void count_by_rows(const kt::Problem& problem, std::uint64_t memory_limit, int threads,
                   const Saving& saving) {
  const auto t0 = Clock::now();
  // Past the memory limit, the states go to the browser's storage beside the saves (where the
  // worker opened its files: else the count stops at the limit, saying what it needs).
  kt::web::OpfsStateFile states;
  const kt::FrontierDesc desc{.memory_limit = memory_limit,
                              .threads = threads,
                              .disk = saving.on ? "the browser's storage" : "",
                              .state_file = saving.on ? &states : nullptr,
                              .square_ends = saving.on};
  kt::FrontierCounter counter =
      saving.resume ? kt::web::opfs_resume(desc) : kt::FrontierCounter(problem, desc);
  News news;
  news.threads = threads;
  news.counter = "rows";
  std::uint64_t steps = 1 << 14;
  double next_save = saving.after;
  std::uint64_t saved_steps = counter.steps();
  while (counter.status() == kt::Status::running) {
    const auto t = Clock::now();
    counter.run(steps);
    const double took = seconds_since(t);
    if (took < 0.05 && steps < (std::uint64_t{1} << 30)) steps *= 2;
    if (took > 0.2 && steps > 1) steps /= 2;
    if (saving.on && counter.can_save() && seconds_since(t0) >= next_save &&
        counter.steps() > saved_steps) {
      const auto began = Clock::now();
      news.save_error = kt::web::opfs_save(counter, seconds_since(t0));
      saved_steps = counter.steps();
      next_save = seconds_since(t0) + 9 * seconds_since(began);
    }
    news.rows = counter.progress();
    news.progress = counter.status() == kt::Status::running ? news.rows->fraction : 1.0;
    news.seconds = seconds_since(t0);
    tell(news);
  }
  // Counted: the save is of no more use. (Stopped by an error, as the memory limit: kept.)
  if (saving.on && counter.error().empty()) kt::web::opfs_discard();
  news.done = true;
  news.error = counter.error();
  news.count = counter.count().to_string();
  news.seconds = seconds_since(t0);
  tell(news);
}

// The search, on `threads` threads over one queue of subtrees (kt::count_tours).
void count_by_search(const kt::Problem& problem, int threads) {
  const auto t0 = Clock::now();
  News news;
  news.threads = threads;
  news.counter = "search";
  kt::CountOptions options;
  options.threads = threads;
  options.progress_interval = 0.1;
  options.on_progress = [&](double fraction, std::uint64_t tours) {
    news.progress = fraction;
    news.count = std::to_string(tours);
    news.seconds = seconds_since(t0);
    tell(news);
  };
  const kt::CountResult result = kt::count_tours(problem, options);
  news.done = true;
  news.progress = 1;
  news.count = std::to_string(result.count);
  news.nodes = static_cast<double>(result.nodes);
  news.error = result.error;
  news.seconds = seconds_since(t0);
  tell(news);
}

}  // namespace

extern "C" {

// The problem: rows x cols, `blocked` one flag a square (Geometry::index) or null, start and
// end squares (x = 0: none), closed. by_rows: 1 or 0, or -1 for `auto` where both counters
// can count it: the search's trial decides, as kt::choose_counter on one thread (the page's
// choice: the same counter as on the page's thread). save: 1 where count_worker_post.js opened
// the save files (a count by rows then saves, the first time after save_after seconds);
// resume: 1 to go on from the save instead (the problem is the save's, as the page read it).
// Returns 0, or 1 when a count was started already (one count a worker) or the problem is not
// one (the page checked it: not expected).
EMSCRIPTEN_KEEPALIVE int kt_count_start(int rows, int cols, const std::uint8_t* blocked, int sx,
                                        int sy, int ex, int ey, int closed, int by_rows,
                                        double memory_limit, int threads, int save, int resume,
                                        double save_after) {
  if (g_started || rows < 1 || cols < 1 || rows > 100000 || cols > 100000 ||
      static_cast<std::int64_t>(rows) * cols > 100000000 || threads < 1 || memory_limit < 0 ||
      !(save_after >= 0) || (resume && (!save || by_rows != 1))) {
    return 1;
  }
  kt::Problem p;
  p.geometry = {rows, cols};
  if (blocked) p.blocked.assign(blocked, blocked + static_cast<std::size_t>(rows) * cols);
  if (sx > 0) p.start = kt::Square{sx, sy};
  if (ex > 0) p.end = kt::Square{ex, ey};
  p.closed = closed != 0;
  // Squares on the board; the rest the counters check themselves (their error() says why).
  if ((p.start && !p.geometry.contains(*p.start)) || (p.end && !p.geometry.contains(*p.end))) {
    return 1;
  }
  g_started = true;
  tell(News{});
  const auto limit = static_cast<std::uint64_t>(memory_limit);
  const Saving saving{.on = save != 0, .resume = resume != 0, .after = save_after};
  std::thread([p, by_rows, limit, threads, saving] {
    const bool rows = by_rows >= 0 ? by_rows != 0
                                   : kt::estimate_count_seconds(p, true, false).seconds >
                                         kt::kSearchPreferredSeconds;
    if (rows) {
      count_by_rows(p, limit, threads, saving);
    } else {
      count_by_search(p, threads);
    }
  }).detach();
  return 0;
}

// The latest news, one line of JSON (valid until the next call).
EMSCRIPTEN_KEEPALIVE const char* kt_count_news() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_read = g_news;
  return g_read.c_str();
}

}  // extern "C"
