// The page's URL parameters (location.search) read into settings, and settings written back as
// the canonical query string for history.replaceState and "Copy link". The page's own settings,
// with no ImGui or browser dependency, so the page's JS glue calls it through Embind and the
// tests and fuzzer run it natively. The board fields go through kt::parse_request like every
// other input, with the page's limits (page_limits.hpp).
//
// A link is never refused: whatever cannot be used is left at its default and reported in
// `ignored`, one message per parameter, "<key>=<excerpt of value>: <why>", so that a link typed
// by hand, truncated by a mail client or edited by a student still opens a working page.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "board/request.hpp"
#include "page_limits.hpp"

namespace kt {

// The page's defaults when a link names no board: 5x5 from (1,1), as the explorer starts. An empty
// start is make_problem's default, (1,1) for open tours (the first free square for closed ones).
inline constexpr std::string_view kPageDefaultRows = "5";
inline constexpr std::string_view kPageDefaultCols = "5";

// Steps per second a link may ask for.
inline constexpr double kPageMinSpeed = 0.5;
inline constexpr double kPageMaxSpeed = 1e9;
// "steps": run this many, then pause.
inline constexpr std::uint64_t kPageMaxSteps = 1'000'000'000'000;
// Longer values are ignored unread: no legitimate setting needs more, and they are not copied.
inline constexpr std::size_t kPageMaxValueBytes = 4096;
// At most this many messages; one more line counts the rest, so a hostile link costs little.
inline constexpr std::size_t kPageMaxMessages = 16;

inline RequestText page_default_request() {
  RequestText t;
  t.rows = kPageDefaultRows;
  t.cols = kPageDefaultCols;
  return t;
}

// The panels a link may open, in the order `views` is kept in.
inline constexpr std::string_view kPageViews[] = {"stack", "code", "tree", "estimate"};

// What a click on the board does (ui::Mode) and the recursion's steps (kt::Granularity), by
// name.
inline constexpr std::string_view kPageModes[] = {"watch", "predict", "play"};
inline constexpr std::string_view kPageGranularities[] = {"line", "move", "dead-end", "tour"};
// The code pane's font scale a link may ask for, and the page's layouts by name.
inline constexpr double kPageMinCodeScale = 0.75;
inline constexpr double kPageMaxCodeScale = 3;
inline constexpr std::string_view kPageLayouts[] = {"", "projector"};
// The recursion's line a link may restore ("step"), and the tour in the search's order ("tour").
inline constexpr std::uint64_t kPageMaxLine = kPageMaxSteps;
inline constexpr std::uint64_t kPageMaxTour = 1'000'000;

struct PageQuery {
  // Board, start, end, blocked squares, closed, method, move order, leaper and wrap as text.
  // After parse_page_query: rows and cols as plain decimals (a size is read into both), closed
  // "1" or "", method a name from kMethods, leaper "a,b" and wrap a name, each "" for the
  // knight on a plain board; start, end, blocked and order as given.
  RequestText request = page_default_request();
  double speed = 0;         // steps per second, kPageMinSpeed..kPageMaxSpeed; 0: the page's own
  bool run = false;         // start running on load
  std::uint64_t steps = 0;  // run this many steps, then pause; 0: no such stop
  bool embed = false;       // the page inside another page: board only, no panel chrome
  std::string theme;        // "", "light" or "dark"
  std::vector<std::string> views;  // names from kPageViews, each once, in kPageViews' order
  // The exact position a link keeps: embed=0 (the full explorer even in a small frame), the
  // board's mode (kPageModes, "" the page's own), the recursion's granularity
  // (kPageGranularities) and the line its run stands on (0: the start), and the tour shown.
  bool embed_off = false;
  std::string mode;
  std::string granularity;
  std::uint64_t step = 0;
  std::uint64_t tour = 0;
  std::string listing;  // the teaching run's listing ("wirth"); "" the method's own
  // A lesson (web/lessons/): its slide by number in the page's own lesson ("3"), or a lesson
  // file served beside the page ("warnsdorff.json", "course/lesson-2.json#4" for its slide 4).
  std::string lesson;
  // The code pane's font scale (kPageMinCodeScale..kPageMaxCodeScale; 0: the page's own, 1), and
  // the layout: "" the explorer's own, "projector" the board and the recursion's views for a
  // room (the embed layout with the code and the stack, the code at 24 px or more).
  double code = 0;
  std::string layout;
  std::vector<std::string> ignored;  // one message per parameter left out
};

// Reads `query` as location.search gives it (a leading '?' is optional): '&'-separated
// key=value pairs, percent-escapes decoded and '+' read as a space.
//  - keys: size, rows, cols, start, end, blocked (x,y;x,y or a1 h8), closed (1/0), method,
//    order, leaper (a,b or a name: 1,3, camel), wrap (none, cylinder or torus), speed (a decimal
//    such as 2 or 0.5; digits beyond 6 decimals are rounded away), run (1/0), steps
//    (1..kPageMaxSteps), embed (1/0; 0 sets embed_off), theme (light/dark), views (a comma list),
//    mode (watch/predict/play), granularity (line/move/dead-end/tour), step (1..kPageMaxLine), tour
//    (1..kPageMaxTour), listing (a listing's name, checked by the page), code (a decimal
//    kPageMinCodeScale..kPageMaxCodeScale), layout (projector), lesson (a slide number 1..99, or a
//    relative path of letters, digits and - _ . / ending in .json, with an optional #N: the same
//    origin, never another site's)
//  - a repeated key: the last one counts, as if the earlier ones were not there
//  - an empty value ("end=") is that key's default; a key with no '=' is ignored
//  - unknown keys, unknown view names, bad %-escapes, values over kPageMaxValueBytes and values
//    that do not parse are ignored with a message
// Then the problem as a whole goes through parse_request with `limits`: while it is refused,
// the field its message names goes back to its default (a start that is blocked, then the
// blocked squares that block the default start, ...) with a message, so what is returned parses
// whenever the defaults fit `limits`. Never throws for any bytes; allocates at most a few times
// kPageMaxValueBytes besides what parse_request needs for a board within `limits`.
PageQuery parse_page_query(std::string_view query, const RequestLimits& limits = ui::kPageLimits);

// The canonical query string: "" when every setting is the default, else '?' and the settings
// that differ from PageQuery{} in a fixed key order, percent-encoded where needed (',' and ';'
// kept, for readable squares). parse_page_query(to_page_query(q)) has the same settings as q
// for every q parse_page_query returns. A speed is written to 6 decimals; a speed outside
// kPageMinSpeed..kPageMaxSpeed, a theme and views not in the lists are left out.
std::string to_page_query(const PageQuery& q);

// Whether a and b ask for the same page (everything but `ignored`).
bool same_settings(const PageQuery& a, const PageQuery& b);

}  // namespace kt
