// JS values to the one input road: the JS API's problems ({rows, cols, start, ...} objects and
// configure's four arguments) are turned field by field into a kt::RequestText, which
// kt::parse_request reads as it reads the CLI's options. Here only the JS types are checked
// (a whole number becomes its decimal text, text stays as it is; a fraction, NaN, an object
// and such give a message naming the field); every rule about boards and squares is the
// core's. Any JS value in, never an abort.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <string>

#include "board/request.hpp"

namespace kt::web {

// {size, rows, cols, start, end, blocked, closed, method, order}, every field optional (the
// core says what is missing): size, rows, cols as whole numbers or text; start and end as
// "x,y", "a1" or [x, y]; blocked as "1,1;8,8" or an array of squares; closed as true/false (or
// the core's text: "1", "0", "true", "false"); method as a name; order as a move order's name
// or "dx,dy;..." pairs. With with_method false method and order fields are refused (counting
// has neither). also_fields: the caller's own fields, read (and removed) before this call, named
// in the message for an unknown field (", counter, memoryLimit"). "" or the message.
std::string read_request(emscripten::val o, RequestText& out, bool with_method = true,
                         const char* also_fields = "");

// The optional timeLimit field of a problem object (seconds, > 0, at most a year): the search
// then stops with status running ("stopped") once that much time has passed since configure.
// 0 when absent. "" or the message.
std::string read_time_limit(emscripten::val o, double& seconds);

// configure(rows, cols, start, method): the same conversions, every argument required.
std::string read_request_args(emscripten::val rows, emscripten::val cols, emscripten::val start,
                              emscripten::val method, RequestText& out);

// A whole JS number as int64 (clamped far beyond any board), nullopt for anything else.
std::optional<std::int64_t> whole_number(emscripten::val v);
// A count of at least `least`: a whole number (huge ones and Infinity saturate) or its decimal
// text, as the CLI reads it. "" and `out` set, or "<field>: ..." naming what was given.
std::string read_count(emscripten::val v, std::string_view field, std::uint64_t least,
                       std::uint64_t& out);
// A short, safe description of any JS value for messages (calls no user code).
std::string describe(emscripten::val v);

}  // namespace kt::web
