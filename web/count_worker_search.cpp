// The counting worker's third errand: a long backtracking search of the page's Run
// (ui/search_elsewhere.hpp), taken where the page's search stood (kt::Search::resume) and run on
// a thread of its own at full speed, until it ends or the page asks it to stop; its state then
// goes back to the page, which puts its own search there. kt_search_news gives the news as one
// line of JSON, and with them, every half second where the page asked for it and at the end,
// the state (kt_search_state_path and _cursors, read by web/count_worker_post.js).
#include <emscripten.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "search/search.hpp"
#include "worker_json.hpp"

namespace {

std::mutex g_mutex;
std::string g_news = R"({"state":"running","search":true})";  // under g_mutex
kt::SearchState g_state;                                      // the last state told (g_mutex)
int g_state_id = 0;                                           // and its number, from 1
std::string g_read;            // the copies kt_search_news returned last
kt::SearchState g_read_state;  // (the page's thread reads them until the next call)
std::atomic<bool> g_stop{false};
bool g_started = false;

void tell(const kt::Search& search, bool done, bool with_state) {
  using kt::web::number;
  const kt::Counters k = search.counters();
  std::string news = std::string("{\"state\":\"") + (done ? "done" : "running") +
                     "\",\"search\":true,\"placed\":" + number(static_cast<double>(k.placed)) +
                     ",\"erased\":" + number(static_cast<double>(k.erased)) +
                     ",\"depth\":" + std::to_string(search.depth()) +
                     ",\"seconds\":" + number(k.seconds);
  const std::lock_guard<std::mutex> lock(g_mutex);
  if (with_state) {
    g_state = search.state();
    ++g_state_id;
  }
  if (g_state_id > 0) {
    news += ",\"stateId\":" + std::to_string(g_state_id) +
            ",\"stateDepth\":" + std::to_string(g_state.path.size() - 1) +
            ",\"statePlaced\":" + number(static_cast<double>(g_state.counters.placed)) +
            ",\"stateErased\":" + number(static_cast<double>(g_state.counters.erased)) +
            ",\"stateSeconds\":" + number(g_state.counters.seconds) +
            ",\"stateStatus\":" + std::to_string(static_cast<int>(g_state.status)) +
            ",\"stateLast\":" + std::to_string(static_cast<int>(g_state.last));
  }
  g_news = news + "}";
}

// In slices of about a fiftieth of a second, so that a stop is answered at once.
void search(std::unique_ptr<kt::Search> s, bool snapshots) {
  using Clock = std::chrono::steady_clock;
  std::uint64_t steps = 1 << 16;
  auto told = Clock::now(), shown = told;
  while (s->status() == kt::Status::running && !g_stop.load()) {
    const auto t0 = Clock::now();
    s->run(steps);
    const auto now = Clock::now();
    const double took = std::chrono::duration<double>(now - t0).count();
    if (took < 0.01 && steps < (std::uint64_t{1} << 32)) steps *= 2;
    if (took > 0.04 && steps > 1) steps /= 2;
    if (now - told >= std::chrono::milliseconds(100)) {
      const bool show = snapshots && now - shown >= std::chrono::milliseconds(500);
      tell(*s, false, show);
      told = now;
      if (show) shown = now;
    }
  }
  tell(*s, true, true);
}

}  // namespace

extern "C" {

// The problem (rows x cols, `blocked` one flag a square or null, start and end (x = 0: none),
// closed), the engine (heuristic: 1 Warnsdorff's, 0 the move order's tree), the move order as
// kt::parse_move_order reads it, and the state to go on from (path and cursors of `length`
// frames, counters, status and last step as kt::Status and kt::Action numbers). snapshots: 1
// to tell the state every half second too. Returns 0, or 1 when an errand was started already
// or the state is none the search could reach.
EMSCRIPTEN_KEEPALIVE int kt_search_start(int rows, int cols, const std::uint8_t* blocked, int sx,
                                         int sy, int ex, int ey, int closed, int heuristic,
                                         const char* order_text, const std::int32_t* path,
                                         const std::uint8_t* cursors, int length, double placed,
                                         double erased, double seconds, int status, int last,
                                         int snapshots) {
  const auto order = kt::parse_move_order(order_text ? order_text : "");
  if (g_started || !order || rows < 1 || cols < 1 ||
      static_cast<std::int64_t>(rows) * cols > kt::kMaxSquares || length < 1 || !path || !cursors ||
      status < 0 || status > 2 || last < 0 || last > 2) {
    return 1;
  }
  kt::Problem p;
  p.geometry = {rows, cols};
  if (blocked) p.blocked.assign(blocked, blocked + static_cast<std::size_t>(rows) * cols);
  p.start = kt::Square{sx, sy};
  if (ex > 0) p.end = kt::Square{ex, ey};
  p.closed = closed != 0;
  if (!p.geometry.contains(*p.start) || (p.end && !p.geometry.contains(*p.end))) return 1;
  auto s = kt::make_search(p, *order, heuristic ? kt::Heuristic::warnsdorff : kt::Heuristic::none);
  kt::SearchState state{
      {path, path + length},
      {cursors, cursors + length},
      {static_cast<std::uint64_t>(placed), static_cast<std::uint64_t>(erased), seconds},
      static_cast<kt::Status>(status),
      static_cast<kt::Action>(last)};
  if (!s->resume(state)) return 1;
  g_started = true;
  std::thread([s = std::move(s), snapshots]() mutable {
    search(std::move(s), snapshots != 0);
  }).detach();
  return 0;
}

// Asks the search to stop: its last news, done, follow within a slice.
EMSCRIPTEN_KEEPALIVE void kt_search_stop() { g_stop.store(true); }

// The latest news, one line of JSON, and the state they name (valid until the next call).
EMSCRIPTEN_KEEPALIVE const char* kt_search_news() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_read = g_news;
  g_read_state = g_state;
  return g_read.c_str();
}
EMSCRIPTEN_KEEPALIVE const std::int32_t* kt_search_state_path() { return g_read_state.path.data(); }
EMSCRIPTEN_KEEPALIVE const std::uint8_t* kt_search_state_cursors() {
  return g_read_state.cursors.data();
}

}  // extern "C"
