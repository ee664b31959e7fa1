// The board as it stands on screen, whichever run it shows: the game played by hand, the
// recursion's run (while it is watched or predicted), a kept tour browsed back to, or the
// engine's run. Exports (text, SVG, PNG, JSON) and the page's readers take this one, so that
// what is saved is what is seen.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "solve/report.hpp"

namespace kt::ui {

struct ExplorerState;

// Whether the board shows the recursion's run rather than the engine's: predicting, or the
// recursion has started while the engine run is idle.
bool recursion_on_board(const ExplorerState& s);

// The squares of a move-number board in move order (up to the highest number written).
std::vector<std::int32_t> path_of(std::span<const std::int32_t> board);

struct ShownBoard {
  std::string shows;  // "play", "recursion", "tour" or "search"
  Geometry geometry;
  std::vector<std::int32_t> board;  // move numbers by square index (0 free, kBlocked)
  std::vector<std::int32_t> path;   // square indices in move order
  Report report;                    // board and path point into the two above
};
// What the board shows: "play", "recursion", "tour" or "search" ("" without a board), without
// making its board (a huge construction's would take eight bytes a square).
std::string shown_kind(const ExplorerState& s);
// Nothing when there is no board (the problem is refused).
std::optional<ShownBoard> shown_board(const ExplorerState& s);

// The exports of the shown board: the textbook's text, the CLI's JSON (with "shows" and, for
// the recursion, its "line"), or an SVG picture ("" when the board is too large to draw).
std::string shown_text(const ExplorerState& s);
std::string shown_json(const ExplorerState& s);
// The fields the JSON adds after the report's: "shows" and, for the recursion, its "line".
Json shown_extra(const ExplorerState& s, const std::string& shows);
std::string shown_svg(const ExplorerState& s, bool dark);

}  // namespace kt::ui
