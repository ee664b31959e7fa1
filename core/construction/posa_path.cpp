#include "construction/posa_path.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "board/knight.hpp"

namespace kt {

PosaPath::PosaPath(Geometry g) : g_(g), place_(static_cast<std::size_t>(g.size()), -1) {}

void PosaPath::append(int square) {
  place_[static_cast<std::size_t>(square)] = static_cast<std::int32_t>(path_.size());
  path_.push_back(square);
}

void PosaPath::drop_end() {
  place_[static_cast<std::size_t>(path_.back())] = -1;
  path_.pop_back();
}

void PosaPath::reverse() {
  std::reverse(path_.begin(), path_.end());
  for (int i = 0; i < size(); ++i) place_[static_cast<std::size_t>(at(i))] = i;
  moved_ += path_.size();
}

void PosaPath::rotate(int pivot) {
  const int n = size();
  std::reverse(path_.begin() + pivot + 1, path_.end());
  for (int i = pivot + 1; i < n; ++i) place_[static_cast<std::size_t>(at(i))] = i;
  moved_ += static_cast<std::uint64_t>(n - pivot - 1);
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
