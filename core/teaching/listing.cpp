#include "teaching/listing.hpp"

#include <algorithm>
#include <array>

namespace kt {

namespace {

constexpr int S = static_cast<int>(Line::select), A = static_cast<int>(Line::acceptable),
              R = static_cast<int>(Line::record), F = static_cast<int>(Line::filled),
              C = static_cast<int>(Line::recurse), E = static_cast<int>(Line::erase),
              U = static_cast<int>(Line::until), X = static_cast<int>(Line::ret),
              OFF = static_cast<int>(Line::off_board), VIS = static_cast<int>(Line::visited),
              MARK = static_cast<int>(Line::mark), FULL = static_cast<int>(Line::full),
              RES = static_cast<int>(Line::result), CALL = static_cast<int>(Line::call),
              CHECK = static_cast<int>(Line::check), UNMARK = static_cast<int>(Line::unmark),
              SHOW = static_cast<int>(Line::display), FIRST = static_cast<int>(Line::first),
              NEXT = static_cast<int>(Line::next);

constexpr std::array<std::string_view, 8> kNames = {
    "sutcliffe", "wirth", "pseudocode", "handout", "handout-all", "python", "java", "c"};

// Sutcliffe's Modula-2 program, the procedure as printed.
Listing sutcliffe() {
  return {"sutcliffe",
          "Sutcliffe's Modula-2 TryMove",
          "",
          Semantics::try_move,
          &kTextbookOrder,
          1,
          {
              {"PROCEDURE TryMove (moveNumber, x, y : INTEGER; VAR moveOK : BOOLEAN);"},
              {"VAR count, m, n : INTEGER;"},
              {"BEGIN"},
              {"  count := 0;"},
              {"  REPEAT"},
              {"    INC (count); moveOK := FALSE;", S},
              {"    m := x + dX [count]; n := y + dY [count];", S},
              {"    IF (m >= 1) & (m <= size) & (n >= 1) & (n <= size)", A},
              {"       & (board [m, n] = 0) THEN", A},
              {"      board [m, n] := moveNumber; moveOK := TRUE;", R},
              {"      IF moveNumber < totalSquares THEN", F},
              {"        TryMove (moveNumber + 1, m, n, moveOK);", C},
              {"        IF NOT moveOK THEN board [m, n] := 0; END;", E},
              {"      END;"},
              {"    END;"},
              {"  UNTIL moveOK OR (count = 8);", U},
              {"END TryMove;", X},
          },
          {{"moveNumber", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"count", Var::k},
           {"m", Var::u},
           {"n", Var::v},
           {"moveOK", Var::ok}}};
}

// Wirth, Algorithms + Data Structures = Programs, 3.4: the procedure refined to Pascal.
Listing wirth() {
  return {"wirth",
          "Wirth 3.4: try(i, x, y, q)",
          "",
          Semantics::try_move,
          &kWirthOrder,
          1,
          {
              {"procedure try(i: integer; x, y: index; var q: boolean);"},
              {"  var k, u, v: integer; q1: boolean;"},
              {"begin k := 0;"},
              {"  repeat k := k + 1; q1 := false;", S},
              {"    u := x + a[k]; v := y + b[k];", S},
              {"    if (1 <= u) and (u <= n) and (1 <= v) and (v <= n) then", A},
              {"      if h[u, v] = 0 then", A},
              {"      begin h[u, v] := i;", R},
              {"        if i < sqr(n) then", F},
              {"        begin try(i + 1, u, v, q1);", C},
              {"          if not q1 then h[u, v] := 0", E},
              {"        end else q1 := true"},
              {"      end"},
              {"  until q1 or (k = 8);", U},
              {"  q := q1", X},
              {"end {try};"},
          },
          {{"i", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"k", Var::k},
           {"u", Var::u},
           {"v", Var::v},
           {"q1", Var::q1}}};
}

// The recursive pseudocode, with its eight calls written for the order.
Listing pseudocode(const MoveOrder& order) {
  Listing l{"pseudocode",
            "The recursive pseudocode: Move(x, y, m)",
            "Run as intended: the square is marked visited on entry (the printed text marks it "
            "only at the end of a tour, so as printed the knight could come back to a square). "
            "Squares are numbered from 0, as the pseudocode does.",
            Semantics::move_calls,
            &kPseudocodeOrder,
            0,
            {
                {"Boolean Algorithm Move(x, y, m)"},
                {"  if ((x < 0) OR (x >= N) OR (y < 0) OR (y >= N))", OFF},
                {"    return false  // off the board"},
                {"  if (visited[x, y] = true)", VIS},
                {"    return false  // already visited"},
                {"  set visited[x, y] = true  // on entry: see the note", MARK},
                {"  if (m = M)", FULL},
                {"    print \"A solution has been found\"; print x, y"},
                {"    return true"},
                {"  let result be a Boolean variable  // MUST be local"},
                {"  set result = false", RES},
            },
            {{"x", Var::x}, {"y", Var::y}, {"m", Var::m}, {"result", Var::result}}};
  auto offset = [](char axis, int d) {
    std::string s(1, axis);
    if (d != 0) s += (d > 0 ? "+" : "-") + std::to_string(d > 0 ? d : -d);
    return s;
  };
  for (int k = 1; k <= 8; ++k) {
    l.lines.emplace_back("  set result = result OR Move(" + offset('x', order.dx[k - 1]) + ", " +
                             offset('y', order.dy[k - 1]) + ", m+1)",
                         CALL, k);
  }
  for (ListingLine line : std::initializer_list<ListingLine>{
           {"  if (result = true)", CHECK},
           {"    print x, y  // the path comes out in reverse"},
           {"    return true"},
           {"  else"},
           {"    set visited[x, y] = false  // unvisit this location", UNMARK},
           {"    return false"},
       }) {
    l.lines.push_back(std::move(line));
  }
  return l;
}

// The course handout: Try(k, x, y) with its from/until loop.
Listing handout() {
  return {"handout",
          "The handout: Try(k, x, y)",
          "The handout tests \"Board Full\" (k > size) on entry to the next call; here it is "
          "tested before the call, as Wirth does: the same tree, one call shallower at the end.",
          Semantics::try_move,
          &kHandoutOrder,
          1,
          {
              {"Try(k, x, y : INTEGER) is  -- attempt move k from (x, y)"},
              {"  local"},
              {"    d, new_x, new_y : INTEGER"},
              {"  do"},
              {"    from"},
              {"      d := 0"},
              {"    until"},
              {"      d = 8 or success", U},
              {"    loop"},
              {"      d := d + 1", S},
              {"      new_x := x + row.item(d); new_y := y + col.item(d)", S},
              {"      if Acceptable(new_x, new_y) then", A},
              {"        board.put(k, new_x, new_y)", R},
              {"        if k = size then success := True else", F},
              {"          Try(k + 1, new_x, new_y)", C},
              {"          if not success then board.put(0, new_x, new_y) end", E},
              {"        end"},
              {"      end"},
              {"    end -- loop"},
              {"  end -- Try", X},
          },
          {{"k", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"d", Var::k},
           {"new_x", Var::u},
           {"new_y", Var::v},
           {"success", Var::success}}};
}

// The course handout's Try_All(k, x, y), every tour: as printed, the full board tested on
// entry, no success exit, every move erased after its call.
Listing handout_all() {
  return {"handout-all",
          "The handout: Try_All(k, x, y)",
          "Every tour: no success exit. After \"Display Board\" the call returns, its caller "
          "erases the move and goes on with d := d+1; the run ends when the tree is exhausted.",
          Semantics::try_all,
          &kHandoutOrder,
          1,
          {
              {"Try_All(k, x, y : INTEGER) is  -- find every tour from move k"},
              {"  local"},
              {"    d, new_x, new_y : INTEGER"},
              {"  do"},
              {"    if k > board.size1*board.size2 then", FULL},
              {"      \"Display Board\"", SHOW},
              {"    else"},
              {"      from"},
              {"        d := 1", FIRST},
              {"      until"},
              {"        d > 8", U},
              {"      loop"},
              {"        new_x := x + row.item(d)", S},
              {"        new_y := y + col.item(d)", S},
              {"        if Acceptable(new_x, new_y) then", A},
              {"          board.put(k, new_x, new_y)", R},
              {"          Try_All(k+1, new_x, new_y)", C},
              {"          board.put(0, new_x, new_y)", E},
              {"        end"},
              {"        d := d+1", NEXT},
              {"      end"},
              {"    end"},
              {"  end -- Try_All", X},
          },
          {{"k", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"d", Var::k},
           {"new_x", Var::u},
           {"new_y", Var::v}}};
}

constexpr std::string_view kRenditionNote =
    "The project's rendition: the same tree as Sutcliffe's TryMove, squares numbered from 0.";

Listing python() {
  return {"python",
          "Python: try_move(move, x, y)",
          kRenditionNote,
          Semantics::try_move,
          nullptr,
          0,
          {
              {"def try_move(move, x, y):"},
              {"    for k in range(8):", U},
              {"        u, v = x + DX[k], y + DY[k]", S},
              {"        if 0 <= u < N and 0 <= v < N and board[u][v] == 0:", A},
              {"            board[u][v] = move", R},
              {"            if move == N * N:", F},
              {"                return True"},
              {"            if try_move(move + 1, u, v):", C},
              {"                return True"},
              {"            board[u][v] = 0", E},
              {"    return False", X},
          },
          {{"move", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"k", Var::k0},
           {"u", Var::u},
           {"v", Var::v}}};
}

Listing java() {
  return {"java",
          "Java: tryMove(move, x, y)",
          kRenditionNote,
          Semantics::try_move,
          nullptr,
          0,
          {
              {"static boolean tryMove(int move, int x, int y) {"},
              {"    for (int k = 0; k < 8; k++) {", U},
              {"        int u = x + DX[k], v = y + DY[k];", S},
              {"        if (u >= 0 && u < n && v >= 0 && v < n", A},
              {"                && board[u][v] == 0) {", A},
              {"            board[u][v] = move;", R},
              {"            if (move == n * n) return true;", F},
              {"            if (tryMove(move + 1, u, v)) return true;", C},
              {"            board[u][v] = 0;", E},
              {"        }"},
              {"    }"},
              {"    return false;", X},
              {"}"},
          },
          {{"move", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"k", Var::k0},
           {"u", Var::u},
           {"v", Var::v}}};
}

Listing c() {
  return {"c",
          "C: try_move(move, x, y)",
          kRenditionNote,
          Semantics::try_move,
          nullptr,
          0,
          {
              {"static bool try_move(int move, int x, int y) {"},
              {"    for (int k = 0; k < 8; k++) {", U},
              {"        int u = x + dx[k], v = y + dy[k];", S},
              {"        if (u >= 0 && u < n && v >= 0 && v < n && board[u][v] == 0) {", A},
              {"            board[u][v] = move;", R},
              {"            if (move == n * n) return true;", F},
              {"            if (try_move(move + 1, u, v)) return true;", C},
              {"            board[u][v] = 0;", E},
              {"        }"},
              {"    }"},
              {"    return false;", X},
              {"}"},
          },
          {{"move", Var::move},
           {"x", Var::x},
           {"y", Var::y},
           {"k", Var::k0},
           {"u", Var::u},
           {"v", Var::v}}};
}

Local number(std::string_view name, int v) { return {name, Local::Kind::number, v}; }
Local boolean(std::string_view name, bool v) { return {name, Local::Kind::boolean, v ? 1 : 0}; }
Local unset(std::string_view name) { return {name, Local::Kind::unset, 0}; }

}  // namespace

std::span<const std::string_view> listing_names() { return kNames; }

std::string listing_names_said() {
  std::string out;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (i > 0) out += i + 1 == kNames.size() ? " or " : ", ";
    out += kNames[i];
  }
  return out;
}

