// knights trace: the textbook's procedure step by step, as JSON lines, for handouts and tests.
// Move granularity: one line per square recorded ("place") or erased ("erase"); line
// granularity: one line per line run, named as the page's pseudocode names it, with its number
// in the listing; call granularity: one line per call entered, with its result once known.
// --listing picks the course's program (core/teaching/listing.hpp): its order unless --order
// says otherwise, and for the recursive pseudocode and the handout's Try_All their own
// semantics (Try_All goes on after every tour: each board it displays is a "display" line).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "board/request.hpp"
#include "board/text_input.hpp"
#include "board_options.hpp"
#include "commands.hpp"
#include "formats/json_line.hpp"
#include "teaching/listing.hpp"

namespace kt::cli {

namespace {

constexpr std::uint64_t kDefaultSteps = 1'000'000;
constexpr std::uint64_t kMaxSteps = std::uint64_t{1} << 40;
constexpr std::int64_t kMaxTraceSquares = 1 << 16;

struct TraceOptions {
  RequestText board;
  std::string steps;
  std::string granularity = "move";
  std::string listing = "sutcliffe";
};

Json square_json(Geometry g, std::int32_t index) {
  if (index < 0) return nullptr;
  const Square s = g.square(index);
  return {s.x, s.y};
}

// Try_All's count for the summary line; the other listings stop at their first tour.
std::string tours_said(const TryMoveMachine& m) {
  if (m.semantics() != Semantics::try_all) return {};
  return "; " + std::to_string(m.tours()) + (m.tours() == 1 ? " tour" : " tours") + " displayed";
}

// One JSON line per call entered, in the order entered: {step, square, m (the pseudocode's move
// number, 0 at the start) or move (the number TryMove writes), depth, result once the call has
// returned (Try_All, which returns nothing: tours, the boards displayed within the call)}.
// Stops after `max_calls` calls.
int print_calls(TryMoveMachine& m, std::uint64_t max_calls) {
  struct Call {
    Square at;
    int move;
    std::size_t depth;
    std::uint64_t tours_before;
    bool returned = false;
    int result = -1;
    std::uint64_t tours = 0;
  };
  std::vector<Call> calls;
  std::vector<std::size_t> open;  // indices in `calls` of the frames on the stack
  auto entered = [&] {
    const auto& f = m.frames().back();
    calls.push_back({f.at, f.move, m.frames().size(), m.tours()});
    open.push_back(calls.size() - 1);
  };
  entered();
  while (m.status() == Status::running) {
    const std::uint64_t before = m.calls();
    if (before >= max_calls && m.at_call()) break;
    const std::size_t depth = m.frames().size();
    m.step_line();
    if (m.frames().size() < depth) {  // the innermost call returned
      Call& c = calls[open.back()];
      c.returned = true;
      c.result = m.returned();
      c.tours = m.tours() - c.tours_before;
      open.pop_back();
    }
    if (m.calls() > before) entered();
  }
  const bool pseudocode = m.semantics() == Semantics::move_calls;
  const bool try_all = m.semantics() == Semantics::try_all;
  std::uint64_t step = 0;
  for (const Call& c : calls) {
    Json j;
    j["step"] = ++step;
    j["square"] = {c.at.x, c.at.y};
    j[pseudocode ? "m" : "move"] = pseudocode ? c.move - 1 : c.move;
    j["depth"] = c.depth;
    if (c.returned && try_all) j["tours"] = std::to_string(c.tours);  // a count: a string
    if (c.returned && !try_all) j["result"] = c.result == 1;
    std::printf("%s\n", json_line(j).c_str());
  }
  std::fprintf(stderr, "trace: %llu calls, %s; placed %llu, erased %llu%s%s\n",
               static_cast<unsigned long long>(calls.size()), to_string(m.status()),
               static_cast<unsigned long long>(m.placed()),
               static_cast<unsigned long long>(m.erased()), tours_said(m).c_str(),
               m.status() == Status::running ? " (stopped at --steps)" : "");
  return kExitOk;
}

// The rows of the board, top row first, as `knights solve --format json` prints them (and
// `knights verify` reads them).
Json board_json(const TryMoveMachine& m) {
  const Geometry g = m.geometry();
  Json rows = Json::array();
  for (int y = g.rows; y >= 1; --y) {
    Json row = Json::array();
    for (int x = 1; x <= g.cols; ++x) row.push_back(m.board()[g.index({x, y})]);
    rows.push_back(std::move(row));
  }
  return rows;
}

int run_trace(TraceOptions o) {
  o.board.method = "textbook";
  Request request;
  if (auto why = parse_request(o.board, request); !why.empty()) return bad_input(why);
  const Problem& p = request.problem;
  if (p.closed || p.end) {
    return bad_input("closed: the textbook's procedure has no closed tours or end squares");
  }
  if (auto why = listing_refusal(p); !why.empty()) return bad_input(why);
  if (p.geometry.size() > kMaxTraceSquares) {
    return bad_input("size: trace takes boards of up to " + std::to_string(kMaxTraceSquares) +
                     " squares");
  }
  std::string why;
  std::uint64_t max_steps = kDefaultSteps;
  if (!o.steps.empty()) {
    const auto n = parse_unsigned(o.steps, "steps", 1, kMaxSteps, &why);
    if (!n) return bad_input(why);
    max_steps = *n;
  }
  const MoveOrder order = request.order.value_or(kTextbookOrder);
  const auto own = make_listing(o.listing, order);
  if (!own) return bad_input("listing: unknown listing \"" + o.listing + "\"");
  const MoveOrder run_order = request.order ? order : own->order ? *own->order : kTextbookOrder;
  const Listing listing = *make_listing(o.listing, run_order);
  TryMoveMachine m(p, run_order, listing.semantics);
  if (o.granularity == "call") return print_calls(m, max_steps);
  const bool lines = o.granularity == "line";
  const Geometry g = p.geometry;
  std::uint64_t step = 0;
  while (step < max_steps && m.status() == Status::running) {
    const Line line = m.line();
    const int move = m.frames().back().move;
    const int count = m.frames().back().count;
    const int at = current_line(listing, m);
    m.step_line();
    const Effect e = m.last_effect();
    if (!lines && e == Effect::none) continue;
    Json j;
    j["step"] = ++step;
    if (lines) {
      j["line"] = to_string(line);
      j["at"] = at + 1;  // the listing's line number
    }
    if (e == Effect::displayed) {  // Try_All's "Display Board": the tour, counted
      j["action"] = "display";
      j["tour"] = m.tours();
      j["board"] = board_json(m);
    } else if (e != Effect::none) {
      j["action"] = e == Effect::placed ? "place" : "erase";
      j["move"] = m.board()[m.effect_square()] > 0 ? m.board()[m.effect_square()] : move;
      j["square"] = square_json(g, m.effect_square());
      j["candidate"] = m.effect_candidate();
    } else {
      // The call that ran the line: the move it places, and the candidate it is on.
      j["move"] = move;
      // A call enters its square: the recurse line names the square the new call jumps from.
      j["square"] = square_json(g, line == Line::recurse ? m.frames().back().square : m.target());
      // Try_All's d is the candidate already on its select line, and ends at 9.
      j["candidate"] = m.semantics() == Semantics::try_all          ? std::min(count, 8)
                       : line == Line::select || line == Line::call ? count + 1
                                                                    : count;
    }
    std::printf("%s\n", json_line(j).c_str());
  }
  std::fprintf(stderr, "trace: %llu steps, %s; placed %llu, erased %llu%s%s\n",
               static_cast<unsigned long long>(step), to_string(m.status()),
               static_cast<unsigned long long>(m.placed()),
               static_cast<unsigned long long>(m.erased()), tours_said(m).c_str(),
               m.status() == Status::running ? " (stopped at --steps)" : "");
  return kExitOk;
}

}  // namespace

Runner add_trace_command(CLI::App& app) {
  auto o = std::make_shared<TraceOptions>();
  CLI::App* cmd = app.add_subcommand(
      "trace", "The textbook's TryMove step by step, as JSON lines (place/erase, or every line)");
  add_board_options(*cmd, o->board, /*with_end=*/false);
  add_order_option(*cmd, o->board);
  // A string as typed, read strictly by run_trace (parse_unsigned): a number all the same.
  cmd->add_option("--steps", o->steps, "Print at most this many steps (default 1000000)")
      ->type_name("N");
  cmd->add_option("--granularity", o->granularity,
                  "move (place and erase), line, or call (one line per call entered)")
      ->type_name("NAME")
      ->check(CLI::IsMember({"move", "line", "call"}))
      ->capture_default_str();
  std::vector<std::string> names(listing_names().begin(), listing_names().end());
  cmd->add_option("--listing", o->listing,
                  "The course's program: sutcliffe, wirth, pseudocode (its own semantics), "
                  "handout, handout-all (Try_All: every tour, each a \"display\" line), python, "
                  "java or c; its own move order unless --order is given")
      ->type_name("NAME")
      ->check(CLI::IsMember(names))
      ->capture_default_str();
  return [o] { return run_trace(*o); };
}

}  // namespace kt::cli
