#include "formats/svg.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <string_view>
#include <utility>
#include <vector>

#include "board/jump_line.hpp"
#include "board/knight.hpp"

namespace kt {

namespace {

struct Palette {
  std::string_view background, light, dark, blocked, path, numbers, labels, start, end;
};
constexpr Palette kLight{"#ffffff", "#f0d9b5", "#b58863", "#5c5c5c", "#1d4ed8",
                         "#111111", "#333333", "#15803d", "#b91c1c"};
constexpr Palette kDark{"#1b1b1f", "#4a4a52", "#2f2f35", "#0b0b0d", "#60a5fa",
                        "#f5f5f5", "#c8c8c8", "#4ade80", "#f87171"};

// Pixels per square: 40 wherever numbers may be drawn (a 4-digit number at 14 px fits), else
// enough for a picture about 4000 pixels across, at least 4. Always even, so that square
// centres are whole numbers.
int square_pixels(Geometry g) {
  if (g.size() <= kSvgMaxNumberedSquares) return 40;
  const int fit = 4000 / std::max(g.rows, g.cols);
  return std::clamp(fit, 4, 40) & ~1;
}

// Appends integers and attributes without printf or streams, so no locale can change them.
class Out {
 public:
  explicit Out(std::size_t reserve) { s_.reserve(reserve); }
  Out& operator<<(std::string_view t) {
    s_ += t;
    return *this;
  }
  Out& operator<<(char c) {
    s_ += c;
    return *this;
  }
  template <std::integral T>
  requires(!std::same_as<T, char> && !std::same_as<T, bool>) Out& operator<<(T v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    s_.append(buf, r.ptr);
    return *this;
  }
  // name="value" with a leading space; values are ours (numbers, colours), never user text.
  Out& attr(std::string_view name, int v) { return *this << ' ' << name << "=\"" << v << '"'; }
  Out& attr(std::string_view name, std::string_view v) {
    return *this << ' ' << name << "=\"" << v << '"';
  }
  std::string take() { return std::move(s_); }

 private:
  std::string s_;
};

// Text for XML character data: the five special characters escaped; bytes that are not
// well-formed UTF-8 and characters XML 1.0 forbids (control characters but tab, newline and
// carriage return; U+FFFE, U+FFFF) become U+FFFD, so any title gives a well-formed document.
std::string xml_text(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == '&') {
        out += "&amp;";
      } else if (c == '<') {
        out += "&lt;";
      } else if (c == '>') {
        out += "&gt;";
      } else if (c == '"') {
        out += "&quot;";
      } else if (c == '\'') {
        out += "&apos;";
      } else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        out += kReplacement;
      } else {
        out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    // A multi-byte sequence: its length, then its code point to reject overlong forms,
    // surrogates, values past U+10FFFF and the noncharacters XML forbids.
    const std::size_t len = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len != 0 && i + len <= text.size();
    std::uint32_t cp = len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t j = 1; ok && j < len; ++j) {
      const auto b = static_cast<unsigned char>(text[i + j]);
      ok = (b >> 6) == 2;
      cp = (cp << 6) | (b & 0x3F);
    }
    constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
    ok = ok && cp >= kMinimum[len] && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF) &&
         cp != 0xFFFE && cp != 0xFFFF;
    if (ok) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      out += kReplacement;
      ++i;
    }
  }
  return out;
}

// Column labels: a..z while they suffice, else numbers.
std::string column_label(int x, int cols) {
  if (cols <= 26) return std::string(1, static_cast<char>('a' + x - 1));
  return std::to_string(x);
}

// Label every `step`-th line so labels stay at least 36 pixels apart: 1, 2, 5, 10, 20, 50, ...
int label_step(int u) {
  for (int step = 1;; step *= 10) {
    for (const int k : {1, 2, 5}) {
      if (step * k * u >= 36) return step * k;
    }
  }
}

}  // namespace

std::string check_svg_size(Geometry g) {
  if (g.rows < 1 || g.cols < 1) return "svg: the board must be at least 1x1";
  const std::int64_t squares = std::int64_t{g.rows} * g.cols;
  if (squares > kSvgMaxSquares) {
    return "svg: a " + std::to_string(g.rows) + "x" + std::to_string(g.cols) + " board has " +
           std::to_string(squares) + " squares; SVG output takes at most " +
           std::to_string(kSvgMaxSquares) + " (text and json take larger boards)";
  }
  return {};
}

