// Saving a count by rows and going on with it later (FrontierCounter::save, ::resume).
//
// Between two squares a run is its tables of states and a few numbers, and the whole count is
// its problem, its options and the runs there are (one over the board, or the halves: the
// bottom to its cut, then the top, then the bottom's crossing edges); the pruning filters are
// made again from the states they were made from. The file, 64-bit words as they are in memory
// (a machine of the same kind reads it):
//
//   magic, byte order
//   the problem: rows, cols, closed, start, end, the blocked squares
//   the options: halves, periods, crossing
//   the stage: whole (0), the bottom before its cut (1), the top (2), the bottom past its cut
//   (3); whether the top began from the bottom's states
//   a checksum of the words so far (read before the plan is made)
//   each run there is (whole; or bottom, then top): its numbers, its states, the states it hands
//   to the top (a board that a half turn maps to itself)
//   magic again, and a checksum of every word before it (a file cut short or damaged is refused)
//
// The join of the two halves is not saved: a count saved after both halves joins them again.
#include <fcntl.h>  // (POSIX, as on Linux and in Emscripten: fsync of a save)
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "counting/frontier_count.hpp"
#include "counting/frontier_detail.hpp"

namespace kt {

namespace frontier_detail {

namespace {

constexpr std::uint64_t kMagic = 0x31544E554F43544Bull;  // "KTCOUNT1"
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
  explicit SaveWriter(std::FILE* file) : file_(file) {}
  void word(std::uint64_t x) { words(&x, 1); }
  void words(const std::uint64_t* x, std::size_t n) {
    if (ok_ && n > 0 && std::fwrite(x, sizeof *x, n, file_) != n) ok_ = false;
    sum_ = checksum(sum_, x, n);
  }
  bool ok() const { return ok_; }
  std::uint64_t sum() const { return sum_; }

 private:
  std::FILE* file_;
  bool ok_ = true;
  std::uint64_t sum_ = 0;
};

class SaveReader {
 public:
  SaveReader(std::FILE* file, std::uint64_t bytes) : file_(file), left_(bytes / 8) {}
  bool word(std::uint64_t& x) { return words(&x, 1); }
  // A number at most `most`.
  bool number(std::uint64_t& x, std::uint64_t most) { return word(x) && x <= most; }
  bool words(std::uint64_t* x, std::size_t n) {
    if (!fits(n)) return false;
    left_ -= n;
    if (n > 0 && std::fread(x, sizeof *x, n, file_) != n) return false;
    sum_ = checksum(sum_, x, n);
    return true;
  }
  // Whether n more words are there (before memory is taken for them).
  bool fits(std::uint64_t n) const { return n <= left_; }
  std::uint64_t sum() const { return sum_; }  // of the words read so far

