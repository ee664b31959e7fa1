#include "recursion_words.hpp"

#include <algorithm>

namespace kt::ui {

namespace {

// A square in the listing's numbering: "(3,5)", or "(2,4)" for a listing that counts from 0.
std::string square(Geometry g, std::int32_t index, int origin) {
  const Square sq = g.square(index);
  return "(" + std::to_string(sq.x - 1 + origin) + "," + std::to_string(sq.y - 1 + origin) + ")";
}

}  // namespace

std::string recursion_words(const TryMoveMachine& m, const Listing& listing) {
  if (m.lines() == 0) return {};
  const Geometry g = m.geometry();
  const bool try_all = m.semantics() == Semantics::try_all;
  const std::string tours = std::to_string(m.tours()) + (m.tours() == 1 ? " tour" : " tours");
  if (try_all && m.status() != Status::running) {
    return "Search over: every candidate tried, " + tours + " displayed.";
  }
  if (m.status() == Status::found) {
    const std::int32_t last = *std::max_element(m.board().begin(), m.board().end());
    return "Tour found: all " + std::to_string(last) + " squares numbered.";
  }
  if (m.status() == Status::none || m.frames().empty()) {
    return "No tour: every candidate of the first call failed.";
  }
  const TryMoveMachine::Frame& f = m.frames().back();
  const std::string call = format_call(listing, m, m.frames().size() - 1);
  const int origin = listing.origin;
  if (m.last_effect() == Effect::displayed) {
    return call + ": the board is full, tour " + std::to_string(m.tours()) + " displayed";
  }
  const int looked = m.selected(m.frames().size() - 1);
  if (looked == 0) return call + ": called";
  const std::string k = "candidate " + std::to_string(looked) + " of 8";
  const std::string move = "move " + std::to_string(f.move);
  switch (m.last_effect()) {
    case Effect::placed:
      return call + ": " + k + ", " + square(g, m.effect_square(), origin) + " free; " + move +
             " placed";
    case Effect::erased:
      // Try_All takes every move back, after its tours as after a dead end.
      return call + ": " + k + ", " + square(g, m.effect_square(), origin) +
             (try_all ? " explored; " : " led to a dead end; ") + move + " taken back";
    case Effect::none:
    case Effect::displayed:
      break;
  }
  const std::string then = looked == 8 ? "; all 8 tried, return" : "; next";
  if (m.target() < 0) return call + ": " + k + " off the board" + then;
  switch (m.candidates()[looked - 1]) {
    case Candidate::visited:
      return call + ": " + k + ", " + square(g, m.target(), origin) + " visited" + then;
    case Candidate::failed:
      return call + ": " + k + ", " + square(g, m.target(), origin) + " failed" + then;
    default:
      return call + ": " + k + ", " + square(g, m.target(), origin) + " free";
  }
}

}  // namespace kt::ui
