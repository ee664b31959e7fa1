// Saving a count by rows and going on with it later (FrontierCounter::save, ::resume).
//
// Between two squares a run is its tables of states and a few numbers, and the whole count is
// its problem, its options and the runs there are (one over the board, or the halves: the
// bottom to its cut, then the top, then the bottom's crossing edges); the pruning filters are
// made again from the states they were made from. The file, 64-bit words as they are in memory
// (a machine of the same kind reads it):
//
//   the opening, read and checked before anything is made from the file:
//     magic, the format (kSaveFormat: the words below and the keys' layout), byte order, the
//     file's length in bytes
//     the problem: rows, cols, closed, start, end, the blocked squares, the piece (a, b)
//     the options that change the states: halves, periods, crossing
//     the stage: whole (0), the bottom before its cut (1), the top (2), the bottom past its cut
//     (3); whether the top began from the bottom's states
//     the square each run has reached (one run, or two)
//     a checksum of the words so far
//   each run there is (whole; or bottom, then top): its numbers, its states, the states it hands
//   to the top (a board that a half turn maps to itself)
//   magic again, and a checksum of every word before it
//
// A file refused is never counted: another format, machine, board or option set, a file cut
// short, damaged (the checksum), or holding a state that key_fault rejects (frontier_detail.hpp),
// each with a line that says which. The join of the two halves is not saved: a count saved after
// both halves joins them again.
#include <fcntl.h>  // (POSIX, as on Linux and in Emscripten: fsync of a save)
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "board/parallel.hpp"
#include "counting/frontier_count.hpp"
#include "counting/frontier_detail.hpp"

namespace kt {

namespace frontier_detail {

namespace {

constexpr std::uint64_t kMagic = 0x56544E554F43544Bull;     // "KTCOUNTV": versioned
constexpr std::uint64_t kOldMagic = 0x31544E554F43544Bull;  // "KTCOUNT1": format 1
constexpr std::uint64_t kByteOrder = 0x0102030405060708ull;
constexpr std::uint64_t kMaxParts = 1 << 10;
constexpr std::uint64_t kMaxLimbs = 1 << 16;

// Every word of the file goes into its last word (FNV-1a a word at a time), so that a file
// damaged anywhere, states included, is refused rather than counted wrong.
std::uint64_t checksum(std::uint64_t sum, const std::uint64_t* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) sum = (sum ^ x[i]) * 0x100000001B3ull;
  return sum;
}

}  // namespace

class SaveWriter {
 public:
  // No sink: the words are counted, not written (the file's length, which its opening holds).
  explicit SaveWriter(SaveSink* sink) : sink_(sink) {}
  void word(std::uint64_t x) { words(&x, 1); }
  void words(const std::uint64_t* x, std::size_t n) {
    written_ += n;
    if (sink_ == nullptr) return;
    if (ok_ && n > 0 && !sink_->write(x, n * sizeof *x)) ok_ = false;
    sum_ = checksum(sum_, x, n);
  }
  bool counting() const { return sink_ == nullptr; }
  std::uint64_t bytes() const { return 8 * written_; }
  bool ok() const { return ok_; }
  std::uint64_t sum() const { return sum_; }

