// The text or JSON of a report written a slice at a time: the CLI streams it to stdout, the
// page hands each slice to the browser between frames. One writer for both, so a download and
// the CLI's output of the same tour are the same bytes.
#pragma once

#include <cstdint>
#include <string>

#include "board/problem.hpp"
#include "formats/json_line.hpp"
#include "solve/report.hpp"

namespace kt {

enum class ReportFormat { text, json };

class ReportStream {
 public:
  // The report's spans must outlive the stream. `extra`'s fields follow the report's in JSON
  // (solve --all: "index"; the page: "shows"). `walk`: where the report has a board but no
  // path (a huge construction, whose path would take four more bytes a square), the path is
  // read by walking this tour from its start instead.
  ReportStream(const Report& r, ReportFormat format, Json extra = Json::object(),
               const CompactTour* walk = nullptr);

  bool done() const { return phase_ == Phase::done; }
  // Appends the next slice to `out`: whole rows of the board or stretches of the path, until
  // at least `bytes` were appended or the end is reached.
  void next(std::string& out, std::size_t bytes);
  // The share written so far (0 .. 1), by squares of the board and moves of the path.
  double progress() const;
  std::uint64_t written() const { return written_; }

 private:
  enum class Phase { head, board, path, tail, done };
  void write_row(std::string& out);
  void write_moves(std::string& out, std::size_t bytes);

  Report report_;
  ReportFormat format_;
  Json extra_;
  const CompactTour* walk_;
  Phase phase_ = Phase::head;
  int row_ = 0;                 // the next board row (y), from the top
  std::uint64_t moves_ = 0;     // path entries written
  std::uint64_t path_len_ = 0;  // path entries in all
  Square at_{};                 // the walk's next square
  int width_ = 5;               // text: the column width
  std::uint64_t written_ = 0;
};

}  // namespace kt
