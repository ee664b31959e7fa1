// The SVG export: a well-formed document whose numbers, path and blocked squares are the
// board's, at every size up to the limits, and a clear refusal past them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <limits>
#include <locale>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "board/jump_line.hpp"
#include "board/request.hpp"
#include "board/status.hpp"
#include "formats/svg.hpp"
#include "solve/solver.hpp"

using kt::Geometry;
using kt::Square;

namespace {

// A small XML reader, enough to check what board_svg writes: balanced tags, quoted attributes,
// character data without stray '<' or '&', one root. Elements come out in document order.
struct Element {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::string text;     // character data directly inside, entities decoded
  std::string parents;  // the enclosing elements' classes, "/"-joined
};

std::string decode(std::string_view s, bool& ok) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') ok = false;
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    const std::size_t semi = s.find(';', i);
    if (semi == std::string_view::npos) {
      ok = false;
      return out;
    }
    const std::string_view name = s.substr(i + 1, semi - i - 1);
    if (name == "amp") {
      out += '&';
    } else if (name == "lt") {
      out += '<';
    } else if (name == "gt") {
      out += '>';
    } else if (name == "quot") {
      out += '"';
    } else if (name == "apos") {
      out += '\'';
    } else {
      ok = false;
    }
    i = semi;
  }
  return out;
}

// Fills `out`; false when the text is not well-formed (as far as this reader goes).
bool read_xml(std::string_view doc, std::vector<Element>& out) {
  if (!doc.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")) return false;
  std::size_t at = doc.find("?>") + 2;
  std::vector<std::size_t> open;  // indices into out
  int roots = 0;
  bool ok = true;
  while (at < doc.size()) {
    const std::size_t lt = doc.find('<', at);
    const std::string_view text = doc.substr(at, std::min(lt, doc.size()) - at);
    if (open.empty()) {
      if (text.find_first_not_of(" \n") != std::string_view::npos) return false;
    } else {
      out[open.back()].text += decode(text, ok);
    }
    if (lt == std::string_view::npos) break;
    if (doc.substr(lt, 4) == "<!--") {
      const std::size_t end = doc.find("-->", lt + 4);
      if (end == std::string_view::npos) return false;
      if (doc.substr(lt + 4, end - lt - 4).find("--") != std::string_view::npos) return false;
      at = end + 3;
      continue;
    }
    const std::size_t gt = doc.find('>', lt);
    if (gt == std::string_view::npos) return false;
    std::string_view tag = doc.substr(lt + 1, gt - lt - 1);
    at = gt + 1;
    if (tag.starts_with('/')) {
      if (open.empty() || out[open.back()].name != tag.substr(1)) return false;
      open.pop_back();
      continue;
    }
    const bool empty = tag.ends_with('/');
    if (empty) tag.remove_suffix(1);
    Element e;
    const std::size_t name_end = std::min(tag.find(' '), tag.size());
    e.name = std::string(tag.substr(0, name_end));
    if (e.name.empty()) return false;
    for (std::size_t i = name_end; i < tag.size();) {
      if (tag[i] == ' ') {
        ++i;
        continue;
      }
      const std::size_t eq = tag.find("=\"", i);
      if (eq == std::string_view::npos) return false;
      const std::size_t close = tag.find('"', eq + 2);
      if (close == std::string_view::npos) return false;
      const std::string key(tag.substr(i, eq - i));
      if (key.find_first_of("<>&\"' ") != std::string::npos || e.attrs.count(key)) return false;
      e.attrs[key] = decode(tag.substr(eq + 2, close - eq - 2), ok);
      i = close + 1;
    }
    for (const std::size_t p : open) {
      const auto cls = out[p].attrs.find("class");
      e.parents += "/" + (cls == out[p].attrs.end() ? out[p].name : cls->second);
    }
    if (open.empty() && ++roots > 1) return false;
    out.push_back(std::move(e));
    if (!empty) open.push_back(out.size() - 1);
  }
  return ok && open.empty() && roots == 1;
}

std::vector<Element> parsed(const std::string& svg) {
  std::vector<Element> els;
  INFO(svg.substr(0, 2000));
  REQUIRE(read_xml(svg, els));
  REQUIRE(els.front().name == "svg");
  return els;
}

std::vector<const Element*> select(const std::vector<Element>& els, std::string_view name,
                                   std::string_view parent_class = "") {
  std::vector<const Element*> out;
  for (const Element& e : els) {
    if (e.name == name && (parent_class.empty() || e.parents.ends_with(parent_class))) {
      out.push_back(&e);
    }
  }
  return out;
}

// The square whose centre or number is drawn at (x, y), read back from the drawing: squares
// are `u` apart from the board's corner at (m, m), row `rows` at the top.
struct Layout {
  Geometry g;
  int u, m;
  Square at(int x, int y) const { return {(x - m) / u + 1, g.rows - (y - m) / u}; }
};

Layout layout(Geometry g, const std::vector<Element>& els) {
  const auto board = select(els, "rect", "/squares").front();  // the whole board's rectangle
  const int m = std::stoi(board->attrs.at("x"));
  return {g, std::stoi(board->attrs.at("width")) / g.cols, m};
}

// The squares a polyline's points are the centres of.
std::vector<Square> points(const Element& polyline, const Layout& l) {
  std::vector<Square> out;
  const std::string& p = polyline.attrs.at("points");
  for (std::size_t at = 0; at < p.size();) {
    const std::size_t comma = p.find(',', at);
    const std::size_t end = std::min(p.find(' ', comma), p.size());
    out.push_back(
        l.at(std::stoi(p.substr(at, comma - at)), std::stoi(p.substr(comma + 1, end - comma - 1))));
    at = end + 1;
  }
  return out;
}

// Sutcliffe's 5x5 tour from (3,3), top row first as printed.
std::vector<std::int32_t> textbook_5x5() {
  const int printed[5][5] = {{23, 12, 7, 2, 21},
                             {6, 17, 22, 13, 8},
                             {11, 24, 1, 20, 3},
                             {16, 5, 18, 9, 14},
                             {25, 10, 15, 4, 19}};
  std::vector<std::int32_t> board(25);
  for (int r = 0; r < 5; ++r) {
    for (int x = 1; x <= 5; ++x) board[Geometry{5, 5}.index({x, 5 - r})] = printed[r][x - 1];
  }
  return board;
}

// The squares of a board in move order.
std::vector<Square> tour_order(Geometry g, const std::vector<std::int32_t>& board) {
  std::vector<std::pair<int, int>> v;
  for (int i = 0; i < g.size(); ++i) {
    if (board[i] > 0) v.emplace_back(board[i], i);
  }
  std::sort(v.begin(), v.end());
  std::vector<Square> out;
  for (const auto& [n, i] : v) out.push_back(g.square(i));
  return out;
}

// A tour found by the solver (construction or search) on rows x cols.
std::vector<std::int32_t> solved(int rows, int cols, kt::Method method) {
  kt::ProblemInput in;
  in.rows = rows;
  in.cols = cols;
  kt::Problem p;
  REQUIRE(kt::make_problem(in, p).empty());
  kt::Solver solver(std::move(p), method);
  REQUIRE(solver.run(100'000'000) == kt::Status::found);
  const auto b = solver.board();
  return {b.begin(), b.end()};
}

}  // namespace

