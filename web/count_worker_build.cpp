// The counting worker's other errand: the tour of a huge board for the page's Run
// (ui/build_elsewhere.hpp), built whole by the linear-time construction (kt::construct_tour:
// the tour the page's own Construction writes block by block) and checked by the independent
// verifier on the worker's threads (kt::verify_successors). Both run on a thread of their own:
// the worker's own thread must stay free, for Emscripten starts every further thread from there.
// kt_build_news gives the news as one line of JSON; web/count_worker_post.js sends them to the
// page, and the tour's bytes (kt_build_tour) with the last.
#include <emscripten.h>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "board/geometry.hpp"
#include "board/problem.hpp"
#include "construction/construct.hpp"
#include "verify/verify.hpp"
#include "worker_json.hpp"

namespace {

std::mutex g_mutex;
std::string g_news = R"({"state":"running","build":true})";  // under g_mutex
std::string g_read;                                          // the copy returned last
kt::CompactTour g_tour;                                      // once built (under g_mutex)
bool g_started = false;

void build(const kt::Problem& p) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  kt::CompactTour tour;
  const std::string error = kt::construct_tour(p, tour);
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  const kt::Verdict verdict =
      error.empty() ? kt::verify_successors(p, tour) : kt::Verdict{false, false, error};
  using kt::web::number;
  using kt::web::quoted;
  const std::string news =
      "{\"state\":\"done\",\"build\":true,\"seconds\":" + number(seconds) + ",\"verifySeconds\":" +
      number(std::chrono::duration<double>(Clock::now() - t0).count() - seconds) +
      ",\"ok\":" + (verdict.ok ? "true" : "false") +
      ",\"closed\":" + (verdict.closed ? "true" : "false") +
      ",\"reason\":" + quoted(verdict.reason) + ",\"error\":" + quoted(error) +
      ",\"bytes\":" + number(static_cast<double>(tour.next.size())) + "}";
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_tour = std::move(tour);
  g_news = news;
}

}  // namespace

extern "C" {

// The problem: a full rows x cols board, the tour from (sx, sy), closed or open. Returns 0, or
// 1 when a build or a count was started already (one errand a worker) or the construction does
// not build this problem (the page asks only for those it builds: not expected).
EMSCRIPTEN_KEEPALIVE int kt_build_start(int rows, int cols, int sx, int sy, int closed) {
  if (g_started || rows < 1 || cols < 1 ||
      static_cast<std::int64_t>(rows) * cols > kt::kMaxSquares) {
    return 1;
  }
  kt::Problem p;
  p.geometry = {rows, cols};
  p.start = kt::Square{sx, sy};
  p.closed = closed != 0;
  if (!p.geometry.contains(*p.start) || !kt::construction_refusal(p).empty()) return 1;
  g_started = true;
  std::thread([p] { build(p); }).detach();
  return 0;
}

// The latest news, one line of JSON (valid until the next call).
EMSCRIPTEN_KEEPALIVE const char* kt_build_news() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_read = g_news;
  return g_read.c_str();
}

// The tour's successor bytes (the news' `bytes` of them), once the news say done.
EMSCRIPTEN_KEEPALIVE const std::uint8_t* kt_build_tour() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  return g_tour.next.data();
}

}  // extern "C"
