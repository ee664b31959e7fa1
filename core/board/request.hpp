// One road for every input: what a user asks for, field by field, as the CLI's options, the JS
// API's objects and the page's URL give it, parsed and checked here once. Every message starts
// with the name of the field at fault ("start: (9,1) is off the 8x8 board"), so the CLI, the
// page and the JS API show them as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"

namespace kt {

// The methods, named once: the CLI, the page's menu and the JS API all read this table.
enum class Method : std::uint8_t { textbook, wirth, warnsdorff, construct, automatic };
struct MethodInfo {
  Method method;
  std::string_view name;
  std::string_view summary;
};
inline constexpr MethodInfo kMethods[] = {
    {Method::automatic, "auto", "theory first, then the fastest method that answers"},
    {Method::textbook, "textbook", "plain backtracking in Sutcliffe's move order"},
    {Method::wirth, "wirth", "plain backtracking in Wirth's move order (Wirth 3.4)"},
    {Method::warnsdorff, "warnsdorff", "fewest onward moves first, with backtracking"},
    {Method::construct, "construct", "linear-time construction for large boards"},
};
std::optional<Method> parse_method(std::string_view name);
const char* to_string(Method m);
// "auto, textbook, wirth, warnsdorff or construct"
std::string method_names();

// Board size, start, end, blocked squares and tour kind as numbers and text: the core's own
// callers (tests, benches) fill it directly; users' text goes through parse_request below.
struct ProblemInput {
  std::int64_t rows = 8;
  std::int64_t cols = 8;
  std::string start;    // "x,y" or "a1"; empty: see start_optional
  std::string end;      // open tours only; empty: anywhere
  std::string blocked;  // a square list ("1,1;8,8" or "a1 h8"); empty: none
  bool closed = false;
  // Empty start: false gives the textbook's (1,1) for open tours and the first free square for
  // closed ones; true leaves the problem without a start (counting every start).
  bool start_optional = false;
  Piece piece{};  // the knight on a plain board by default
};

// Fills `out` and returns an empty string when the input is acceptable, else a one-line reason
// naming the field. Nothing is allocated for a board that is refused.
std::string make_problem(const ProblemInput& in, Problem& out);

// What a user typed. `size` or `rows` and `cols`; empty fields take their defaults.
struct RequestText {
  std::string size, rows, cols;
  std::string start, end, blocked;
  std::string closed;           // "1"/"0", "true"/"false"; empty: open
  std::string leaper;           // "a,b" or a name (board/piece.hpp); empty: the knight
  std::string wrap;             // none, cylinder or torus; empty: none
  std::string method = "auto";  // a name from kMethods
  std::string order;            // a move order's name (move_order.hpp); empty: the method's own
  bool start_optional = false;  // as in ProblemInput
};

// Limits a caller adds to the core's own (the page draws at most so many squares).
struct RequestLimits {
  std::int64_t max_squares = kMaxSquares;
  std::int64_t max_side = kMaxSide;
  std::string_view why = "";  // appended to a refusal, e.g. "(the knights CLI takes larger ones)"
  // Squares a backtracking search may take (0: the core's own, kMaxSearchSquares): checked by
  // solve/solve_request.hpp, which knows the method that will answer.
  std::int64_t max_search_squares = 0;
};

struct Request {
  Problem problem;
  Method method = Method::automatic;
  std::optional<MoveOrder> order;  // set when the user named one
};

std::string parse_request(const RequestText& in, Request& out, const RequestLimits& limits = {});

}  // namespace kt