std::optional<Listing> make_listing(std::string_view name, const MoveOrder& order) {
  if (name == "sutcliffe") return sutcliffe();
  if (name == "wirth") return wirth();
  if (name == "pseudocode") return pseudocode(order);
  if (name == "handout") return handout();
  if (name == "handout-all") return handout_all();
  if (name == "python") return python();
  if (name == "java") return java();
  if (name == "c") return c();
  return std::nullopt;
}

std::vector<int> current_lines(const Listing& listing, const TryMoveMachine& m) {
  std::vector<int> out;
  if (m.status() != Status::running || m.frames().empty()) return out;
  const int point = static_cast<int>(m.line());
  // The pseudocode's call lines: the k about to be called.
  const int k = m.frames().back().count + 1;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const ListingLine& l = listing.lines[i];
    if (l.point == point && (l.candidate == 0 || l.candidate == k)) out.push_back(i);
  }
  return out;
}

int current_line(const Listing& listing, const TryMoveMachine& m) {
  const std::vector<int> lines = current_lines(listing, m);
  return lines.empty() ? -1 : lines.front();
}

std::uint32_t breakpoint_mask(const Listing& listing, std::span<const int> lines) {
  std::uint32_t mask = 0;
  for (const int i : lines) {
    if (i < 0 || i >= static_cast<int>(listing.lines.size())) continue;
    const ListingLine& l = listing.lines[i];
    if (l.point < 0) continue;
    mask |= l.candidate > 0 ? std::uint32_t{1} << (kLineCount + l.candidate - 1)
                            : std::uint32_t{1} << l.point;
  }
  return mask;
}

