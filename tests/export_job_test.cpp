// The page's exports (ui/export_job.hpp) without a browser: refused at once with the reason and
// the size, written in slices that read back as the tour (JSON through a standard parser, the
// text through the board reader), a construction read in place (its path walked, no board
// made), a board that changes under a running export stops it with the explorer untouched,
// and the colour-by-move picture (ui/move_picture.hpp): one colour per pixel from the squares
// it covers, first move blue, last red, at any size.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "explorer_state.hpp"
#include "export_job.hpp"
#include "formats/board_read.hpp"
#include "move_picture.hpp"
#include "solve/solver.hpp"

using namespace kt;
using namespace kt::ui;

namespace {

RequestText problem(std::string rows, std::string cols, std::string method) {
  RequestText t;
  t.rows = std::move(rows);
  t.cols = std::move(cols);
  t.start = "1,1";
  t.method = std::move(method);
  return t;
}

void run_to_end(ExplorerState& s) {
  set_speed(s, kMaxRunSpeed, true);
  run(s);
  for (int i = 0; i < 100000 && s.run.state == RunState::running; ++i) tick(s, 0.016, 0.05);
  tick(s, 0.016);
}

// The whole export in slices of `seconds`, as the page runs it between frames.
std::string export_all(ExportJob& job, const ExplorerState& s, ViewMoves view) {
  std::string out;
  int slices = 0;
  while (job.state() == ExportState::running && slices < 100000) {
    job.step(s, view, 0.001, out);
    ++slices;
  }
  REQUIRE(job.state() == ExportState::done);
  CHECK(job.bytes() == (job.kind() == ExportKind::png ? 0 : out.size()));
  return out;
}

// A construction's move numbers by square, as the view's picture holds them for huge boards.
std::vector<std::int32_t> moves_of(const Solver& solver) {
  const auto b = solver.board();
  return {b.begin(), b.end()};
}

}  // namespace

TEST_CASE("export: the shown tour's JSON and text read back as the tour", "[export]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("6", "6", "warnsdorff")).empty());
  run_to_end(s);
  REQUIRE(s.run.solver->status() == Status::found);
  ExportJob job;
  REQUIRE(job.start(s, {}, ExportKind::json, 0).empty());
  const Json j = Json::parse(export_all(job, s, {}));
  CHECK(j["shows"] == "search");
  CHECK(j["verified"] == true);
  CHECK(j == Json::parse(shown_json(s)));
  REQUIRE(job.start(s, {}, ExportKind::text, 0).empty());
  const std::string text = export_all(job, s, {});
  CHECK(text == shown_text(s));
  Geometry g{};
  std::vector<std::int32_t> board;
  REQUIRE(parse_board_text(text, g, board).empty());
  CHECK(board == moves_of(*s.run.solver));
}

TEST_CASE("export: a construction is read in place, its path walked", "[export]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("40", "50", "construct")).empty());
  run_to_end(s);
  REQUIRE(s.run.solver->status() == Status::found);
  const std::vector<std::int32_t> moves = moves_of(*s.run.solver);
  ExportJob job;
  // Its order not read yet in full: refused, with how far it got.
  const std::string early = job.start(s, {moves, 0.5}, ExportKind::json, 0);
  CHECK(early.find("still being read (50% done)") != std::string::npos);
  CHECK(job.state() == ExportState::idle);
  REQUIRE(job.start(s, {moves, 1.0}, ExportKind::json, 0).empty());
  const std::string json = export_all(job, s, {moves, 1.0});
  CHECK(Json::parse(json) == Json::parse(shown_json(s)));
}

TEST_CASE("export: a board changed under the export stops it, nothing else", "[export]") {
  ExplorerState s;
  // Large enough that a slice does not write it all (about 400 KB of text).
  REQUIRE(configure(s, problem("200", "300", "construct")).empty());
  run_to_end(s);
  std::vector<std::int32_t> moves = moves_of(*s.run.solver);
  ExportJob job;
  REQUIRE(job.start(s, {moves, 1.0}, ExportKind::text, 0).empty());
  std::string out;
  job.step(s, {moves, 1.0}, 0.0, out);
  REQUIRE(job.state() == ExportState::running);
  const std::vector<std::int32_t> other(moves.size(), 0);
  job.step(s, {other, 1.0}, 0.0, out);  // the view's numbers are another board's now
  CHECK(job.state() == ExportState::failed);
  CHECK(job.message() == "the board changed during the export; nothing was saved");
  CHECK(s.run.solver->status() == Status::found);
  CHECK(moves_of(*s.run.solver) == moves);
  // Stopped by the host: stopped, and a new export may start.
  REQUIRE(job.start(s, {moves, 1.0}, ExportKind::text, 0).empty());
  job.stop();
  CHECK(job.state() == ExportState::stopped);
  CHECK(job.start(s, {moves, 1.0}, ExportKind::json, 0).empty());
}