TEST_CASE("svg: the 5x5 tour with one number per square, the path in move order", "[svg]") {
  const Geometry g{5, 5};
  const auto board = textbook_5x5();
  const std::string svg = kt::board_svg(g, board);
  const auto els = parsed(svg);
  const Element& root = els.front();
  CHECK(root.attrs.at("xmlns") == "http://www.w3.org/2000/svg");
  CHECK(root.attrs.at("version") == "1.1");
  CHECK(root.attrs.at("viewBox") ==
        "0 0 " + root.attrs.at("width") + " " + root.attrs.at("height"));
  const Layout l = layout(g, els);

  const auto numbers = select(els, "text", "/numbers");
  REQUIRE(numbers.size() == 25);
  // Each number stands on a halo of the light squares' colour, drawn under it: the path's
  // lines stop short of the digits.
  const auto groups = select(els, "g");
  const auto group = std::find_if(groups.begin(), groups.end(), [](const Element* e) {
    return e->attrs.count("class") && e->attrs.at("class") == "numbers";
  });
  REQUIRE(group != groups.end());
  CHECK((*group)->attrs.at("paint-order") == "stroke");
  CHECK((*group)->attrs.at("stroke") == "#f0d9b5");
  CHECK(std::stoi((*group)->attrs.at("stroke-width")) >= 3);
  std::vector<bool> seen(25, false);
  for (const Element* t : numbers) {
    const Square s = l.at(std::stoi(t->attrs.at("x")), std::stoi(t->attrs.at("y")));
    REQUIRE(g.contains(s));
    CHECK(t->text == std::to_string(board[g.index(s)]));
    CHECK_FALSE(seen[g.index(s)]);
    seen[g.index(s)] = true;
  }

  const auto lines = select(els, "polyline", "/path");
  REQUIRE(lines.size() == 1);
  CHECK(points(*lines[0], l) == tour_order(g, board));
  CHECK(select(els, "line").empty());  // open: no closing move

  const auto start = select(els, "circle");
  REQUIRE(start.size() == 2);
  CHECK(start[0]->attrs.at("class") == "start");
  CHECK(l.at(std::stoi(start[0]->attrs.at("cx")), std::stoi(start[0]->attrs.at("cy"))) ==
        Square{3, 3});
  CHECK(start[1]->attrs.at("class") == "end");
  CHECK(l.at(std::stoi(start[1]->attrs.at("cx")), std::stoi(start[1]->attrs.at("cy"))) ==
        Square{1, 1});

  // Checkerboard: the dark squares are those with x + y even (a1 dark), one rect each.
  const auto squares = select(els, "rect", "/squares");
  REQUIRE(squares.size() == 1 + 13);
  for (std::size_t i = 1; i < squares.size(); ++i) {
    const Square s =
        l.at(std::stoi(squares[i]->attrs.at("x")) + 1, std::stoi(squares[i]->attrs.at("y")) + 1);
    CHECK((s.x + s.y) % 2 == 0);
  }

  // Coordinates a..e and 1..5.
  std::vector<std::string> labels;
  for (const Element* t : select(els, "text", "/coordinates")) labels.push_back(t->text);
  CHECK(labels == std::vector<std::string>{"a", "b", "c", "d", "e", "1", "2", "3", "4", "5"});
}