std::vector<Local> frame_locals(const Listing& listing, const TryMoveMachine& m,
                                std::size_t frame) {
  std::vector<Local> out;
  if (frame >= m.frames().size()) return out;
  const TryMoveMachine::Frame& f = m.frames()[frame];
  const bool innermost = frame + 1 == m.frames().size();
  const int shift = listing.origin - 1;  // the page numbers squares from 1
  const int k = f.count;
  const int looked = m.selected(frame);  // the candidate whose square u, v hold
  for (const LocalSpec& spec : listing.locals) {
    switch (spec.var) {
      case Var::move:
        out.push_back(number(spec.name, f.move));
        break;
      case Var::m:
        out.push_back(number(spec.name, f.move - 1));
        break;
      case Var::x:
        out.push_back(number(spec.name, f.at.x + shift));
        break;
      case Var::y:
        out.push_back(number(spec.name, f.at.y + shift));
        break;
      case Var::k:
        out.push_back(number(spec.name, k));
        break;
      case Var::k0: {
        // A for loop from 0 sets k on its own line, before the line that looks at the
        // candidate: while that line is next, k is the candidate about to be looked at.
        const bool set_by_for = innermost && m.line() == Line::select;
        const int k0 = set_by_for ? k : k - 1;
        out.push_back(k0 >= 0 ? number(spec.name, k0) : unset(spec.name));
        break;
      }
      case Var::u:
      case Var::v: {
        if (looked == 0) {
          out.push_back(unset(spec.name));
          break;
        }
        const int d = spec.var == Var::u ? m.order().dx[looked - 1] : m.order().dy[looked - 1];
        out.push_back(number(spec.name, (spec.var == Var::u ? f.at.x : f.at.y) + d + shift));
        break;
      }
      case Var::ok:
        out.push_back(boolean(spec.name, m.move_ok()));
        break;
      case Var::q1: {
        // Set by the full board (else q1 := true) or by the call it is passed to; a caller
        // waiting on that call has not had it set yet.
        const bool waiting = !innermost || m.line() == Line::filled || m.line() == Line::recurse;
        out.push_back(boolean(spec.name, !waiting && m.move_ok()));
        break;
      }
      case Var::result:
        out.push_back(f.result < 0 ? unset(spec.name) : boolean(spec.name, f.result == 1));
        break;
      case Var::success:
        out.push_back(boolean(spec.name, m.tours() > 0));
        break;
    }
  }
  return out;
}

