// Counting by rows saved and resumed: a count saved at the end of every square it can be saved
// at, and made again from the file each time, gives the count of one uninterrupted run (whole
// boards, the two halves and the states handed between them, long strips, counts of several
// words, two threads); damaged files are refused with a reason, never a crash.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#include "counting/frontier_count.hpp"
#include "counting/save_in_background.hpp"

using kt::FrontierCounter;
using kt::Geometry;
using kt::Problem;
using kt::Square;
using kt::Status;

namespace {

Problem saved_board(int rows, int cols, bool closed, std::vector<Square> blocked = {}) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (Square s : blocked) p.blocked[static_cast<std::size_t>(p.geometry.index(s))] = 1;
  }
  return p;
}

// (The process's number in the name: two checkouts' tests run at once must not share a file.)
std::string saved_path(const std::string& name) {
  const std::string file = "knights-save-test-" + std::to_string(getpid()) + "-" + name;
  return (std::filesystem::temp_directory_path() / file).string();
}

std::string counted_whole(const Problem& p) {
  const auto r = kt::count_frontier(p);
  REQUIRE(r.error.empty());
  return r.count.to_string();
}

// Counts `p`, saving at every square end it can and going on each time from the file alone.
// Returns the count; `saves` says how many times it was made again.
// With a memory limit and a folder for the states (FrontierDesc::disk), both again on each
// resume.
std::string saved_at_every_square(const Problem& p, int threads, int& saves,
                                  std::uint64_t memory_limit = 0, const std::string& disk = {},
                                  kt::StateFile* state_file = nullptr) {
  const std::string path = saved_path("every");
  const kt::FrontierDesc desc{.memory_limit = memory_limit,
                              .threads = threads,
                              .disk = disk,
                              .state_file = state_file,
                              .square_ends = true};
  FrontierCounter counter(p, desc);
  saves = 0;
  while (counter.run(1 << 14) == Status::running) {
    if (!counter.can_save()) continue;
    REQUIRE(counter.save(path).empty());
    counter = FrontierCounter::resume(path, desc);
    REQUIRE(counter.error().empty());
    REQUIRE(counter.status() == Status::running);
    ++saves;
  }
  std::filesystem::remove(path);
  REQUIRE(counter.error().empty());
  return counter.count().to_string();
}

}  // namespace

