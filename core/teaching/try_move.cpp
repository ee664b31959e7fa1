#include "teaching/try_move.hpp"

#include <algorithm>

namespace kt {

const char* to_string(Line line) {
  static constexpr const char* kNames[kLineCount] = {
      "select", "acceptable", "record",  "filled", "recurse", "erase",  "until",
      "return", "off-board",  "visited", "mark",   "full",    "result", "call",
      "check",  "unmark",     "display", "first",  "next"};
  return kNames[static_cast<int>(line)];
}

std::string listing_refusal(const Problem& p) {
  const Leaper l = p.piece.leaper;
  if (l.a == 0 || l.a == l.b) {
    return "leaper: the listings try eight different jumps, and the " + describe_leaper(l) +
           " has four";
  }
  if (folds_jumps(p.geometry, p.piece)) {
    return "wrap: on the " + std::to_string(p.geometry.rows) + "x" +
           std::to_string(p.geometry.cols) + " " + to_string(p.piece.wrap) +
           " two of the eight jumps land on one square; the listings try eight different squares";
  }
  return {};
}

TryMoveMachine::TryMoveMachine(const Problem& problem, const MoveOrder& order, Semantics semantics)
    : geometry_(problem.geometry),
      order_(order_for(order, problem.piece.leaper)),
      piece_(problem.piece),
      total_(problem.free_squares()),
      board_(static_cast<std::size_t>(problem.geometry.size()), 0),
      reached_(static_cast<std::size_t>(total_) + 1, 0),
      dead_ends_(static_cast<std::size_t>(total_) + 1, 0) {
  for (int i = 0; i < geometry_.size(); ++i) {
    if (problem.is_blocked(i)) board_[i] = kBlocked;
  }
  semantics_ = semantics;
  const std::int32_t start = geometry_.index(*problem.start);
  frames_.reserve(static_cast<std::size_t>(total_) + 1);
  if (semantics_ == Semantics::move_calls) {
    enter(*problem.start, 1);  // Move(x0, y0, 0): the start is marked by the call itself
    return;
  }
  board_[start] = 1;  // board [x0, y0] := 1; TryMove (2, x0, y0, ok)
  reached_[1] = 1;
  if (total_ <= 1 && semantics_ == Semantics::try_move) {
    status_ = Status::found;  // one square: the knight stands on it
    line_ = Line::ret;
    return;
  }
  calls_ = 1;
  frames_.push_back({2, start, 0, *problem.start});
  if (semantics_ == Semantics::try_all) line_ = Line::full;  // it tests the board on entry
}

void TryMoveMachine::enter(Square at, int move) {
  const std::int32_t square = geometry_.contains(at) ? geometry_.index(at) : -1;
  frames_.push_back({move, square, 0, at});
  ++calls_;
  target_ = square;
  line_ = Line::off_board;
}

void TryMoveMachine::leave(bool result) {
  returned_ = result ? 1 : 0;
  move_ok_ = result;
  frames_.pop_back();
  if (frames_.empty()) {
    status_ = result ? Status::found : Status::none;
    target_ = -1;
    return;
  }
  Frame& caller = frames_.back();
  caller.result = result ? 1 : 0;  // result := result OR Move(...): it was false to make the call
  target_ = caller.square;
  line_ = caller.count == 8 ? Line::check : Line::call;
}

Square TryMoveMachine::candidate(Square s, int k) const {
  Square t{s.x + order_.dx[k - 1], s.y + order_.dy[k - 1]};
  if (const auto wrapped = land(geometry_, piece_, s, order_.dx[k - 1], order_.dy[k - 1])) {
    t = *wrapped;
  }
  return t;
}

std::int32_t TryMoveMachine::jump(std::int32_t from, int k) const {
  const Square t = candidate(geometry_.square(from), k);
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
  returned_ = -1;
  switch (semantics_) {
    case Semantics::try_move:
      step_try_move();
      break;
    case Semantics::move_calls:
      step_move_calls();
      break;
    case Semantics::try_all:
      step_try_all();
      break;
  }
  return true;
}

bool TryMoveMachine::at_call() const {
  if (status_ != Status::running) return false;
  if (semantics_ != Semantics::move_calls) return line_ == Line::recurse;
  return line_ == Line::call && frames_.back().result != 1;
}

bool TryMoveMachine::at_break(std::uint32_t mask) const {
  if (mask == 0 || status_ != Status::running) return false;
  if ((mask >> static_cast<int>(line_)) & 1) return true;
  return line_ == Line::call && ((mask >> (kLineCount + frames_.back().count)) & 1);
}

void TryMoveMachine::step_move_calls() {
  Frame& f = frames_.back();
  switch (line_) {
    case Line::off_board:  // IF x, y off the board THEN return false
      if (f.square < 0) return leave(false);
      line_ = Line::visited;
      break;
    case Line::visited:  // IF visited[x, y] THEN return false (blocked squares count as visited)
      if (board_[f.square] != 0) return leave(false);
      line_ = Line::mark;
      break;
    case Line::mark: {  // visited[x, y] := true (numbered m + 1 on the board)
      board_[f.square] = f.move;
      ++placed_;
      ++reached_[f.move];
      if (f.move == total_) ++tours_;
      effect_ = Effect::placed;
      effect_square_ = f.square;
      effect_candidate_ = frames_.size() > 1 ? frames_[frames_.size() - 2].count : 0;
      line_ = Line::full;
      break;
    }
    case Line::full:  // IF m = M THEN print x, y; return true
      if (f.move == total_) {
        printed_.push_back(f.square);
        return leave(true);
      }
      line_ = Line::result;
      break;
    case Line::result:  // result := false
      f.result = 0;
      line_ = Line::call;
      break;
    case Line::call: {  // result := result OR Move(x + dx[k], y + dy[k], m + 1)
      ++f.count;
      if (f.result == 1) {  // OR stops at the first true: no call
        line_ = f.count == 8 ? Line::check : Line::call;
        break;
      }
      const Square at = candidate(f.at, f.count);
      enter(at, f.move + 1);  // f is not used past this point
      break;
    }
    case Line::check:  // IF result THEN print x, y; return true
      if (f.result == 1) {
        printed_.push_back(f.square);
        return leave(true);
      }
      line_ = Line::unmark;
      break;
    case Line::unmark:  // ELSE visited[x, y] := false; return false
      board_[f.square] = 0;
      ++erased_;
      ++dead_ends_[f.move];
      effect_ = Effect::erased;
      effect_square_ = f.square;
      effect_candidate_ = frames_.size() > 1 ? frames_[frames_.size() - 2].count : 0;
      return leave(false);
    default:  // TryMove's lines are not this procedure's
      break;
  }
}

void TryMoveMachine::step_try_move() {
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
      if (f.move == total_) ++tours_;
      line_ = Line::filled;
      break;
    case Line::filled:  // IF moveNumber < totalSquares
      line_ = f.move < total_ ? Line::recurse : Line::until;
      break;
    case Line::recurse: {  // TryMove (moveNumber + 1, m, n, moveOK)
      const Frame child{f.move + 1, target_, 0, geometry_.square(target_)};
      frames_.push_back(child);  // f is not used past this point
      ++calls_;
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
      returned_ = move_ok_ ? 1 : 0;
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
    default:  // the pseudocode's lines are not this procedure's
      break;
  }
}

void TryMoveMachine::step_try_all() {
  Frame& f = frames_.back();
  switch (line_) {
    case Line::full:  // if k > board.size1*board.size2 then
      line_ = f.move > total_ ? Line::display : Line::first;
      break;
    case Line::display:  // "Display Board": the tour is shown, and the search goes on
      ++tours_;
      effect_ = Effect::displayed;
      line_ = Line::ret;
      break;
    case Line::first:  // from d := 1
      f.count = 1;
      line_ = Line::until;
      break;
    case Line::until:  // until d > 8
      line_ = f.count > 8 ? Line::ret : Line::select;
      break;
    case Line::select:  // new_x := x + row.item(d); new_y := y + col.item(d)
      target_ = jump(f.square, f.count);
      line_ = Line::acceptable;
      break;
    case Line::acceptable:  // if Acceptable(new_x, new_y) then
      line_ = target_ >= 0 && board_[target_] == 0 ? Line::record : Line::next;
      break;
    case Line::record:  // board.put(k, new_x, new_y)
      write(f, Effect::placed);
      line_ = Line::recurse;
      break;
    case Line::recurse: {  // Try_All(k+1, new_x, new_y)
      const Frame child{f.move + 1, target_, 0, geometry_.square(target_)};
      frames_.push_back(child);  // f is not used past this point
      ++calls_;
      target_ = -1;
      line_ = Line::full;
      break;
    }
    case Line::erase:  // board.put(0, new_x, new_y): after every call, a tour shown or not
      write(f, Effect::erased);
      line_ = Line::next;
      break;
    case Line::next:  // d := d+1
      ++f.count;
      line_ = Line::until;
      break;
    case Line::ret: {  // end -- Try_All: back in the caller, at the line after the call
      const std::int32_t square = f.square;
      frames_.pop_back();
      if (frames_.empty()) {
        status_ = tours_ > 0 ? Status::found : Status::none;
        target_ = -1;
      } else {
        target_ = square;
        line_ = Line::erase;
      }
      break;
    }
    default:  // the other procedures' lines are not this one's
      break;
  }
}

bool TryMoveMachine::run_until(Goal goal, std::uint64_t max_lines) {
  const std::uint64_t moves0 = moves(), lines0 = lines_, tours0 = tours_;
  using Kind = Goal::Kind;
  auto met = [&] {
    if (goal.breaks != 0 && lines_ > lines0 && at_break(goal.breaks)) return true;
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
      case Kind::tours:
        return tours_ - tours0 >= goal.n;
    }
    return false;
  };
  for (std::uint64_t i = 0; i < max_lines && !met(); ++i) {
    if (!step_line()) break;
  }
  return met();
}