 private:
  SaveSink* sink_;
  bool ok_ = true;
  std::uint64_t sum_ = 0;
  std::uint64_t written_ = 0;
};

class SaveReader {
 public:
  explicit SaveReader(SaveSource& source) : source_(source), left_(source.size() / 8) {}
  bool word(std::uint64_t& x) { return words(&x, 1); }
  // A number at most `most`.
  bool number(std::uint64_t& x, std::uint64_t most) { return word(x) && x <= most; }
  bool words(std::uint64_t* x, std::size_t n) {
    if (!fits(n)) return false;
    left_ -= n;
    if (n > 0 && !source_.read(x, n * sizeof *x)) return false;
    sum_ = checksum(sum_, x, n);
    return true;
  }
  // Whether n more words are there (before memory is taken for them).
  bool fits(std::uint64_t n) const { return n <= left_; }
  std::uint64_t sum() const { return sum_; }  // of the words read so far
  // Whether the words left end on the checksum of the whole file (read to its end).
  bool rest_checks_out() {
    std::vector<std::uint64_t> chunk(std::size_t{1} << 16);
    while (left_ > 1) {
      if (!words(chunk.data(),
                 static_cast<std::size_t>(std::min<std::uint64_t>(left_ - 1, chunk.size())))) {
        return false;
      }
    }
    const std::uint64_t expected = sum_;
    std::uint64_t last = 0;
    return word(last) && last == expected;
  }
  // The first state read that key_fault rejects, said once the file's checksum has passed.
  void malformed(std::string why) {
    if (malformed_.empty()) malformed_ = std::move(why);
  }
  const std::string& malformed() const { return malformed_; }

