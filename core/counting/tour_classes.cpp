#include "counting/tour_classes.hpp"

#include <algorithm>

#include "board/assert.hpp"
#include "board/knight.hpp"

namespace kt {

TourClassifier::TourClassifier(const Problem& problem)
    : closed_(problem.closed), either_way_(!problem.closed && !problem.start && !problem.end) {
  const Geometry g = problem.geometry;
  for (const Symmetry t : problem_symmetries(problem)) {
    std::vector<std::int32_t> image(static_cast<std::size_t>(g.size()));
    for (int i = 0; i < g.size(); ++i) image[i] = g.index(apply(t, g, g.square(i)));
    group_.push_back(t);
    image_of_.push_back(std::move(image));
  }
  fixed_.assign(group_.size(), 0);
}

void TourClassifier::normalise(Path& p) const {
  if (!closed_ || p.size() < 3) return;
  std::rotate(p.begin(), std::min_element(p.begin(), p.end()), p.end());
  if (p.back() < p[1]) std::reverse(p.begin() + 1, p.end());
}

bool TourClassifier::add(std::span<const std::int32_t> path) {
  ++tours_;
  own_.assign(path.begin(), path.end());
  reversed_.assign(path.rbegin(), path.rend());
  normalise(own_);
  // An open tour of every start and end: its class is of the undirected path, its lesser way.
  const bool lesser_way = !either_way_ || own_ <= reversed_;
  const Path& self = lesser_way ? own_ : reversed_;
  least_ = self;
  for (std::size_t k = 0; k < group_.size(); ++k) {
    const std::vector<std::int32_t>& to = image_of_[k];
    image_.resize(path.size());
    for (std::size_t i = 0; i < path.size(); ++i) image_[i] = to[path[i]];
    if (closed_) {
      normalise(image_);
      fixed_[k] += image_ == own_ ? 1 : 0;
    } else if (!either_way_) {
      fixed_[k] += image_ == own_ ? 1 : 0;
    } else {
      fixed_[k] += (image_ == own_ ? 1 : 0) + (image_ == reversed_ ? 1 : 0);
      if (std::lexicographical_compare(image_.rbegin(), image_.rend(), image_.begin(),
                                       image_.end())) {
        std::reverse(image_.begin(), image_.end());  // the image's lesser way
      }
    }
    if (image_ < least_) least_ = image_;
  }
  return lesser_way && least_ == self;
}

TourClasses TourClassifier::result() const {
  TourClasses r;
  r.tours = tours_;
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < group_.size(); ++k) {
    r.fixed.emplace_back(group_[k], fixed_[k]);
    sum += fixed_[k];
  }
  const std::uint64_t order = group_.size() * (either_way_ ? 2 : 1);
  KT_ASSERT(sum % order == 0);  // Burnside: an orbit count is a whole number
  r.classes = sum / order;
  return r;
}

}  // namespace kt