std::string format_locals(std::span<const Local> locals) {
  std::string out;
  for (const Local& l : locals) {
    if (!out.empty()) out += ' ';
    out += l.name;
    out += '=';
    switch (l.kind) {
      case Local::Kind::number:
        out += std::to_string(l.value);
        break;
      case Local::Kind::boolean:
        out += l.value ? "true" : "false";
        break;
      case Local::Kind::unset:
        out += '?';
        break;
    }
  }
  return out;
}

std::string format_call(const Listing& listing, const TryMoveMachine& m, std::size_t frame) {
  if (frame >= m.frames().size()) return {};
  const TryMoveMachine::Frame& f = m.frames()[frame];
  const int shift = listing.origin - 1;
  const std::string x = std::to_string(f.at.x + shift), y = std::to_string(f.at.y + shift);
  const std::string move = std::to_string(f.move);
  if (listing.name == "pseudocode")
    return "Move(" + x + ", " + y + ", " + std::to_string(f.move - 1) + ")";
  // The procedure's name is the first word of its first line, after any keywords.
  std::string_view head = listing.lines.front().text;
  for (std::string_view kw :
       {"PROCEDURE ", "procedure ", "static boolean ", "static bool ", "def "}) {
    if (head.starts_with(kw)) head.remove_prefix(kw.size());
  }
  const std::string name(head.substr(0, std::min(head.find('('), head.find(' '))));
  return name + "(" + move + ", " + x + ", " + y + ")";
}

