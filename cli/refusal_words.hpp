// The CLI's words for the core's refusals (kt::Refusal): the reason, and its remedy with the
// flags that take it.
#pragma once

#include <string>

#include "board/refusal.hpp"

namespace kt::cli {

std::string words(const Refusal& refusal);

}  // namespace kt::cli
