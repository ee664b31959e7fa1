// Work split over the machine's cores where threads exist: natively, and in WebAssembly built
// with pthreads. Elsewhere (the page: no SharedArrayBuffer on GitHub Pages) everything runs in
// the caller's thread, so callers need no second code path.
#pragma once

#include <algorithm>
#include <vector>

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#include <system_error>
#include <thread>
#define KT_HAS_THREADS 1
#endif

namespace kt {

// The most threads a count or a construction runs (a table split in 64 parts: more would wait
// on its locks).
inline constexpr int kMaxThreads = 64;

// The hardware threads there are to use (1 without thread support), at most kMaxThreads.
inline int hardware_threads() {
#ifdef KT_HAS_THREADS
  return static_cast<int>(
      std::clamp(std::thread::hardware_concurrency(), 1u, static_cast<unsigned>(kMaxThreads)));
#else
  return 1;
#endif
}

// Runs work(i) for i = 0..count-1, on its own thread each but the last (which runs here). A
// thread the system refuses (no memory for its stack: ulimit -v, a container) is run here too,
// after the others have started: the same work, only slower.
template <class Work>
void in_parallel(int count, Work&& work) {
#ifdef KT_HAS_THREADS
  std::vector<std::thread> pool;
  std::vector<int> here;
  pool.reserve(static_cast<std::size_t>(std::max(count, 1)));
  here.reserve(static_cast<std::size_t>(std::max(count, 1)));
  for (int i = 0; i + 1 < count; ++i) {
    try {
      pool.emplace_back(work, i);
    } catch (const std::system_error&) {
      here.push_back(i);
    }
  }
  for (const int i : here) work(i);
  work(count - 1);
  for (std::thread& t : pool) t.join();
#else
  for (int i = 0; i < count; ++i) work(i);
#endif
}

}  // namespace kt