namespace {

std::string tours_said(std::uint64_t n) {
  return n == 0 ? "no tour" : std::to_string(n) + (n == 1 ? " tour" : " tours");
}

// Try_All's lines: its d is set before the candidate is looked at, and it goes on after a tour.
std::string narrate_try_all(const Listing& listing, const TryMoveMachine& m) {
  if (m.status() != Status::running || m.frames().empty()) {
    return "The outermost call has returned: the tree is exhausted, " + tours_said(m.tours()) +
           " displayed.";
  }
  const int shift = listing.origin - 1;
  const TryMoveMachine::Frame& f = m.frames().back();
  const int d = f.count;
  const auto at = [shift](Square q) {
    return "(" + std::to_string(q.x + shift) + "," + std::to_string(q.y + shift) + ")";
  };
  const std::string here = at(f.at), k = std::to_string(f.move), ds = std::to_string(d);
  const int looked = m.selected(m.frames().size() - 1);
  const std::string there =
      looked > 0 ? at({f.at.x + m.order().dx[looked - 1], f.at.y + m.order().dy[looked - 1]})
                 : here;
  switch (m.line()) {
    case Line::full:
      return "Is k = " + k + " past the board's " + std::to_string(m.squares()) + " squares?";
    case Line::display:
      return "The board is full: display tour " + std::to_string(m.tours() + 1) + ".";
    case Line::first:
      return "Move " + k + " is still to place: loop over the eight candidates, d := 1.";
    case Line::until:
      return d > 8 ? "d = 9 > 8: every candidate from " + here + " is done, leave the loop."
                   : "d = " + ds + ": not past 8, on to candidate " + ds + ".";
    case Line::select:
      return "Try candidate " + ds + " of 8 from " + here + ".";
    case Line::acceptable:
      return "Is " + there + " on the board and not yet visited?";
    case Line::record:
      return there + " is free: write move " + k + " on it.";
    case Line::recurse:
      return "Call Try_All again from " + there + " to place move " + std::to_string(f.move + 1) +
             ".";
    case Line::erase:
      return "Every tour through " + there + " has been found: take move " + k + " back and go on.";
    case Line::next:
      return "Candidate " + ds + " of 8 done: d := d+1.";
    case Line::ret:
      return f.move > m.squares() ? "Tour " + std::to_string(m.tours()) +
                                        " displayed: return, and the caller goes on searching."
                                  : "All eight candidates done: return to the caller.";
    default:
      return {};
  }
}

}  // namespace

std::string narrate(const Listing& listing, const TryMoveMachine& m) {
  if (m.semantics() == Semantics::try_all) return narrate_try_all(listing, m);
  if (m.status() == Status::found) return "The outermost call returned true: the tour is complete.";
  if (m.status() != Status::running || m.frames().empty()) {
    return "The outermost call returned false: there is no tour from this start.";
  }
  const int shift = listing.origin - 1;
  auto at = [shift](Square q) {
    return "(" + std::to_string(q.x + shift) + "," + std::to_string(q.y + shift) + ")";
  };
  const TryMoveMachine::Frame& f = m.frames().back();
  const int k = f.count;
  const Square cand =
      k > 0 ? Square{f.at.x + m.order().dx[k - 1], f.at.y + m.order().dy[k - 1]} : f.at;
  const std::string here = at(f.at), there = at(cand), move = std::to_string(f.move);
  switch (m.line()) {
    case Line::select:
      return "Try candidate " + std::to_string(k + 1) + " of 8 from " + here + ".";
    case Line::acceptable:
      return "Is " + there + " on the board and not yet visited?";
    case Line::record:
      return there + " is free: write move " + move + " on it.";
    case Line::filled:
      return "Move " + move + " is written: is the board full?";
    case Line::recurse:
      return "Not full: call again from " + there + " to place move " + std::to_string(f.move + 1) +
             ".";
    case Line::erase:
      return m.move_ok() ? "The call from " + there + " completed the tour: keep move " + move + "."
                         : "Everything after " + there + " failed: take move " + move + " back.";
    case Line::until:
      return m.move_ok() ? "It worked: leave the loop."
                         : "Candidate " + std::to_string(k) + " of 8 done: another one, if any.";
    case Line::ret:
      return std::string("Return ") + (m.move_ok() ? "true" : "false") + " to the caller.";
    case Line::off_board:
      return "Move" + here + " is called: is " + here + " off the board?";
    case Line::visited:
      return here + " is on the board: has it been visited?";
    case Line::mark:
      return here + " is free: mark it visited (move " + move + ").";
    case Line::full:
      return "Is this the last move (m = M)?";
    case Line::result:
      return "Not the last move: result := false, then try the eight candidates.";
    case Line::call: {
      const Square next{f.at.x + m.order().dx[k], f.at.y + m.order().dy[k]};
      return f.result == 1
                 ? "result is already true: OR does not call Move for candidate " +
                       std::to_string(k + 1) + "."
                 : "Call Move for candidate " + std::to_string(k + 1) + ": " + at(next) + ".";
    }
    case Line::check:
      return "Did one of the eight calls complete a tour?";
    case Line::unmark:
      return "None did: unmark " + here + " and return false.";
    default:  // Try_All's own lines
      break;
  }
  return {};
}

}  // namespace kt