 private:
  SaveSource& source_;
  std::uint64_t left_;  // words not read yet
  std::uint64_t sum_ = 0;
  std::string malformed_;
};

namespace {

void write_states(SaveWriter& out, const std::vector<Part>& parts, int words, int limbs) {
  out.word(parts.size());
  for (const Part& part : parts) out.word(part.size);
  for (const Part& part : parts) {
    PartHold held;
    if (!out.counting()) held.hold(part);
    out.words(part.keys.data(), part.size * static_cast<std::size_t>(words));
    out.words(part.counts.data(), part.size * static_cast<std::size_t>(limbs));
    if (!out.counting()) part.drop();  // (states on disk: the pages read back to the system)
  }
}

// The states as a table read (dense parts, begin: each part's first state, then the size).
// States on disk (Tables::disk not empty): once the states read pass half the memory limit,
// each part goes there as it is read. Every key is checked (stored_key_fault, with the plan's
// window) before it goes anywhere: the first one malformed is noted in `in`.
bool read_states(SaveReader& in, std::vector<Part>& parts, std::vector<std::size_t>& begin,
                 int words, int limbs, Tables& t, const Plan& plan, int square) {
  std::uint64_t n = 0;
  if (!in.number(n, kMaxParts) || n == 0) return false;
  parts.clear();
  parts.resize(n);
  begin.assign(1, 0);
  for (Part& part : parts) {
    std::uint64_t size = 0;
    if (!in.word(size) || !in.fits(size)) return false;
    part.size = static_cast<std::size_t>(size);
    begin.push_back(begin.back() + part.size);
  }
  std::uint64_t read = t.bytes();
  for (Part& part : parts) {
    const std::size_t k = part.size * static_cast<std::size_t>(words);
    const std::size_t c = part.size * static_cast<std::size_t>(limbs);
    if (!in.fits(k + c)) return false;
    // (At least one entry a part, as the tables keep them.)
    if (!part.keys.resize(std::max<std::size_t>(k, static_cast<std::size_t>(words))) ||
        !part.counts.resize(std::max<std::size_t>(c, static_cast<std::size_t>(limbs))) ||
        !in.words(part.keys.data(), k) || !in.words(part.counts.data(), c)) {
      return false;
    }
    if (in.malformed().empty()) {
      // On the count's threads where the part is large: a key took about 50 ns to check (6x7
      // open's, natively, 28 November 2026), and 8x8 closed's saves hold up to 150 million.
      const int threads = part.size < (std::size_t{1} << 16) ? 1 : std::clamp(t.threads, 1, 64);
      std::vector<std::size_t> first(static_cast<std::size_t>(threads), part.size);
      std::vector<const char*> fault(static_cast<std::size_t>(threads), nullptr);
      in_parallel(threads, [&](int k) {
        const auto at = static_cast<std::size_t>(k), n = first.size();
        for (std::size_t i = part.size * at / n; i < part.size * (at + 1) / n; ++i) {
          fault[at] = stored_key_fault(&part.keys.data()[i * static_cast<std::size_t>(words)],
                                       t.form, plan.window, plan.closed, plan.end_budget);
          if (fault[at] != nullptr) {
            first[at] = i;
            break;
          }
        }
      });
      for (std::size_t k = 0; k < first.size(); ++k) {
        if (fault[k] == nullptr) continue;
        const std::size_t state = begin[static_cast<std::size_t>(&part - parts.data())] + first[k];
        in.malformed("a saved state is malformed (state " + std::to_string(state) + " of " +
                     std::to_string(begin.back()) + " before square " + std::to_string(square) +
                     ": " + fault[k] + ")");
        break;
      }
    }
    read += 8 * (k + c);
    if (!t.disk.empty() && t.budget.over_share(read, 2) &&
        !part.to_disk(t.disk, t.state_file, t.disk_bytes)) {
      return false;
    }
  }
  return true;
}

// (memcpy: Emscripten's libc++ has no std::bit_cast.)
std::uint64_t bits_of(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

std::uint64_t states_bytes(std::size_t states, int words, int limbs) {
  return static_cast<std::uint64_t>(states) * 8 * static_cast<std::uint64_t>(words + limbs);
}

}  // namespace

bool Dp::states_on_disk() const {
  return tables_->old_on_disk() || (handed_ && any_on_disk(handed_->parts));
}

bool Dp::write(SaveWriter& out) const {
  const Tables& t = *tables_;
  out.word(status_ == Status::running ? 0 : 1);
  out.word(static_cast<std::uint64_t>(t.square));
  out.word(static_cast<std::uint64_t>(t.limbs));
  out.word(static_cast<std::uint64_t>(t.max_limbs));
  out.word(t.max_states);
  out.word(t.peak_bytes);
  out.word(bits_of(t.growth));
  out.word(steps_);
  out.word(periods_off_ ? 1 : 0);
  out.word(count_.limbs().size());
  out.words(count_.limbs().data(), count_.limbs().size());
  write_states(out, t.old, t.words, t.limbs);
  out.word(handed_ ? 1 : 0);
  if (handed_) {
    out.word(static_cast<std::uint64_t>(handed_->square));
    out.word(static_cast<std::uint64_t>(handed_->limbs));
    write_states(out, handed_->parts, t.words, handed_->limbs);
  }
  return out.ok();
}

std::string Dp::read(SaveReader& in) {
  Tables& t = *tables_;
  const Plan& plan = *plan_;
  const std::string bad = "the file is damaged (its states do not fit the board it names)";
  std::uint64_t finished = 0, square = 0, limbs = 0, max_limbs = 0, growth = 0, periods_off = 0;
  std::uint64_t count_limbs = 0;
  if (!in.number(finished, 1) || !in.number(square, static_cast<std::uint64_t>(plan.stop)) ||
      !in.number(limbs, kMaxLimbs) || limbs == 0 || !in.number(max_limbs, kMaxLimbs) ||
      !in.word(t.max_states) || !in.word(t.peak_bytes) || !in.word(growth) || !in.word(steps_) ||
      !in.number(periods_off, 1) || !in.number(count_limbs, kMaxLimbs)) {
    return bad;
  }
  std::vector<std::uint64_t> count(count_limbs);
  if (!in.words(count.data(), count.size())) return bad;
  count_ = BigCount(std::span<const std::uint64_t>(count));
  t.square = static_cast<int>(square);
  t.limbs = static_cast<int>(limbs);
  t.max_limbs = std::max(t.limbs, static_cast<int>(max_limbs));
  std::memcpy(&t.growth, &growth, sizeof growth);
  periods_off_ = periods_off != 0;
  status_ = finished ? Status::none : Status::running;
  t.parts.clear();
  t.building = false;
  t.cursor = 0;
  if (!read_states(in, t.old, t.old_begin, t.words, t.limbs, t, plan, t.square)) return bad;
  t.old_size = t.old_begin.back();
  std::uint64_t handed = 0;
  if (!in.number(handed, 1)) return bad;
  handed_.reset();
  if (handed) {
    HandedStates h;
    std::uint64_t at = 0, handed_limbs = 0;
    if (!in.number(at, static_cast<std::uint64_t>(plan.stop)) ||
        !in.number(handed_limbs, kMaxLimbs) || handed_limbs == 0 ||
        !read_states(in, h.parts, h.begin, t.words, static_cast<int>(handed_limbs), t, plan,
                     static_cast<int>(at))) {
      return bad;
    }
    h.square = static_cast<int>(at);
    h.limbs = static_cast<int>(handed_limbs);
    h.size = h.begin.back();
    handed_ = std::move(h);
  }
  return {};
}

}  // namespace frontier_detail

namespace {

using frontier_detail::SaveReader;
using frontier_detail::SaveWriter;

void write_problem(SaveWriter& out, const Problem& p) {
  out.word(static_cast<std::uint64_t>(p.geometry.rows));
  out.word(static_cast<std::uint64_t>(p.geometry.cols));
  out.word(p.closed ? 1 : 0);
  for (const auto& s : {p.start, p.end}) {
    out.word(s ? 1 : 0);
    out.word(s ? static_cast<std::uint64_t>(s->x) : 0);
    out.word(s ? static_cast<std::uint64_t>(s->y) : 0);
  }
  std::vector<std::uint64_t> blocked;
  for (int i = 0; i < static_cast<int>(p.blocked.size()); ++i) {
    if (p.blocked[static_cast<std::size_t>(i)]) blocked.push_back(static_cast<std::uint64_t>(i));
  }
  out.word(blocked.size());
  out.words(blocked.data(), blocked.size());
  out.word(static_cast<std::uint64_t>(p.piece.leaper.a));
  out.word(static_cast<std::uint64_t>(p.piece.leaper.b));
}

// The runs a count has now, in the order the file holds them.
std::vector<const frontier_detail::Dp*> runs_of(const frontier_detail::Work& w) {
  std::vector<const frontier_detail::Dp*> runs;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr) runs.push_back(dp);
  }
  return runs;
}

