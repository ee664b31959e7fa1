#include "predict_mode.hpp"

#include <vector>

#include "explorer_state.hpp"
#include "shown_board.hpp"

namespace kt::ui {

namespace {

// Lines a search may run between two records: a dead end unwinds at most the whole stack, a
// few lines a candidate, so this is far above any board the page's recursion takes.
constexpr std::uint64_t kMaxLines = 50'000'000;
// Sentences the reason keeps: the first, and the last kLastSentences (a long unwinding would
// read as a list otherwise); each sentence is what happened at one square.
constexpr std::size_t kLastSentences = 2;

std::string name(Square sq) { return "(" + format_square(sq) + ")"; }

// "From (1,4): 1 to (2,6) is off the board; 2 to (3,5) was visited at move 3; ...", one
// sentence a square the search stood on.
class Reason {
 public:
  void from(Square origin) {
    if (origin_ && *origin_ == origin) return;
    end_sentence();
    origin_ = origin;
    current_ = "From " + name(origin) + ": ";
    first_ = true;
  }
  void clause(const std::string& c) {
    current_ += (first_ ? "" : "; ") + c;
    first_ = false;
  }
  void end_sentence() {
    if (!current_.empty()) sentences_.push_back(current_ + ".");
    current_.clear();
    origin_.reset();
  }
  std::string take() {
    end_sentence();
    std::string out;
    const std::size_t n = sentences_.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (i > 0 && i + kLastSentences < n) {
        const std::size_t skipped = n - 1 - kLastSentences;
        if (i == 1) {
          out += " ... " + std::to_string(skipped) +
                 (skipped == 1 ? " more square" : " more squares") + " ...";
        }
        continue;
      }
      out += (out.empty() ? "" : " ") + sentences_[i];
    }
    return out;
  }

 private:
  std::vector<std::string> sentences_;
  std::string current_;
  std::optional<Square> origin_;
  bool first_ = true;
};

}  // namespace

NextMove next_move(const TryMoveMachine& machine) {
  NextMove out;
  TryMoveMachine m = machine;
  const Geometry g = m.geometry();
  Reason why;
  while (m.status() == Status::running && out.lines < kMaxLines) {
    const TryMoveMachine::Frame f = m.frames().back();
    const Square origin = g.square(f.square);
    if (m.line() == Line::acceptable) {
      const int k = f.count;
      const Square to{origin.x + m.order().dx[k - 1], origin.y + m.order().dy[k - 1]};
      const std::string head = std::to_string(k) + " to " + name(to);
      why.from(origin);
      if (m.target() < 0) {
        why.clause(head + " is off the board");
      } else if (const std::int32_t v = m.board()[static_cast<std::size_t>(m.target())]; v > 0) {
        why.clause(head + " was visited at move " + std::to_string(v));
      } else if (v == kBlocked) {
        why.clause(head + " is blocked");
      }
    }
    m.step_line();
    ++out.lines;
    if (m.last_effect() == Effect::placed) {
      const Square to = g.square(m.effect_square());
      out.square = m.effect_square();
      out.move = m.board()[static_cast<std::size_t>(out.square)];
      why.from(origin);
      why.clause(std::to_string(m.effect_candidate()) + " to " + name(to) + " is free, so move " +
                 std::to_string(out.move) + " goes there");
      out.why = why.take();
      return out;
    }
    if (m.last_effect() == Effect::erased) {
      const Square back = g.square(m.effect_square());
      why.clause("nothing is left to try from " + name(back) + ", so move " +
                 std::to_string(m.frames().back().move) + " on it is taken back");
      why.end_sentence();
    }
  }
  // Try_All ends with every tour displayed and taken back: the search's end, not a tour's.
  const bool complete = m.status() == Status::found && m.semantics() != Semantics::try_all;
  out.why = why.take() + (complete ? " The tour is complete: no move follows."
                                   : " The search ends here: no move follows.");
  return out;
}

std::optional<Prediction> predict(ExplorerState& s, Square guess) {
  if (!teaching_available(s)) return std::nullopt;
  Timeline& tl = *s.teach.timeline;
  if (tl.machine().status() != Status::running) return std::nullopt;
  const NextMove next = next_move(tl.machine());
  if (next.square < 0) return std::nullopt;
  s.teach.playing = false;
  Prediction p;
  p.guess = guess;
  p.answer = tl.machine().geometry().square(next.square);
  p.right = p.answer == guess;
  p.move = next.move;
  p.why = next.why;
  tl.forward(Granularity::line, next.lines, next.lines);
  ++s.predict.asked;
  s.predict.right += p.right ? 1 : 0;
  s.predict.last = p;
  return p;
}

std::string predict_prompt(const ExplorerState& s) {
  const PredictScore& sc = s.predict;
  std::string out = "Score " + std::to_string(sc.right) + " of " + std::to_string(sc.asked);
  if (sc.last) {
    out += " \xC2\xB7 " + std::string(sc.last->right ? "Right: " : "Not quite: ") + "move " +
           std::to_string(sc.last->move) + " goes to " + name(sc.last->answer) + ". " +
           sc.last->why;
  }
  return out;
}

}  // namespace kt::ui