std::size_t TryMoveMachine::focus() const {
  const std::size_t n = frames_.size();
  if (n == 0 || semantics_ != Semantics::move_calls) return n == 0 ? 0 : n - 1;
  // A call still checking its square on entry has not stood on it yet.
  const bool checking = line_ == Line::off_board || line_ == Line::visited || line_ == Line::mark;
  if (!checking) return n - 1;
  return n >= 2 ? n - 2 : n;
}

std::array<Candidate, 8> TryMoveMachine::candidates() const {
  std::array<Candidate, 8> out{};
  out.fill(Candidate::untried);
  const std::size_t at = focus();
  if (at >= frames_.size() || frames_[at].square < 0) return out;
  const Frame& f = frames_[at];
  const int tried = selected(at);  // candidates 1..tried have been looked at
  // The current candidate is being tried from its select line until its until line (the
  // pseudocode's: while its call is on the stack; Try_All's: until d := d+1).
  bool in_progress = false;
  switch (semantics_) {
    case Semantics::try_move:
      in_progress = f.count > 0 && line_ != Line::select && line_ != Line::ret &&
                    !(line_ == Line::until && !move_ok_);
      break;
    case Semantics::move_calls:
      in_progress = at + 1 < frames_.size();
      break;
    case Semantics::try_all:
      in_progress = tried > 0 && (line_ == Line::acceptable || line_ == Line::record ||
                                  line_ == Line::recurse || line_ == Line::erase);
      break;
  }
  for (int k = 1; k <= 8; ++k) {
    const std::int32_t t = jump(f.square, k);
    Candidate& c = out[k - 1];
    if (t < 0) {
      c = Candidate::off_board;
    } else if (k == tried && in_progress &&
               (board_[t] == 0 || board_[t] == f.move ||
                (semantics_ == Semantics::move_calls && board_[t] == f.move + 1))) {
      c = Candidate::trying;
    } else if (k <= tried) {
      c = board_[t] == 0 ? Candidate::failed : Candidate::visited;
    } else {
      c = board_[t] == 0 ? Candidate::untried : Candidate::visited;
    }
  }
  return out;
}

int TryMoveMachine::selected(std::size_t frame) const {
  if (frame >= frames_.size()) return 0;
  const int count = frames_[frame].count;
  if (semantics_ != Semantics::try_all) return count;
  // d is set before its candidate is looked at: until and select still hold the last one's.
  const bool ahead = frame + 1 == frames_.size() && (line_ == Line::until || line_ == Line::select);
  return std::clamp(count - (ahead ? 1 : 0), 0, 8);
}

}  // namespace kt
