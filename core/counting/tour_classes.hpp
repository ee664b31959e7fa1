// Tours up to the board's symmetries: Jelliss's "geometrically distinct" tours (Knight's Tour
// Notes: 112 on 5x5, all open, 8 of them symmetric; 1,245 closed ones on 6x6). A classifier is
// fed the tours a count lists, one at a time; it says which tour stands for its class (the least
// of its images) and how many tours each symmetry maps onto themselves. The number of classes
// follows by Burnside's lemma: the average, over the group, of the tours each element fixes.
//
// The group: the board's symmetries (board/symmetry.hpp) that map its blocked squares onto
// themselves and, for open tours, keep a given start and end in place. Open tours of every start
// and end are taken up to their direction too (a count counts directed open tours, so every path
// twice); from a given start (or to a given end) a tour has one direction. A closed tour is
// counted once, whatever its start and direction.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "board/problem.hpp"
#include "board/symmetry.hpp"

namespace kt {

struct TourClasses {
  std::uint64_t tours = 0;    // tours fed, as the count counts them
  std::uint64_t classes = 0;  // tours up to the group
  // For each symmetry of the group, the tours it maps onto themselves: for open tours of every
  // start and end, the directed tours it maps onto themselves or onto their reverse (a
  // half-turn symmetric path is its own reverse turned round), so that classes = sum / (2 x
  // symmetries); else the tours (closed: cycles) it maps onto themselves, classes = sum /
  // symmetries.
  std::vector<std::pair<Symmetry, std::uint64_t>> fixed;
};

class TourClassifier {
 public:
  // The board, its blocked squares, whether its tours are closed and, open, their start and
  // end if given.
  explicit TourClassifier(const Problem& problem);

  // One tour as a count lists it (Geometry::index of each square in order; a closed tour does
  // not repeat its first square). True when it stands for its class: the least of its images
  // (for an open tour, in the direction that is the lesser of the two).
  bool add(std::span<const std::int32_t> path);

  TourClasses result() const;

 private:
  using Path = std::vector<std::int32_t>;
  void normalise(Path& p) const;  // a closed tour from its least square, then its lesser way

  bool closed_ = false;
  bool either_way_ = false;  // open tours of every start and end: a path and its reverse are one
  std::vector<Symmetry> group_;
  std::vector<std::vector<std::int32_t>> image_of_;  // per symmetry: index -> index
  std::vector<std::uint64_t> fixed_;
  std::uint64_t tours_ = 0;
  Path own_, reversed_, image_, least_;  // reused: no allocation per tour
};

}  // namespace kt