TEST_CASE("frontier save: made again from the file at every square, the same count") {
  struct Case {
    Problem problem;
    const char* name;
  };
  Problem from_corner = saved_board(5, 6, false);
  from_corner.start = Square{1, 1};
  // Both ends fixed, eight wide (three columns blocked): keys of one word with paths to the ends.
  std::vector<Square> columns;
  for (int y = 1; y <= 8; ++y) columns.insert(columns.end(), {{6, y}, {7, y}, {8, y}});
  Problem ends_fixed = saved_board(8, 8, false, columns);
  ends_fixed.start = Square{3, 4};
  ends_fixed.end = Square{2, 4};
  const std::vector<Case> cases = {
      {saved_board(5, 5, false), "5x5 open (halves, the bottom's states handed to the top)"},
      {saved_board(6, 6, true), "6x6 closed"},
      {from_corner, "5x6 open from a corner (halves, nothing handed)"},
      {saved_board(6, 6, false, {{2, 3}, {5, 5}}), "6x6 open, two blocked"},
      {saved_board(5, 14, true), "5x14 closed (a strip: periods)"},
      {saved_board(4, 30, false), "4x30 open (counts past 64 bits)"},
      {ends_fixed, "5x8 open inside 8x8, both ends fixed (keys eight wide in one word)"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    for (const int threads : {1, 2}) {
      int saves = 0;
      CHECK(saved_at_every_square(c.problem, threads, saves) == counted_whole(c.problem));
      CHECK(saves > 3);
    }
  }
}

TEST_CASE("frontier save: states on disk, made again from the file at every square") {
#ifdef __EMSCRIPTEN__
  return;  // (no files in WebAssembly: FrontierDesc::disk is native only)
#endif
  // Under a quarter of the tables' peak (open tours: half), the states on disk as they go.
  const std::string disk = std::filesystem::temp_directory_path().string();
  for (const Problem& p : {saved_board(6, 6, true), saved_board(5, 8, false, {{2, 3}})}) {
    const auto whole = kt::count_frontier(p);
    REQUIRE(whole.complete);
    const std::uint64_t limit = whole.peak_bytes / (p.closed ? 4 : 2);
    CAPTURE(p.geometry.rows, p.geometry.cols, p.closed, limit);
    int saves = 0;
    CHECK(saved_at_every_square(p, 2, saves, limit, disk) == whole.count.to_string());
    CHECK(saves > 3);
  }
}

TEST_CASE("frontier save: states in a state file, made again from the file at every square") {
  // As the browser counts past its memory (FrontierDesc::state_file), each counter made again
  // from the save puts its states in the same file, the last one's extents given back.
  for (const Problem& p : {saved_board(6, 6, true), saved_board(5, 8, false, {{2, 3}})}) {
    const auto whole = kt::count_frontier(p);
    REQUIRE(whole.complete);
    const std::uint64_t limit = whole.peak_bytes / (p.closed ? 4 : 2);
    CAPTURE(p.geometry.rows, p.geometry.cols, p.closed, limit);
    kt::TempStateFile file;
    REQUIRE(file.opened());
    int saves = 0;
    CHECK(saved_at_every_square(p, 2, saves, limit, "a temporary file", &file) ==
          whole.count.to_string());
    CHECK(saves > 3);
    CHECK(file.length() > 0);
    CHECK(file.in_use() == 0);
  }
}

namespace {

// A host's own storage (as the browser's: web/opfs_save.cpp), here memory.
class MemorySink final : public kt::SaveSink {
 public:
  bool write(const void* data, std::size_t bytes) override {
    const auto* from = static_cast<const char*>(data);
    bytes_.insert(bytes_.end(), from, from + bytes);
    return true;
  }
  std::vector<char> bytes_;
};

class MemorySource final : public kt::SaveSource {
 public:
  explicit MemorySource(std::vector<char> bytes) : bytes_(std::move(bytes)) {}
  std::uint64_t size() const override { return bytes_.size(); }
  bool read(void* data, std::size_t bytes) override {
    if (bytes > bytes_.size() - at_) return false;
    std::memcpy(data, bytes_.data() + at_, bytes);
    at_ += bytes;
    return true;
  }

 private:
  std::vector<char> bytes_;
  std::size_t at_ = 0;
};

std::vector<char> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("frontier save: a host's own sink and source carry the same save as a file") {
  const Problem p = saved_board(5, 6, false);  // halves, the bottom's states handed to the top
  const kt::FrontierDesc desc{.threads = 2, .square_ends = true};
  const std::string path = saved_path("sink");
  FrontierCounter counter(p, desc);
  int saves = 0;
  while (counter.run(1 << 14) == Status::running) {
    if (!counter.can_save()) continue;
    MemorySink sink;
    REQUIRE(counter.save(sink).empty());
    REQUIRE(counter.save(path).empty());
    CHECK(sink.bytes_ == file_bytes(path));  // the same words either way
    Problem saved;
    MemorySource head(sink.bytes_);
    REQUIRE(kt::read_saved_problem(head, saved).empty());
    CHECK(saved.geometry.rows == 5);
    MemorySource source(sink.bytes_);
    counter = FrontierCounter::resume(source, "memory", desc);
    REQUIRE(counter.error().empty());
    ++saves;
  }
  std::filesystem::remove(path);
  CHECK(saves > 3);
  CHECK(counter.count().to_string() == counted_whole(p));
  // A save cut short is refused, named as the host names it.
  FrontierCounter fresh(p, desc);
  while (fresh.status() == Status::running && (!fresh.can_save() || fresh.steps() == 0)) {
    fresh.run(1 << 10);
  }
  MemorySink sink;
  REQUIRE(fresh.save(sink).empty());
  sink.bytes_.resize(sink.bytes_.size() - 8);
  MemorySource cut(sink.bytes_);
  const FrontierCounter refused = FrontierCounter::resume(cut, "the saved count", desc);
  CHECK(refused.status() == Status::none);
  CHECK(refused.error().rfind("the saved count: the file is cut short", 0) == 0);
}

TEST_CASE("frontier save: 6x6 open tours made again at every square", "[slow]") {
  int saves = 0;
  CHECK(saved_at_every_square(saved_board(6, 6, false), 2, saves) == "6637920");  // A165134
  CHECK(saves > 30);
}

// (Where a copy of the process can write the saves, count_frontier's tests take both ways.)
TEST_CASE("frontier save: count_frontier saves as it goes, stops when told, and goes on") {
  const bool background = GENERATE(false, kt::SaveInBackground::possible());
  CAPTURE(background);
  const Problem p = saved_board(6, 6, true);
  const std::string path = saved_path("options");
  std::atomic<bool> stop{false};
  kt::FrontierOptions options;
  options.save_path = path;
  options.save_after = 0;
  options.save_in_background_from = background ? 0 : UINT64_MAX;
  options.stop = &stop;
  options.on_save = [&](const kt::FrontierSaved& s) {
    CHECK(s.error.empty());
    CHECK(s.path == path);
    CHECK(s.bytes > 0);
    CHECK(s.in_background == background);
    stop = true;  // (saves wait nine times the last one's time: the board is over in 30 ms)
  };
  const auto first = kt::count_frontier(p, options);
  CHECK(first.stopped);
  CHECK(first.interrupted);
  CHECK_FALSE(first.complete);
  CHECK(first.saves > 0);

  Problem saved;
  REQUIRE(kt::read_saved_problem(path, saved).empty());
  CHECK(saved.geometry.rows == 6);
  CHECK(saved.geometry.cols == 6);
  CHECK(saved.closed);

  kt::FrontierOptions again;
  again.resume_path = path;
  again.threads = 2;
  const auto second = kt::count_frontier(saved, again);
  REQUIRE(second.error.empty());
  CHECK(second.complete);
  CHECK(second.count.to_string() == "9862");  // OEIS A001230
  std::filesystem::remove(path);
}

TEST_CASE("frontier save: a save that cannot be written is said, and the count goes on") {
  const bool background = GENERATE(false, kt::SaveInBackground::possible());
  CAPTURE(background);
  kt::FrontierOptions options;
  options.save_path = saved_path("no-such-folder") + "/count.state";
  options.save_after = 0;
  options.save_in_background_from = background ? 0 : UINT64_MAX;
  int told = 0;
  options.on_save = [&](const kt::FrontierSaved& s) {
    CHECK(s.error.find("cannot write") != std::string::npos);
    CHECK(s.in_background == background);
    ++told;
  };
  const auto r = kt::count_frontier(saved_board(6, 6, true), options);
  CHECK(told > 0);
  CHECK(r.complete);
  CHECK(r.count.to_string() == "9862");
  CHECK(r.saves == 0);
  CHECK(r.save_error.find("cannot write") != std::string::npos);
}

TEST_CASE("frontier save: a damaged or foreign file is refused with a reason") {
  const std::string path = saved_path("damaged");
  Problem p;
  CHECK(kt::read_saved_problem(path + ".none", p).find("cannot read") != std::string::npos);
  { std::ofstream(path, std::ios::binary) << "not a saved count at all, only text"; }
  CHECK(kt::read_saved_problem(path, p).find("not a count saved") != std::string::npos);
  auto refused = FrontierCounter::resume(path);
  CHECK(refused.status() == Status::none);
  CHECK(refused.error().find("not a count saved") != std::string::npos);

  // A real save, cut short at many lengths.
  FrontierCounter counter(saved_board(5, 5, false), {.square_ends = true});
  for (int i = 0; i < 12; ++i) counter.run(1 << 20);
  REQUIRE(counter.can_save());
  REQUIRE(counter.save(path).empty());
  std::ifstream in(path, std::ios::binary);
  const std::string whole((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(whole.size() > 200);
  for (std::size_t length = 0; length < whole.size(); length += 1 + length / 8) {
    std::ofstream(path, std::ios::binary) << whole.substr(0, length);
    auto cut = FrontierCounter::resume(path);
    INFO(length << " bytes: " << cut.error());
    CHECK(cut.status() == Status::none);
    // (Its first word read, it is a save: any shorter, not one.)
    CHECK_THAT(cut.error(), Catch::StartsWith(path + ": ") &&
                                Catch::Contains(length == 0  ? "the file is empty"
                                                : length < 8 ? "not a count saved by knights"
                                                             : "the file is cut short"));
  }
  // Any byte changed, in the opening, the states or the checksum: refused. (Past the magic, the
  // format and the byte order, each of which is refused as such.)
  for (std::size_t at = 3; at < whole.size(); at += 1 + at / 4) {
    std::string changed = whole;
    changed[at] = static_cast<char>(changed[at] ^ 0x5a);
    std::ofstream(path, std::ios::binary) << changed;
    auto resumed = FrontierCounter::resume(path);
    INFO("byte " << at << ": " << resumed.error());
    CHECK(resumed.status() == Status::none);
    CHECK_FALSE(resumed.error().empty());
    if (at >= 24) CHECK_THAT(resumed.error(), Catch::Contains("the file is damaged"));
  }
  std::filesystem::remove(path);
}

namespace {

std::vector<std::uint64_t> words_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::uint64_t> words(bytes.size() / 8);
  std::memcpy(words.data(), bytes.data(), words.size() * 8);
  return words;
}

void write_words(const std::string& path, const std::vector<std::uint64_t>& words,
                 std::size_t count) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(8 * count));
}

// The checksum of a save's words (FNV-1a a word at a time, as frontier_save.cpp sums them).
std::uint64_t fnv(const std::vector<std::uint64_t>& words, std::size_t count) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < count; ++i) sum = (sum ^ words[i]) * 0x100000001B3ull;
  return sum;
}

