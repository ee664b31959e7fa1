// The page's URL parameters: every setting survives a link, and no link, however broken,
// leaves the page without a board it can set up.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "page_query.hpp"

using kt::PageQuery;

namespace {

// The page's own limits, as the page passes them.
constexpr const kt::RequestLimits& kPage = kt::ui::kPageLimits;

PageQuery parse(std::string_view query) { return kt::parse_page_query(query, kPage); }

bool usable(const PageQuery& q) {
  kt::Request r;
  return kt::parse_request(q.request, r, kPage).empty();
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

TEST_CASE("no parameters are the page's defaults: 5x5 from (1,1), method auto", "[page_query]") {
  for (const std::string_view query : {"", "?", "&&&", "?&"}) {
    const PageQuery q = parse(query);
    INFO(query);
    CHECK(q.ignored.empty());
    CHECK(kt::same_settings(q, PageQuery{}));
    CHECK(kt::to_page_query(q).empty());
  }
  kt::Request r;
  REQUIRE(kt::parse_request(PageQuery{}.request, r, kPage).empty());
  CHECK(r.problem.geometry.rows == 5);
  CHECK(r.problem.geometry.cols == 5);
  CHECK(r.problem.start == kt::Square{1, 1});
  CHECK(r.method == kt::Method::automatic);
}

TEST_CASE("every parameter reads and is written back canonically", "[page_query]") {
  const std::string canonical[] = {
      "?size=8",
      "?rows=6&cols=7",
      "?start=c3",
      "?start=3,3",
      "?size=6&start=1,1&end=6,6",
      "?size=8&start=2,1&blocked=1,1;8,8",
      "?size=8&start=2,2&blocked=a1%20h8",
      "?size=8&closed=1",
      "?method=wirth",
      "?method=warnsdorff&order=handout-loop",
      "?size=7&leaper=2,3&wrap=torus",
      "?size=10&leaper=1,4",
      "?wrap=cylinder",
      "?speed=0.5",
      "?speed=12.345679",
      "?speed=1000000000",
      "?run=1",
      "?steps=1000000000000",
      "?embed=1",
      "?theme=light",
      "?theme=dark",
      "?views=stack,code,tree,estimate",
      "?listing=pseudocode",
      "?listing=handout-all",
      "?lesson=3",
      "?code=1.5625",
      "?code=3&layout=projector",
      "?lesson=lesson-example.json",
      "?lesson=course%2Fweek_2.json%234",
      "?size=8&start=4,4&method=textbook&speed=60&run=1&steps=500&embed=1&theme=dark&views=tree",
  };
  for (const std::string& query : canonical) {
    INFO(query);
    const PageQuery q = parse(query);
    CHECK(joined(q.ignored).empty());
    CHECK(usable(q));
    CHECK(kt::to_page_query(q) == query);
    CHECK(kt::same_settings(parse(kt::to_page_query(q)), q));
  }
}

TEST_CASE("code=1 is the page's own font size, written as nothing", "[page_query]") {
  const PageQuery q = parse("?code=1");  // found by the link fuzzer: it read back as 0
  CHECK(joined(q.ignored).empty());
  CHECK(q.code == 0);
  CHECK(kt::to_page_query(q).empty());
  CHECK(parse("?code=1.25").code == 1.25);
}

TEST_CASE("the values are read as the settings they name", "[page_query]") {
  const PageQuery q = parse(
      "size=8&start=c3&end=h8&blocked=d4;e5&method=warnsdorff&order=wirth&speed=2.5&run=true&"
      "steps=42&embed=1&theme=dark&views=estimate,stack");
  CHECK(q.ignored.empty());
  CHECK(q.request.rows == "8");
  CHECK(q.request.cols == "8");
  CHECK(q.request.size.empty());
  CHECK(q.request.start == "c3");
  CHECK(q.request.end == "h8");
  CHECK(q.request.blocked == "d4;e5");
  CHECK(q.request.method == "warnsdorff");
  CHECK(q.request.order == "wirth");
  CHECK(q.speed == 2.5);
  CHECK(q.run);
  CHECK(q.steps == 42);
  CHECK(q.embed);
  CHECK(q.theme == "dark");
  CHECK(q.views == std::vector<std::string>{"stack", "estimate"});
}

TEST_CASE("links are decoded as browsers encode them", "[page_query]") {
  // '+' and %20 are spaces, escapes in either case, a leading '?' or none.
  const PageQuery q = parse("blocked=a1+h8&start=%32%2c%32&end=e%35&closed=0&size=8");
  CHECK(q.ignored.empty());
  CHECK(q.request.blocked == "a1 h8");
  CHECK(q.request.start == "2,2");
  CHECK(q.request.end == "e5");
  CHECK(q.request.closed.empty());
  CHECK(kt::same_settings(parse("?size=08"), parse("size=8")));
  CHECK(kt::to_page_query(parse("rows=8&cols=8")) == "?size=8");
  CHECK(kt::to_page_query(parse("closed=true&size=6")) == "?size=6&closed=1");
  CHECK(kt::to_page_query(parse("speed=2.50")) == "?speed=2.5");
  CHECK(kt::to_page_query(parse("views=tree,tree,,stack")) == "?views=stack,tree");
  CHECK(kt::to_page_query(parse("method=auto&end=&run=0")) == "");
}

TEST_CASE("a repeated key: the last one counts", "[page_query]") {
  CHECK(parse("size=abc&size=6").request.rows == "6");
  CHECK(parse("size=abc&size=6").ignored.empty());
  const PageQuery q = parse("size=6&size=abc");
  CHECK(q.request.rows == "5");
  REQUIRE(q.ignored.size() == 1);
  CHECK(q.ignored[0].starts_with("size='abc': "));
  CHECK(parse("run&run=1").run);
  CHECK(parse("run&run=1").ignored.empty());
  CHECK(parse("theme=dark&theme=").theme.empty());
}

TEST_CASE("a start off the board after a valid size drops only the start", "[page_query]") {
  const PageQuery q = parse("size=8&start=9,9&end=h8&method=warnsdorff&speed=3");
  REQUIRE(q.ignored.size() == 1);
  CHECK(q.ignored[0] == "start='9,9': square 9,9 is off the 8x8 board (x must be 1..8, y 1..8)");
  CHECK(q.request.rows == "8");
  CHECK(q.request.start.empty());
  CHECK(q.request.end == "h8");
  CHECK(q.request.method == "warnsdorff");
  CHECK(q.speed == 3);
  CHECK(usable(q));
}

TEST_CASE("fields that only fail together: each refusal drops the field it names", "[page_query]") {
  // A blocked start goes, then the default start (1,1) is blocked too, so the squares go.
  PageQuery q = parse("start=1,1&blocked=1,1");
  CHECK(q.request.start.empty());
  CHECK(q.request.blocked.empty());
  REQUIRE(q.ignored.size() == 2);
  CHECK(q.ignored[0] == "start='1,1': (1,1) is blocked");
  CHECK(q.ignored[1].starts_with("blocked='1,1': start: the default start (1,1) is blocked"));
  // A closed tour takes no end; the closed setting stays.
  q = parse("closed=1&end=2,3&size=6");
  CHECK(q.request.closed == "1");
  CHECK(q.request.end.empty());
  // Too many squares, each side within the page's limit: both sides go back to 5x5.
  static_assert(std::int64_t{10'000} * 20'000 > kt::ui::kMaxPageSquares &&
                20'000 <= kt::ui::kMaxPageSide);
  q = parse("rows=10000&cols=20000");
  CHECK(q.request.rows == "5");
  CHECK(q.request.cols == "5");
  REQUIRE(q.ignored.size() == 2);
  CHECK(q.ignored[0].starts_with("rows='10000': board: 10000x20000 has 200000000 squares"));
  CHECK(q.ignored[1].starts_with("cols='20000': board: "));
  // A size and rows: the size goes.
  q = parse("size=7&rows=6");
  CHECK(q.request.rows == "6");
  CHECK(q.request.cols == "5");
  CHECK(q.ignored.at(0) == "size='7': give either a size or rows and cols");
}

TEST_CASE("bad parameters leave a usable page and a message naming the parameter", "[page_query]") {
  const std::string script = "<script>alert(1)</script>";
  const std::string long_value(10'000, '7');
  // A side over the page's limit, and a square board within it with too many squares.
  const std::string too_long = std::to_string(kt::ui::kMaxPageSide + 1);
  std::int64_t too_big_side = 1;
  while (too_big_side * too_big_side <= kt::ui::kMaxPageSquares) ++too_big_side;
  const std::string too_big = std::to_string(too_big_side);
  struct Case {
    std::string query;
    std::string message_start;  // of the first message
  };
  const Case cases[] = {
      {"rows=abc", "rows='abc': "},
      {"rows=8", ""},  // cols then take the default: 8x5, fine
      {"size=-3", "size='-3': "},
      {"size=0", "size='0': "},
      {"size=0x10", "size='0x10': "},
      {"size=99999999999999999999999", "size='99999999999999999999999': "},
      {"size=" + too_long, "size='" + too_long + "': '" + too_long + "' is above " +
                               std::to_string(kt::ui::kMaxPageSide)},
      {"size=" + too_big, "size='" + too_big + "': board: " + too_big + "x" + too_big + " has " +
                              std::to_string(too_big_side * too_big_side) + " squares, more than " +
                              std::to_string(kt::ui::kMaxPageSquares)},
      {"cols=" + long_value, "cols='7777777777"},
      {"start=9,9", "start='9,9': square 9,9 is off the 5x5 board"},
      {"start=z99", "start='z99': "},
      {"end=1,1", "end='1,1': an open tour cannot end on its start"},
      {"blocked=1,2;zz", "blocked='1,2;zz': "},
      {"blocked=a1", "blocked='a1': start: the default start (1,1) is blocked"},
      {"closed=2", "closed='2': '2' is not true or false"},
      {"method=" + script, "method='<script>alert(1)</script>': "},
      {"order=bogus", "order='bogus': 'bogus' is not a move order: give one of sutcliffe"},
      {"start=" + script, "start='<script>alert(1)</script>': malformed square"},
      {"theme=" + script, "theme='<script>alert(1)</script>': is not light or dark"},
      {script + "=1", "'<script>alert(1)</script>'='1': is not a parameter the page takes"},
      {"speed=1e9", "speed='1e9': is not a decimal number"},
      {"speed=-1", "speed='-1': "},
      {"speed=.5", "speed='.5': "},
      {"speed=5.", "speed='5.': "},
      {"speed=1.2.3", "speed='1.2.3': "},
      {"speed=0x10", "speed='0x10': "},
      {"speed=+3", "speed=' 3': "},
      {"speed=0.4", "speed='0.4': is below 0.5 steps per second"},
      {"speed=0", "speed='0': is below 0.5"},
      {"speed=1000000000.000001", "speed='1000000000.000001': is above 1000000000"},
      {"speed=" + long_value, "speed='7777"},
      {"steps=0", "steps='0': '0' is below 1"},
      {"steps=1000000000001", "steps='1000000000001': '1000000000001' is above 1000000000000"},
      {"steps=-5", "steps='-5': "},
      {"steps=abc", "steps='abc': "},
      {"run=2", "run='2': is not 1, 0, true or false"},
      {"run", "run: has no value (write run=...)"},
      {"embed=yes", "embed='yes': "},
      {"theme=Dark", "theme='Dark': "},
      {"views=stack,foo", "views='foo': is not a view (stack, code, tree or estimate)"},
      {"listing=Handout_All",
       "listing='Handout_All': is not a listing name (sutcliffe, wirth, pseudocode, handout, "
       "handout-all, python, java or c)"},
      {"views=" + script, "views='<script>alert(1)</script>': is not a view"},
      {"code=4", "code='4': is not a font scale from 0.75 to 3"},
      {"code=big", "code='big': is not a font scale"},
      {"layout=lecture", "layout='lecture': is not projector"},
      // A lesson is the page's own slide or a file beside the page, never another site's.
      {"lesson=0", "lesson='0': is not a slide number (1 to 99) or a lesson file"},
      {"lesson=100", "lesson='100': is not a slide number"},
      {"lesson=https://example.com/x.json", "lesson='https://example.com/x.json': is not"},
      {"lesson=//example.com/x.json", "lesson='//example.com/x.json': is not"},
      {"lesson=/x.json", "lesson='/x.json': is not"},
      {"lesson=../x.json", "lesson='../x.json': is not"},
      {"lesson=x.txt", "lesson='x.txt': is not"},
      {"lesson=x.json%23x", "lesson='x.json#x': is not"},
      {"start=" + long_value, "start='7777777777777777777777777777777777777777'... (10000 bytes)"},
      {"blocked=" + long_value, "blocked='77777"},
      {"views=" + long_value, "views='77777"},
      {"start=%G1", "start='%G1': has a '%' that is not followed by two hex digits"},
      {"rows=%", "rows='%': has a '%'"},
      {"views=stack%2", "views='stack%2': has a '%'"},
      {"%zz=1", "'%zz'='1': is not a parameter"},
      {"=5", "''='5': a parameter without a name"},
      {"=", "''='': a parameter without a name"},
      {"&&&=&&", "''='': a parameter without a name"},
      {"start=%00", "start='\\x00': "},
      {std::string("rows=8\0&cols=8", 14), "rows='8\\x00': "},
      {std::string("\0=\0", 3), "'\\x00'='\\x00': "},
      {"rows=8%00", "rows='8\\x00': "},
      {"start=%C3%A9", "start='\xC3\xA9': "},
      {"start=%FF", "start='\\xff': "},
      {"size=8&size", "size: has no value"},
  };
  for (const Case& c : cases) {
    INFO(c.query);
    const PageQuery q = parse(c.query);
    INFO(joined(q.ignored));
    CHECK(usable(q));
    if (c.message_start.empty()) {
      CHECK(q.ignored.empty());
      continue;
    }
    REQUIRE_FALSE(q.ignored.empty());
    CHECK(q.ignored[0].starts_with(c.message_start));
    for (const std::string& m : q.ignored) CHECK(m.size() < 400);
    // What is kept round-trips without new messages.
    const PageQuery again = parse(kt::to_page_query(q));
    CHECK(again.ignored.empty());
    CHECK(kt::same_settings(again, q));
  }
}

TEST_CASE("a link with thousands of bad parameters costs a bounded list of messages",
          "[page_query]") {
  std::string query;
  for (int i = 0; i < 5000; ++i) query += "x" + std::to_string(i) + "=1&views=nope,nix&";
  query += "size=6";
  const PageQuery q = parse(query);
  REQUIRE(q.ignored.size() == kt::kPageMaxMessages + 1);
  CHECK(q.ignored.back() == "... and 4986 more parameters ignored");
  CHECK(q.request.rows == "6");
  // The last views counts; only its two names are reported, once.
  CHECK(q.views.empty());
}

TEST_CASE("to_page_query encodes what it writes and leaves out what cannot be read back",
          "[page_query]") {
  PageQuery q;
  q.request.start = "a b&c=d+e%";
  CHECK(kt::to_page_query(q) == "?start=a%20b%26c%3Dd%2Be%25");
  q.request.start = " 2, 3";
  q.request.blocked = "a1|h8";
  q.request.rows = q.request.cols = "8";
  CHECK(kt::to_page_query(q) == "?size=8&start=%202,%203&blocked=a1%7Ch8");
  const PageQuery back = parse(kt::to_page_query(q));
  CHECK(back.ignored.empty());
  CHECK(back.request.start == q.request.start);
  CHECK(back.request.blocked == q.request.blocked);

  PageQuery odd;
  odd.speed = 0.25;
  odd.theme = "purple";
  odd.views = {"nope"};
  CHECK(kt::to_page_query(odd).empty());
  odd.speed = 10.0 / 3;  // kept to 6 decimals
  CHECK(kt::to_page_query(odd) == "?speed=3.333333");
  odd.speed = std::numeric_limits<double>::quiet_NaN();
  CHECK(kt::to_page_query(odd).empty());

  PageQuery sized;
  sized.request.size = "9";  // a size set directly is written as it is
  CHECK(kt::to_page_query(sized) == "?size=9");
}

TEST_CASE("random links: always usable, and what is kept reads back the same", "[page_query]") {
  const std::vector<std::string> pieces = {
      "size=",   "rows=",    "cols=",  "start=", "end=",   "blocked=", "closed=",
      "method=", "order=",   "speed=", "run=",   "steps=", "embed=",   "theme=",
      "views=",  "8",        "6",      "0",      "1",      "2049",     "c3",
      "9,9",     "1,1",      "a1+h8",  ";",      ",",      "%",        "%2",
      "%41",     "+",        "&",      "=",      "?",      "dark",     "wirth",
      "tree",    "stack",    "0.5",    ".",      "1e3",    "-",        "\x01",
      "\xff",    "true",     "x",      "mode=",  "step=",  "tour=",    "granularity=",
      "play",    "dead-end", "watch",  "line"};
  std::mt19937 rng(9);
  for (int i = 0; i < 3000; ++i) {
    std::string query;
    const int n = static_cast<int>(rng() % 12);
    for (int j = 0; j < n; ++j) query += pieces[rng() % pieces.size()];
    INFO(query);
    const PageQuery q = parse(query);
    REQUIRE(usable(q));
    const std::string link = kt::to_page_query(q);
    const PageQuery again = parse(link);
    INFO(link);
    REQUIRE(again.ignored.empty());
    REQUIRE(kt::same_settings(again, q));
    REQUIRE(kt::to_page_query(again) == link);
  }
}

TEST_CASE("links keep the exact position: mode, granularity, step, tour, embed=0", "[page_query]") {
  const PageQuery q =
      parse("?method=textbook&views=code,stack&granularity=move&step=120&tour=3&mode=predict");
  CHECK(q.ignored.empty());
  CHECK(q.granularity == "move");
  CHECK(q.step == 120);
  CHECK(q.tour == 3);
  CHECK(q.mode == "predict");
  const std::string link = kt::to_page_query(q);
  CHECK(link == "?method=textbook&views=stack,code&mode=predict&granularity=move&step=120&tour=3");
  CHECK(kt::same_settings(parse(link), q));

  // The defaults are written as nothing, so a link that names them reads back the same.
  const PageQuery plain = parse("?mode=watch&granularity=line");
  CHECK(plain.ignored.empty());
  CHECK(kt::to_page_query(plain).empty());

  // embed=0 is kept (the full explorer even in a small frame), apart from no embed at all.
  const PageQuery off = parse("?embed=0");
  CHECK(off.embed_off);
  CHECK_FALSE(off.embed);
  CHECK(kt::to_page_query(off) == "?embed=0");
  CHECK_FALSE(parse("?embed=1").embed_off);

  const PageQuery bad = parse("?mode=chess&granularity=page&step=0&tour=x");
  REQUIRE(bad.ignored.size() == 4);
  CHECK(bad.ignored[0].rfind("mode='chess': is not watch, predict or play", 0) == 0);
  CHECK(bad.ignored[1].rfind("granularity='page': ", 0) == 0);
  CHECK(bad.ignored[2].rfind("step='0': ", 0) == 0);
  CHECK(bad.ignored[3].rfind("tour='x': ", 0) == 0);
  CHECK(bad.mode.empty());
  CHECK(bad.step == 0);
}

TEST_CASE("leaper and wrap: names and either order read back as a,b; bad values name the key",
          "[page_query]") {
  const PageQuery camel = parse("?size=5&leaper=camel&wrap=torus");
  CHECK(joined(camel.ignored).empty());
  CHECK(kt::to_page_query(camel) == "?leaper=1,3&wrap=torus");
  CHECK(kt::to_page_query(parse("?leaper=3,1")) == "?leaper=1,3");
  // The knight and a plain board are the defaults, written as nothing.
  CHECK(kt::to_page_query(parse("?leaper=1,2&wrap=none")).empty());
  kt::Request r;
  REQUIRE(kt::parse_request(camel.request, r, kPage).empty());
  CHECK(r.problem.piece == kt::Piece{{1, 3}, kt::Wrap::torus});
  for (const char* bad : {"?leaper=0,0", "?leaper=camelopard", "?leaper=1,99", "?wrap=klein"}) {
    INFO(bad);
    const PageQuery q = parse(bad);
    REQUIRE(q.ignored.size() == 1);
    CHECK(q.ignored[0].rfind(std::string_view(bad).substr(1, 4), 0) == 0);
    CHECK(usable(q));
    CHECK(kt::to_page_query(q).empty());
  }
}