 private:
  std::FILE* file_;
  std::uint64_t left_;  // words not read yet
  std::uint64_t sum_ = 0;
};

namespace {

void write_states(SaveWriter& out, const std::vector<Part>& parts, int words, int limbs) {
  out.word(parts.size());
  for (const Part& part : parts) out.word(part.size);
  for (const Part& part : parts) {
    out.words(part.keys.data(), part.size * static_cast<std::size_t>(words));
    out.words(part.counts.data(), part.size * static_cast<std::size_t>(limbs));
    part.drop();  // (states on disk: the pages read back to the system)
  }
}

// The states as a table read (dense parts, begin: each part's first state, then the size).
// States on disk (Tables::disk not empty): once the states read pass half the memory limit,
// each part goes there as it is read.
bool read_states(SaveReader& in, std::vector<Part>& parts, std::vector<std::size_t>& begin,
                 int words, int limbs, Tables& t) {
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
    read += 8 * (k + c);
    if (!t.disk.empty() && t.memory_limit > 0 && read > t.memory_limit / 2 &&
        !part.to_disk(t.disk, t.disk_bytes)) {
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
  const std::string bad = "the saved states do not fit this board";
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
  if (!read_states(in, t.old, t.old_begin, t.words, t.limbs, t)) return bad;
  t.old_size = t.old_begin.back();
  std::uint64_t handed = 0;
  if (!in.number(handed, 1)) return bad;
  handed_.reset();
  if (handed) {
    HandedStates h;
    std::uint64_t at = 0, handed_limbs = 0;
    if (!in.number(at, static_cast<std::uint64_t>(plan.stop)) ||
        !in.number(handed_limbs, kMaxLimbs) || handed_limbs == 0 ||
        !read_states(in, h.parts, h.begin, t.words, static_cast<int>(handed_limbs), t)) {
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
}

// The file's opening, up to its checksum.
struct Head {
  Problem problem;
  std::uint64_t halves = 0, periods = 0, crossing = 0, stage = 0, mirrored = 0;
};

std::string read_problem(SaveReader& in, Problem& p, std::vector<std::uint64_t>& blocked_squares);

// "" or why the file is not a saved count. (Its checksum is read before any plan is made: a
// damaged size could ask for a plan of any size.)
std::string read_head(SaveReader& in, Head& head) {
  std::vector<std::uint64_t> blocked;
  if (auto why = read_problem(in, head.problem, blocked); !why.empty()) return why;
  if (!in.number(head.halves, 1) || !in.number(head.periods, 1) || !in.number(head.crossing, 64) ||
      !in.number(head.stage, 3) || !in.number(head.mirrored, 1)) {
    return "the saved options are damaged";
  }
  const std::uint64_t expected = in.sum();
  std::uint64_t sum = 0;
  if (!in.word(sum) || sum != expected) return "the file is damaged (its checksum does not match)";
  Problem& p = head.problem;
  if (!blocked.empty()) p.blocked.assign(static_cast<std::size_t>(p.geometry.size()), 0);
  for (const std::uint64_t i : blocked) p.blocked[static_cast<std::size_t>(i)] = 1;
  if (auto why = check_frontier_problem(head.problem); !why.empty()) {
    return "the saved problem is damaged: " + why;
  }
  return {};
}

// Its magic, byte order and problem (its blocked squares apart).
std::string read_problem(SaveReader& in, Problem& p, std::vector<std::uint64_t>& blocked_squares) {
  const std::string not_one = "not a count saved by this version of knights";
  std::uint64_t magic = 0, order = 0;
  if (!in.word(magic) || magic != frontier_detail::kMagic) return not_one;
  if (!in.word(order) || order != frontier_detail::kByteOrder) {
    return "saved on a machine of another kind (another byte order)";
  }
  const std::string bad = "the saved problem is damaged";
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
  return {};
}

// Opens `path` for reading, with its size.
std::FILE* open_saved(const std::string& path, std::uint64_t& bytes, std::string& error) {
  std::error_code ec;
  bytes = std::filesystem::file_size(path, ec);
  std::FILE* file = ec ? nullptr : std::fopen(path.c_str(), "rb");
  if (file == nullptr) error = "cannot read " + path;
  return file;
}

}  // namespace

std::string read_saved_problem(const std::string& path, Problem& problem) {
  std::uint64_t bytes = 0;
  std::string error;
  std::FILE* file = open_saved(path, bytes, error);
  if (file == nullptr) return error;
  SaveReader in(file, bytes);
  Head head;
  error = read_head(in, head);
  std::fclose(file);
  if (error.empty()) problem = head.problem;
  return error.empty() ? error : path + ": " + error;
}

FrontierCounter::FrontierCounter() : work_(std::make_unique<frontier_detail::Work>()) {
  work_->whole_plan = std::make_shared<frontier_detail::Plan>();
}

void FrontierCounter::run_to_square_ends(bool on) {
  frontier_detail::Work& w = *work_;
  w.square_ends = on;
  for (frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr) dp->return_at_square_ends(on);
  }
}

bool FrontierCounter::can_save() const {
  const frontier_detail::Work& w = *work_;
  if (status_ != Status::running || w.join) return false;
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
  const frontier_detail::Work& w = *work_;
  if (!can_save()) return "the count is not between two squares";
  const std::string part = path + ".part";
  std::FILE* file = std::fopen(part.c_str(), "wb");
  if (file == nullptr) return "cannot write " + part;
  SaveWriter out(file);
  out.word(frontier_detail::kMagic);
  out.word(frontier_detail::kByteOrder);
  write_problem(out, w.problem);
  out.word(w.halves ? 1 : 0);
  out.word(w.periods ? 1 : 0);
  out.word(static_cast<std::uint64_t>(w.crossing));
  const int stage = w.whole ? 0 : !w.top ? 1 : !w.bottom_filter ? 2 : 3;
  out.word(static_cast<std::uint64_t>(stage));
  out.word(w.mirrored ? 1 : 0);
  out.word(out.sum());  // of the opening: checked before the plan is made again
  bool ok = true;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr) ok = dp->write(out) && ok;
  }
  out.word(frontier_detail::kMagic);
  out.word(out.sum());
  ok = out.ok() && ok;
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

FrontierCounter FrontierCounter::resume(const std::string& path, std::uint64_t memory_limit,
                                        int threads, const std::string& disk) {
  FrontierCounter refused;
  const auto refuse = [&](const std::string& why) {
    refused.error_ = path + ": " + why;
    refused.status_ = Status::none;
    return std::move(refused);
  };
  std::uint64_t bytes = 0;
  std::string error;
  std::FILE* file = open_saved(path, bytes, error);
  if (file == nullptr) return refuse("cannot read it");
  struct Closer {
    std::FILE* f;
    ~Closer() { std::fclose(f); }
  } closer{file};
  SaveReader in(file, bytes);
  Head head;
  if (auto why = read_head(in, head); !why.empty()) return refuse(why);
  const std::uint64_t stage = head.stage;
  FrontierCounter counter(head.problem, memory_limit, threads, head.halves != 0, head.periods != 0,
                          static_cast<int>(head.crossing));
  if (counter.status_ == Status::none) return counter;  // refused by the limit
  counter.use_disk(disk);  // (before the states are read: they go to disk as they are)
  frontier_detail::Work& w = *counter.work_;
  const std::string other = "saved by another version of knights (its runs do not fit)";
  if ((stage == 0) != (w.whole != nullptr)) return refuse(other);
  if (stage == 0) {
    if (auto why = w.whole->read(in); !why.empty()) return refuse(why);
  } else {
    if (auto why = w.bottom->read(in); !why.empty()) return refuse(why);
    if (stage >= 2) {
      if (stage == 2) {
        // (Pruned by the bottom's states at its cut.)
        if (!w.start_top(/*take_handed=*/false)) return refuse(w.bottom->error());
      } else {
        // The top is done (the bottom's states at the cut, which pruned it, are gone).
        w.top = std::make_unique<frontier_detail::Dp>(w.top_plan, memory_limit, threads);
        w.top->set_disk(w.disk);
      }
      if (auto why = w.top->read(in); !why.empty()) return refuse(why);
      w.mirrored = head.mirrored != 0;
      if (stage == 3) {
        if (w.top->status() == Status::running) return refuse(other);
        // Pruned by the top's last states while it takes its crossing edges (a filter made
        // from all of them: 8x8 closed, half a minute); once done, only joined.
        if (w.bottom->status() == Status::running && !w.resume_bottom()) {
          return refuse(w.top->error());
        }
      }
    }
  }
  std::uint64_t end = 0, sum = 0;
  if (!in.word(end) || end != frontier_detail::kMagic) {
    return refuse("the file is cut short or damaged");
  }
  const std::uint64_t expected = in.sum();
  if (!in.word(sum) || sum != expected || in.fits(1)) {
    return refuse("the file is damaged (its checksum does not match)");
  }
  return counter;
}

}  // namespace kt