// The opening's checksum: the first word that is the checksum of the words before it.
std::size_t opening_checksum(const std::vector<std::uint64_t>& words) {
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i] == fnv(words, i)) return i;
  }
  FAIL("no checksum in the save");
  return 0;
}

// A save changed and summed again: as a writer of its own format would have written it.
void rewrite(const std::string& path, std::vector<std::uint64_t> words, std::size_t at,
             std::uint64_t value) {
  const std::size_t opening = opening_checksum(words);
  words[at] = value;
  words[opening] = fnv(words, opening);
  words.back() = fnv(words, words.size() - 1);
  write_words(path, words, words.size());
}

}  // namespace

TEST_CASE("frontier save: each save it cannot go on with is refused with the file and why") {
  const std::string path = saved_path("refused");
  // 5x5 open, its bottom half part way: keys of one word (a window of 11 squares).
  const Problem board = saved_board(5, 5, false);
  FrontierCounter counter(board, {.square_ends = true});
  for (int i = 0; i < 12; ++i) counter.run(1 << 20);
  REQUIRE(counter.can_save());
  REQUIRE(counter.save(path).empty());
  const std::vector<std::uint64_t> saved = words_of(path);
  REQUIRE(saved.size() > 100);
  REQUIRE(FrontierCounter::resume(path).error().empty());
  // Refused, never counted, on one line that names the file and says why.
  // `opening`: the reason is in the file's opening, which the CLI reads first (knights count
  // --resume reads the board from it), and says there too.
  const auto refused = [&](const std::string& why, bool opening) {
    FrontierCounter again = FrontierCounter::resume(path);
    INFO(again.error());
    CHECK(again.status() == Status::none);
    CHECK(again.count().is_zero());
    CHECK_THAT(again.error(), Catch::StartsWith(path + ": ") && Catch::Contains(why));
    CHECK(again.error().find('\n') == std::string::npos);
    Problem problem;
    const std::string head = kt::read_saved_problem(path, problem);
    if (opening) CHECK_THAT(head, Catch::StartsWith(path + ": ") && Catch::Contains(why));
  };

  SECTION("another format: a later one, and the saves before formats were numbered") {
    rewrite(path, saved, 1, 5);
    refused("saved by another version of knights (save format 5; this one reads format 4)", true);
    std::vector<std::uint64_t> old = saved;
    old[0] = 0x31544E554F43544Bull;  // "KTCOUNT1"
    write_words(path, old, old.size());
    refused("(save format 1; this one reads format 4)", true);
  }
  SECTION("format 3, the same words and keys here (five wide), is read") {
    REQUIRE(saved[1] == 4);
    rewrite(path, saved, 1, 3);
    FrontierCounter again = FrontierCounter::resume(path);
    INFO(again.error());
    REQUIRE(again.error().empty());
    while (again.run(1 << 20) == Status::running) {
    }
    CHECK(again.count().to_string() == "1728");  // OEIS A165134
  }
  SECTION("format 2, the same words without the piece, is read as the knight's") {
    // The opening: magic, format, byte order, bytes, rows, cols, closed, start and end (three
    // words each), the blocked squares (none: their number), then the piece's a and b.
    REQUIRE(saved[14] == 1);
    REQUIRE(saved[15] == 2);
    std::vector<std::uint64_t> two = saved;
    two.erase(two.begin() + 14, two.begin() + 16);
    two[1] = 2;
    two[3] -= 16;
    const std::size_t opening = opening_checksum(saved) - 2;
    two[opening] = fnv(two, opening);
    two.back() = fnv(two, two.size() - 1);
    write_words(path, two, two.size());
    FrontierCounter again = FrontierCounter::resume(path);
    INFO(again.error());
    REQUIRE(again.error().empty());
    while (again.run(1 << 20) == Status::running) {
    }
    CHECK(again.count().to_string() == "1728");  // OEIS A165134
  }
  SECTION("another board, another option set") {
    kt::FrontierOptions options;
    options.resume_path = path;
    const auto other = kt::count_frontier(saved_board(5, 6, false), options);
    CHECK_FALSE(other.complete);
    CHECK(other.error == path + ": saved for another board (5x5 open; this count is of 5x6 open)");
    options.halves = false;
    const auto unhalved = kt::count_frontier(board, options);
    CHECK_FALSE(unhalved.complete);
    CHECK(unhalved.error == path +
                                ": saved with other options (halves on, periods on, crossing 0; "
                                "this count has halves off, periods on, crossing 0)");
    options.halves = true;
    const auto same = kt::count_frontier(board, options);
    CHECK(same.complete);
    CHECK(same.count.to_string() == "1728");  // OEIS A165134: 5x5's directed open tours
  }
  SECTION("cut short, in its states and in its opening") {
    write_words(path, saved, saved.size() / 2);
    refused("the file is cut short (", true);
    refused(" of its ", true);
    write_words(path, saved, 5);
    refused("the file is cut short (40 bytes, in the middle of its opening)", true);
  }
  SECTION("a byte changed in its states") {
    std::vector<std::uint64_t> changed = saved;
    changed[saved.size() - 3] ^= 0x100;
    write_words(path, changed, changed.size());
    refused("the file is damaged (its checksum does not match)", false);
  }
  SECTION("summed as written, but with a path end whose other end is gone") {
    // The words past the opening as frontier_save.cpp writes a run: nine numbers, the count's
    // limbs, the parts of the states and their sizes, each part's keys and then its counts.
    std::size_t at = opening_checksum(saved) + 1 + 9;
    at += 1 + saved[at];
    const std::size_t parts = saved[at];
    std::vector<std::uint64_t> sizes(saved.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                                     saved.begin() + static_cast<std::ptrdiff_t>(at + 1 + parts));
    std::size_t key = at + 1 + parts;
    // The first key with a path whose ends are both in the window: one end made a done square.
    bool found = false;
    for (std::size_t part = 0; part < parts && !found; ++part) {
      for (std::size_t k = 0; k < sizes[part] && !found; ++k, ++key) {
        for (int slot = 0; slot < 11 && !found; ++slot) {
          if (((saved[key] >> (4 * slot)) & 15) >= 3) {
            rewrite(path, saved, key, saved[key] & ~(std::uint64_t{15} << (4 * slot)));
            found = true;
          }
        }
      }
      if (!found) key += sizes[part];  // (past the part's counts)
    }
    REQUIRE(found);
    refused("a saved state is malformed (state ", false);
    refused(": a path end without its other end)", false);
  }
  std::filesystem::remove(path);
}

TEST_CASE(
    "frontier save: a count with both ends fixed eight wide from before format 4 is refused") {
  // Format 3 kept such a count's states in two words a key; format 4 keeps them in one.
  const std::string path = saved_path("fixed-ends");
  Problem board = saved_board(8, 8, false);
  board.start = Square{1, 1};
  board.end = Square{2, 1};
  FrontierCounter counter(board, {.square_ends = true});
  while (!counter.can_save() && counter.run(1 << 10) == Status::running) {
  }
  REQUIRE(counter.can_save());
  REQUIRE(counter.save(path).empty());
  const std::vector<std::uint64_t> saved = words_of(path);
  REQUIRE(saved[1] == 4);
  REQUIRE(FrontierCounter::resume(path).error().empty());
  rewrite(path, saved, 1, 3);
  const FrontierCounter again = FrontierCounter::resume(path);
  CHECK(again.status() == Status::none);
  CHECK(again.error() == path +
                             ": saved by another version of knights (save format 3, whose states "
                             "of a count with both ends fixed this one keeps otherwise): count "
                             "the board again");
  std::filesystem::remove(path);
}
