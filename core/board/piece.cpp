#include "board/piece.hpp"

#include <utility>

#include "board/knight.hpp"
#include "board/text_input.hpp"

namespace kt {

namespace {

struct NamedLeaper {
  std::string_view name;
  Leaper leaper;
};

// Fairy chess's names for the leapers a tour enthusiast meets first.
constexpr NamedLeaper kNamedLeapers[] = {
    {"wazir", {0, 1}},  {"fers", {1, 1}},    {"dabbaba", {0, 2}},
    {"knight", {1, 2}}, {"alfil", {2, 2}},   {"camel", {1, 3}},
    {"zebra", {2, 3}},  {"giraffe", {1, 4}}, {"antelope", {3, 4}},
};

}  // namespace

std::optional<Leaper> parse_leaper(std::string_view text, std::string* error) {
  for (const NamedLeaper& n : kNamedLeapers) {
    if (n.name == text) return n.leaper;
  }
  auto fail = [&](std::string why) -> std::optional<Leaper> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    std::string names;
    for (const NamedLeaper& n : kNamedLeapers) names += std::string(n.name) + ", ";
    return fail(excerpt(text) + " is not a leaper: give its jump a,b (such as 1,3) or one of " +
                names.substr(0, names.size() - 2));
  }
  std::string why;
  const auto a = parse_integer(text.substr(0, comma), "a", 0, kMaxLeap, &why);
  if (!a) return fail(why);
  const auto b = parse_integer(text.substr(comma + 1), "b", 0, kMaxLeap, &why);
  if (!b) return fail(why);
  if (*a == 0 && *b == 0) return fail("0,0 is no jump: a leaper moves at least one square");
  Leaper l{static_cast<int>(*a), static_cast<int>(*b)};
  if (l.a > l.b) std::swap(l.a, l.b);
  return l;
}

std::string format_leaper(Leaper l) { return std::to_string(l.a) + "," + std::to_string(l.b); }

std::string_view leaper_name(Leaper l) {
  for (const NamedLeaper& n : kNamedLeapers) {
    if (n.leaper == l) return n.name;
  }
  return {};
}

std::string describe_leaper(Leaper l) {
  if (l == kKnight) return "knight";
  const std::string_view name = leaper_name(l);
  const std::string jump = "(" + format_leaper(l) + ")";
  return name.empty() ? jump + "-leaper" : std::string(name) + " " + jump;
}

[[gnu::noinline]] int piece_neighbours(Geometry g, int from, std::span<const std::uint8_t> blocked,
                                       const std::array<int, 8>& dx, const std::array<int, 8>& dy,
                                       const Piece& piece, std::array<int, 8>& to,
                                       std::array<int, 8>& k) {
  const Square s = g.square(from);
  int n = 0;
  for (int j = 0; j < 8; ++j) {
    const auto t = land(g, piece, s, leap(dx[j], piece.leaper), leap(dy[j], piece.leaper));
    if (!t) continue;
    const int i = g.index(*t);
    if (i == from || (!blocked.empty() && blocked[static_cast<std::size_t>(i)] != 0)) continue;
    bool again = false;
    for (int m = 0; m < n; ++m) again |= to[m] == i;
    if (again) continue;
    to[n] = i;
    k[n++] = j;
  }
  return n;
}

std::string plain_knight_refusal(const Piece& piece, std::string_view what) {
  if (!piece.is_knight()) {
    return "leaper: " + std::string(what) + " takes the knight only, not the " +
           describe_leaper(piece.leaper);
  }
  if (piece.wrap != Wrap::none) {
    return "wrap: " + std::string(what) + " takes plain boards only, not the " +
           to_string(piece.wrap);
  }
  return {};
}

std::optional<Wrap> parse_wrap(std::string_view text, std::string* error) {
  for (const Wrap w : {Wrap::none, Wrap::cylinder, Wrap::torus}) {
    if (text == to_string(w)) return w;
  }
  if (error) *error = excerpt(text) + " is not none, cylinder or torus";
  return std::nullopt;
}

const char* to_string(Wrap w) {
  switch (w) {
    case Wrap::none:
      return "none";
    case Wrap::cylinder:
      return "cylinder";
    case Wrap::torus:
      return "torus";
  }
  return "?";
}

ColourRule colour_rule(const Piece& piece, int rows, int cols) {
  // Round an odd seam, column cols (one colour) is followed by column 1 (the same colour when
  // cols is odd): a jump across it keeps what it would change and changes what it would keep.
  if ((piece.wraps_columns() && cols % 2 == 1) || (piece.wraps_rows() && rows % 2 == 1)) {
    return ColourRule::none;
  }
  return (piece.leaper.a + piece.leaper.b) % 2 == 1 ? ColourRule::alternates : ColourRule::keeps;
}

}  // namespace kt
