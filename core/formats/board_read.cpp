#include "formats/board_read.hpp"

#include <algorithm>
#include <new>
#include <nlohmann/json.hpp>

#include "board/text_input.hpp"

namespace kt {

namespace {

// Blocked squares, as kBlocked in search/status.hpp and "-1" in the JSON format.
constexpr std::int32_t kBlockedMark = -1;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string_view skip_byte_order_mark(std::string_view text) {
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    text.remove_prefix(kByteOrderMark.size());
  }
  return text;
}

std::string too_long(std::size_t size) {
  return "the input has " + std::to_string(size) + " bytes, more than the " +
         std::to_string(kMaxBoardInputBytes >> 20) + " MiB a board may take";
}

// Where a read board's squares go: nowhere on the first pass (which only measures and
// validates), into `board` (sized by the first pass) on the second.
struct Fill {
  std::int32_t* board = nullptr;
  std::int64_t rows = 0;
  std::int64_t cols = 0;

  // Row r counts from the top (0: y = rows), column c from the left.
  void put(std::int64_t r, std::int64_t c, std::int32_t value) const {
    if (board) board[(rows - 1 - r) * cols + c] = value;
  }
};

// Allocates the board once check_geometry accepted its size. Empty, or a reason.
std::string allocate(std::int64_t rows, std::int64_t cols, std::vector<std::int32_t>& board) {
  if (auto why = check_geometry(rows, cols); !why.empty()) return why;
  try {
    board.assign(static_cast<std::size_t>(rows * cols), 0);
  } catch (const std::bad_alloc&) {
    return "the " + std::to_string(rows) + "x" + std::to_string(cols) +
           " board does not fit in memory";
  }
  return {};
}

// ---- Text ---------------------------------------------------------------------------------

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

// Calls visit(token) for each maximal run of non-separators in `line`, until visit returns
// false; returns whether every call returned true.
template <class Visit>
bool for_each_token(std::string_view line, Visit&& visit) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (is_separator(line[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && !is_separator(line[j])) ++j;
    if (!visit(line.substr(i, j - i))) return false;
    i = j;
  }
  return true;
}

// A board row starts with a token holding a digit or made of dots ("." is a blocked square;
// ".." is read as a row to be refused, not as prose); other lines ("path found!", "no path
// found.", "search stopped after 100 steps at depth 12, ...", blank) are prose. A row with a
// stray word inside is still a row, and refused.
bool is_board_row(std::string_view line) {
  bool row = false;
  for_each_token(line, [&row](std::string_view t) {
    row = t.find_first_of("0123456789") != std::string_view::npos ||
          t.find_first_not_of('.') == std::string_view::npos;
    return false;  // the first token decides
  });
  return row;
}

// One text token: "." (blocked) or a move number in 0..kMaxSquares. Empty, or a reason, which
// names the token's place (built only then: this runs for every square of large boards).
std::string read_token(std::string_view t, std::int64_t line_no, std::int64_t col,
                       std::int32_t& value) {
  if (t == ".") {
    value = kBlockedMark;
    return {};
  }
  auto where = [&] {
    return "line " + std::to_string(line_no) + ", square " + std::to_string(col + 1);
  };
  if (t.front() == '-') {
    return where() + ": " + excerpt(t) + " is not a move number (blocked squares are written '.')";
  }
  if (t.find_first_not_of("0123456789") != std::string_view::npos) {
    return where() + ": " + excerpt(t) + " is not a move number or '.'";
  }
  if (const auto v = parse_integer(t, {}, 0, kMaxSquares)) {
    value = static_cast<std::int32_t>(*v);
    return {};
  }
  return where() + ": " + excerpt(t) + " is above " + std::to_string(kMaxSquares) +
         " (the most squares a board may have)";
}

// Reads every row; `fill` receives the squares. Sets rows and cols. Empty, or a reason.
std::string scan_text(std::string_view text, const Fill& fill, std::int64_t& rows,
                      std::int64_t& cols) {
  rows = 0;
  cols = 0;
  std::int64_t line_no = 0;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t stop = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, stop - at);
    at = stop + 1;
    ++line_no;
    if (!is_board_row(line)) continue;
    std::int64_t c = 0;
    std::string why;
    for_each_token(line, [&](std::string_view t) {
      std::int32_t value = 0;
      why = read_token(t, line_no, c, value);
      if (!why.empty()) return false;
      fill.put(rows, c++, value);
      return true;
    });
    if (!why.empty()) return why;
    if (rows == 0) {
      cols = c;
    } else if (c != cols) {
      return "line " + std::to_string(line_no) + " has " + std::to_string(c) +
             " squares, the first row " + std::to_string(cols) + " (rows must be equally long)";
    }
    ++rows;
    // Stop at once on a board too large, rather than reading the rest of it.
    if (auto too_large = check_geometry(rows, cols); !too_large.empty()) return too_large;
  }
  if (rows == 0) return "no board found: expected rows of move numbers ('.' for blocked squares)";
  return {};
}