TEST_CASE("export: a slice with no time left does one piece of work, whatever the board",
          "[export]") {
  // What keeps the page's frames short is that each slice does a bounded piece and then reads
  // the clock: with no time at all, one piece (a fraction of the whole on a large board).
  ExplorerState s;
  REQUIRE(configure(s, problem("600", "600", "construct")).empty());
  run_to_end(s);
  const std::vector<std::int32_t> moves = moves_of(*s.run.solver);
  const ViewMoves view{moves, 1.0};
  for (const ExportKind kind : {ExportKind::text, ExportKind::json, ExportKind::png}) {
    INFO(to_string(kind));
    ExportJob job;
    REQUIRE(job.start(s, view, kind, 1024).empty());
    std::string out;
    job.step(s, view, 0.0, out);
    CHECK(job.state() == ExportState::running);
    CHECK(job.progress() > 0.0);
    CHECK(job.progress() < 0.8);
    CHECK(out.size() <= kExportSliceBytes / 4);  // a text or JSON piece, not the slice's cap
  }
}

TEST_CASE("export: refused at once with the reason and the size", "[export]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("10000", "10000", "construct")).empty());
  ExportJob job;
  const std::string why = job.start(s, {}, ExportKind::json, 0);
  CHECK(why.rfind("export: the JSON of a 10000x10000 board would take about ", 0) == 0);
  CHECK(why.find(" MiB, more than the 2048 MiB") != std::string::npos);
  CHECK(job.state() == ExportState::idle);
  CHECK(job.start(s, {}, ExportKind::png, 5000) ==
        "PNG size: 5000 pixels is not between 16 and 4096");
  REQUIRE(configure(s, problem("6", "6", "warnsdorff")).empty());
  REQUIRE(job.start(s, {}, ExportKind::text, 0).empty());
  CHECK(job.start(s, {}, ExportKind::json, 0) ==
        "export: the text export is still running; stop it first");
}

TEST_CASE("picture: one colour per pixel from the squares it covers", "[export]") {
  // 4x4 board numbered 1..16 row by row from the bottom; a 2-pixel picture averages 2x2 blocks.
  const Geometry g{4, 4};
  std::vector<std::int32_t> board(16);
  for (int i = 0; i < 16; ++i) board[i] = i + 1;
  MovePicture small(g, board, 16, 2);
  CHECK(small.width() == 2);
  CHECK(small.height() == 2);
  small.step(1);
  CHECK(!small.done());  // a row at a time
  small.step(1000);
  REQUIRE(small.done());
  // Top left pixel: squares on rows 3..4 (moves 9, 10, 13, 14): mean place 10.5 of 15.
  CHECK(small.pixels()[0] == move_colour(static_cast<float>(10.5 / 15)));
  // Bottom left: moves 1, 2, 5, 6; the first move blue, the last red on the legend.
  CHECK(small.pixels()[2] == move_colour(static_cast<float>(2.5 / 15)));
  const auto legend = move_legend(3);
  CHECK(legend.front() == move_colour(0));
  CHECK(legend.back() == move_colour(1));
  CHECK((move_colour(0) & 0xFF0000u) >> 16 > (move_colour(0) & 0xFFu));  // blue over red
  CHECK((move_colour(1) & 0xFFu) > (move_colour(1) & 0xFF0000u) >> 16);  // red over blue
  // Larger than the board: each square a block of pixels; blocked and free keep their colours.
  board[0] = kBlocked;
  board[15] = 0;
  MovePicture big(g, board, 16, 8);
  big.step(1 << 20);
  REQUIRE(big.done());
  CHECK(big.pixels()[7 * 8 + 0] == kBlockedColour);     // bottom left square (1,1)
  CHECK(big.pixels()[0 * 8 + 7] == kNotVisitedColour);  // top right (4,4)
  // Long boards: the longer side gets the pixels asked for.
  CHECK(picture_size({10, 1000}, 2048).width == 2048);
  CHECK(picture_size({10, 1000}, 2048).height == 20);
  CHECK(picture_size({1000, 10}, 2048).width == 20);
}
