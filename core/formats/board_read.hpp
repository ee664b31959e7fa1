// The board readers: text (as `knights solve` and the textbook's run logs print boards) and JSON
// (`knights solve --format json`, or a bare array of rows). They feed the independent verifier,
// so they read exactly what is written or refuse it: numbers are never clamped, wrapped or
// guessed, and the board's size is checked against check_geometry before anything is allocated
// for it. Failure reasons are one line and echo the input only through excerpt(), so control
// bytes, NUL, ESC and a stray UTF-8 byte-order mark are never printed raw.
//
// Both readers fill `g` and `board` (move numbers by Geometry::index, -1 for blocked squares)
// only on success, and return an empty string; else a one-line reason. They skip one UTF-8
// byte-order mark at the very start (editors on Windows add it); anywhere else it is an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"

namespace kt {

// Larger inputs are refused unread: no board worth verifying needs more, and the readers and
// the verifier use a few bytes of memory per input byte.
inline constexpr std::size_t kMaxBoardInputBytes = std::size_t{256} << 20;

// Rows of whitespace- (or comma-) separated tokens, top row (y = rows) first. A token is a move
// number (decimal digits, 0..kMaxSquares; 0 and numbers above the square count are read and
// left for the verifier to reject) or "." for a blocked square; no fixed column widths. Lines
// with no digit and no "." token, such as "path found!" or blank lines, are skipped; any other
// line is a row, and every row must hold as many squares as the first.
std::string parse_board_text(std::string_view text, Geometry& g, std::vector<std::int32_t>& board);

// An object whose "board" member is the rows, or the rows alone: an array of arrays of
// integers, top row first, -1 for a blocked square. Other negative numbers, fractions (1.0
// too), numbers above kMaxSquares, strings and the like are refused. Other members of the
// object (status, path, ...) are only checked to be valid JSON.
std::string parse_board_json(std::string_view text, Geometry& g, std::vector<std::int32_t>& board);

// JSON when the first byte after blanks (and a byte-order mark) is '{' or '[', else text.
std::string parse_board(std::string_view text, Geometry& g, std::vector<std::int32_t>& board);

}  // namespace kt
