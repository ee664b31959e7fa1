#include "shown_board.hpp"

#include "explorer_state.hpp"
#include "formats/svg.hpp"

#include <algorithm>

namespace kt::ui {

std::vector<std::int32_t> path_of(std::span<const std::int32_t> board) {
  std::vector<std::int32_t> path(board.size(), -1);
  std::size_t n = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const std::int32_t v = board[i];
    if (v > 0 && static_cast<std::size_t>(v) <= board.size()) {
      path[static_cast<std::size_t>(v) - 1] = static_cast<std::int32_t>(i);
      n = std::max(n, static_cast<std::size_t>(v));
    }
  }
  path.resize(n);
  return path;
}

bool recursion_on_board(const ExplorerState& s) {
  const TeachingRun& t = s.teach;
  if (!t.timeline || t.built_for != s.run.generation) return false;
  return s.mode == Mode::predict || recursion_is_run(s);
}

std::string shown_kind(const ExplorerState& s) {
  if (!s.run.solver) return {};
  if (s.mode == Mode::play && s.play.available && s.play.built_for == s.run.generation) {
    return "play";
  }
  if (recursion_on_board(s)) return "recursion";
  if (shown_tour(s)) return "tour";
  return "search";
}

std::optional<ShownBoard> shown_board(const ExplorerState& s) {
  const Solver* solver = s.run.solver.get();
  if (!solver) return std::nullopt;
  const std::string kind = shown_kind(s);
  ShownBoard out;
  Report& r = out.report;
  const Problem& p = solver->problem();
  out.geometry = p.geometry;
  r.geometry = p.geometry;
  r.start = p.start ? *p.start : Square{1, 1};
  r.method = solver->answered_by();
  r.closed = p.closed;
  r.piece = p.piece;  // whose jumps the exports' path joins
  if (kind == "play") {
    out.shows = "play";
    out.board = s.play.board;
    out.path = s.play.path;
    r.method = "by hand";
    r.status = s.play.verdict && s.play.verdict->ok ? "found" : "running";
    if (s.play.verdict) r.verified = s.play.verdict->ok;
    if (!out.path.empty()) r.start = out.geometry.square(out.path.front());
    r.counters.placed = out.path.empty() ? 0 : out.path.size() - 1;
  } else if (kind == "recursion") {
    const TryMoveMachine& m = s.teach.timeline->machine();
    out.shows = "recursion";
    out.board = m.board();
    out.path = path_of(out.board);
    r.status = to_string(m.status());
    r.counters.placed = m.placed();
    r.counters.erased = m.erased();
  } else if (kind == "tour") {
    out.shows = "tour";
    out.board = *shown_tour(s);
    out.path = path_of(out.board);
    r.status = "found";
    r.verified = true;
  } else {
    out.shows = "search";
    const auto b = solver->board();
    const auto pa = solver->path();
    out.board.assign(b.begin(), b.end());
    out.path.assign(pa.begin(), pa.end());
    r = make_report(*solver, false);
    r.method = solver->answered_by();
  }
  r.board = out.board;
  r.path = out.path;
  return out;
}

std::string shown_text(const ExplorerState& s) {
  const auto b = shown_board(s);
  return b ? board_text(b->geometry, b->board) : "";
}

Json shown_extra(const ExplorerState& s, const std::string& shows) {
  Json j;
  j["shows"] = shows;
  if (shows == "recursion") j["line"] = s.teach.timeline->machine().lines();
  return j;
}

std::string shown_json(const ExplorerState& s) {
  const auto b = shown_board(s);
  if (!b) return {};
  Json j = report_json(b->report);
  const Json extra = shown_extra(s, b->shows);
  for (const auto& [key, value] : extra.items()) j[key] = value;
  return json_line(j);
}

std::string shown_svg(const ExplorerState& s, bool dark) {
  const auto b = shown_board(s);
  if (!b || !check_svg_size(b->geometry).empty()) return {};
  SvgOptions o;
  o.theme = dark ? SvgTheme::dark : SvgTheme::light;
  o.closed = b->report.closed && b->report.status == std::string_view("found");
  o.title = b->shows == "play" ? "Knight's tour by hand" : "Knight's tour";
  o.piece = b->report.piece;
  return board_svg(b->geometry, b->board, o);
}

}  // namespace kt::ui
