// The textbook's recursion in words, for the page's screen-reader announcements: what the last
// step of a TryMoveMachine (core/teaching/try_move.hpp) did, said as the call stack and the
// listing would, e.g. "TryMove(13, d1): candidate 7 of 8, (5,3) visited; next".
#pragma once

#include <string>

#include "teaching/listing.hpp"
#include "teaching/try_move.hpp"

namespace kt::ui {

// The innermost call and its candidate after the last step: a move placed or taken back (move
// and dead-end steps end there), a candidate off the board, visited or free, the search's end.
// "" before the first line has run.
// Said in the listing's own terms: its call ("try(2, 1, 1)", "try_move(2, 0, 0)") and its
// numbering of squares, the same as its locals and stack.
std::string recursion_words(const TryMoveMachine& m, const Listing& listing);

}  // namespace kt::ui
