// Counting on threads in the browser: the page's counts go to a Web Worker (the counting
// module, web/count_worker.cpp, built with pthreads) when the page is cross-origin isolated,
// and stay on the page's thread when it is not (Firefox or WebKit without the service worker's
// headers, a host that sends none, service workers off) or a script asks it
// (Module.setCountThreads).
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "explorer_state.hpp"
#include "search/search.hpp"

namespace kt::web {

// The counting worker's errands: a worker started on one, given as a JSON message with the
// board's blocked flags (or null) and a search's state (or null); asked to stop a search (its
// last state follows); and ended (at once, with its threads). Ids from next_worker_id.
void start_worker(int id, bool simd, const std::string& message, const unsigned char* blocked,
                  int squares, const SearchState* state = nullptr);
void stop_worker(int id);
// `count` elements from `at` of a typed array in the worker's last news (a built tour's bytes, a
// search's path) into the page's memory.
void copy_from_worker(int id, const char* field, std::size_t at, std::size_t count, void* to);
void end_worker(int id);
int next_worker_id();

// A worker that has said nothing yet (its news null). Firefox now and then never returns from
// the `new Worker` of one of its threads (web/worker_counter.cpp): one silent for 7.5 s is ended
// and started again by `relaunch`, three times. Returns false once it is given up (not started).
class SilentWorker {
 public:
  template <class Relaunch>
  bool still_waiting(int id, Relaunch&& relaunch) {
    if (now_ms() - started_ms_ <= kSilentMs) return true;
    end_worker(id);
    if (restarts_ >= kRestarts) return false;
    ++restarts_;
    relaunch();
    started_ms_ = now_ms();
    return true;
  }

 private:
  static double now_ms();
  static constexpr double kSilentMs = 7500;  // a try; four in all
  static constexpr int kRestarts = 3;
  double started_ms_ = now_ms();
  int restarts_ = 0;
};

// Where the page's counts run, for the JS API (Module.countThreads()).
struct CountThreads {
  bool isolated = false;  // crossOriginIsolated, with SharedArrayBuffer and Worker
  int threads = 0;        // threads a count takes in the worker; 0: on the page's thread
  bool simd = false;      // the worker's build with WebAssembly SIMD (the browser has it)
};
CountThreads count_threads();
// For comparing: at most `threads` in the worker (0: the page's own thread; -1: the machine's),
// the SIMD build where the browser has it (false: the plain build; none: unchanged), and the
// seconds before a count by rows first saves (none: unchanged).
void set_count_limits(int threads, std::optional<bool> simd, std::optional<double> save_after);
// The megabytes the page's counts by rows may hold (Counting::memory_limit_mb), from the next.
void set_count_memory(std::uint64_t megabytes);

// Sends `state`'s counts to the worker where count_threads() says so (decided at each count),
// and the Run of a huge construction (web/worker_builder.hpp). Counts by rows there save as they
// go (web/opfs_save.hpp).
void use_count_worker(ui::ExplorerState& state);

// The count saved last in the browser's storage, for the JS API and the offer to go on with it
// (web/saved_count.js, which reads it after the first frame): {rows, cols, closed, start, end,
// blocked (how many squares), what (in words), squaresDone, squares, seconds (counted so far),
// savedAt (ms since 1970)}, or null (none, not read yet, or not a count the page can make).
emscripten::val saved_count();
// Sets the board and the count as the saved one's and goes on with it in the counting worker:
// "" or why not (none saved, or the page counts on its own thread).
std::string resume_saved_count(ui::ExplorerState& state);
// Removes the saved count from the browser's storage.
void discard_saved_count();

}  // namespace kt::web
