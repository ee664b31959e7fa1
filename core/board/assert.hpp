// Preconditions as code, as chips' CHIPS_ASSERT and Stockfish's assert: KT_ASSERT(condition)
// stops the program with the condition, file and line when the condition is false. Checked in
// Debug builds (the native-debug preset) and wherever KT_ASSERTS is defined (the sanitizer and
// fuzz presets); compiled out otherwise, so Release pays nothing. The condition must have no
// side effects: it is not evaluated when the checks are off.
#pragma once

#if defined(KT_ASSERTS) || !defined(NDEBUG)
#include <cstdio>
#include <cstdlib>

namespace kt::detail {
[[noreturn]] inline void assert_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: precondition failed: %s\n", file, line, condition);
  std::abort();
}
}  // namespace kt::detail

#define KT_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::kt::detail::assert_failed(#condition, __FILE__, __LINE__))
#else
#define KT_ASSERT(condition) static_cast<void>(sizeof((condition) ? 1 : 0))
#endif