// The whole file, `bytes` long (as a SaveWriter that only counts finds it). False: not written.
bool write_save(SaveWriter& out, const frontier_detail::Work& w, std::uint64_t bytes) {
  out.word(frontier_detail::kMagic);
  out.word(frontier_detail::kSaveFormat);
  out.word(frontier_detail::kByteOrder);
  out.word(bytes);
  write_problem(out, w.problem);
  out.word(w.desc.halves ? 1 : 0);
  out.word(w.desc.periods ? 1 : 0);
  out.word(static_cast<std::uint64_t>(w.desc.crossing));
  // (Saved only before the join: Stage's first four, whole 0 to bottom_crossing 3.)
  KT_ASSERT(w.stage <= frontier_detail::Stage::bottom_crossing);
  out.word(static_cast<std::uint64_t>(w.stage));
  out.word(w.mirrored ? 1 : 0);
  const auto runs = runs_of(w);
  out.word(runs.size());
  for (const frontier_detail::Dp* dp : runs) {
    out.word(static_cast<std::uint64_t>(dp->tables().square));
  }
  out.word(out.sum());  // of the opening: checked before the plan is made again
  bool ok = true;
  for (const frontier_detail::Dp* dp : runs) ok = dp->write(out) && ok;
  out.word(frontier_detail::kMagic);
  out.word(out.sum());
  return out.ok() && ok;
}

// The file's opening, up to its checksum.
struct Head {
  Problem problem;
  std::uint64_t bytes = 0;  // the file's length
  std::uint64_t halves = 0, periods = 0, crossing = 0, stage = 0, mirrored = 0;
  std::vector<std::uint64_t> squares;  // each run's
};

