#include "teaching/try_move.hpp"

namespace kt {

const char* to_string(Line line) {
  static constexpr const char* kNames[kLineCount] = {"select",  "acceptable", "record", "filled",
                                                     "recurse", "erase",      "until",  "return"};
  return kNames[static_cast<int>(line)];
}

std::span<const ListingLine> try_move_listing() {
  static constexpr int S = static_cast<int>(Line::select), A = static_cast<int>(Line::acceptable),
                       R = static_cast<int>(Line::record), F = static_cast<int>(Line::filled),
                       C = static_cast<int>(Line::recurse), E = static_cast<int>(Line::erase),
                       U = static_cast<int>(Line::until), X = static_cast<int>(Line::ret);
  static constexpr ListingLine kListing[] = {
      {"PROCEDURE TryMove (moveNumber, x, y : INTEGER; VAR moveOK : BOOLEAN);", -1},
      {"BEGIN", -1},
      {"  count := 0;", -1},
      {"  REPEAT", -1},
      {"    INC (count); moveOK := FALSE;", S},
      {"    m := x + dX [count]; n := y + dY [count];", S},
      {"    IF (m >= 1) & (m <= size) & (n >= 1) & (n <= size)", A},
      {"       & (board [m, n] = 0) THEN", A},
      {"      board [m, n] := moveNumber; moveOK := TRUE;", R},
      {"      IF moveNumber < totalSquares THEN", F},
      {"        TryMove (moveNumber + 1, m, n, moveOK);", C},
      {"        IF NOT moveOK THEN board [m, n] := 0; END;", E},
      {"      END;", -1},
      {"    END;", -1},
      {"  UNTIL moveOK OR (count = 8);", U},
      {"END TryMove;", X},
  };
  return kListing;
}

TryMoveMachine::TryMoveMachine(const Problem& problem, const MoveOrder& order)
    : geometry_(problem.geometry),
      order_(order),
      total_(problem.free_squares()),
      board_(static_cast<std::size_t>(problem.geometry.size()), 0),
      reached_(static_cast<std::size_t>(total_) + 1, 0),
      dead_ends_(static_cast<std::size_t>(total_) + 1, 0) {
  for (int i = 0; i < geometry_.size(); ++i) {
    if (problem.is_blocked(i)) board_[i] = kBlocked;
  }
  const std::int32_t start = geometry_.index(*problem.start);
  board_[start] = 1;  // board [x0, y0] := 1; TryMove (2, x0, y0, ok)
  reached_[1] = 1;
  if (total_ <= 1) {
    status_ = Status::found;  // one square: the knight stands on it
    line_ = Line::ret;
    return;
  }
  frames_.reserve(static_cast<std::size_t>(total_));
  frames_.push_back({2, start, 0});
}

std::int32_t TryMoveMachine::jump(std::int32_t from, int k) const {
  const Square s = geometry_.square(from);
  const Square t{s.x + order_.dx[k - 1], s.y + order_.dy[k - 1]};
  return geometry_.contains(t) ? geometry_.index(t) : -1;
}

void TryMoveMachine::write(const Frame& f, Effect e) {
  const bool place = e == Effect::placed;
  board_[target_] = place ? f.move : 0;
  ++(place ? placed_ : erased_);
  ++(place ? reached_ : dead_ends_)[f.move];
  effect_ = e;
  effect_square_ = target_;
  effect_candidate_ = f.count;
}

bool TryMoveMachine::step_line() {
  if (status_ != Status::running) return false;
  ++lines_;
  effect_ = Effect::none;
  Frame& f = frames_.back();
  switch (line_) {
    case Line::select:  // INC (count); moveOK := FALSE; m := x + dX [count]; ...
      ++f.count;
      move_ok_ = false;
      target_ = jump(f.square, f.count);
      line_ = Line::acceptable;
      break;
    case Line::acceptable:  // on the board and free?
      line_ = target_ >= 0 && board_[target_] == 0 ? Line::record : Line::until;
      break;
    case Line::record:  // board [m, n] := moveNumber; moveOK := TRUE
      move_ok_ = true;
      write(f, Effect::placed);
      line_ = Line::filled;
      break;
    case Line::filled:  // IF moveNumber < totalSquares
      line_ = f.move < total_ ? Line::recurse : Line::until;
      break;
    case Line::recurse: {  // TryMove (moveNumber + 1, m, n, moveOK)
      const Frame child{f.move + 1, target_, 0};
      frames_.push_back(child);  // f is not used past this point
      target_ = -1;
      line_ = Line::select;
      break;
    }
    case Line::erase:  // IF NOT moveOK THEN board [m, n] := 0
      if (!move_ok_) write(f, Effect::erased);
      line_ = Line::until;
      break;
    case Line::until:  // UNTIL moveOK OR (count = 8)
      line_ = move_ok_ || f.count == 8 ? Line::ret : Line::select;
      break;
    case Line::ret: {  // END TryMove: back in the caller, at the line after the call
      const std::int32_t square = f.square;
      frames_.pop_back();
      if (frames_.empty()) {
        status_ = move_ok_ ? Status::found : Status::none;
        target_ = -1;
      } else {
        target_ = square;
        line_ = Line::erase;
      }
      break;
    }
  }
  return true;
}

bool TryMoveMachine::run_until(Goal goal, std::uint64_t max_lines) {
  const std::uint64_t moves0 = moves(), lines0 = lines_;
  using Kind = Goal::Kind;
  auto met = [&] {
    switch (goal.kind) {
      case Kind::lines:
        return lines_ - lines0 >= goal.n;
      case Kind::moves:
        return moves() - moves0 >= goal.n;
      case Kind::depth:
        return frames_.size() <= goal.n;
      case Kind::erase:
        return lines_ > lines0 && effect_ == Effect::erased;
      case Kind::end:
        return status_ != Status::running;
    }
    return false;
  };
  for (std::uint64_t i = 0; i < max_lines && !met(); ++i) {
    if (!step_line()) break;
  }
  return met();
}

std::array<Candidate, 8> TryMoveMachine::candidates() const {
  std::array<Candidate, 8> out{};
  out.fill(Candidate::untried);
  if (frames_.empty()) return out;
  const Frame& f = frames_.back();
  // The current candidate is being tried from its select line until its until line.
  const bool in_progress = f.count > 0 && line_ != Line::select && line_ != Line::ret &&
                           !(line_ == Line::until && !move_ok_);
  for (int k = 1; k <= 8; ++k) {
    const std::int32_t t = jump(f.square, k);
    Candidate& c = out[k - 1];
    if (t < 0) {
      c = Candidate::off_board;
    } else if (k == f.count && in_progress && (board_[t] == 0 || board_[t] == f.move)) {
      c = Candidate::trying;
    } else if (k <= f.count) {
      c = board_[t] == 0 ? Candidate::failed : Candidate::visited;
    } else {
      c = board_[t] == 0 ? Candidate::untried : Candidate::visited;
    }
  }
  return out;
}

}  // namespace kt
