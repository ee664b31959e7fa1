// The page's side of the one input road (kt::parse_request, core/board/request.hpp): the
// limits the page adds to the core's (page_limits.hpp), and what "Count tours" counts. The
// explorer and the JS API both take their problems through here, and show the core's messages
// as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "board/refusal.hpp"
#include "board/request.hpp"
#include "counting/choose_counter.hpp"
#include "counting/count_request.hpp"  // describe_count
#include "page_limits.hpp"

namespace kt::ui {

// Bytes of WebAssembly memory the page needs for `p` solved by `method` (the solver, the
// picture, the move numbers): an estimate, on the large side.
std::int64_t page_memory_bytes(const Problem& p, Method method);
// "" when that much memory can be had now (tried and given back, so the allocations that follow
// find it), else why not, in words: the board, the megabytes, what to do.
std::string check_page_memory(const Problem& p, Method method);

// The page's words (and the JS API's) for a core refusal: its reason, and its remedy with the
// page's Method menu (which lists the methods by the core's names).
std::string page_words(const Refusal& refusal);

// The core's checks (kt::parse_solve_request) with the page's limits (boards over
// kMaxPageSearchSquares only where the Solver answers without a search), then
// check_page_memory. "" or the message, and then `out` is left alone.
std::string parse_page_request(const RequestText& text, Request& out);

// What "Count tours" counts (kt::TourCounter's contract, count.hpp).
enum class CountKind : std::uint8_t {
  from_start,  // directed open tours from the start (ending on the end square, if one is set)
  all_open,    // directed open tours from every start
  closed,      // closed tours, each cycle once
};
const char* to_string(CountKind k);  // "from-start", "all-open", "closed"
std::optional<CountKind> parse_count_kind(std::string_view name);
// The problem to count: the board of `text` (size, blocked squares) with the tours `kind`
// asks for; the start and end of `text` where the kind uses them. "" or the message of the
// core's checks (kt::parse_count_request, with the page's limits; which counter takes the
// board is choose_page_counter's question). What it counts, in words: kt::describe_count.
std::string parse_count_request(RequestText text, CountKind kind, Problem& out);

// Counting by rows in the page keeps its tables in WebAssembly's memory (wasm32, grown on
// demand up to 2 GB in this build, part of it the page's own): by default it may take
// kPageCountMemoryMB, at most kMaxPageCountMemoryMB (the JS API's memoryLimit).
inline constexpr std::uint64_t kPageCountMemoryMB = 1500;
inline constexpr std::uint64_t kMaxPageCountMemoryMB = 4000;
// kt::choose_counter with the page's memory (the CLI's `--counter` choice): "" and `out` set,
// or the refusal. Counting by rows is refused at once when its forecast passes the limit, or,
// with probe_page_memory, when that much cannot be had from the browser now
// (page_count_memory_refusal); unless it fits in `storage_room` bytes of the browser's storage,
// where a count in the counting worker puts its states past the limit (out.on_disk).
std::string choose_page_counter(const Problem& p, CounterKind kind, std::uint64_t memory_limit_mb,
                                CounterChoice& out, bool probe_page_memory = true,
                                std::uint64_t storage_room = 0);
// Counting by rows in the page's own memory: "" or why the browser cannot give the page the
// forecast now (it asks for it: the page's heap then keeps that size). A count that runs
// elsewhere (the counting worker, in its own memory) does not ask.
std::string page_count_memory_refusal(const CounterChoice& choice);

// "1,234,567"
std::string with_commas(std::uint64_t n);
// The same for a number of any size
// ("4,861,943,174,181,138,724,903,568,742,746,024,250,554,974,208").
std::string with_commas(const BigCount& n);

}  // namespace kt::ui
