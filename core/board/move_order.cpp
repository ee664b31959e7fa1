#include "board/move_order.hpp"

#include <algorithm>

#include "board/knight.hpp"
#include "board/text_input.hpp"

namespace kt {

std::optional<MoveOrder> parse_move_order(std::string_view text, std::string* error) {
  for (const MoveOrder& order : kMoveOrders) {
    if (order.name == text) return order;
  }
  auto fail = [&](std::string why) -> std::optional<MoveOrder> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  std::string names;
  for (const MoveOrder& order : kMoveOrders)
    names += std::string(names.empty() ? "" : ", ") + std::string(order.name);
  if (text.find(',') == std::string_view::npos) {
    return fail(excerpt(text) + " is not a move order: give one of " + names +
                ", or eight dx,dy pairs separated by ';'");
  }
  MoveOrder order{"custom", {}, {}};
  int k = 0;
  for (std::size_t at = 0; at <= text.size(); ++k) {
    const std::size_t stop = std::min(text.find(';', at), text.size());
    const std::string_view pair = text.substr(at, stop - at);
    at = stop + 1;
    if (k == 8) return fail("more than eight jumps in " + excerpt(text));
    const std::size_t comma = pair.find(',');
    const auto dx = comma == std::string_view::npos
                        ? std::nullopt
                        : parse_integer(pair.substr(0, comma), "dx", -2, 2);
    const auto dy = comma == std::string_view::npos
                        ? std::nullopt
                        : parse_integer(pair.substr(comma + 1), "dy", -2, 2);
    if (!dx || !dy || !is_knight_jump(*dx, *dy)) {
      return fail("jump " + std::to_string(k + 1) + " " + excerpt(pair) +
                  " is not a knight's jump dx,dy (such as 1,2 or -2,1)");
    }
    for (int j = 0; j < k; ++j) {
      if (order.dx[j] == *dx && order.dy[j] == *dy) {
        return fail("jump " + std::to_string(k + 1) + " " + excerpt(pair) + " repeats jump " +
                    std::to_string(j + 1));
      }
    }
    order.dx[k] = static_cast<int>(*dx);
    order.dy[k] = static_cast<int>(*dy);
  }
  if (k != 8)
    return fail("a move order has eight jumps, " + excerpt(text) + " has " + std::to_string(k));
  for (const MoveOrder& named : kMoveOrders) {
    if (named.dx == order.dx && named.dy == order.dy) return named;
  }
  return order;
}

std::string format_move_order(const MoveOrder& order) {
  if (order.name != "custom") return std::string(order.name);
  std::string out;
  for (int k = 0; k < 8; ++k) {
    if (k) out += ';';
    out += std::to_string(order.dx[k]) + "," + std::to_string(order.dy[k]);
  }
  return out;
}

MoveOrder order_for(const MoveOrder& order, Leaper l) {
  MoveOrder out = order;
  for (int k = 0; k < 8; ++k) {
    out.dx[k] = leap(order.dx[k], l);
    out.dy[k] = leap(order.dy[k], l);
  }
  return out;
}

MoveTable::MoveTable(Geometry g, const MoveOrder& order, const Piece& piece)
    : slots_(static_cast<std::size_t>(g.size()) * kStride, -1) {
  for (int i = 0; i < g.size(); ++i) {
    std::int32_t* out = slots_.data() + static_cast<std::size_t>(i) * kStride;
    for_each_neighbour(
        g, i, [&](int to) { *out++ = to; }, {}, order.dx, order.dy, piece);
  }
}

std::span<const std::int32_t> MoveTable::neighbours(int index) const {
  const std::int32_t* first = list(index);
  const std::int32_t* last = first;
  while (*last >= 0) ++last;
  return {first, last};
}

bool MoveTable::adjacent(int a, int b) const {
  for (const std::int32_t* p = list(a); *p >= 0; ++p) {
    if (*p == b) return true;
  }
  return false;
}

}  // namespace kt