std::string read_problem(SaveReader& in, std::uint64_t format, Problem& p,
                         std::vector<std::uint64_t>& blocked_squares);

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// "" or why the file is not a saved count this one can go on with. (Its checksum is read before
// any plan is made: a damaged size could ask for a plan of any size.) `file_bytes`: its length.
std::string read_head(SaveReader& in, std::uint64_t file_bytes, Head& head) {
  const std::string cut_short =
      "the file is cut short (" + with_commas(file_bytes) + " bytes, in the middle of its opening)";
  std::uint64_t magic = 0, format = 0, order = 0;
  if (!in.word(magic)) {
    return file_bytes == 0 ? "the file is empty" : "not a count saved by knights";
  }
  if (magic == frontier_detail::kOldMagic || magic == frontier_detail::kMagic) {
    if (magic == frontier_detail::kOldMagic) {
      format = 1;
    } else if (!in.word(format)) {
      return cut_short;
    }
    if (format != frontier_detail::kSaveFormat && format != frontier_detail::kPieceSaveFormat &&
        format != frontier_detail::kKnightSaveFormat) {
      return "saved by another version of knights (save format " + std::to_string(format) +
             "; this one reads format " + std::to_string(frontier_detail::kSaveFormat) +
             "): count the board again";
    }
  } else {
    return "not a count saved by knights";
  }
  if (!in.word(order)) return cut_short;
  if (order != frontier_detail::kByteOrder) {
    return "saved on a machine of another kind (another byte order)";
  }
  std::vector<std::uint64_t> blocked;
  const std::string damaged = "the file is damaged (its opening does not read)";
  std::uint64_t runs = 0;
  if (!in.word(head.bytes)) return cut_short;
  if (auto why = read_problem(in, format, head.problem, blocked); !why.empty()) {
    return in.fits(1) ? why : cut_short;
  }
  if (!in.number(head.halves, 1) || !in.number(head.periods, 1) || !in.number(head.crossing, 64) ||
      !in.number(head.stage, 3) || !in.number(head.mirrored, 1) || !in.number(runs, 2)) {
    return in.fits(1) ? damaged : cut_short;
  }
  head.squares.resize(runs);
  for (std::uint64_t& square : head.squares) {
    if (!in.number(square, static_cast<std::uint64_t>(kMaxSquares))) {
      return in.fits(1) ? damaged : cut_short;
    }
  }
  const std::uint64_t expected = in.sum();
  std::uint64_t sum = 0;
  if (!in.word(sum)) return cut_short;
  if (sum != expected) return "the file is damaged (its opening's checksum does not match)";
  if (file_bytes < head.bytes) {
    return "the file is cut short (" + with_commas(file_bytes) + " of its " +
           with_commas(head.bytes) + " bytes)";
  }
  if (file_bytes > head.bytes) {
    return "the file is damaged (" + with_commas(file_bytes) + " bytes, where its opening says " +
           with_commas(head.bytes) + ")";
  }
  if (runs != (head.stage < 2 ? 1u : 2u)) return damaged;
  Problem& p = head.problem;
  if (!blocked.empty()) p.blocked.assign(static_cast<std::size_t>(p.geometry.size()), 0);
  for (const std::uint64_t i : blocked) p.blocked[static_cast<std::size_t>(i)] = 1;
  if (auto why = check_frontier_problem(head.problem); !why.empty()) {
    return "the saved problem is damaged: " + why;
  }
  // Before format 4, a count with both ends fixed eight wide kept its keys in two words.
  const int window = 2 * std::min(p.geometry.rows, p.geometry.cols) + 1;
  const bool ends_fixed = !p.closed && p.start && p.end;
  if (format < frontier_detail::kSaveFormat && ends_fixed &&
      frontier_detail::key_form(window, true) == frontier_detail::KeyForm::paired) {
    return "saved by another version of knights (save format " + std::to_string(format) +
           ", whose states of a count with both ends fixed this one keeps otherwise): count the "
           "board again";
  }
  return {};
}

