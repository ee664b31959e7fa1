// The programs a course teaches from, as data: each listing's text, the machine line
// (try_move.hpp) each of its lines runs, and its local variables read from the machine's
// frames. One machine drives every listing that shares its semantics: Sutcliffe's Modula-2
// TryMove, Wirth 3.4's try(i, x, y, q), the handout's Try(k, x, y) and the project's Python,
// Java and C renditions run TryMove's loop; the recursive pseudocode's Move(x, y, m) runs its
// own calls (Semantics::move_calls), and the handout's Try_All(k, x, y), which displays every
// tour, its own loop (Semantics::try_all).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "teaching/try_move.hpp"

namespace kt {

// The listings by name: "sutcliffe", "wirth", "pseudocode", "handout", "handout-all", "python",
// "java", "c".
std::span<const std::string_view> listing_names();
// The names as messages say them: "sutcliffe, wirth, ..., java or c".
std::string listing_names_said();

struct ListingLine {
  ListingLine(std::string t, int p = -1, int k = 0) : text(std::move(t)), point(p), candidate(k) {}
  std::string text;
  int point = -1;     // the Line it runs, or -1 for lines that are never the current one
  int candidate = 0;  // for the pseudocode's eight calls: the k (1..8) it makes; 0 any
};

// A local variable as a listing names it, and what it reads from a frame.
enum class Var : std::uint8_t {
  move,     // the move number the call writes (moveNumber, i, k, move)
  m,        // the pseudocode's m: move - 1
  x,        // the call's square, numbered from the listing's origin
  y,        //
  k,        // the candidate counter, 1..8 (0 before the first; Try_All's d ends at 9)
  k0,       // the candidate index of a for loop from 0 (-1 before the first)
  u,        // the candidate's square (unset before the first)
  v,        //
  ok,       // TryMove's shared moveOK (VAR parameter), the handout's success
  q1,       // Wirth's local q1: false until the recursive call or the full board sets it
  result,   // the pseudocode's local result (unset before `result := false`)
  success,  // the handout's attribute: a tour has been completed
};

struct LocalSpec {
  std::string_view name;
  Var var;
};

struct Listing {
  std::string_view name;   // "wirth"
  std::string_view title;  // "Wirth 3.4: try(i, x, y, q)"
  std::string_view note;   // said beside the listing: where it runs other than printed
  Semantics semantics = Semantics::try_move;
  const MoveOrder* order = nullptr;  // the order its text prints, if it has one
  int origin = 1;                    // squares numbered from 1 (the page's) or 0
  std::vector<ListingLine> lines;
  std::vector<LocalSpec> locals;
};

// The listing, its calls written out for `order` where the text names the jumps (the
// pseudocode's eight Move lines); nullopt for an unknown name.
std::optional<Listing> make_listing(std::string_view name, const MoveOrder& order);

// The listing lines (0-based) that run next: every line of the current statement; empty once
// the outermost call has returned.
std::vector<int> current_lines(const Listing& listing, const TryMoveMachine& m);
// The first of them, or -1.
int current_line(const Listing& listing, const TryMoveMachine& m);

// Breakpoints on listing lines (0-based) as the machine's mask (TryMoveMachine::at_break).
std::uint32_t breakpoint_mask(const Listing& listing, std::span<const int> lines);

struct Local {
  std::string_view name;
  enum class Kind : std::uint8_t { number, boolean, unset } kind = Kind::unset;
  int value = 0;
};
// The locals of frames()[frame] as the listing names them.
std::vector<Local> frame_locals(const Listing& listing, const TryMoveMachine& m, std::size_t frame);
// "i=5 x=3 y=2 k=4 u=5 v=3 q1=false" ("?" for unset values).
std::string format_locals(std::span<const Local> locals);
// The call as the listing writes it: "try(5, 3, 2)", "Move(0, 2, 4)".
std::string format_call(const Listing& listing, const TryMoveMachine& m, std::size_t frame);

// One plain sentence on the line that runs next, in the listing's numbering of squares:
// "Try candidate 3 of 8 from (2,3).", "(4,5) is free: write move 6 on it.", ...
std::string narrate(const Listing& listing, const TryMoveMachine& m);

}  // namespace kt
