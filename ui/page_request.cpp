#include "page_request.hpp"

#include <algorithm>
#include <cstdlib>

#include "counting/count_request.hpp"
#include "solve/solve_request.hpp"

namespace kt::ui {

std::string with_commas(std::uint64_t n) { return with_commas(BigCount(n)); }

std::string with_commas(const BigCount& n) {
  std::string digits = n.to_string(), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {

// Whether `bytes` can be allocated now: asking the allocator is the only honest test, since
// WebAssembly memory grows on demand up to what the browser (and wasm32) allows, and never
// shrinks, so what was given stays there for what follows.
bool can_allocate(std::uint64_t bytes) {
  const auto size = static_cast<std::size_t>(bytes);
  if (static_cast<std::uint64_t>(size) != bytes) return false;
  // Through a volatile pointer: a malloc whose block is only freed may be left out by the
  // compiler, and its answer taken as success (the optimized page asked for nothing).
  void* volatile probe = std::malloc(size);
  void* const got = probe;
  std::free(got);
  return got != nullptr;
}

}  // namespace

std::int64_t page_memory_bytes(const Problem& p, Method method) {
  const std::int64_t n = p.geometry.size();
  const std::int64_t texels = std::min<std::int64_t>(n, std::int64_t{2048} * 2048);
  // The construction: its tour (1 byte), the page's move numbers (4), the verifier's bits; a
  // search: kMaxSearchSquares' 90 bytes and the Solver's board and path (8). The picture: 4 a
  // texel.
  const std::int64_t per_square = answers_without_search(p, method) ? 6 : 100;
  return n * per_square + texels * 4 + (std::int64_t{16} << 20);
}

std::string check_page_memory(const Problem& p, Method method) {
  const std::int64_t bytes = page_memory_bytes(p, method);
  if (bytes < (std::int64_t{64} << 20)) return {};  // small: no need to ask
  if (can_allocate(static_cast<std::uint64_t>(bytes))) return {};
  return "board: " + std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols) +
         " needs about " + with_commas(static_cast<std::uint64_t>(bytes >> 20)) +
         " MB of memory for the page, more than this browser gives it now (try a smaller board, "
         "or the knights CLI)";
}

std::string page_words(const Refusal& refusal) {
  switch (refusal.remedy) {
    case Remedy::none:
    case Remedy::summary_format:  // (the page writes no text of a board)
    case Remedy::scratch_folder:  // (the page has no files)
      break;
    case Remedy::search_method:
      return refusal.reason + "; Method auto or warnsdorff searches it";
    case Remedy::construct_method:
      return refusal.reason + "; Method construct builds it";
  }
  return refusal.reason;
}

std::string parse_page_request(const RequestText& text, Request& out) {
  Request r;
  if (auto why = parse_solve_request(text, r, kPageLimits); !why.empty()) return page_words(why);
  if (auto why = check_page_memory(r.problem, r.method); !why.empty()) return why;
  out = std::move(r);
  return {};
}

const char* to_string(CountKind k) {
  switch (k) {
    case CountKind::from_start:
      return "from-start";
    case CountKind::all_open:
      return "all-open";
    case CountKind::closed:
      return "closed";
  }
  return "?";
}

std::optional<CountKind> parse_count_kind(std::string_view name) {
  for (const CountKind k : {CountKind::from_start, CountKind::all_open, CountKind::closed}) {
    if (name == to_string(k)) return k;
  }
  return std::nullopt;
}

std::string parse_count_request(RequestText text, CountKind kind, Problem& out) {
  text.start_optional = false;
  switch (kind) {
    case CountKind::from_start:
      text.closed.clear();
      break;
    case CountKind::all_open:
      text.start.clear();
      text.end.clear();
      text.closed.clear();
      text.start_optional = true;
      break;
    case CountKind::closed:
      text.end.clear();
      text.closed = "1";
      break;
  }
  return kt::parse_count_request(std::move(text), out, kPageLimits);
}

std::string choose_page_counter(const Problem& p, CounterKind kind, std::uint64_t memory_limit_mb,
                                CounterChoice& out, bool probe_page_memory,
                                std::uint64_t storage_room) {
  CounterRequest request;
  request.counter = kind;
  request.memory_limit = memory_limit_mb * 1'000'000;
  request.disk_room = storage_room;
  request.forecast_hint = " (the page's WebAssembly memory; the knights CLI takes more)";
  // The forecast is fitted to native peaks. WebAssembly's heap never gives memory back, and
  // grows past what malloc asks (emscripten's growth by a fifth, up to 96 MB more):
  // frontier_bench.js only page 7x7-page (one thread, under node) peaked at 1.10 to 1.28 times
  // the native peak resident (7x7 open 1,258 MB for 1,143 MB; 6x6 open 60.4 MB for 47.3 MB, of
  // which 16 MB are the module's first memory).
  request.forecast_factor = 1.15;
  CounterChoice c = choose_counter(p, request);
  if (c.error.empty() && probe_page_memory) c.error = page_count_memory_refusal(c);
  if (!c.error.empty()) return c.error;
  out = std::move(c);
  return {};
}

std::string page_count_memory_refusal(const CounterChoice& c) {
  if (!c.by_rows || c.forecast_bytes <= (std::uint64_t{64} << 20) ||
      can_allocate(c.forecast_bytes)) {
    return {};
  }
  return "counting by rows would need " + about_bytes(c.forecast_bytes) +
         " of memory, more than this browser gives the page now (try a smaller board, or the "
         "knights CLI)";
}

}  // namespace kt::ui
