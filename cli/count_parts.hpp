// knights count --parts, --part K, --sum FILES: all the open tours of a board as independent
// counts between two fixed ends (core/counting/open_parts.hpp), listed as command lines for any
// engine that runs commands (xargs -P, GNU parallel, a Slurm job array), and their JSON
// results added into the whole.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/problem.hpp"
#include "counting/open_parts.hpp"
#include "formats/json_line.hpp"

namespace kt::cli {

// --parts: the command line of every part on stdout (text), its forecast on stderr; JSON: one
// object with both. `threads`: the threads a part runs on here (for the forecast of the time).
int print_parts(const Problem& whole, const std::string& format, int threads);

// The fields a part's JSON result carries beside the count, that --sum checks.
Json part_fields(const OpenPartsPlan& plan, int part);

// --sum FILES: the whole count from the parts' JSON results, or a one-line refusal naming the
// file (another plan, a part twice, a part missing, a part not finished).
int sum_parts(const std::vector<std::string>& files, const std::string& format);

}  // namespace kt::cli
