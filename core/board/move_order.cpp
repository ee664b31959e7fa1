#include "board/move_order.hpp"

#include "board/knight.hpp"

namespace kt {

std::optional<MoveOrder> find_move_order(std::string_view name) {
  for (const MoveOrder& order : {kTextbookOrder, kWirthOrder}) {
    if (order.name == name) return order;
  }
  return std::nullopt;
}

MoveTable::MoveTable(Geometry g, const MoveOrder& order)
    : slots_(static_cast<std::size_t>(g.size()) * kStride, -1) {
  for (int i = 0; i < g.size(); ++i) {
    std::int32_t* out = slots_.data() + static_cast<std::size_t>(i) * kStride;
    for_each_neighbour(
        g, i, [&](int to) { *out++ = to; }, {}, order.dx, order.dy);
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
