// The independent verifier accepts tours and rejects each kind of broken one; property tests
// hold it (with the text and JSON readers in front) against an independent oracle over every
// single-number edit, swap and deletion of a few known tours.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "board/text_input.hpp"
#include "formats/board_read.hpp"
#include "fuzz/tour_oracle.hpp"
#include "verify/verify.hpp"

using kt::Geometry;
using kt::Square;

namespace {

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

// The closed 8x8 tour printed in the handout, rows 1..8 as printed (row 1 first).
std::vector<std::int32_t> closed_8x8() {
  const int printed[8][8] = {{1, 8, 11, 18, 35, 6, 33, 20},    {10, 17, 2, 7, 12, 19, 36, 5},
                             {15, 64, 9, 52, 3, 34, 21, 32},   {50, 25, 16, 13, 22, 57, 4, 37},
                             {63, 14, 51, 24, 53, 38, 31, 58}, {26, 49, 42, 45, 60, 23, 56, 39},
                             {43, 62, 47, 28, 41, 54, 59, 30}, {48, 27, 44, 61, 46, 29, 40, 55}};
  std::vector<std::int32_t> board(64);
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) board[r * 8 + c] = printed[r][c];
  }
  return board;
}

}  // namespace

TEST_CASE("the verifier accepts the textbook tour as open") {
  const auto v = kt::verify_board({5, 5}, textbook_5x5());
  CHECK(v.ok);
  CHECK_FALSE(v.closed);
  CHECK_FALSE(kt::verify_board({5, 5}, textbook_5x5(), true).ok);
}

TEST_CASE("the verifier accepts the handout's closed 8x8 tour") {
  const auto v = kt::verify_board({8, 8}, closed_8x8(), true);
  CHECK(v.ok);
  CHECK(v.closed);
}

TEST_CASE("the verifier rejects broken boards") {
  auto board = textbook_5x5();
  SECTION("a number out of range") {
    board[0] = 26;
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("expected 1..25"));
  }
  SECTION("an empty square") {
    board[3] = 0;
    CHECK_FALSE(kt::verify_board({5, 5}, board).ok);
  }
  SECTION("a number used twice") {
    board[0] = board[1];
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("appears twice"));
  }
  SECTION("two squares swapped: no longer knight's jumps") {
    std::swap(board[0], board[1]);
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("not a knight's jump"));
  }
  SECTION("the wrong size") {
    board.pop_back();
    CHECK_FALSE(kt::verify_board({5, 5}, board).ok);
  }
}

TEST_CASE("the verifier rejects broken paths") {
  const Geometry g{3, 4};
  // An open tour of 3 rows x 4 columns.
  std::vector<Square> path = {{1, 1}, {3, 2}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
                              {3, 1}, {4, 3}, {2, 2}, {4, 1}, {3, 3}, {1, 2}};
  REQUIRE(kt::verify_path(g, path).ok);
  SECTION("off the board") {
    path[11] = {0, 2};
    CHECK_THAT(kt::verify_path(g, path).reason, Catch::Contains("off the board"));
  }
  SECTION("a square revisited") {
    path[11] = path[0];
    CHECK_THAT(kt::verify_path(g, path).reason, Catch::Contains("revisits"));
  }
  SECTION("too short") {
    path.pop_back();
    CHECK_FALSE(kt::verify_path(g, path).ok);
  }
  SECTION("open where a closed tour is required") {
    CHECK_THAT(kt::verify_path(g, path, true).reason, Catch::Contains("the tour is open"));
  }
}

TEST_CASE("boards with blocked squares verify without them") {
  // A 3x4 tour with (1,1) blocked is not possible, but a 3x4 path over 11 squares is: take the
  // 12-square tour above and drop its first square.
  const Geometry g{3, 4};
  const std::vector<Square> path = {{1, 1}, {3, 2}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
                                    {3, 1}, {4, 3}, {2, 2}, {4, 1}, {3, 3}, {1, 2}};
  std::vector<std::int32_t> board(12);
  for (std::size_t i = 1; i < path.size(); ++i) board[g.index(path[i])] = static_cast<int>(i);
  board[g.index(path[0])] = -1;
  CHECK(kt::verify_board(g, board).ok);
  board[g.index(path[1])] = -1;  // two blocked: numbers no longer fit
  CHECK_FALSE(kt::verify_board(g, board).ok);
}

