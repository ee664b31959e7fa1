// A path of knight moves under construction, with Pósa's rotation at its end (Pósa 1976; the
// rotation-extension technique for Hamiltonian paths). Shared by end_tours (a constructed tour's
// end steered to a given square) and repair_tours (a constructed tour's end walked onto each
// blocked square in turn, which is then dropped).
//
// Rotation: for a knight neighbour w of the end t at place i of the path x_0 .. x_i = w .. t,
// the path x_0 .. w, t, ..., x_(i+1) (the part after w reversed) visits the same squares, starts
// where it did, and now ends at x_(i+1), at most two jumps from t. Each rotation moves the end a
// little; a greedy walk (the candidate nearest a target, with some randomness against cycles)
// brings it where it is wanted. Cost of a rotation: the length of the reversed part.
//
// Memory: 8 bytes a square (the squares in order, and each square's place).
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"

namespace kt {

class PosaPath {
 public:
  // An empty path on g: every square off it.
  explicit PosaPath(Geometry g);

  Geometry geometry() const { return g_; }
  int size() const { return static_cast<int>(cells_.size()); }
  int at(int place) const { return cells_[cell_of(place)]; }
  int end() const { return at(size() - 1); }
  // The place of `square` on the path, or -1 when it is off it.
  int place(int square) const {
    const std::int32_t cell = cell_[static_cast<std::size_t>(square)];
    if (cell < 0) return -1;
    const std::int64_t n = size(), c = cell;
    return static_cast<int>(forward_ ? (c - first_ + n) % n : (first_ - c + n) % n);
  }
  bool on_path(int square) const { return cell_[static_cast<std::size_t>(square)] >= 0; }

  // Precondition: `square` is off the path (and a knight's jump from the end, if any).
  void append(int square);
  void reserve(std::size_t squares) { cells_.reserve(squares); }
  // Takes the end off the path (repair_tours: a blocked square walked to the end).
  void drop_end();
  // Turns the path around (its end becomes its start): no square moves.
  void reverse();

  // Pósa's rotation about the square at place `pivot`, a knight neighbour of the end with
  // pivot + 2 < size() (the end's predecessor would change nothing): the part after it is
  // reversed, so the square that followed it becomes the end. The shorter of the two parts is
  // the one reversed in memory (see cells_).
  void rotate(int pivot);
  std::uint64_t rotations() const { return rotations_; }
  std::uint64_t moved() const { return moved_; }  // squares moved by rotations so far

  // The path as a compact tour from its first square; `closed` joins its end to the start
  // (precondition then: they are a knight's jump apart).
  CompactTour to_compact(bool closed) const;

 private:
  // The path's squares are kept in a ring: place j is cell (first_ + j) or (first_ - j) modulo
  // the size, as forward_ says. A rotation about place i may then reverse either the part after
  // i (the path x_0..x_i, x_L..x_(i+1) directly), or the part up to i and read the ring the
  // other way from x_0's new cell: x_0..x_i, then around the ring x_L..x_(i+1). So it moves at
  // most half the path.
  std::size_t cell_of(int place) const {
    const std::int64_t n = size();
    return static_cast<std::size_t>(forward_ ? (first_ + place) % n : (first_ - place + n) % n);
  }
  void reverse_places(int from, int to);  // reverses the squares at places from..to in memory
  void straighten();                      // first_ = 0, forward_: before the size changes

  Geometry g_;
  std::vector<std::int32_t> cells_;  // the squares, in a ring
  std::vector<std::int32_t> cell_;   // each square's cell, or -1 off the path
  std::int64_t first_ = 0;
  bool forward_ = true;
  std::uint64_t rotations_ = 0;
  std::uint64_t moved_ = 0;
};

// What a walk of the end may spend before it gives up: rotations, and squares moved by them
// (on a big board a rotation may reverse most of the path).
struct RotationBudget {
  std::uint64_t rotations = 0;
  std::uint64_t moved = 0;
};

// Generous for a walk across the board and a search around its goal, and bounded in time:
// about 256 sweeps of the board's squares at most (a fraction of a second on 10^6 squares).
RotationBudget default_rotation_budget(Geometry g);

// Rotates the path's end until arrived(end) holds, heading for `target` (the candidate end
// nearest it, by rows plus columns; near it, or now and then, a random one: a random walk of
// the end explores the neighbourhood where greedy steps would cycle). The squares off the path
// are left alone. Returns "" on arrival, else why it gave up (the budget, counted from the
// path's rotations and moves so far; `should_stop`, asked every 64 rotations; or an end with no
// rotation).
std::string walk_end(PosaPath& path, Square target, const std::function<bool(int)>& arrived,
                     RotationBudget budget, std::mt19937& random,
                     const std::function<bool()>& should_stop = {});

}  // namespace kt
