#include "play_mode.hpp"

#include <algorithm>

#include "banner.hpp"
#include "board/knight.hpp"
#include "explorer_state.hpp"
#include "predict_mode.hpp"
#include "shown_board.hpp"
#include "solve/solver.hpp"

namespace kt::ui {

namespace {

bool large_squares(Geometry g) { return g.rows > 30 || g.cols > 30; }

// The free squares the piece on `from` can jump to on `board` (0: free).
std::vector<std::int32_t> free_jumps(Geometry g, const std::vector<std::int32_t>& board,
                                     std::int32_t from, const Piece& piece) {
  std::vector<std::int32_t> out;
  for_each_move(g, piece, from, [&](int to) {
    if (board[static_cast<std::size_t>(to)] == 0) out.push_back(to);
  });
  return out;
}

void new_game(ExplorerState& s) {
  PlayGame& p = s.play;
  p = PlayGame{};
  p.built_for = s.run.generation;
  const Solver* solver = s.run.solver.get();
  if (!solver) {
    p.why_not = "the problem is refused: " + s.error;
    return;
  }
  if (large_squares(solver->problem().geometry)) {
    p.why_not = "play by hand takes boards of up to 30x30";
    return;
  }
  p.available = true;
  p.problem = solver->problem();
  const Geometry g = p.problem.geometry;
  p.board.assign(static_cast<std::size_t>(g.size()), 0);
  for (int i = 0; i < g.size(); ++i) {
    if (p.problem.is_blocked(i)) p.board[static_cast<std::size_t>(i)] = kBlocked;
  }
  if (p.problem.start) {
    const std::int32_t start = g.index(*p.problem.start);
    p.path.push_back(start);
    p.board[static_cast<std::size_t>(start)] = 1;
  }
  p.message = "Click a square a knight's jump away; the numbers count your moves.";
}

std::string name(Geometry g, std::int32_t index) {
  return "(" + format_square(g.square(index)) + ")";
}

// After a move or an undo: the verdict when the board is full, else whether it can still be.
void judge(PlayGame& p) {
  p.verdict.reset();
  p.finishable = Finishable::unknown;
  if (p.path.empty()) return;
  if (play_done(p)) {
    p.verdict = verify_board(p.problem.geometry, p.board, p.problem.closed, p.problem.piece);
    p.finishable = Finishable::yes;
    return;
  }
  p.finishable = check_finishable(p.problem, p.path);
}

}  // namespace

const char* to_string(Mode m) {
  switch (m) {
    case Mode::watch:
      return "watch";
    case Mode::predict:
      return "predict";
    case Mode::play:
      return "play";
  }
  return "?";
}

std::optional<Mode> parse_mode(std::string_view name) {
  for (const Mode m : {Mode::watch, Mode::predict, Mode::play}) {
    if (name == to_string(m)) return m;
  }
  return std::nullopt;
}

const char* to_string(Finishable f) {
  switch (f) {
    case Finishable::unknown:
      return "unknown";
    case Finishable::yes:
      return "yes";
    case Finishable::no:
      return "no";
  }
  return "?";
}

Finishable check_finishable(const Problem& problem, const std::vector<std::int32_t>& path,
                            std::uint64_t max_steps) {
  const Geometry g = problem.geometry;
  if (path.empty() || g.size() > kPlayCheckSquares) return Finishable::unknown;
  // The rest of the tour is an open tour from the knight's square over the squares not yet
  // visited: the visited ones are blocked for it.
  Problem rest;
  rest.geometry = g;
  rest.piece = problem.piece;
  rest.blocked.assign(static_cast<std::size_t>(g.size()), 0);
  for (int i = 0; i < g.size(); ++i)
    rest.blocked[static_cast<std::size_t>(i)] = problem.is_blocked(i);
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    rest.blocked[static_cast<std::size_t>(path[i])] = 1;
  rest.start = g.square(path.back());
  Solver solver(std::move(rest), Method::warnsdorff);
  switch (solver.run(max_steps)) {
    case Status::found:
      return Finishable::yes;
    case Status::none:
      return Finishable::no;
    case Status::running:
      break;
  }
  return Finishable::unknown;
}

std::string set_mode(ExplorerState& s, Mode m) {
  if (m == Mode::predict && !teaching_available(s)) return "predict: " + s.teach.why_not;
  if (m == Mode::play && !play_available(s)) return "play: " + s.play.why_not;
  if (recursion_is_run(s)) pause(s);  // the exercises step the recursion themselves
  s.teach.playing = false;
  s.mode = m;
  return {};
}

void sync_play(ExplorerState& s) {
  if (s.play.built_for != s.run.generation) new_game(s);
}

void sync_mode(ExplorerState& s) {
  if (s.mode == Mode::play) sync_play(s);
  if (s.mode == Mode::predict) sync_teaching(s);
}

bool play_available(ExplorerState& s) {
  sync_play(s);
  return s.play.available;
}

bool play_done(const PlayGame& g) {
  return g.available && !g.path.empty() &&
         static_cast<int>(g.path.size()) == g.problem.free_squares();
}

bool play_dead(const PlayGame& g) {
  return g.available && !play_done(g) && !g.path.empty() &&
         (g.finishable == Finishable::no ||
          free_jumps(g.problem.geometry, g.board, g.path.back(), g.problem.piece).empty());
}

std::vector<Square> play_legal(ExplorerState& s) {
  std::vector<Square> out;
  if (!play_available(s)) return out;
  const PlayGame& p = s.play;
  const Geometry g = p.problem.geometry;
  if (p.path.empty()) {
    for (int i = 0; i < g.size(); ++i) {
      if (p.board[static_cast<std::size_t>(i)] == 0) out.push_back(g.square(i));
    }
    return out;
  }
  for (const std::int32_t to : free_jumps(g, p.board, p.path.back(), p.problem.piece))
    out.push_back(g.square(to));
  return out;
}

bool play_click(ExplorerState& s, Square sq) {
  if (!play_available(s)) return false;
  PlayGame& p = s.play;
  const Geometry g = p.problem.geometry;
  if (!g.contains(sq)) {
    p.message = "(" + format_square(sq) + ") is off the board.";
    return false;
  }
  const std::int32_t to = g.index(sq);
  const std::int32_t here = p.board[static_cast<std::size_t>(to)];
  if (here == kBlocked) {
    p.message = name(g, to) + " is blocked.";
    return false;
  }
  if (here > 0) {
    p.message = name(g, to) + " was visited at move " + std::to_string(here) + ".";
    return false;
  }
  if (!p.path.empty()) {
    const Square from = g.square(p.path.back());
    if (direction_between(g, p.problem.piece, from, sq) == kNoJump) {
      const std::string jump = p.problem.piece.is_knight()
                                   ? "a knight's jump"
                                   : "a jump of the " + describe_leaper(p.problem.piece.leaper);
      p.message = name(g, to) + " is not " + jump + " from " + name(g, p.path.back()) + ".";
      return false;
    }
  }
  p.hint.reset();
  p.path.push_back(to);
  p.board[static_cast<std::size_t>(to)] = static_cast<std::int32_t>(p.path.size());
  judge(p);
  p.message = "Move " + std::to_string(p.path.size()) + " to " + name(g, to) + ".";
  return true;
}

bool play_undo(ExplorerState& s) {
  if (!play_available(s) || s.play.path.empty()) return false;
  PlayGame& p = s.play;
  p.hint.reset();
  p.board[static_cast<std::size_t>(p.path.back())] = 0;
  p.path.pop_back();
  judge(p);
  p.message = p.path.empty() ? "Click any free square to start there."
                             : "Move " + std::to_string(p.path.size() + 1) + " taken back.";
  return true;
}

void play_restart(ExplorerState& s) {
  s.play.built_for = ~std::uint64_t{0};
  sync_play(s);
}

std::optional<Square> play_hint(ExplorerState& s) {
  if (!play_available(s) || s.play.path.empty()) return std::nullopt;
  PlayGame& p = s.play;
  const Geometry g = p.problem.geometry;
  std::optional<std::int32_t> best;
  std::size_t fewest = 9;
  for (const std::int32_t to : free_jumps(g, p.board, p.path.back(), p.problem.piece)) {
    // Onward moves from `to` once the knight stands there (its own square is then taken).
    const std::size_t onward = free_jumps(g, p.board, to, p.problem.piece).size();
    if (onward < fewest) {
      fewest = onward;
      best = to;
    }
  }
  if (!best) return std::nullopt;
  s.play.hint = g.square(*best);
  return s.play.hint;
}

bool watch_from_play_start(ExplorerState& s) {
  if (!play_available(s) || s.play.path.empty()) return false;
  const Square start = s.play.problem.geometry.square(s.play.path.front());
  s.mode = Mode::watch;
  set_field(s, Field::start, format_square(start));
  return true;
}

namespace {

ModeBanner play_banner(const ExplorerState& s) {
  const PlayGame& p = s.play;
  if (!p.available) return {"Play by hand", p.why_not, Tone::warning};
  const Geometry g = p.problem.geometry;
  const std::string of = std::to_string(p.path.size()) + " of " +
                         std::to_string(p.problem.free_squares()) + " squares";
  if (p.path.empty()) return {"Play by hand: pick a start", p.message, Tone::neutral};
  if (p.verdict && p.verdict->ok) {
    return {"Your tour is complete, verified \xE2\x9C\x93",
            of + " \xC2\xB7 " + (p.verdict->closed ? "closed" : "open") +
                " tour \xC2\xB7 Watch the search from this start",
            Tone::found};
  }
  if (p.verdict) return {"Your path is not a tour", p.verdict->reason, Tone::failed};
  const std::string at = name(g, p.path.back());
  if (play_dead(p)) {
    const bool stuck = free_jumps(g, p.board, p.path.back(), p.problem.piece).empty();
    return {stuck ? "Stuck on " + at + ": no move left" : "No tour can be finished from here",
            of + (stuck ? "" : " \xC2\xB7 an exact search tried every way on from " + at) +
                " \xC2\xB7 Undo to take moves back",
            Tone::failed};
  }
  return {"Play by hand: " + of, p.message + " \xC2\xB7 Hint shows Warnsdorff's choice",
          Tone::neutral};
}

ModeBanner predict_banner(const ExplorerState& s) {
  if (!s.teach.timeline || s.teach.built_for != s.run.generation) {
    return {"Predict the next move", s.teach.why_not, Tone::warning};
  }
  const TryMoveMachine& m = s.teach.timeline->machine();
  if (m.status() != Status::running) {
    const bool complete = m.status() == Status::found && m.semantics() != Semantics::try_all;
    return {complete ? "Predict: the tour is complete" : "Predict: the search has ended",
            predict_prompt(s), Tone::found};
  }
  // One sentence and the picture: the answer in the title, the reason's last clause below it
  // (the whole reason is in the JS API's predict() and said to screen readers).
  const std::vector<std::int32_t> path = path_of(m.board());
  const auto& last = s.predict.last;
  std::string title = "Predict: where does the search go next?";
  if (last) {
    title = std::string(last->right ? "Right: " : "Not quite: ") + "move " +
            std::to_string(last->move) + " went to " +
            name(m.geometry(), m.geometry().index(last->answer));
  }
  std::string detail = "Score " + std::to_string(s.predict.right) + " of " +
                       std::to_string(s.predict.asked) + kDot + "the knight is on " +
                       name(m.geometry(), path.back()) + ": click where move " +
                       std::to_string(path.size() + 1) + " goes";
  if (last) {
    const std::string& why = last->why;
    const std::size_t cut = why.rfind(". ", why.size() > 2 ? why.size() - 2 : 0);
    detail += "\n" + (cut == std::string::npos ? why : why.substr(cut + 2));
  }
  return {title, detail, last && !last->right ? Tone::failed : Tone::neutral};
}

}  // namespace

std::optional<ModeBanner> mode_banner(const ExplorerState& s) {
  switch (s.mode) {
    case Mode::watch:
      return std::nullopt;
    case Mode::predict:
      return predict_banner(s);
    case Mode::play:
      if (s.play.built_for != s.run.generation)
        return ModeBanner{"Play by hand", "", Tone::neutral};
      return play_banner(s);
  }
  return std::nullopt;
}

}  // namespace kt::ui
