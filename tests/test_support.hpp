// What several core tests share: the heavy-case switch, "no node limit", and an exhaustive
// existence check by the counter.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "board/request.hpp"
#include "counting/count.hpp"

namespace kt_test {

inline constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

// Heavy cases (boards of 10^5 squares, long sweeps) are left out under the sanitizers and in
// WebAssembly, where they would take minutes.
#if defined(__SANITIZE_ADDRESS__) || defined(__EMSCRIPTEN__)
inline constexpr bool kHeavy = false;
#else
inline constexpr bool kHeavy = true;
#endif

// The problem of `in`, which must be well formed.
inline kt::Problem problem_of(const kt::ProblemInput& in) {
  kt::Problem p;
  const std::string why = kt::make_problem(in, p);
  INFO(why);
  REQUIRE(why.empty());
  return p;
}

// Is there a tour of the kind asked for? Exhaustively, stopping at the first.
inline bool exists_exhaustively(const kt::Problem& p) {
  kt::CountOptions o;
  o.limit = 1;
  const kt::CountResult r = kt::count_tours(p, o);
  REQUIRE(r.error.empty());
  return r.count > 0;
}

}  // namespace kt_test
