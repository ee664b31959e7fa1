#include "readout.hpp"

#include <emscripten.h>

#include "solve/report.hpp"
#include "verify/verify.hpp"

// clang-format off
// Builds [[x, y], ...] from square indices in one pass of JS (a val call per number would take
// seconds on a large board).
EM_JS(emscripten::EM_VAL, make_pairs, (const std::int32_t* indices, int n, int cols), {
  var out = new Array(n);
  var base = indices >> 2;
  for (var i = 0; i < n; ++i) {
    var q = HEAP32[base + i];
    out[i] = [q % cols + 1, ((q / cols) | 0) + 1];
  }
  return Emval.toHandle(out);
});
// Rows of move numbers, top row (y = rows) first.
EM_JS(emscripten::EM_VAL, make_rows, (const std::int32_t* board, int rows, int cols), {
  var out = new Array(rows);
  var base = board >> 2;
  for (var r = 0; r < rows; ++r) {
    var y = rows - 1 - r;
    out[r] = Array.from(HEAP32.subarray(base + y * cols, base + (y + 1) * cols));
  }
  return Emval.toHandle(out);
});
// Frames of four int32 each (ui::StackFrame: move, x, y, candidate).
EM_JS(emscripten::EM_VAL, make_frames, (const std::int32_t* frames, int n), {
  var out = new Array(n);
  var base = frames >> 2;
  for (var i = 0; i < n; ++i) {
    var f = base + 4 * i;
    out[i] = {move: HEAP32[f], x: HEAP32[f + 1], y: HEAP32[f + 2], candidate: HEAP32[f + 3]};
  }
  return Emval.toHandle(out);
});
// clang-format on

namespace kt::web {

using emscripten::val;

static_assert(sizeof(ui::StackFrame) == 4 * sizeof(std::int32_t), "make_frames reads four int32");

std::string SearchReadout::status() const {
  const Solver* s = solver();
  return s ? to_string(s->status()) : "invalid";
}

std::string SearchReadout::method() const {
  const Solver* s = solver();
  return s ? s->answered_by() : "";
}

std::string SearchReadout::reason() const {
  const Solver* s = solver();
  return s ? s->reason() : no_solver_reason();
}

int SearchReadout::depth() const {
  const Solver* s = solver();
  if (!s) return 0;
  // A finished construction's length, without making its move-number board and path (eight
  // bytes a square: 800 MB on the page's largest board).
  if (s->construction() && s->status() == Status::found) return s->problem().free_squares() - 1;
  return s->depth();
}

double SearchReadout::placed() const {
  const Solver* s = solver();
  return s ? static_cast<double>(s->counters().placed) : 0;
}

double SearchReadout::erased() const {
  const Solver* s = solver();
  return s ? static_cast<double>(s->counters().erased) : 0;
}

double SearchReadout::seconds() const {
  const Solver* s = solver();
  return s ? s->counters().seconds : 0;
}

val SearchReadout::blocks() const {
  const Solver* s = solver();
  const Construction* c = s ? s->construction() : nullptr;
  if (!c) return val::null();
  val out = val::object();
  out.set("done", static_cast<double>(c->blocks_done()));
  out.set("total", static_cast<double>(c->blocks_total()));
  return out;
}

val SearchReadout::board() const {
  const Solver* s = solver();
  if (!s) return val::array();
  const Geometry g = s->problem().geometry;
  const auto board = s->board();
  if (board.size() != static_cast<std::size_t>(g.size())) return val::array();
  return val::take_ownership(make_rows(board.data(), g.rows, g.cols));
}

val SearchReadout::path() const {
  const Solver* s = solver();
  if (!s) return val::array();
  const auto path = s->path();
  return val::take_ownership(
      make_pairs(path.data(), static_cast<int>(path.size()), s->problem().geometry.cols));
}

std::string SearchReadout::text() const {
  const Solver* s = solver();
  return s ? board_text(s->problem().geometry, s->board()) : "";
}

std::string SearchReadout::json() const {
  const Solver* s = solver();
  return s ? to_json(make_report(*s)) : "";
}

std::string SearchReadout::summary() const {
  const Solver* s = solver();
  return s ? to_summary_json(make_report(*s, false)) : "";
}

val SearchReadout::verify() const {
  const Solver* s = solver();
  const Verdict v = s ? s->verify() : Verdict{false, false, no_solver_reason()};
  val out = val::object();
  out.set("ok", v.ok);
  out.set("closed", v.closed);
  out.set("reason", v.reason);
  return out;
}

val SearchReadout::stack() const {
  const Solver* s = solver();
  if (!s) return val::array();
  const std::vector<ui::StackFrame> frames = ui::read_stack(*s);
  return val::take_ownership(make_frames(reinterpret_cast<const std::int32_t*>(frames.data()),
                                         static_cast<int>(frames.size())));
}

std::string SearchReadout::last_action() const { return to_string(action()); }

val rect_or_null(const std::optional<ui::Rect>& r) {
  if (!r) return val::null();
  val out = val::object();
  out.set("x", r->x);
  out.set("y", r->y);
  out.set("w", r->w);
  out.set("h", r->h);
  return out;
}

}  // namespace kt::web
