#include "search_readout.hpp"

namespace kt::ui {

Engine engine(const Solver& s) {
  if (s.construction()) return Engine::construction;
  // A search always stands on its start at least; theory's answer has no path.
  return s.path().empty() ? Engine::none : Engine::search;
}

Action advance(Solver& s, std::uint64_t max_steps) {
  if (max_steps == 0 || s.status() != Status::running) return Action::none;
  s.run(max_steps);
  return s.search() ? s.search()->last_action() : Action::none;
}

std::vector<StackFrame> read_stack(const Solver& s) {
  std::vector<StackFrame> frames;
  const Search* search = s.search();
  if (!search) return frames;
  const Geometry g = search->geometry();
  frames.reserve(static_cast<std::size_t>(search->depth()) + 1);
  for (int d = 0; d <= search->depth(); ++d) {
    const kt::Frame f = search->frame(d);
    frames.push_back({f.move, g.square(f.square), f.cursor});
  }
  return frames;
}

}  // namespace kt::ui