TEST_CASE("a board with every square blocked has no tour") {
  CHECK_THAT(kt::verify_board({2, 2}, std::vector<std::int32_t>(4, -1)).reason,
             Catch::Contains("the board has no free square"));
  // Closed or not: this once read past the end of an empty path.
  CHECK_THAT(kt::verify_board({1, 1}, std::vector<std::int32_t>{-1}, true).reason,
             Catch::Contains("no free square"));
  CHECK_FALSE(kt::verify_path({1, 1}, {}, true).ok);
}

TEST_CASE("only -1 marks a blocked square") {
  auto board = textbook_5x5();
  for (const std::int32_t mark : {-2, INT32_MIN}) {
    board[Geometry{5, 5}.index({1, 1})] = mark;  // the square of move 25
    CHECK_THAT(kt::verify_board({5, 5}, board).reason,
               Catch::Contains("expected 1..25 or -1 (blocked)"));
  }
}

TEST_CASE("the verifier refuses boards check_geometry refuses") {
  CHECK_THAT(kt::verify_board({0, 5}, {}).reason, Catch::Contains("at least 1x1"));
  CHECK_THAT(kt::verify_board({-3, -3}, std::vector<std::int32_t>(9, 1)).reason,
             Catch::Contains("at least 1x1"));
  CHECK_THAT(kt::verify_path({0, 0}, {}).reason, Catch::Contains("at least 1x1"));
}

namespace {

// ---- Property tests ----------------------------------------------------------------------

struct Tour {
  const char* name;
  Geometry g;
  std::vector<std::int32_t> board;
};

// The 3x4 open tour above without its first square: 11 numbered squares and a blocked one.
std::vector<std::int32_t> blocked_3x4() {
  const std::vector<Square> path = {{1, 1}, {3, 2}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
                                    {3, 1}, {4, 3}, {2, 2}, {4, 1}, {3, 3}, {1, 2}};
  std::vector<std::int32_t> board(12);
  for (std::size_t i = 1; i < path.size(); ++i) {
    board[Geometry{3, 4}.index(path[i])] = static_cast<std::int32_t>(i);
  }
  board[Geometry{3, 4}.index(path[0])] = -1;
  return board;
}

std::vector<Tour> known_tours() {
  return {{"5x5 textbook (open)", {5, 5}, textbook_5x5()},
          {"8x8 handout (closed)", {8, 8}, closed_8x8()},
          {"1x1", {1, 1}, {1}},
          {"3x4 with a blocked square (open)", {3, 4}, blocked_3x4()}};
}

std::int64_t free_squares(const std::vector<std::int32_t>& board) {
  return std::count_if(board.begin(), board.end(), [](std::int32_t m) { return m != -1; });
}

std::string square_name(Geometry g, std::size_t k) {
  const Square s = g.square(static_cast<int>(k));
  return "(" + std::to_string(s.x) + "," + std::to_string(s.y) + ")";
}

// Empty when verify_board agrees with the oracle, open and closed; else what differs.
std::string disagreement(Geometry g, const std::vector<std::int32_t>& board) {
  const kt_oracle::Answer o = kt_oracle::check_tour(g, board);
  for (const bool closed : {false, true}) {
    const kt::Verdict v = kt::verify_board(g, board, closed);
    if (v.ok != (o.tour && (!closed || o.closed)) || (v.ok && v.closed != o.closed)) {
      return std::string(closed ? "closed" : "open") + ": verifier " +
             (v.ok ? "accepts" : "refuses") + " (" + v.reason + "), oracle " +
             (o.tour ? "tour" : "no tour");
    }
  }
  return {};
}

// The board as text cells by square index: the move number, or "." when blocked.
std::vector<std::string> cells(const std::vector<std::int32_t>& board) {
  std::vector<std::string> out;
  for (const std::int32_t m : board) out.push_back(m == -1 ? "." : std::to_string(m));
  return out;
}

// Rows top first, cells one space apart; the cell at index `skip` left out.
std::string text_of(Geometry g, const std::vector<std::string>& cell, std::size_t skip = SIZE_MAX) {
  std::string out;
  for (int y = g.rows; y >= 1; --y) {
    for (int x = 1; x <= g.cols; ++x) {
      const auto k = static_cast<std::size_t>(g.index({x, y}));
      if (k != skip) out += cell[k] + " ";
    }
    out += "\n";
  }
  return out;
}

// JSON rows top first, from cells as JSON values.
std::string json_of(Geometry g, const std::vector<std::string>& cell) {
  std::string out = "[";
  for (int y = g.rows; y >= 1; --y) {
    out += y == g.rows ? "[" : ", [";
    for (int x = 1; x <= g.cols; ++x) out += (x > 1 ? ", " : "") + cell[g.index({x, y})];
    out += "]";
  }
  return out + "]";
}

// Whether reader and verifier together pass `text` as a tour.
bool passes(std::string_view text, bool json) {
  Geometry g;
  std::vector<std::int32_t> board;
  const std::string why =
      json ? kt::parse_board_json(text, g, board) : kt::parse_board_text(text, g, board);
  return why.empty() && kt::verify_board(g, board).ok;
}

// m + 2^64 in decimal, for the small m of these tours (2^64 ends in ...516).
std::string plus_2_64(std::int64_t m) {
  REQUIRE(m < 84);
  const std::string tail = std::to_string(16 + m);
  return "184467440737095516" + std::string(2 - tail.size(), '0') + tail;
}

}  // namespace

