// The piece that tours and the board's edges: an (a,b)-leaper (the knight is the (1,2)-leaper)
// on a board that may wrap round.
//
// - Leaper: a piece that jumps a squares one way and b the other, in any of the eight turns and
//   mirrors of (a, b); the names (camel (1,3), zebra (2,3), giraffe (1,4), ...) are fairy
//   chess's, as G. P. Jelliss's Knight's Tour Notes use them. It is kept with 0 <= a <= b:
//   (3,1) is (1,3).
// - Wrap: a cylinder joins the left and right edges (a jump leaving column cols comes back at
//   column 1); a torus joins the top and bottom edges too.
//
// Directions stay the knight's data format (knight.hpp): direction d of an (a,b)-leaper is the
// knight's direction d with every 1 read as a and every 2 as b, so (a, b) turned clockwise by d
// eighths when a < b. An (a,b)-leaper with 0 < a < b has eight distinct jumps, as the knight;
// (a,a) and (0,b) have four, and two directions then name one jump: direction_of() gives the
// lower number, and every walk visits each jump (each square, where wrapping folds jumps
// together) once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kt {

// Largest a or b accepted: a jump of more than this is a typing slip on any board we draw.
inline constexpr int kMaxLeap = 64;

struct Leaper {
  int a = 1;  // 0 <= a <= b
  int b = 2;  // 1 <= b <= kMaxLeap
  friend bool operator==(Leaper, Leaper) = default;
};

inline constexpr Leaper kKnight{1, 2};

enum class Wrap : std::uint8_t { none, cylinder, torus };

struct Piece {
  Leaper leaper = kKnight;
  Wrap wrap = Wrap::none;
  friend bool operator==(const Piece&, const Piece&) = default;

  bool is_knight() const { return leaper == kKnight; }
  // The knight on a plain board: the case every engine takes (the construction, counting by
  // rows and the bit-board kernels take it alone).
  bool is_plain_knight() const { return is_knight() && wrap == Wrap::none; }
  bool wraps_columns() const { return wrap != Wrap::none; }
  bool wraps_rows() const { return wrap == Wrap::torus; }
};

// The leaper a user named: "a,b" (in either order: "3,1" is the camel) or a name from
// leaper_name(). On failure nullopt and, if `error` is given, a reason (without the field).
std::optional<Leaper> parse_leaper(std::string_view text, std::string* error = nullptr);
// "1,3": as links and the CLI take it back.
std::string format_leaper(Leaper l);
// The leaper's common name ("camel"), or empty when it has none here.
std::string_view leaper_name(Leaper l);
// For messages: "knight", "camel (1,3)", "(2,5)-leaper".
std::string describe_leaper(Leaper l);

// Empty for the knight on a plain board; else why `what` (an engine: "the construction") does
// not take the piece, naming the field at fault ("leaper: the construction builds the
// knight's tours only").
std::string plain_knight_refusal(const Piece& piece, std::string_view what);

// "none", "cylinder" or "torus".
std::optional<Wrap> parse_wrap(std::string_view text, std::string* error = nullptr);
const char* to_string(Wrap w);

// Whether the leaper's jumps always change the square's colour (a + b odd) or never do
// (a + b even) on the chessboard colouring; wrapping across an edge of odd length breaks both
// rules, since the colours then do not alternate round the seam.
enum class ColourRule : std::uint8_t { alternates, keeps, none };
ColourRule colour_rule(const Piece& piece, int rows, int cols);

}  // namespace kt
