#include "tours_js.hpp"

#include <string>

namespace kt::web {

using emscripten::val;

val classes_js(const TourClasses& c) {
  val fixed = val::object();
  for (const auto& [t, n] : c.fixed) fixed.set(std::string(to_string(t)), std::to_string(n));
  val out = val::object();
  out.set("classes", std::to_string(c.classes));
  out.set("fixed", fixed);
  return out;
}

val ends_js(const Problem& problem, const std::vector<std::uint64_t>& ends) {
  const Geometry g = problem.geometry;
  val out = val::array();
  for (int i = 0; i < g.size(); ++i) {
    const Square s = g.square(i);
    if (s == *problem.start || (!problem.blocked.empty() && problem.blocked[i])) continue;
    val entry = val::object();
    val square = val::array();
    square.call<void>("push", s.x, s.y);
    entry.set("end", square);
    entry.set("count", std::to_string(ends[i]));
    out.call<void>("push", entry);
  }
  return out;
}

}  // namespace kt::web
