#include "solve/solve_request.hpp"

#include <utility>

#include "construction/construct.hpp"
#include "construction/end_tours.hpp"
#include "construction/repair_tours.hpp"
#include "construction/strip_tours.hpp"
#include "solve/solver.hpp"  // rows_count_fits
#include "theory/existence.hpp"

namespace kt {

bool answers_without_search(const Problem& p, Method method) {
  if (method != Method::automatic && method != Method::construct) return false;
  return construction_refusal(p).empty() || strip_applies(p) || settle(p).answer == Answer::none;
}

Refusal check_size(const Problem& p, Method method, const RequestLimits& limits) {
  if (method == Method::construct && !p.piece.is_plain_knight()) {
    if (auto why = plain_knight_refusal(p.piece, "the construction"); !why.empty()) {
      return {why, Remedy::search_method};
    }
  }
  // The construction alone, where no part of it and no count by rows can answer.
  if (method == Method::construct && settle(p).answer != Answer::none && !strip_applies(p) &&
      !end_tour_applies(p) && !repair_applies(p) && !construction_refusal(p).empty() &&
      !rows_count_fits(p)) {
    return {"method: the construction does not take this board (" + construction_refusal(p) +
                ") and it is too wide to count by rows",
            Remedy::search_method};
  }
  const std::int64_t most =
      limits.max_search_squares > 0 ? limits.max_search_squares : kMaxSearchSquares;
  const Geometry g = p.geometry;
  if (g.size() <= most || answers_without_search(p, method)) return {};
  return {"board: " + std::to_string(g.rows) + "x" + std::to_string(g.cols) + " (" +
              std::to_string(g.size()) +
              " squares) is too large for a backtracking search, which takes at most " +
              std::to_string(most) + " squares" + std::string(limits.why),
          answers_without_search(p, Method::construct) ? Remedy::construct_method : Remedy::none};
}

Refusal parse_solve_request(const RequestText& text, Request& out, const RequestLimits& limits) {
  Request r;
  if (auto why = parse_request(text, r, limits); !why.empty()) return {why};
  if (auto why = check_size(r.problem, r.method, limits); !why.empty()) return why;
  out = std::move(r);
  return {};
}

}  // namespace kt