// Its problem (its blocked squares apart), after the opening's first words.
std::string read_problem(SaveReader& in, std::uint64_t format, Problem& p,
                         std::vector<std::uint64_t>& blocked_squares) {
  const std::string bad = "the file is damaged (its problem does not read)";
  std::uint64_t rows = 0, cols = 0, closed = 0;
  if (!in.number(rows, kMaxSide) || !in.number(cols, kMaxSide) || !in.number(closed, 1) ||
      rows * cols > static_cast<std::uint64_t>(kMaxSquares)) {
    return bad;
  }
  p = Problem{};
  p.geometry = Geometry{static_cast<int>(rows), static_cast<int>(cols)};
  p.closed = closed != 0;
  for (std::optional<Square>* s : {&p.start, &p.end}) {
    std::uint64_t has = 0, x = 0, y = 0;
    if (!in.number(has, 1) || !in.number(x, cols) || !in.number(y, rows)) return bad;
    if (has) {
      *s = Square{static_cast<int>(x), static_cast<int>(y)};
      if (!p.geometry.contains(**s)) return bad;
    }
  }
  std::uint64_t blocked = 0;
  if (!in.word(blocked) || !in.fits(blocked)) return bad;
  // (The squares first: the flags, one a square, once the checksum has passed.)
  blocked_squares.resize(static_cast<std::size_t>(blocked));
  if (!in.words(blocked_squares.data(), blocked_squares.size())) return bad;
  for (const std::uint64_t i : blocked_squares) {
    if (i >= rows * cols) return bad;
  }
  if (format == frontier_detail::kKnightSaveFormat)
    return {};  // (the knight's, then the only piece)
  std::uint64_t a = 0, b = 0;
  if (!in.number(a, kMaxLeap) || !in.number(b, kMaxLeap) || b == 0 || a > b) return bad;
  p.piece.leaper = Leaper{static_cast<int>(a), static_cast<int>(b)};
  return {};
}

// A file of the system's as a save's sink or source.
class FileSink final : public SaveSink {
 public:
  explicit FileSink(std::FILE* file) : file_(file) {}
  bool write(const void* data, std::size_t bytes) override {
    return std::fwrite(data, 1, bytes, file_) == bytes;
  }

 private:
  std::FILE* file_;
};

class FileSource final : public SaveSource {
 public:
  // Opens `path` (ok() false when it cannot be read), with its size.
  explicit FileSource(const std::string& path) {
    std::error_code ec;
    bytes_ = std::filesystem::file_size(path, ec);
    file_ = ec ? nullptr : std::fopen(path.c_str(), "rb");
  }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;
  ~FileSource() override {
    if (file_ != nullptr) std::fclose(file_);
  }
  bool ok() const { return file_ != nullptr; }
  std::uint64_t size() const override { return bytes_; }
  bool read(void* data, std::size_t bytes) override {
    return std::fread(data, 1, bytes, file_) == bytes;
  }

 private:
  std::FILE* file_ = nullptr;
  std::uint64_t bytes_ = 0;
};

// The save's opening: "" or why it cannot be read.
std::string read_saved_head(SaveSource& source, Head& head) {
  SaveReader in(source);
  return read_head(in, source.size(), head);
}

std::string read_saved_head(const std::string& path, Head& head) {
  FileSource file(path);
  if (!file.ok()) return "cannot read " + path;
  const std::string error = read_saved_head(file, head);
  return error.empty() ? error : path + ": " + error;
}

// A problem in words, to say which board a save is of.
std::string problem_words(const Problem& p) {
  std::string s = std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols) +
                  (p.closed ? " closed" : " open");
  if (p.start) s += " from " + format_square(*p.start);
  if (p.end) s += " to " + format_square(*p.end);
  const int blocked = p.geometry.size() - p.free_squares();
  if (blocked > 0) s += ", " + std::to_string(blocked) + " blocked";
  if (!p.piece.is_knight()) s += ", the " + describe_leaper(p.piece.leaper);
  return s;
}

bool same_problem(const Problem& a, const Problem& b) {
  if (a.geometry.rows != b.geometry.rows || a.geometry.cols != b.geometry.cols ||
      a.closed != b.closed || a.start != b.start || a.end != b.end || a.piece != b.piece) {
    return false;
  }
  for (int i = 0; i < a.geometry.size(); ++i) {
    if (a.is_blocked(i) != b.is_blocked(i)) return false;
  }
  return true;
}

}  // namespace

