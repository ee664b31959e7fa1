#include "search_readout.hpp"

namespace kt::ui {

Engine engine(const Solver& s) {
  if (s.construction()) return Engine::construction;
  // A search always stands on its start at least; theory's answer has no path.
  return s.path().empty() ? Engine::none : Engine::search;
}

const char* to_string(Action a) {
  switch (a) {
    case Action::none:
      return "none";
    case Action::placed:
      return "placed";
    case Action::erased:
      return "erased";
  }
  return "?";
}

Action advance(Solver& s, std::uint64_t max_steps) {
  if (max_steps == 0 || s.status() != Status::running) return Action::none;
  const Counters start = s.counters();
  if (max_steps > 1 && s.run(max_steps - 1) != Status::running) {
    // Ended within the slice: a found tour's last step placed its final square; a search that
    // ran out of moves last took back the move after the start.
    const Counters end = s.counters();
    if (engine(s) != Engine::search) return Action::none;
    if (s.status() == Status::found && end.placed > start.placed) return Action::placed;
    if (s.status() == Status::none && end.erased > start.erased) return Action::erased;
    return Action::none;
  }
  const Counters before = s.counters();
  s.run(1);
  if (engine(s) != Engine::search) return Action::none;
  const Counters after = s.counters();
  if (after.placed > before.placed) return Action::placed;
  if (after.erased > before.erased) return Action::erased;
  return Action::none;
}

std::vector<Frame> read_stack(const Solver& s) {
  std::vector<Frame> frames;
  const Backtracker* search = s.backtracker();
  if (!search) return frames;
  const Geometry g = search->geometry();
  const auto path = search->path();
  frames.reserve(path.size());
  for (int d = 0; d < static_cast<int>(path.size()); ++d) {
    frames.push_back({d + 1, g.square(path[d]), search->cursor(d)});
  }
  return frames;
}

}  // namespace kt::ui