// ---- JSON ---------------------------------------------------------------------------------

// nlohmann's SAX events, checked as they come: no document tree is built, so a large or deeply
// nested input costs no more memory than the board it holds. The board is the top-level array,
// or the top-level object's "board" member: an array of rows, each an array of integers.
class JsonBoard {
 public:
  explicit JsonBoard(const Fill& fill) : fill_(fill) {}

  std::string error;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  bool found = false;  // the board's closing bracket was read

  bool null() { return other("null"); }
  bool boolean(bool) { return other("true or false"); }
  bool string(std::string&) { return other("a string"); }
  bool binary(nlohmann::json::binary_t&) { return other("binary data"); }
  bool number_float(double, const std::string& text) {
    // nlohmann hands over integers beyond 64 bits as floats, with their text.
    if (!in_row()) return other("a number");
    if (text.find_first_of(".eE") == std::string::npos && text.front() == '-') {
      return fail(square() + ": " + excerpt(text) +
                  " is not a move number (-1 marks a blocked square)");
    }
    if (text.find_first_of(".eE") == std::string::npos) {
      return fail(square() + ": " + excerpt(text) + " is above " + std::to_string(kMaxSquares) +
                  " (the most squares a board may have)");
    }
    return fail(square() + ": " + excerpt(text) + " is not a whole number");
  }
  bool number_integer(std::int64_t v) {  // nlohmann sends negative integers (and -0) here
    if (!in_row()) return other("a number");
    if (v < 0 && v != kBlockedMark) {
      return fail(square() + ": " + std::to_string(v) +
                  " is not a move number (-1 marks a blocked square)");
    }
    return v < 0 ? put(kBlockedMark) : number_unsigned(static_cast<std::uint64_t>(v));
  }
  bool number_unsigned(std::uint64_t v) {
    if (!in_row()) return other("a number");
    if (v > static_cast<std::uint64_t>(kMaxSquares)) {
      return fail(square() + ": " + std::to_string(v) + " is above " + std::to_string(kMaxSquares) +
                  " (the most squares a board may have)");
    }
    return put(static_cast<std::int32_t>(v));
  }

  bool start_object(std::size_t) {
    if (depth_ == 0) {
      top_object_ = true;
    } else if (!other("an object")) {
      return false;
    }
    ++depth_;
    return true;
  }
  bool key(std::string& name) {
    if (top_object_ && depth_ == 1 && name == "board") {
      if (seen_board_key_) return fail("\"board\" appears twice");
      seen_board_key_ = board_next_ = true;
    }
    return true;
  }
  bool end_object() {
    --depth_;
    return true;
  }