TEST_CASE("property: the known tours pass through both readers") {
  for (const Tour& t : known_tours()) {
    INFO(t.name);
    CHECK(kt_oracle::check_tour(t.g, t.board).tour);
    CHECK(disagreement(t.g, t.board).empty());
    CHECK(passes(text_of(t.g, cells(t.board)), false));
    std::vector<std::string> json = cells(t.board);
    for (std::string& c : json) c = c == "." ? "-1" : c;
    CHECK(passes(json_of(t.g, json), true));
  }
}

TEST_CASE("property: every single-number edit of a tour is refused, but blocking its last move") {
  for (const Tour& t : known_tours()) {
    INFO(t.name);
    const std::int64_t free = free_squares(t.board);
    std::vector<std::string> disagreements, accepted;
    std::int64_t edits = 0;
    for (std::size_t k = 0; k < t.board.size(); ++k) {
      for (std::int64_t v = -1; v <= free + 1; ++v) {  // -1: blocked
        if (v == t.board[k]) continue;
        auto edited = t.board;
        edited[k] = static_cast<std::int32_t>(v);
        ++edits;
        const std::string what = square_name(t.g, k) + " := " + std::to_string(v);
        if (auto why = disagreement(t.g, edited); !why.empty()) {
          disagreements.push_back(what + ": " + why);
        }
        if (kt::verify_board(t.g, edited).ok) accepted.push_back(what);
      }
    }
    CHECK(edits > 0);
    CHECK(disagreements == std::vector<std::string>{});
    // Renumbering a square breaks the numbering (out of range, or a number used twice).
    // Blocking the square of the last move leaves a tour of the smaller board, rightly accepted:
    // the verifier cannot know which squares the problem blocked.
    std::vector<std::string> expected;
    if (free > 1) {
      const auto last = std::find(t.board.begin(), t.board.end(), free) - t.board.begin();
      expected.push_back(square_name(t.g, static_cast<std::size_t>(last)) + " := -1");
    }
    CHECK(accepted == expected);
  }
}

