#include "construction/posa_path.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "board/knight.hpp"

namespace kt {

PosaPath::PosaPath(Geometry g) : g_(g), cell_(static_cast<std::size_t>(g.size()), -1) {}

void PosaPath::straighten() {
  if (first_ == 0 && forward_) return;
  std::vector<std::int32_t> line(cells_.size());
  for (int j = 0; j < size(); ++j) line[static_cast<std::size_t>(j)] = at(j);
  cells_.swap(line);
  for (int j = 0; j < size(); ++j)
    cell_[static_cast<std::size_t>(cells_[static_cast<std::size_t>(j)])] = j;
  first_ = 0;
  forward_ = true;
  moved_ += cells_.size();
}

void PosaPath::append(int square) {
  straighten();
  cell_[static_cast<std::size_t>(square)] = static_cast<std::int32_t>(cells_.size());
  cells_.push_back(square);
}

void PosaPath::drop_end() {
  straighten();
  cell_[static_cast<std::size_t>(cells_.back())] = -1;
  cells_.pop_back();
}

void PosaPath::reverse() {
  first_ = static_cast<std::int64_t>(cell_of(size() - 1));
  forward_ = !forward_;
}

void PosaPath::reverse_places(int from, int to) {
  // Two cursors walking toward each other around the ring (no division in the loop).
  const std::int64_t n = size();
  std::int64_t a = static_cast<std::int64_t>(cell_of(from)),
               b = static_cast<std::int64_t>(cell_of(to));
  const std::int64_t step = forward_ ? 1 : -1;
  for (int pairs = (to - from + 1) / 2; pairs > 0; --pairs) {
    const std::int32_t x = cells_[static_cast<std::size_t>(a)],
                       y = cells_[static_cast<std::size_t>(b)];
    cells_[static_cast<std::size_t>(a)] = y;
    cells_[static_cast<std::size_t>(b)] = x;
    cell_[static_cast<std::size_t>(y)] = static_cast<std::int32_t>(a);
    cell_[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(b);
    a += step;
    if (a == n) a = 0;
    if (a < 0) a = n - 1;
    b -= step;
    if (b == n) b = 0;
    if (b < 0) b = n - 1;
  }
  moved_ += static_cast<std::uint64_t>(to - from + 1);
}

void PosaPath::rotate(int pivot) {
  const int last = size() - 1;
  if (last - pivot <= pivot + 1) {
    reverse_places(pivot + 1, last);
  } else {
    // Reverse x_0..x_pivot in memory; x_0 now sits where x_pivot was, and reading the ring the
    // other way from there gives x_0..x_pivot, x_last..x_(pivot+1).
    reverse_places(0, pivot);
    first_ = static_cast<std::int64_t>(cell_of(pivot));
    forward_ = !forward_;
  }
  ++rotations_;
}

CompactTour PosaPath::to_compact(bool closed) const {
  CompactTour tour;
  tour.geometry = g_;
  tour.start = g_.square(at(0));
  tour.closed = closed;
  tour.next.assign(static_cast<std::size_t>(g_.size()), kNoJump);
  const int n = size();
  for (int i = 0; i < n; ++i) {
    if (i + 1 == n && !closed) break;
    const Square a = g_.square(at(i));
    const Square b = g_.square(at(i + 1 < n ? i + 1 : 0));
    tour.next[static_cast<std::size_t>(at(i))] = direction_of(b.x - a.x, b.y - a.y);
  }
  return tour;
}

RotationBudget default_rotation_budget(Geometry g) {
  const auto squares = static_cast<std::uint64_t>(g.size());
  return {20000 + 64 * static_cast<std::uint64_t>(g.rows + g.cols),
          256 * squares + (std::uint64_t{1} << 24)};
}

std::string walk_end(PosaPath& path, Square target, const std::function<bool(int)>& arrived,
                     RotationBudget budget, std::mt19937& random,
                     const std::function<bool()>& should_stop) {
  const Geometry g = path.geometry();
  const int n = path.size();
  int previous_end = -1;
  while (!arrived(path.end())) {
    if (path.rotations() >= budget.rotations || path.moved() >= budget.moved ||
        (should_stop && (path.rotations() & 63) == 0 && should_stop())) {
      return "Posa rotations did not bring the path's end there in " +
             std::to_string(path.rotations()) + " rotations";
    }
    // Candidates: the knight neighbours w of the end on the path (not its predecessor); the new
    // end is the square after w.
    const Square end = g.square(path.end());
    int best = -1, best_score = 0, candidates = 0;
    std::array<int, 8> options{};
    for (int d = 0; d < 8; ++d) {
      const Square w = jump(end, d);
      if (!g.contains(w)) continue;
      const int i = path.place(g.index(w));
      if (i < 0 || i + 2 >= n) continue;  // off the path, or the end's predecessor
      const int new_end = path.at(i + 1);
      options[static_cast<std::size_t>(candidates++)] = i;
      if (arrived(new_end)) {
        best = i;
        break;
      }
      const Square e = g.square(new_end);
      int score = std::abs(e.x - target.x) + std::abs(e.y - target.y);
      if (new_end == previous_end) score += 1000;  // don't undo the last rotation
      if (best < 0 || score < best_score) {
        best = i;
        best_score = score;
      }
    }
    if (candidates == 0) return "the path's end has no rotation";
    const bool reached = arrived(path.at(best + 1));
    if (!reached && (best_score <= 8 || random() % 4 == 0)) {
      best = options[static_cast<std::size_t>(random() % static_cast<unsigned>(candidates))];
    }
    previous_end = path.end();
    path.rotate(best);
  }
  return {};
}

}  // namespace kt