  bool start_array(std::size_t) {
    if (depth_ == 0 || board_next_) {  // the board
      board_next_ = false;
      in_board_ = true;
      board_depth_ = depth_ + 1;
    } else if (in_board_ && depth_ == board_depth_) {  // a row
      col_ = 0;
    } else if (!other("an array")) {
      return false;
    }
    ++depth_;
    return true;
  }
  bool end_array() {
    --depth_;
    if (!in_board_) return true;
    if (depth_ == board_depth_) return end_row();
    if (depth_ + 1 == board_depth_) {
      in_board_ = false;
      found = true;
      if (rows == 0) return fail("the board has no rows: expected rows of move numbers");
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
    return fail("not valid JSON at " + where_in_text(position) + description(e.what()));
  }

  std::string_view text;  // for parse_error's line and column

 private:
  const Fill& fill_;
  int depth_ = 0;        // open arrays and objects
  int board_depth_ = 0;  // the depth of the board's rows (its elements)
  bool top_object_ = false;
  bool seen_board_key_ = false;
  bool board_next_ = false;  // the next value is the "board" member
  bool in_board_ = false;
  std::int64_t col_ = 0;

  bool in_row() const { return in_board_ && depth_ == board_depth_ + 1; }
  std::string square() const {
    return "row " + std::to_string(rows + 1) + ", square " + std::to_string(col_ + 1);
  }

  bool fail(std::string why) {
    error = std::move(why);
    return false;
  }

  // A value that is not a move number: wrong where the board, a row or a square is expected,
  // and of no concern in other members.
  bool other(const char* what) {
    if (depth_ == 0 || board_next_) {
      return fail(std::string("expected rows of move numbers") +
                  (depth_ == 0 ? "" : " in \"board\"") + ", found " + what);
    }
    if (in_board_ && depth_ == board_depth_) {
      return fail("row " + std::to_string(rows + 1) + " is " + what + ", not an array of numbers");
    }
    if (in_row()) return fail(square() + " holds " + what + ", not a move number");
    return true;
  }

  bool put(std::int32_t value) {
    if (col_ >= kMaxSide) return fail(check_geometry(rows + 1, col_ + 1));
    fill_.put(rows, col_++, value);
    return true;
  }

  bool end_row() {
    if (col_ == 0) return fail("row " + std::to_string(rows + 1) + " has no numbers");
    if (rows == 0) {
      cols = col_;
    } else if (col_ != cols) {
      return fail("row " + std::to_string(rows + 1) + " has " + std::to_string(col_) +
                  " numbers, the first row " + std::to_string(cols) +
                  " (rows must be equally long)");
    }
    ++rows;
    if (auto too_large = check_geometry(rows, cols); !too_large.empty()) return fail(too_large);
    return true;
  }

  // "line L, column C ('text')" of the byte nlohmann stopped at (position counts the bytes
  // read), the text from there escaped and cut short.
  std::string where_in_text(std::size_t position) const {
    const std::size_t at = std::min(position > 0 ? position - 1 : 0, text.size());
    const std::string_view before = text.substr(0, at);
    const std::size_t line_start = before.rfind('\n');
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const std::size_t column = at - (line_start == std::string_view::npos ? 0 : line_start + 1);
    return "line " + std::to_string(line) + ", column " + std::to_string(column + 1) + " (" +
           excerpt(text.substr(at), 16) + ")";
  }

  // nlohmann's own words ("syntax error while parsing value - invalid literal") without its
  // "last read: '...'", which quotes the input raw and unbounded.
  static std::string description(std::string_view what) {
    if (what.find("number overflow") != std::string_view::npos) {
      return ": a number too large for a double";  // out_of_range.406, which quotes the number
    }
    const std::size_t from = what.find("syntax error");
    if (from == std::string_view::npos) return {};
    std::string_view words = what.substr(from, what.find("; last read") - from);
    words = words.substr(0, 160);
    std::string out = ": ";
    for (const char c : words) out += c >= 0x20 && c < 0x7F ? c : '?';
    return out;
  }
};

std::string scan_json(std::string_view text, const Fill& fill, std::int64_t& rows,
                      std::int64_t& cols) {
  JsonBoard sax(fill);
  sax.text = text;
  const bool ok = nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
  rows = sax.rows;
  cols = sax.cols;
  if (!ok) return sax.error.empty() ? "not valid JSON" : sax.error;
  if (!sax.found) return "expected \"board\": rows of move numbers, top row first";
  return {};
}

// Both readers: a first pass measures and validates, the second fills the allocated board.
template <class Scan>
std::string read_board(std::string_view text, Scan scan, Geometry& g,
                       std::vector<std::int32_t>& board) {
  if (text.size() > kMaxBoardInputBytes) return too_long(text.size());
  text = skip_byte_order_mark(text);
  std::int64_t rows = 0, cols = 0;
  if (auto why = scan(text, Fill{}, rows, cols); !why.empty()) return why;
  std::vector<std::int32_t> read;
  if (auto why = allocate(rows, cols, read); !why.empty()) return why;
  std::int64_t again_rows = 0, again_cols = 0;
  scan(text, Fill{read.data(), rows, cols}, again_rows, again_cols);  // cannot fail now
  g = {static_cast<int>(rows), static_cast<int>(cols)};
  board = std::move(read);
  return {};
}

}  // namespace

std::string parse_board_text(std::string_view text, Geometry& g, std::vector<std::int32_t>& board) {
  return read_board(text, scan_text, g, board);
}

std::string parse_board_json(std::string_view text, Geometry& g, std::vector<std::int32_t>& board) {
  return read_board(text, scan_json, g, board);
}

std::string parse_board(std::string_view text, Geometry& g, std::vector<std::int32_t>& board) {
  const std::string_view body = skip_byte_order_mark(text);
  const std::size_t first = body.find_first_not_of(" \t\r\n\v\f");
  const bool json = first != std::string_view::npos && (body[first] == '{' || body[first] == '[');
  return json ? parse_board_json(text, g, board) : parse_board_text(text, g, board);
}

}  // namespace kt
