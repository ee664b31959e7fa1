// An export of the board the page holds (its text, its JSON or the colour-by-move PNG), made a
// slice at a time between frames so that no frame waits for it, within a memory bound whatever
// the board's size: the text and JSON go out a slice at a time (report_stream.hpp) and the
// host hands each slice to the browser's download at once; a huge construction is read from
// the move numbers its picture already holds and its path walked from its compact tour, with
// no copy of either. What cannot be exported is refused by start(), before any work, with the
// reason and the size. The job only reads the explorer: stopped or failed, the explorer and
// its tour are as they were.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "move_picture.hpp"
#include "shown_board.hpp"
#include "solve/report_stream.hpp"

namespace kt::ui {

struct ExplorerState;

// A download made in parts is held by the browser (in memory or on disk) until it is saved:
// at most this much, which the browsers the page supports keep.
inline constexpr std::int64_t kMaxExportBytes = std::int64_t{2} << 30;
// The text or JSON a slice hands over at most: the WebAssembly memory an export takes beyond
// the board (plus, for boards of at most a million squares, a copy of its board and path).
inline constexpr std::size_t kExportSliceBytes = std::size_t{1} << 20;
// The PNG's longer side in pixels (4 bytes a pixel: 64 MiB at the largest).
inline constexpr int kMinPictureSide = 16;
inline constexpr int kMaxPictureSide = 4096;

enum class ExportKind { text, json, png };
std::optional<ExportKind> export_kind(std::string_view name);  // "text", "json", "png"
std::string_view to_string(ExportKind k);

enum class ExportState { idle, running, done, stopped, failed };
std::string_view to_string(ExportState s);

// The move numbers the view holds for a huge construction (board_image.hpp's walk of its
// order: complete when `coloured` is 1); empty where the Solver's board is cheap.
struct ViewMoves {
  std::span<const std::int32_t> moves;
  double coloured = 1.0;
};

class ExportJob {
 public:
  // Starts exporting what the board shows: "" or why not (naming the field, with the size),
  // and then the job is as it was. side: the PNG's longer side in pixels.
  std::string start(const ExplorerState& s, ViewMoves view, ExportKind kind, int side);
  // Works for about `seconds` (at least one piece): text and JSON append what they wrote to
  // `out` (at most kExportSliceBytes); the PNG's pixels are whole once done (picture()).
  // When the board it reads changed since start(), it fails and says so.
  void step(const ExplorerState& s, ViewMoves view, double seconds, std::string& out);
  // Ends a running export (the host stopped it, or could not save a slice: `why`).
  void stop(std::string why = {});
  // Frees what the job holds (after the host took its output).
  void clear();

  ExportState state() const { return state_; }
  ExportKind kind() const { return kind_; }
  double progress() const;
  std::uint64_t bytes() const { return bytes_; }
  std::int64_t expected_bytes() const { return expected_; }  // at most (text, JSON)
  const std::string& message() const { return message_; }
  const MovePicture* picture() const { return picture_.get(); }
  std::int64_t last_move() const { return last_; }  // the legend's last move number
  Geometry geometry() const { return report_.geometry; }

 private:
  bool board_changed(const ExplorerState& s, ViewMoves view) const;

  ExportState state_ = ExportState::idle;
  ExportKind kind_ = ExportKind::text;
  std::string message_;
  std::optional<ShownBoard> shown_;  // a copy of the shown board (boards that are not huge)
  Report report_;
  std::unique_ptr<ReportStream> stream_;
  std::unique_ptr<MovePicture> picture_;
  std::int64_t last_ = 0;
  std::uint64_t bytes_ = 0;
  std::int64_t expected_ = 0;
  // What the job reads from the explorer without a copy (huge constructions).
  std::uint64_t generation_ = 0;
  const void* solver_ = nullptr;
  const std::int32_t* view_moves_ = nullptr;
};

}  // namespace kt::ui