TEST_CASE("svg: blocked squares are drawn, and a closed tour's closing move", "[svg]") {
  // The 3x3 board without its centre has a closed tour of the eight outer squares.
  const Geometry g{3, 3};
  std::vector<std::int32_t> board(9, 0);
  const Square order[] = {{1, 1}, {2, 3}, {3, 1}, {1, 2}, {3, 3}, {2, 1}, {1, 3}, {3, 2}};
  for (int i = 0; i < 8; ++i) board[g.index(order[i])] = i + 1;
  board[g.index({2, 2})] = kt::kBlocked;

  kt::SvgOptions o;
  o.closed = true;
  const auto els = parsed(kt::board_svg(g, board, o));
  const Layout l = layout(g, els);
  const auto blocked = select(els, "rect", "/blocked");
  REQUIRE(blocked.size() == 1);
  CHECK(l.at(std::stoi(blocked[0]->attrs.at("x")) + 1, std::stoi(blocked[0]->attrs.at("y")) + 1) ==
        Square{2, 2});
  CHECK(select(els, "text", "/numbers").size() == 8);
  const auto lines = select(els, "polyline", "/path");
  REQUIRE(lines.size() == 1);
  CHECK(points(*lines[0], l) == std::vector<Square>(std::begin(order), std::end(order)));
  const auto closing = select(els, "line", "/path");
  REQUIRE(closing.size() == 1);
  CHECK(l.at(std::stoi(closing[0]->attrs.at("x1")), std::stoi(closing[0]->attrs.at("y1"))) ==
        Square{3, 2});
  CHECK(l.at(std::stoi(closing[0]->attrs.at("x2")), std::stoi(closing[0]->attrs.at("y2"))) ==
        Square{1, 1});
}

TEST_CASE("svg: options turn numbers, path and coordinates off; the theme changes colours",
          "[svg]") {
  const Geometry g{5, 5};
  const auto board = textbook_5x5();
  kt::SvgOptions o;
  o.numbers = o.path = o.coordinates = false;
  const auto plain = parsed(kt::board_svg(g, board, o));
  CHECK(select(plain, "text").empty());
  CHECK(select(plain, "polyline").empty());
  CHECK(select(plain, "circle").size() == 2);  // start and end stay marked

  kt::SvgOptions dark;
  dark.theme = kt::SvgTheme::dark;
  const std::string light_svg = kt::board_svg(g, board), dark_svg = kt::board_svg(g, board, dark);
  CHECK(light_svg != dark_svg);
  CHECK(parsed(dark_svg).size() == parsed(light_svg).size());
}

