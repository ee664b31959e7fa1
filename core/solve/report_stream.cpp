#include "solve/report_stream.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

#include "board/knight.hpp"

namespace kt {

namespace {

void add_number(std::string& out, std::int64_t n) {
  char number[24];
  const auto end = std::to_chars(number, number + sizeof number, n).ptr;
  out.append(number, end);
}

// Text: the textbook's "%5d" wherever the numbers fit (boards of up to 9999 squares); wider
// numbers get a column one wider than the largest, so that neighbours never run together.
int text_width(Geometry g) {
  return std::max(5, static_cast<int>(std::to_string(g.size()).size()) + 1);
}

}  // namespace

ReportStream::ReportStream(const Report& r, ReportFormat format, Json extra,
                           const CompactTour* walk)
    : report_(r), format_(format), extra_(std::move(extra)), walk_(walk) {
  const Geometry g = r.geometry;
  row_ = g.rows;
  width_ = text_width(g);
  if (format_ == ReportFormat::json) {
    const bool walks = r.path.empty() && walk_ && !r.board.empty() &&
                       walk_->next.size() == static_cast<std::size_t>(g.size());
    if (!walks) walk_ = nullptr;
    // A walked path's length is known once walked: the board's squares bound it.
    path_len_ = walk_ ? static_cast<std::uint64_t>(g.size()) : r.path.size();
    if (walk_) at_ = walk_->start;
  }
  // Nothing built yet: the text is empty (board_text's rule), the JSON's board [].
  if (format_ == ReportFormat::text && r.board.size() != static_cast<std::size_t>(g.size())) {
    phase_ = Phase::done;
  }
}

double ReportStream::progress() const {
  if (phase_ == Phase::done) return 1.0;
  const Geometry g = report_.geometry;
  const double rows_done = g.rows - row_;
  if (format_ == ReportFormat::text) return g.rows > 0 ? rows_done / g.rows : 1.0;
  const double squares = static_cast<double>(report_.board.empty() ? 0 : g.size());
  const double total = squares + static_cast<double>(path_len_);
  if (total <= 0) return 0.0;
  return (rows_done * g.cols * (report_.board.empty() ? 0 : 1) + static_cast<double>(moves_)) /
         total;
}

void ReportStream::write_row(std::string& out) {
  const Geometry g = report_.geometry;
  const int y = row_--;
  if (format_ == ReportFormat::text) {
    for (int x = 1; x <= g.cols; ++x) {
      const std::int32_t m = report_.board[g.index({x, y})];
      if (m == kBlocked) {
        out.append(width_ - 1, ' ');
        out += '.';
      } else {
        char cell[24];
        const auto end = std::to_chars(cell, cell + sizeof cell, m).ptr;
        const int len = static_cast<int>(end - cell);
        out.append(static_cast<std::size_t>(std::max(0, width_ - len)), ' ');
        out.append(cell, end);
      }
    }
    out += "\n\n";
    return;
  }
  out += y == g.rows ? "[" : ", [";
  for (int x = 1; x <= g.cols; ++x) {
    if (x > 1) out += ", ";
    add_number(out, report_.board[g.index({x, y})]);
  }
  out += ']';
}

void ReportStream::write_moves(std::string& out, std::size_t bytes) {
  const Geometry g = report_.geometry;
  const std::size_t target = out.size() + bytes;
  const auto add = [&](Square s) {
    out += moves_ == 0 ? "[" : ", [";
    add_number(out, s.x);
    out += ", ";
    add_number(out, s.y);
    out += ']';
    ++moves_;
  };
  if (!walk_) {
    while (moves_ < path_len_ && out.size() < target) add(g.square(report_.path[moves_]));
    if (moves_ >= path_len_) phase_ = Phase::tail;
    return;
  }
  // The walk ends at an open tour's last square (no jump on), back at a closed tour's start,
  // or after every square (a malformed tour never loops forever).
  while (out.size() < target) {
    add(at_);
    const std::uint8_t d = walk_->next[g.index(at_)];
    const Square to = d == kNoJump ? at_ : jump(at_, d);
    if (d == kNoJump || !g.contains(to) || to == walk_->start || moves_ >= path_len_) {
      path_len_ = moves_;
      phase_ = Phase::tail;
      return;
    }
    at_ = to;
  }
}

void ReportStream::next(std::string& out, std::size_t bytes) {
  const std::size_t start = out.size();
  const std::size_t target = start + std::max<std::size_t>(bytes, 1);
  const Geometry g = report_.geometry;
  while (phase_ != Phase::done && out.size() < target) {
    switch (phase_) {
      case Phase::head:
        if (format_ == ReportFormat::text) {
          phase_ = g.rows > 0 ? Phase::board : Phase::done;
          break;
        } else {
          // The fields before the board, as json_line writes them, without the closing brace.
          Json head;
          head["status"] = report_.status;
          head["rows"] = g.rows;
          head["cols"] = g.cols;
          head["start"] = {report_.start.x, report_.start.y};
          std::string text = json_line(head);
          text.pop_back();
          out += text;
          out += ", \"board\": [";
          phase_ = report_.board.empty() ? Phase::path : Phase::board;
          if (phase_ == Phase::path) out += "], \"path\": [";
        }
        break;
      case Phase::board:
        write_row(out);
        if (row_ < 1) {
          if (format_ == ReportFormat::text) {
            phase_ = Phase::done;
          } else {
            out += "], \"path\": [";
            phase_ = Phase::path;
          }
        }
        break;
      case Phase::path:
        write_moves(out, target - out.size());
        break;
      case Phase::tail: {
        // The fields after the path (never none: placed, erased and seconds), without the
        // opening brace.
        Json tail = report_tail(report_);
        for (const auto& [key, value] : extra_.items()) tail[key] = value;
        out += "], ";
        out += std::string_view(json_line(tail)).substr(1);
        phase_ = Phase::done;
        break;
      }
      case Phase::done:
        break;
    }
  }
  written_ += out.size() - start;
}

}  // namespace kt
