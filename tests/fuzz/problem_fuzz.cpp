// The problem parser: arbitrary bytes as the fields a user types (one per line: rows, cols,
// start, end, blocked, closed, method). Whatever is accepted must be safe to solve: on small
// boards a bounded search runs, and any tour it reports must pass the independent verifier.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "board/request.hpp"
#include "board/text_input.hpp"
#include "solve/solver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> f;
  for (std::size_t at = 0; f.size() < 7;) {
    const std::size_t stop = std::min(text.find('\n', at), text.size());
    f.push_back(at <= text.size() ? text.substr(at, stop - at) : std::string_view{});
    at = stop + 1;
  }
  (void)kt::excerpt(text);
  kt::ProblemInput in;
  const auto rows = kt::parse_integer(f[0], "rows", INT64_MIN, INT64_MAX);
  const auto cols = kt::parse_integer(f[1], "cols", INT64_MIN, INT64_MAX);
  if (!rows || !cols) return 0;
  in.rows = *rows;
  in.cols = *cols;
  in.start = std::string(f[2]);
  in.end = std::string(f[3]);
  in.blocked = std::string(f[4]);
  in.closed = f[5] == "1";
  kt::Problem problem;
  if (!kt::make_problem(in, problem).empty()) return 0;
  const auto method = kt::parse_method(f[6]);
  if (!method || problem.geometry.size() > 64) return 0;
  if (!kt::check_size(problem, *method).empty()) return 0;
  kt::Solver solver(std::move(problem), *method);
  solver.run(100000);
  if (solver.status() == kt::Status::found && !solver.verify().ok) std::abort();
  return 0;
}