TEST_CASE("svg: partial boards, gaps and empty boards", "[svg]") {
  const Geometry g{5, 5};
  auto board = textbook_5x5();
  // An interrupted search: numbers 1..10 only, and a gap at 6.
  for (auto& n : board) {
    if (n > 10 || n == 6) n = 0;
  }
  const auto els = parsed(kt::board_svg(g, board));
  const Layout l = layout(g, els);
  const auto lines = select(els, "polyline", "/path");
  REQUIRE(lines.size() == 2);
  auto all = points(*lines[0], l);
  CHECK(all.size() == 5);
  const auto rest = points(*lines[1], l);
  all.insert(all.end(), rest.begin(), rest.end());
  CHECK(all == tour_order(g, board));
  CHECK(select(els, "text", "/numbers").size() == 9);

  kt::SvgOptions closed;
  closed.closed = true;  // drawn only for a complete tour
  CHECK(select(parsed(kt::board_svg(g, board, closed)), "line").empty());

  const std::vector<std::int32_t> empty(25, 0);
  const auto none = parsed(kt::board_svg(g, empty));
  CHECK(select(none, "polyline").empty());
  CHECK(select(none, "circle").empty());
  CHECK(select(none, "text", "/numbers").empty());
}

TEST_CASE("svg: the title is escaped, whatever bytes it holds", "[svg]") {
  kt::SvgOptions o;
  o.title = "<b>Tom & \"Jerry's\"</b> --> ]]> \x01\x7f caf\xC3\xA9 \xFF\xC3 \xED\xA0\x80 end";
  const std::string svg = kt::board_svg({5, 5}, textbook_5x5(), o);
  const auto els = parsed(svg);
  const auto title = select(els, "title");
  REQUIRE(title.size() == 1);
  CHECK(title[0]->text ==
        "<b>Tom & \"Jerry's\"</b> --> ]]> \xEF\xBF\xBD\x7f caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD "
        "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD end");
  CHECK(svg.find("<b>") == std::string::npos);
  CHECK(svg.find('\x01') == std::string::npos);
}

// Numbers with a decimal comma and grouped thousands, for C++ streams (std::locale::global).
struct CommaNumbers : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

// The C and C++ locales as they were, put back however the test ends.
struct LocaleRestorer {
  std::locale cpp = std::locale();
  ~LocaleRestorer() {
    std::locale::global(cpp);
    std::setlocale(LC_ALL, "C");
  }
};

TEST_CASE("svg: the same bytes every time, in any locale", "[svg]") {
  // 5x5, and 32x32, whose pixels and move numbers pass 1000 (where digits would be grouped).
  const auto small = textbook_5x5();
  const auto large = solved(32, 32, kt::Method::automatic);
  const auto svgs = [&] { return kt::board_svg({5, 5}, small) + kt::board_svg({32, 32}, large); };
  const std::string before = svgs();
  CHECK(svgs() == before);
  LocaleRestorer restore;
  // C++ streams made from now on write 1.234,5 (a facet of our own: no installed locale needed).
  std::locale::global(std::locale(std::locale::classic(), new CommaNumbers));
  CHECK(svgs() == before);
#ifndef __EMSCRIPTEN__
  // printf and its kin in a locale with a decimal comma. (WebAssembly's C library has none: its
  // printf writes a point whatever the locale.) scripts/setup.sh makes de_DE.UTF-8 where it is
  // missing; without one the test fails rather than pass unchecked.
  const char* set = nullptr;
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"}) {
    if ((set = std::setlocale(LC_ALL, name)) != nullptr) break;
  }
  INFO("no locale with a decimal comma could be set (scripts/setup.sh makes de_DE.UTF-8)");
  REQUIRE(set != nullptr);
  REQUIRE(std::string(std::localeconv()->decimal_point) == ",");
  CHECK(svgs() == before);
#endif
}