std::string read_saved_problem(const std::string& path, Problem& problem) {
  Head head;
  std::string error = read_saved_head(path, head);
  if (error.empty()) problem = head.problem;
  return error;
}

std::string read_saved_problem(SaveSource& source, Problem& problem) {
  Head head;
  std::string error = read_saved_head(source, head);
  if (error.empty()) problem = head.problem;
  return error;
}

namespace frontier_detail {

std::string check_saved_count(const std::string& path, const Problem& problem, bool halves,
                              bool periods, int crossing) {
  Head head;
  if (auto why = read_saved_head(path, head); !why.empty()) return why;
  if (!same_problem(head.problem, problem)) {
    return path + ": saved for another board (" + problem_words(head.problem) +
           "; this count is of " + problem_words(problem) + ")";
  }
  const auto options = [](bool h, bool p, std::uint64_t c) {
    return std::string("halves ") + (h ? "on" : "off") + ", periods " + (p ? "on" : "off") +
           ", crossing " + std::to_string(c);
  };
  if ((head.halves != 0) != halves || (head.periods != 0) != periods ||
      head.crossing != static_cast<std::uint64_t>(crossing)) {
    return path + ": saved with other options (" +
           options(head.halves != 0, head.periods != 0, head.crossing) + "; this count has " +
           options(halves, periods, static_cast<std::uint64_t>(crossing)) + ")";
  }
  return {};
}

}  // namespace frontier_detail

FrontierCounter::FrontierCounter() : work_(std::make_unique<frontier_detail::Work>()) {
  work_->whole_plan = std::make_shared<frontier_detail::Plan>();
}

bool FrontierCounter::can_save() const {
  const frontier_detail::Work& w = *work_;
  if (status_ != Status::running || w.stage > frontier_detail::Stage::bottom_crossing) return false;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr && !dp->between_squares()) return false;
  }
  return true;
}

bool FrontierCounter::can_save_in_background() const {
  const frontier_detail::Work& w = *work_;
  if (!can_save()) return false;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr && dp->states_on_disk()) return false;
  }
  return true;
}

namespace {

// The rename itself, on the disk (POSIX: a folder's entries are made durable by syncing it).
void sync_folder(const std::filesystem::path& folder) {
  const int fd = open(folder.empty() ? "." : folder.c_str(), O_RDONLY);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

}  // namespace

std::uint64_t FrontierCounter::save_bytes() const {
  const frontier_detail::Work& w = *work_;
  std::uint64_t bytes = 4096;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp == nullptr) continue;
    const frontier_detail::Tables& t = dp->tables();
    bytes += frontier_detail::states_bytes(t.old_size, t.words, t.limbs);
  }
  return bytes;
}

std::string FrontierCounter::save(const std::string& path) const {
  if (!can_save()) return "the count is not between two squares";
  const std::string part = path + ".part";
  std::FILE* file = std::fopen(part.c_str(), "wb");
  if (file == nullptr) return "cannot write " + part;
  FileSink sink(file);
  bool ok = save(sink).empty();
  // On the disk before it replaces the last save: renamed while still in the system's cache, a
  // crash of the machine could lose both.
  ok = std::fflush(file) == 0 && ok;
  ok = ok && fsync(fileno(file)) == 0;
  ok = std::fclose(file) == 0 && ok;
  std::error_code ec;
  if (ok) std::filesystem::rename(part, path, ec);
  if (ok && !ec) sync_folder(std::filesystem::path(path).parent_path());
  if (!ok || ec) {
    std::filesystem::remove(part, ec);
    return "cannot write " + path + " (is the disk full?)";
  }
  return {};
}

