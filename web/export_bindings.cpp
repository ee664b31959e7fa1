// The page's exports in slices (ui/export_job.hpp), for web/export.js, which runs a slice a
// frame and saves what it hands over (a separate EMSCRIPTEN_BINDINGS block, like
// page_bindings.cpp):
//   Module.exportJobStart(kind, side) -> "" or why not ("text", "json", "png"; side: the PNG's
//     longer side in pixels), before any work
//   Module.exportJobSlice(ms) -> a Uint8Array of what this slice wrote (a view of the module's
//     memory: copy it before calling the module again)
//   Module.exportJobState() -> {state, kind, progress, bytes, expectedBytes, message, rows,
//     cols, width, height, lastMove}
//   Module.exportJobPixels() -> the PNG's RGBA pixels (width x height) once done, else null
//   Module.exportJobLegend(width) -> the legend's RGBA colours, first move to last
//   Module.exportJobStop(why) -> ends a running export ("" stopped, else failed: why)
//   Module.exportJobClear() -> frees what the finished export holds
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "explorer_state.hpp"
#include "export_job.hpp"
#include "live_app.hpp"

namespace kt::web {

namespace {

using emscripten::val;

ui::ExportJob& job() {
  static ui::ExportJob j;
  return j;
}
std::string& slice() {
  static std::string s;
  return s;
}

ui::ViewMoves view_moves(const LiveApp& app) {
  return {app.view.moves(app.state), app.view.coloured_fraction()};
}

std::string start(const std::string& kind, int side) {
  const LiveApp* app = live_app();
  if (!app) return "export: the explorer has not started";
  const auto k = ui::export_kind(kind);
  if (!k) return "export: \"" + kind + "\" is not text, json or png";
  const std::string why = job().start(app->state, view_moves(*app), *k, side);
  // The slices' buffer is taken now, at the click, so that no slice grows the module's memory
  // (a growth copies the whole heap: a long frame on a large board).
  if (why.empty()) slice().reserve(ui::kExportSliceBytes + (std::size_t{1} << 20));
  return why;
}

val bytes_view(const void* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, static_cast<const std::uint8_t*>(data)));
}

val step(double ms) {
  std::string& out = slice();
  out.clear();
  if (const LiveApp* app = live_app()) {
    job().step(app->state, view_moves(*app), ms / 1000.0, out);
  } else {
    job().stop("the explorer stopped");
  }
  return bytes_view(out.data(), out.size());
}

val state() {
  const ui::ExportJob& j = job();
  val out = val::object();
  out.set("state", std::string(ui::to_string(j.state())));
  out.set("kind", std::string(ui::to_string(j.kind())));
  out.set("progress", j.progress());
  out.set("bytes", static_cast<double>(j.bytes()));
  out.set("expectedBytes", static_cast<double>(j.expected_bytes()));
  out.set("message", j.message());
  out.set("rows", j.geometry().rows);
  out.set("cols", j.geometry().cols);
  out.set("width", j.picture() ? j.picture()->width() : 0);
  out.set("height", j.picture() ? j.picture()->height() : 0);
  out.set("lastMove", static_cast<double>(j.last_move()));
  return out;
}

val pixels() {
  const ui::MovePicture* p = job().picture();
  if (!p || !p->done()) return val::null();
  return bytes_view(p->pixels().data(), p->pixels().size() * sizeof(std::uint32_t));
}

val legend(int width) {
  static std::vector<std::uint32_t> colours;
  colours = ui::move_legend(std::clamp(width, 1, ui::kMaxPictureSide));
  return bytes_view(colours.data(), colours.size() * sizeof(std::uint32_t));
}

void stop(const std::string& why) { job().stop(why); }

void clear() {
  job().clear();
  std::string().swap(slice());
}

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour_exports) {
  emscripten::function("exportJobStart", &start);
  emscripten::function("exportJobSlice", &step);
  emscripten::function("exportJobState", &state);
  emscripten::function("exportJobPixels", &pixels);
  emscripten::function("exportJobLegend", &legend);
  emscripten::function("exportJobStop", &stop);
  emscripten::function("exportJobClear", &clear);
}

}  // namespace kt::web