std::string board_svg(Geometry g, std::span<const std::int32_t> board, const SvgOptions& o) {
  if (!check_svg_size(g).empty() || board.size() != static_cast<std::size_t>(g.size())) return {};
  const Palette& c = o.theme == SvgTheme::dark ? kDark : kLight;
  const int u = square_pixels(g);
  const int margin = o.coordinates ? 32 : 8;
  const int width = g.cols * u + 2 * margin, height = g.rows * u + 2 * margin;
  const bool numbers = o.numbers && g.size() <= kSvgMaxNumberedSquares;
  // Top-left corner of square (x, y): row y = rows is drawn at the top, as the text format.
  auto left = [&](int x) { return margin + (x - 1) * u; };
  auto top = [&](int y) { return margin + (g.rows - y) * u; };

  // Visited squares in move order.
  std::vector<std::pair<std::int32_t, int>> visited;
  for (int i = 0; i < g.size(); ++i) {
    if (board[i] > 0) visited.emplace_back(board[i], i);
  }
  std::sort(visited.begin(), visited.end());

  Out out(2048 + static_cast<std::size_t>(g.size()) * (numbers ? 60 : 16));
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"";
  out.attr("version", "1.1").attr("width", width).attr("height", height);
  out << " viewBox=\"0 0 " << width << ' ' << height << "\">\n";
  if (!o.title.empty()) out << "<title>" << xml_text(o.title) << "</title>\n";
  out << "<desc>Knight's tour: " << g.rows << 'x' << g.cols << " board, " << visited.size()
      << " squares visited</desc>\n";
  if (o.numbers && !numbers) {
    out << "<!-- move numbers left out: the board has more than " << kSvgMaxNumberedSquares
        << " squares -->\n";
  }
  out << "<rect";
  out.attr("width", width).attr("height", height).attr("fill", c.background) << "/>\n";

  // Squares: the light colour under the whole board, then the dark squares (a1 is dark, as on
  // a chessboard), one <rect> each where they stay editable, a pattern on large boards.
  out << "<g class=\"squares\">\n<rect";
  out.attr("x", margin).attr("y", margin).attr("width", g.cols * u).attr("height", g.rows * u);
  out.attr("fill", c.light) << "/>\n";
  if (g.size() <= kSvgMaxNumberedSquares) {
    for (int y = g.rows; y >= 1; --y) {
      for (int x = 1; x <= g.cols; ++x) {
        if (colour_of(x, y) != Colour::dark || board[g.index({x, y})] < 0) continue;
        out << "<rect";
        out.attr("x", left(x)).attr("y", top(y)).attr("width", u).attr("height", u);
        out.attr("fill", c.dark) << "/>\n";
      }
    }
  } else {
    // Tile cell (column, row from the top) is dark when x + y is even; x = column + 1 and
    // y = rows - row, so the dark cells of the 2x2 tile depend on the parity of rows.
    const int first = g.rows % 2 == 1 ? 0 : u;
    out << "<defs><pattern id=\"checker\" patternUnits=\"userSpaceOnUse\"";
    out.attr("x", margin).attr("y", margin).attr("width", 2 * u).attr("height", 2 * u) << '>';
    out << "<rect";
    out.attr("x", first).attr("y", 0).attr("width", u).attr("height", u);
    out.attr("fill", c.dark) << "/><rect";
    out.attr("x", u - first).attr("y", u).attr("width", u).attr("height", u);
    out.attr("fill", c.dark) << "/></pattern></defs>\n<rect";
    out.attr("x", margin).attr("y", margin).attr("width", g.cols * u).attr("height", g.rows * u);
    out.attr("fill", "url(#checker)") << "/>\n";
  }
  out << "</g>\n";

  // Blocked squares: filled, and crossed where squares are large enough to show it.
  out << "<g class=\"blocked\"";
  out.attr("fill", c.blocked).attr("stroke", c.light).attr("stroke-width", std::max(1, u / 20));
  out << ">\n";
  for (int i = 0; i < g.size(); ++i) {
    if (board[i] >= 0) continue;
    const Square s = g.square(i);
    out << "<rect";
    out.attr("x", left(s.x)).attr("y", top(s.y)).attr("width", u).attr("height", u) << "/>\n";
    if (u >= 20) {
      const int a = u / 4, b = u - u / 4;
      out << "<path d=\"M" << left(s.x) + a << ' ' << top(s.y) + a << 'L' << left(s.x) + b << ' '
          << top(s.y) + b << 'M' << left(s.x) + b << ' ' << top(s.y) + a << 'L' << left(s.x) + a
          << ' ' << top(s.y) + b << "\"/>\n";
    }
  }
  out << "</g>\n";

  if (o.coordinates) {
    const int step = label_step(u);
    out << "<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"12\"";
    out.attr("fill", c.labels).attr("text-anchor", "middle") << ">\n";
    for (int x = 1; x <= g.cols; ++x) {
      if (x != 1 && x % step != 0) continue;
      out << "<text";
      out.attr("x", left(x) + u / 2).attr("y", margin + g.rows * u + 20);
      out << '>' << column_label(x, g.cols) << "</text>\n";
    }
    for (int y = 1; y <= g.rows; ++y) {
      if (y != 1 && y % step != 0) continue;
      out << "<text";
      out.attr("x", margin / 2).attr("y", top(y) + u / 2 + 4) << '>' << y << "</text>\n";
    }
    out << "</g>\n";
  }

  auto centre_x = [&](int index) { return left(g.square(index).x) + u / 2; };
  auto centre_y = [&](int index) { return top(g.square(index).y) + u / 2; };
  if (o.path && !visited.empty()) {
    // One polyline per run of consecutive move numbers (a board of an interrupted search, or
    // one with gaps, is drawn as far as it is known).
    out << "<g class=\"path\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        << " stroke-opacity=\"0.7\"";
    out.attr("stroke", c.path).attr("stroke-width", std::max(1, u / 16)) << ">\n";
    // A point in board units (jump_line.hpp) in the picture's whole pixels.
    auto px = [&](BoardPoint p) {
      return std::pair{margin + static_cast<int>(std::lround((p.x - 0.5) * u)),
                       margin + static_cast<int>(std::lround((g.rows + 0.5 - p.y) * u))};
    };
    auto point = [&](BoardPoint p) {
      const auto [x, y] = px(p);
      out << x << ',' << y;
    };
    const bool seams = o.piece.wraps_columns();
    for (std::size_t i = 0; i < visited.size(); ++i) {
      const bool first =
          i == 0 || visited[i].first != std::int64_t{visited[i - 1].first} + 1;  // no overflow
      if (first) out << (i == 0 ? "" : "\"/>\n") << "<polyline points=\"";
      if (!first) out << ' ';
      if (!first && seams) {
        // Across a seam: this polyline ends at the edge and the next begins at the opposite one.
        const JumpLine j =
            jump_line(g, o.piece, g.square(visited[i - 1].second), g.square(visited[i].second));
        if (j.crosses_seam()) {
          point(j.parts[0].to);
          out << "\"/>\n<polyline points=\"";
          point(j.parts[1].from);
          out << ' ';
        }
      }
      out << centre_x(visited[i].second) << ',' << centre_y(visited[i].second);
    }
    out << "\"/>\n";
    // The closing move only once the tour is complete: on a partial board it would be a line
    // between squares that are not yet a tour's ends.
    const auto unvisited = std::count(board.begin(), board.end(), 0);
    if (o.closed && visited.size() > 1 && unvisited == 0) {
      const JumpLine j =
          jump_line(g, o.piece, g.square(visited.back().second), g.square(visited.front().second));
      for (int k = 0; k < j.count; ++k) {
        const auto [x1, y1] = px(j.parts[k].from);
        const auto [x2, y2] = px(j.parts[k].to);
        out << "<line class=\"closing\" stroke-dasharray=\"" << std::max(2, u / 8) << '"';
        out.attr("x1", x1).attr("y1", y1).attr("x2", x2).attr("y2", y2) << "/>\n";
      }
    }
    out << "</g>\n";
  }

  // Start and end: rings around the first and last squares of the tour.
  if (!visited.empty()) {
    const int r = std::max(u * 2 / 5, 6), w = std::max(u / 10, 2);
    auto ring = [&](std::string_view cls, std::string_view colour, int index) {
      out << "<circle";
      out.attr("class", cls).attr("cx", centre_x(index)).attr("cy", centre_y(index)).attr("r", r);
      out.attr("fill", "none").attr("stroke", colour).attr("stroke-width", w) << "/>\n";
    };
    ring("start", c.start, visited.front().second);
    if (visited.size() > 1) ring("end", c.end, visited.back().second);
  }

  if (numbers && !visited.empty()) {
    // A halo of the light squares' colour round each number (SVG 2's paint-order: the stroke
    // under the fill) keeps the path's lines from running through the digits.
    out << "<g class=\"numbers\" font-family=\"sans-serif\" font-size=\"14\"";
    out.attr("fill", c.numbers).attr("text-anchor", "middle");
    out.attr("stroke", o.theme == SvgTheme::dark ? c.dark : c.light).attr("stroke-width", 4);
    out << " stroke-linejoin=\"round\" paint-order=\"stroke\">\n";
    for (const auto& [number, index] : visited) {
      out << "<text";
      out.attr("x", centre_x(index)).attr("y", centre_y(index) + 5);
      out << '>' << number << "</text>\n";
    }
    out << "</g>\n";
  }
  out << "</svg>\n";
  return out.take();
}

}  // namespace kt