std::string FrontierCounter::save(SaveSink& sink) const {
  if (!can_save()) return "the count is not between two squares";
  SaveWriter length(nullptr);
  write_save(length, *work_, 0);
  SaveWriter out(&sink);
  const bool ok = write_save(out, *work_, length.bytes()) && out.bytes() == length.bytes();
  return ok ? "" : "cannot write the save";
}

FrontierCounter FrontierCounter::resume(const std::string& path, const FrontierDesc& desc) {
  FileSource file(path);
  if (!file.ok()) {
    FrontierCounter refused;
    refused.error_ = path + ": cannot read it";
    refused.status_ = Status::none;
    return refused;
  }
  return resume(file, path, desc);
}

FrontierCounter FrontierCounter::resume(SaveSource& source, const std::string& path,
                                        const FrontierDesc& desc) {
  FrontierCounter refused;
  const auto refuse = [&](const std::string& why) {
    refused.error_ = path + ": " + why;
    refused.status_ = Status::none;
    return std::move(refused);
  };
  SaveReader in(source);
  Head head;
  if (auto why = read_head(in, source.size(), head); !why.empty()) return refuse(why);
  // Past the opening, what does not read is damage unless the checksum, read to the end, says
  // the file is as it was written; the first malformed state is said once it has.
  const std::string damaged = "the file is damaged (its checksum does not match)";
  const auto refuse_body = [&](const std::string& why) {
    return refuse(in.rest_checks_out() ? why : damaged);
  };
  const std::uint64_t stage = head.stage;
  // (With the disk before the states are read: they go to disk as they are.)
  FrontierDesc saved = desc;
  saved.halves = head.halves != 0;
  saved.periods = head.periods != 0;
  saved.crossing = static_cast<int>(head.crossing);
  FrontierCounter counter(head.problem, saved);
  if (counter.status_ == Status::none) return counter;  // refused by the limit
  frontier_detail::Work& w = *counter.work_;
  const std::string other = "the file is damaged (its runs do not fit the board it names)";
  // Each run read, at the square the opening says, its states well formed.
  const auto read_run = [&](frontier_detail::Dp& dp, std::size_t run) -> std::string {
    if (auto why = dp.read(in); !why.empty()) return why;
    if (static_cast<std::uint64_t>(dp.tables().square) != head.squares[run]) return other;
    return in.malformed();
  };
  if ((stage == 0) != (w.stage == frontier_detail::Stage::whole)) return refuse_body(other);
  if (stage == 0) {
    if (auto why = read_run(*w.whole, 0); !why.empty()) return refuse_body(why);
  } else {
    if (auto why = read_run(*w.bottom, 0); !why.empty()) return refuse_body(why);
    if (stage >= 2) {
      if (stage == 2) {
        // (Pruned by the bottom's states at its cut.)
        if (!w.start_top(/*take_handed=*/false)) return refuse(w.bottom->error());
        w.stage = frontier_detail::Stage::top;
      } else {
        // The top is done (the bottom's states at the cut, which pruned it, are gone).
        w.top = std::make_unique<frontier_detail::Dp>(w.top_plan, w.budget, w.desc.threads);
        w.top->set_disk(w.desc);
        w.top->return_at_square_ends(w.desc.square_ends);
      }
      if (auto why = read_run(*w.top, 1); !why.empty()) return refuse_body(why);
      w.mirrored = head.mirrored != 0;
      if (stage == 3) {
        if (w.top->status() == Status::running) return refuse_body(other);
        // Pruned by the top's last states while it takes its crossing edges (a filter made
        // from all of them: 8x8 closed, half a minute); once done, only joined.
        if (w.bottom->status() == Status::running && !w.resume_bottom()) {
          return refuse(w.top->error());
        }
        w.stage = frontier_detail::Stage::bottom_crossing;
      }
    }
  }
  std::uint64_t end = 0, sum = 0;
  if (!in.word(end) || end != frontier_detail::kMagic) return refuse_body(other);
  const std::uint64_t expected = in.sum();
  if (!in.word(sum) || sum != expected || in.fits(1)) return refuse(damaged);
  return counter;
}

}  // namespace kt
