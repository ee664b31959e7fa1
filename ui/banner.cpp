#include "banner.hpp"

#include <algorithm>
#include <cstdio>

#include "search_readout.hpp"
#include "shown_board.hpp"
#include "teaching/listing.hpp"

namespace kt::ui {

std::string percent(double fraction) {
  const double p = 100 * std::clamp(fraction, 0.0, 1.0);
  char text[32];
  std::snprintf(text, sizeof text, p > 0 && p < 1 ? "%.3f%%" : "%.1f%%", p);  // 7x7 creeps
  return text;
}

std::string method_name(const Solver& s) {
  if (s.method() == Method::automatic) return "auto (theory settled it)";
  if (s.requested() == Method::automatic) return std::string("auto: ") + s.answered_by();
  return s.answered_by();
}

namespace {

// "c3 (3,3)" on boards with lettered files, else "(3,3)".
std::string square_name(Square sq, const Geometry& g) {
  std::string name = "(" + format_square(sq) + ")";
  if (g.cols <= 26)
    name = std::string(1, static_cast<char>('a' + sq.x - 1)) + std::to_string(sq.y) + " " + name;
  return name;
}

// Where the run stands: the construction's blocks, or the search's move and steps.
std::string progress_words(const Solver& solver, const std::string& steps) {
  const Construction* c = solver.construction();
  return c ? "block " + with_commas(c->blocks_done()) + " of " + with_commas(c->blocks_total()) +
                 kDot +
                 percent(c->blocks_total() ? double(c->blocks_done()) / c->blocks_total() : 0)
           : "move " + with_commas(static_cast<std::uint64_t>(solver.depth() + 1)) + " of " +
                 with_commas(static_cast<std::uint64_t>(solver.problem().free_squares())) + kDot +
                 steps;
}

// A search gone on off the page's thread: its steps there, as its news tell them, and its move:
// the board's, where its state comes back to draw (search_elsewhere.hpp), else the news'.
std::string search_there_words(const ElsewhereSearch& there, const Solver& solver) {
  const Counters k = there.counters();
  const std::uint64_t n = k.placed + k.erased;
  const int depth =
      solver.problem().geometry.size() <= kSearchSnapshotSquares ? solver.depth() : there.depth();
  return "move " + with_commas(static_cast<std::uint64_t>(depth + 1)) + " of " +
         with_commas(static_cast<std::uint64_t>(solver.problem().free_squares())) + kDot +
         with_commas(n) + (n == 1 ? " step" : " steps") + kDot + "in the background";
}

// (Through a pointer no optimiser sees through: see explorer_state.cpp.)
static std::string (*volatile search_there_words_call)(const ElsewhereSearch&,
                                                       const Solver&) = search_there_words;

// A count running while the run waits: said, so that "Ready" is not read as the page idle.
void counting_words(BannerText& b) {
  b.detail += "\nA count is running: Count tours shows how far it has come";
}
static void (*volatile counting_words_call)(BannerText&) = counting_words;

// Before a run: ready, theory's no, or the recursion's run that the board shows instead.
BannerText idle_words(const ExplorerState& s, const std::string& method) {
  const Solver& solver = *s.run.solver;
  BannerText b{
      "Ready",
      "Press Run, or click a square to set the " + std::string(to_string(s.view.click_mode)),
      Tone::neutral};
  if (solver.theory().answer == Answer::none) {
    b.detail = "Theory says no tour (" + solver.theory().reason + "); the " + method +
               " search will try every possibility anyway";
  }
  if (recursion_is_run(s)) {
    b.detail = "Press Run to watch " + std::string(s.teach.listing->title) +
               " line by line, or Step through it; click a square to set the " +
               to_string(s.view.click_mode);
  }
  return b;
}

// The recursion's place in the listing's own words: "line 1,204  ·  next: 7 UNTIL moveOK OR
// (count = 8);", and Try_All's tours displayed.
std::string recursion_place(const ExplorerState& s) {
  const TryMoveMachine& m = s.teach.timeline->machine();
  const Listing& l = *s.teach.listing;
  std::string out = "line " + with_commas(m.lines());
  if (const int i = current_line(l, m); i >= 0) {
    const std::string& text = l.lines[static_cast<std::size_t>(i)].text;
    const auto first = text.find_first_not_of(' ');
    out += kDot + std::string("next: ") + std::to_string(i + 1) + " " +
           (first == std::string::npos ? text : text.substr(first));
  }
  if (m.semantics() == Semantics::try_all) {
    out +=
        kDot + with_commas(m.tours()) + (m.tours() == 1 ? " tour displayed" : " tours displayed");
  }
  return out;
}

// What Step does next, in the granularity's words.
const char* step_words(Granularity g) {
  switch (g) {
    case Granularity::line:
      return "Step: one line";
    case Granularity::move:
      return "Step: one move placed or taken back";
    case Granularity::dead_end:
      return "Step: to the next dead end";
    case Granularity::tour:
      return "Step: to the tour";
  }
  return "";
}

// The search's own time and, when the run was watched, the time on screen.
std::string times(const Solver& solver, double on_screen) {
  char t[64];
  std::snprintf(t, sizeof t, "%.3f s", solver.counters().seconds);
  std::string out = t;
  if (on_screen >= 0.05) {
    std::snprintf(t, sizeof t, " of search, %.1f s on screen", on_screen);
    out += t;
  }
  return out;
}

// A tour found and verified: its squares, open or closed, the method, the work and the time.
BannerText verified_words(const Solver& solver, const Verdict& verdict, const std::string& method,
                          const std::string& steps, const BoardFacts& board, double on_screen) {
  const Construction* c = solver.construction();
  BannerText b;
  b.title =
      "Tour found: " + with_commas(static_cast<std::uint64_t>(solver.problem().free_squares())) +
      " squares, verified \xE2\x9C\x93";
  b.detail = std::string(verdict.closed ? "closed" : "open") + " tour" + kDot + method + kDot +
             (c ? with_commas(c->blocks_total()) + (c->blocks_total() == 1 ? " block" : " blocks")
                : steps);
  b.detail += kDot + times(solver, on_screen);
  if (board.colouring) {
    b.detail += std::string(kDot) + "colouring the order " +
                std::to_string(static_cast<int>(100 * *board.colouring)) + "%";
  }
  b.tone = Tone::found;
  return b;
}

// The run's end: no tour (and why), a tour being verified, verified, or refused by the verifier.
BannerText finished_words(const ExplorerState& s, const std::string& method,
                          const std::string& steps, const BoardFacts& board) {
  const SearchRun& r = s.run;
  const Solver& solver = *r.solver;
  const Problem& p = solver.problem();
  const std::string from = p.start && !p.closed ? " from (" + format_square(*p.start) + ")" : "";
  if (recursion_is_run(s) && s.teach.timeline->machine().semantics() == Semantics::try_all) {
    const std::uint64_t n = s.teach.timeline->machine().tours();
    return {"Try_All has tried everything: " + with_commas(n) +
                (n == 1 ? " tour displayed" : " tours displayed"),
            method + kDot + times(solver, r.seconds), n > 0 ? Tone::found : Tone::failed};
  }
  if (solver.status() == Status::none) {
    BannerText b{p.closed ? "No closed tour" : "No tour" + from, solver.reason(), Tone::failed};
    // The textbook's methods search even where theory already said no: say so too.
    if (engine(solver) == Engine::search && solver.theory().answer == Answer::none) {
      b.detail += kDot + std::string("the ") + to_string(solver.method()) +
                  " search tried every move sequence: " + steps;
    }
    return b;
  }
  if (!r.verdict) return {"Tour found: verifying...", method, Tone::found};
  if (r.verdict->ok) return verified_words(solver, *r.verdict, method, steps, board, r.seconds);
  return {"Tour reported, but verification failed", r.verdict->reason, Tone::failed};
}

// Every tour one by one: which one the board shows.
void tour_list_words(const ExplorerState& s, const std::string& method, BannerText& b) {
  const SearchRun& r = s.run;
  if (r.state != RunState::finished || !lists_tours(s) || s.tours.shown == 0) return;
  const auto total = tour_total(s);
  const std::string of = total ? " of " + with_commas(*total) : "";
  if (s.tours.exhausted && r.solver->status() == Status::none) {
    b.title = "All " + with_commas(s.tours.found) + " tours found";
    b.detail = "the search tried every possibility after the last one" + std::string(kDot) +
               "showing tour " + with_commas(s.tours.shown) + kDot + method;
    b.tone = Tone::found;
  } else if (shown_tour(s)) {
    b.title = "Tour " + with_commas(s.tours.shown) + of + ", verified \xE2\x9C\x93";
    b.detail = "in the search's order" + std::string(kDot) + method;
    b.tone = Tone::found;
  } else if (s.tours.found > 1 || total) {
    b.title = "Tour " + with_commas(s.tours.shown) + of + " found" +
              (r.verdict && r.verdict->ok ? ", verified \xE2\x9C\x93" : "");
  }
}

// A square picked on a board that holds a run: what it shows, and how to edit again.
void selected_words(const ExplorerState& s, const BoardFacts& board, BannerText& b) {
  if (!s.view.selected || !s.board.geometry) return;
  std::string what = square_name(*s.view.selected, *s.board.geometry);
  if (const auto move = board.selected_move) {
    what += *move == kBlocked ? ": blocked"
            : *move > 0       ? ": move " + with_commas(static_cast<std::uint64_t>(*move))
                              : ": not visited";
  }
  b.detail += "\n" + what + kDot + "Reset to edit the board";
}

// The engine's run: its state's words, the tour browsed to, the square picked.
BannerText run_words(const ExplorerState& s, const BoardFacts& board) {
  const Solver& solver = *s.run.solver;
  const Counters k = solver.counters();
  const std::uint64_t n = k.placed + k.erased;
  const std::string steps = with_commas(n) + (n == 1 ? " step" : " steps");  // after one Step
  const std::string method = method_name(solver);
  const bool built = solver.construction() != nullptr;
  const bool recursion = recursion_is_run(s);
  BannerText b;
  switch (s.run.state) {
    case RunState::idle:
      b = idle_words(s, method);
      break;
    case RunState::running:
      b = {(built ? "Constructing... (" : "Searching... (") + method + ")",
           s.run.build_there
               ? "the whole board at once in the background, then the verifier over it"
           : s.run.search_there
               ? search_there_words_call(*s.run.search_there, solver)
               : progress_words(solver, steps) + (recursion ? kDot + recursion_place(s) : ""),
           Tone::running};
      break;
    case RunState::paused:
      b = {"Paused",
           progress_words(solver, steps) + kDot +
               (recursion ? recursion_place(s) + "\n" + step_words(s.teach.granularity)
                : built   ? "Step: one block written"
                          : "Step: one move placed or taken back"),
           Tone::neutral};
      break;
    case RunState::finished:
      b = finished_words(s, method, steps, board);
      break;
  }
  tour_list_words(s, method, b);
  selected_words(s, board, b);
  return b;
}

}  // namespace

BannerText banner_text(const ExplorerState& s, const BoardFacts& board) {
  BannerText b =
      s.run.solver ? run_words(s, board) : BannerText{"Check the input", s.error, Tone::warning};
  // Predicting or playing: the exercise speaks instead (play_mode.hpp).
  if (const auto exercise = mode_banner(s)) b = {exercise->title, exercise->detail, exercise->tone};
  if (s.counting.state == CountState::running && s.run.state != RunState::running) {
    counting_words_call(b);
  }
  return b;
}

}  // namespace kt::ui
