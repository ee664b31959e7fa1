// Work split over the machine's cores where threads exist: natively, and in WebAssembly built
// with pthreads. Elsewhere (the page: no SharedArrayBuffer on GitHub Pages) everything runs in
// the caller's thread, so callers need no second code path.
#pragma once

#include <algorithm>
#include <vector>

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#include <thread>
#define KT_HAS_THREADS 1
#endif

namespace kt {

// The hardware threads there are to use (1 without thread support), at most 64.
inline int hardware_threads() {
#ifdef KT_HAS_THREADS
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
#else
  return 1;
#endif
}

// Runs work(i) for i = 0..count-1, on its own thread each but the last (which runs here).
template <class Work>
void in_parallel(int count, Work&& work) {
#ifdef KT_HAS_THREADS
  std::vector<std::thread> pool;
  for (int i = 0; i + 1 < count; ++i) pool.emplace_back(work, i);
  work(count - 1);
  for (std::thread& t : pool) t.join();
#else
  for (int i = 0; i < count; ++i) work(i);
#endif
}

}  // namespace kt