TEST_CASE("property: no other spelling of a number in the text or JSON passes, however large") {
  constexpr std::int64_t k2_32 = std::int64_t{1} << 32;
  for (const Tour& t : known_tours()) {
    INFO(t.name);
    std::vector<std::string> passed;
    for (std::size_t k = 0; k < t.board.size(); ++k) {
      const std::int64_t m = t.board[k];
      if (m == -1) continue;
      const std::string ms = std::to_string(m);
      // Spellings that equal m modulo 2^32 or 2^64, or that a lax reader would take for m.
      const std::vector<std::string> both = {
          std::to_string(m + k2_32),
          std::to_string(m + (k2_32 >> 1)),
          std::to_string(m + kt::kMaxSquares),
          "-" + std::to_string(k2_32 - m),
          std::to_string(static_cast<std::uint64_t>(m) + (std::uint64_t{1} << 63)),
          plus_2_64(m),
          "-" + std::to_string((std::uint64_t{0} - static_cast<std::uint64_t>(m))),
          "4294967295",  // -1 as a 32-bit unsigned number
          "2147483648",
          "99999999999999999999999999999999",
          ms + ".0",
          ms + "e0",
          "+" + ms,
          "0x" + ms,
          "\xEF\xBB\xBF" + ms};
      std::vector<std::string> text_only = {"-" + ms, ms + ".", "." + ms, ms + "\x01",
                                            std::string(ms) + '\0'};
      std::vector<std::string> json_only = {"\"" + ms + "\"", "[" + ms + "]", "true", "null"};
      if (m != 1) json_only.push_back("-" + ms);  // -1 is the blocked mark (see the edits above)
      for (const bool json : {false, true}) {
        std::vector<std::string> spellings = both;
        const auto& extra = json ? json_only : text_only;
        spellings.insert(spellings.end(), extra.begin(), extra.end());
        for (const std::string& spelling : spellings) {
          // A byte-order mark at the very start of the text is skipped, by design.
          const bool first_in_text =
              !json && k == static_cast<std::size_t>(t.g.index({1, t.g.rows}));
          if (first_in_text && spelling.starts_with("\xEF\xBB\xBF")) continue;
          auto cell = cells(t.board);
          if (json) {
            for (std::string& c : cell) c = c == "." ? "-1" : c;
          }
          cell[k] = spelling;
          const std::string in = json ? json_of(t.g, cell) : text_of(t.g, cell);
          if (passes(in, json)) passed.push_back(kt::excerpt(spelling) + (json ? " (JSON)" : ""));
        }
      }
      // Leading zeros are the same number, read exactly.
      auto cell = cells(t.board);
      cell[k] = "00" + ms;
      CHECK(passes(text_of(t.g, cell), false));
    }
    CHECK(passed == std::vector<std::string>{});
  }
}

TEST_CASE("property: a swap of two squares is refused unless it makes another tour") {
  for (const Tour& t : known_tours()) {
    INFO(t.name);
    std::vector<std::string> disagreements, tours;
    for (std::size_t i = 0; i < t.board.size(); ++i) {
      for (std::size_t j = i + 1; j < t.board.size(); ++j) {
        if (t.board[i] == t.board[j]) continue;
        auto swapped = t.board;
        std::swap(swapped[i], swapped[j]);
        const std::string what = std::to_string(t.board[i]) + " <-> " + std::to_string(t.board[j]);
        if (auto why = disagreement(t.g, swapped); !why.empty()) {
          disagreements.push_back(what + ": " + why);
        }
        if (kt::verify_board(t.g, swapped).ok) tours.push_back(what);
      }
    }
    CHECK(disagreements == std::vector<std::string>{});
    // A swap can make another tour by coincidence. Exactly one does among these tours: in the
    // 5x5, exchanging moves 1 and 3 gives 3, 2, 1, 4, ... which holds because the squares of
    // moves 1 and 4 happen to be a knight's jump apart. The oracle agrees on it (above).
    const std::vector<std::string> expected =
        t.g.rows == 5 ? std::vector<std::string>{"1 <-> 3"} : std::vector<std::string>{};
    CHECK(tours == expected);
  }
}

TEST_CASE("property: deleting any one square from the text is refused") {
  for (const Tour& t : known_tours()) {
    INFO(t.name);
    std::vector<std::string> passed;
    for (std::size_t k = 0; k < t.board.size(); ++k) {
      // Its row gets shorter (or, for 1x1, the board disappears): the reader must refuse.
      Geometry g;
      std::vector<std::int32_t> board;
      if (kt::parse_board_text(text_of(t.g, cells(t.board), k), g, board).empty()) {
        passed.push_back(square_name(t.g, k));
      }
    }
    CHECK(passed == std::vector<std::string>{});
  }
}