TEST_CASE("svg: past 4096 squares the path only, past 250000 a refusal", "[svg]") {
  // 64x64 (4096 squares): still numbered.
  {
    const Geometry g{64, 64};
    const auto board = solved(64, 64, kt::Method::automatic);
    const auto els = parsed(kt::board_svg(g, board));
    CHECK(select(els, "text", "/numbers").size() == 4096);
    const Layout l = layout(g, els);
    CHECK(points(*select(els, "polyline", "/path").at(0), l) == tour_order(g, board));
  }
  // 65x64: the path alone, the squares by a pattern.
  {
    const Geometry g{65, 64};
    const auto board = solved(65, 64, kt::Method::automatic);
    const std::string svg = kt::board_svg(g, board);
    const auto els = parsed(svg);
    CHECK(select(els, "text", "/numbers").empty());
    CHECK(svg.find("<!-- move numbers left out: the board has more than 4096 squares -->") !=
          std::string::npos);
    CHECK(select(els, "pattern").size() == 1);
    const Layout l = layout(g, els);
    CHECK(points(*select(els, "polyline", "/path").at(0), l) == tour_order(g, board));
  }
  // 500x500, the largest: a readable file size, the whole path.
  {
    const Geometry g{500, 500};
    CHECK(kt::check_svg_size(g).empty());
    const auto board = solved(500, 500, kt::Method::construct);
    const std::string svg = kt::board_svg(g, board);
    CHECK(svg.size() < 4'000'000);
    const auto els = parsed(svg);
    const Layout l = layout(g, els);
    CHECK(l.u == 8);
    // Every fifth line labelled (1, 5, 10, ..., 500), 40 pixels apart.
    CHECK(select(els, "text", "/coordinates").size() == 2 * 101);
    const auto path = points(*select(els, "polyline", "/path").at(0), l);
    CHECK(path.size() == 250'000);
    CHECK(path == tour_order(g, board));
  }
  // One square more, or no board at all: refused, naming the limit.
  for (const Geometry g : {Geometry{501, 500}, Geometry{1, 250'001}, Geometry{30000, 30000}}) {
    const std::string why = kt::check_svg_size(g);
    CHECK(why.starts_with("svg: a "));
    CHECK(why.find("at most 250000") != std::string::npos);
    CHECK(kt::board_svg(g, std::vector<std::int32_t>(1, 0)).empty());
  }
  CHECK(kt::check_svg_size({0, 5}) == "svg: the board must be at least 1x1");
  CHECK(kt::check_svg_size({1, 250'000}).empty());
  // A board that does not match its geometry gives nothing rather than reading past it.
  CHECK(kt::board_svg({5, 5}, std::vector<std::int32_t>(24, 0)).empty());
}

TEST_CASE("svg: past 26 columns the columns are numbered", "[svg]") {
  const Geometry g{3, 30};
  const std::vector<std::int32_t> board(90, 0);
  const auto els = parsed(kt::board_svg(g, board));
  std::vector<std::string> labels;
  for (const Element* t : select(els, "text", "/coordinates")) labels.push_back(t->text);
  REQUIRE(labels.size() == 33);
  CHECK(labels[0] == "1");
  CHECK(labels[29] == "30");
  CHECK(labels[30] == "1");
}

TEST_CASE("svg: on large boards the pattern still makes a1 dark", "[svg]") {
  for (const int rows : {65, 66}) {
    const Geometry g{rows, 64};
    const auto els = parsed(kt::board_svg(g, std::vector<std::int32_t>(g.size(), 0)));
    const Layout l = layout(g, els);
    const auto tile = select(els, "rect", "/pattern");
    REQUIRE(tile.size() == 2);
    for (const Element* cell : tile) {
      // Tile cells repeat every two squares from the board's top-left corner.
      const Square s =
          l.at(l.m + std::stoi(cell->attrs.at("x")) + 1, l.m + std::stoi(cell->attrs.at("y")) + 1);
      INFO(rows << ": " << s.x << "," << s.y);
      CHECK((s.x + s.y) % 2 == 0);
    }
  }
}

TEST_CASE("svg: any numbers, any options: always a well-formed document", "[svg]") {
  std::mt19937 rng(3);
  const std::int32_t odd[] = {kt::kBlocked,
                              0,
                              -7,
                              std::numeric_limits<std::int32_t>::max(),
                              std::numeric_limits<std::int32_t>::min(),
                              1,
                              1,
                              2};
  for (int round = 0; round < 300; ++round) {
    const Geometry g{1 + static_cast<int>(rng() % 9), 1 + static_cast<int>(rng() % 30)};
    std::vector<std::int32_t> board(g.size());
    for (auto& n : board) {
      n = rng() % 3 == 0 ? odd[rng() % std::size(odd)] : static_cast<std::int32_t>(rng() % 300);
    }
    kt::SvgOptions o;
    o.numbers = rng() % 2;
    o.path = rng() % 2;
    o.coordinates = rng() % 2;
    o.closed = rng() % 2;
    o.theme = rng() % 2 ? kt::SvgTheme::dark : kt::SvgTheme::light;
    for (int i = static_cast<int>(rng() % 8); i > 0; --i) o.title += static_cast<char>(rng());
    INFO(round);
    const auto els = parsed(kt::board_svg(g, board, o));
    std::size_t visited = 0;
    for (const auto n : board) visited += n > 0;
    CHECK(select(els, "text", "/numbers").size() == (o.numbers ? visited : 0));
  }
}

namespace {

// The path's points in the picture's pixels.
std::vector<std::pair<int, int>> pixels(const Element& polyline) {
  std::vector<std::pair<int, int>> out;
  const std::string& p = polyline.attrs.at("points");
  for (std::size_t at = 0; at < p.size();) {
    const std::size_t comma = p.find(',', at);
    const std::size_t end = std::min(p.find(' ', comma), p.size());
    out.emplace_back(std::stoi(p.substr(at, comma - at)),
                     std::stoi(p.substr(comma + 1, end - comma - 1)));
    at = end + 1;
  }
  return out;
}

double longest_segment(const std::vector<std::pair<int, int>>& p) {
  double most = 0;
  for (std::size_t i = 1; i < p.size(); ++i) {
    most = std::max(most, std::hypot(p[i].first - p[i - 1].first, p[i].second - p[i - 1].second));
  }
  return most;
}

}  // namespace

TEST_CASE("svg: a jump across a wrapped board's seam is two short segments", "[svg]") {
  const Geometry g{5, 5};
  std::vector<std::int32_t> board(25, 0);
  // (1,1) -> (5,3): the knight's jump (-1, +2) across the left edge of a cylinder; then
  // (5,3) -> (4,5), a jump on the board.
  board[g.index({1, 1})] = 1;
  board[g.index({5, 3})] = 2;
  board[g.index({4, 5})] = 3;
  kt::SvgOptions o;
  o.piece.wrap = kt::Wrap::cylinder;
  const auto els = parsed(kt::board_svg(g, board, o));
  const Layout l = layout(g, els);
  const auto lines = select(els, "polyline", "/path");
  REQUIRE(lines.size() == 2);
  const auto leave = pixels(*lines[0]), enter = pixels(*lines[1]);
  const double jump = std::hypot(1, 2) * l.u;
  REQUIRE(leave.size() == 2);
  REQUIRE(enter.size() == 3);
  CHECK(leave.back().first == l.m);                    // out through the left edge
  CHECK(enter.front().first == l.m + 5 * l.u);         // back in through the right one
  CHECK(leave.back().second == enter.front().second);  // at the same height
  CHECK(longest_segment(leave) <= jump / 2 + 1);
  CHECK(longest_segment(enter) <= jump + 1);

  // The same board drawn for the knight on a plain board (where (1,1) -> (5,3) is no jump):
  // one polyline, its first segment across the board.
  const auto plain_els = parsed(kt::board_svg(g, board));
  const auto plain = select(plain_els, "polyline", "/path");
  REQUIRE(plain.size() == 1);
  CHECK(longest_segment(pixels(*plain[0])) > 1.5 * jump);  // (4, 2): twice the jump
}

TEST_CASE("jump_line: straight on the board, two segments across a seam", "[svg]") {
  const Geometry g{5, 5};
  const kt::Piece torus{kt::kKnight, kt::Wrap::torus};
  CHECK(kt::jump_line(g, torus, {2, 2}, {3, 4}).count == 1);
  // (1,1) -> (5,4): (-1, -2) across the bottom-left corner. It leaves through the bottom edge a
  // quarter of the way along the jump and comes in at the right edge half way along.
  const kt::JumpLine j = kt::jump_line(g, torus, {1, 1}, {5, 4});
  REQUIRE(j.crosses_seam());
  CHECK(j.parts[0].to.x == 0.75);
  CHECK(j.parts[0].to.y == 0.5);
  CHECK(j.parts[1].from.x == 5.5);
  CHECK(j.parts[1].from.y == 5);
  // A 4-column cylinder: two columns to the right is also two to the left; drawn straight.
  const kt::Piece cylinder{kt::kKnight, kt::Wrap::cylinder};
  CHECK(kt::jump_line({5, 4}, cylinder, {1, 1}, {3, 2}).count == 1);
}
