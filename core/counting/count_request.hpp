// The checks of a problem to count, once for every caller (the CLI's `knights count`, the JS
// API's Counter, the page's "Count tours"), and what the number counts, in words.
#pragma once

#include <string>

#include "board/problem.hpp"
#include "board/request.hpp"

namespace kt {

// The problem a count counts, from what a user gave: parse_request without a method or a move
// order (a count has neither, so a refused one cannot stop it), then the counters' own board
// checks (check_count_board). With text.start_optional (the CLI, the JS API), no start counts
// from every start. Every problem count.hpp's contract defines is taken, an end without a start
// included (the tours from every start that end there). "" and `out` set, or the message naming
// the field (`out` left alone). Which counter counts it, within what memory, is choose_counter's
// question.
std::string parse_count_request(RequestText text, Problem& out, const RequestLimits& limits = {});

// What the number counts, in words: "closed tours (each cycle once)", "directed open tours from
// (1,1) to (5,5)", "directed open tours from every start to (3,3)", "directed open tours (every
// start, each direction)".
std::string describe_count(const Problem& p);

}  // namespace kt
