// The frontier counter's engine, shared by its two files: the dynamic programme over the
// squares (frontier_count.cpp) and the join of its two halves (frontier_join.cpp). Not part of
// the counting API (frontier_count.hpp is).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <vector>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "board/problem.hpp"
#include "board/status.hpp"
#include "counting/big_count.hpp"
#include "counting/frontier_budget.hpp"
#include "counting/frontier_count.hpp"
#include "counting/frontier_key.hpp"
#include "counting/state_file.hpp"

namespace kt {

namespace frontier_detail {

// Asks for the cache line at `p` ahead of a write to it. WebAssembly has no prefetch (clang drops
// __builtin_prefetch there), so a plain load of a byte stands in: the processor overlaps the
// misses of independent loads as it does prefetches, where one insert after another waited on
// each miss in turn. (Volatile, so that the compiler keeps a load whose value goes nowhere.)
inline void fetch_ahead(const void* p) {
#if defined(__wasm__)
  (void)*static_cast<const volatile std::uint8_t*>(p);
#else
  __builtin_prefetch(p, 1);
#endif
}

// The high word of a * b. WebAssembly has no 64 x 64 -> 128 multiply: a 128-bit product there
// is a call (__multi3) that passes its result through memory; four 32-bit products are not.
inline std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#else
  const std::uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  const std::uint64_t low_cross = a0 * b1, high_cross = a1 * b0;
  const std::uint64_t middle =
      ((a0 * b0) >> 32) + (low_cross & 0xFFFFFFFFu) + (high_cross & 0xFFFFFFFFu);
  return a1 * b1 + (low_cross >> 32) + (high_cross >> 32) + (middle >> 32);
#endif
}

// What happens at one square (index i of the turned board). Working indices ("slots") 0..W-1
// are the window before the square (squares i-W .. i-1), slot W the square itself.
struct SquareStep {
  bool free = false;
  std::uint8_t cap = 2;                // edges the square may take: 1 for a fixed tour end
  std::uint8_t earlier = 0;            // free neighbours before it
  std::array<std::uint8_t, 4> back{};  // their slots
  std::uint8_t finishing = 0;          // squares with no later neighbour left after this one
  std::array<std::uint8_t, 5> finish{};
  std::uint32_t one_left = 0;  // slots (bit per slot) of free non-fixed squares left with
                               // exactly one later neighbour: untouched, they must be tour ends
  // Colour balance (the knight graph is bipartite: every edge still to come joins a dark square
  // to a light one). Summing the edges still to come at each square, dark minus light:
  // balance (the squares after this one, 2 each, 1 for a fixed end) plus, in the window, 2 (1
  // fixed) for each untouched square and 1 for each path end, must be 0 for closed tours and
  // within the tour ends still to place for open ones.
  int balance = 0;
  std::uint32_t dark = 0, light = 0, fixed = 0;  // slots 1..W
  bool operator==(const SquareStep&) const = default;
};

struct Plan {
  Geometry original;
  Geometry turned;  // cols = the short side
  bool transposed = false;
  int width = 0;
  int window = 0;  // W = 2 * width + 1
  int last_free = -1;
  bool closed = false;
  int end_budget = 0;               // tour ends left to non-fixed squares
  std::uint64_t factor = 1;         // 2 when every direction of an open tour counts
  std::vector<std::uint8_t> fixed;  // per turned square: a fixed tour end
  std::vector<SquareStep> steps;
  // A plan may stop early, for counting in two halves (frontier_join.cpp): the run ends
  // before square `stop` with the states of the window there. From square `cut` on, squares
  // take edges back only to squares before `cross` (the edges between the halves that this half
  // takes), and squares from `cross` on that have edges the other half takes never finish.
  int cut = -1;
  int cross = -1;
  int stop = 0;
  // Long boards repeat: past the first rows every square's step is the step `period` squares
  // (two rows) before. repeats[i]: square i is free and takes the same step as square i - period
  // (neither the last free square, nor past the cut or the stop). See class Period.
  int period = 0;
  std::vector<std::uint8_t> repeats;
  bool settled = false;  // trivial board: `answer` is the count
  std::uint64_t answer = 0;
  std::string error;
};

// One buffer of trivially copyable values, grown and shrunk in place where it can be (no copy
// when pages can move), so that compacting a table needs no second copy of it. On Linux a large
// buffer is its own mapping, aligned to 2 MB and asked for 2 MB pages: tables are read and
// written at random, and with 4 KB pages nearly every access missed the TLB (a table split in
// 64 parts of a few MB each got no 2 MB page at all from the allocator's mappings), and every
// 4 KB of a new table cost a page fault. Elsewhere, malloc.
//
// States on disk: to_file moves a buffer into a file of its own (unnamed, gone with the buffer)
// mapped in its place. Its pages are then the file's: drop() hands them back, and the next read
// fetches them from the page cache or the disk, so a table read in order from a file holds only
// the part being read (Linux only; elsewhere to_file refuses).
//
// Or, given a StateFile (WebAssembly has no mmap), to_file moves the values into an extent of
// that file and frees them: they are back in memory only while held (hold, let_go: counted, so
// that the threads reading one part share one copy), and a buffer held to be changed is written
// back when the last holder lets it go. Every reader holds what it reads (PartHold below); on
// a mapped file or in memory, holding does nothing.
template <typename T>
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& other) noexcept { swap(*this, other); }
  Buffer& operator=(Buffer&& other) noexcept {
    swap(*this, other);
    return *this;
  }
  ~Buffer() { release(); }
  // n values of zero bits, the old ones dropped (fresh pages come zeroed: nothing is written).
  bool zeroed(std::size_t n) {
    release();
    if (n == 0) return true;
    if (map(n)) return true;
    void* p = std::calloc(n, sizeof(T));
    if (p == nullptr) return false;
    data_ = static_cast<T*>(p);
    size_ = n;
    return true;
  }
  // n values, the first ones kept.
  bool resize(std::size_t n) {
    if (n == 0) {
      release();
      return true;
    }
    if (mapped_ > 0) return remap(n);
    if (state_file_ != nullptr && holders_ == 0) return false;  // (changed only while held)
    if (data_ == nullptr && map(n)) return true;
    void* p = std::realloc(data_, n * sizeof(T));
    if (p == nullptr) return false;
    data_ = static_cast<T*>(p);
    size_ = n;
    return true;
  }
  // The first n values (n <= size()) in a buffer of their own size: moved to a fresh block when
  // malloc's, so that the memory freed before (the last square's table) takes it, low in the
  // heap, rather than a block shrunk in place, above it. Where memory is never given back (a
  // WebAssembly heap only grows), shrinking in place left each square's table above the last
  // one's hole: the heap went to twice the tables.
  bool shrink_moving(std::size_t n) {
    if (n == 0 || mapped_ > 0 || n >= size_) return resize(n);
    void* p = std::malloc(n * sizeof(T));
    if (p == nullptr) return resize(n);
    std::memcpy(p, data_, n * sizeof(T));
    std::free(data_);
    data_ = static_cast<T*>(p);
    size_ = n;
    return true;
  }
  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  bool on_file() const { return fd_ >= 0 || state_file_ != nullptr; }
  // Moves the values into a new file in `folder` (removed from the folder at once: it goes when
  // the buffer does), mapped in their place, its pages not resident; or, with a StateFile, into
  // an extent of it. False: left as it was.
  bool to_file([[maybe_unused]] const std::string& folder, StateFile* file = nullptr) {
    if (file != nullptr) return to_state_file(*file);
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
    if (fd_ >= 0 || size_ == 0) return fd_ >= 0;
    const int fd = open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    const std::size_t bytes = size_ * sizeof(T), length = pages(bytes);
    const char* from = reinterpret_cast<const char*>(data_);
    std::size_t written = 0;
    while (written < bytes) {
      const ssize_t n = pwrite(fd, from + written, std::min<std::size_t>(bytes - written, 1 << 26),
                               static_cast<off_t>(written));
      if (n <= 0) break;
      written += static_cast<std::size_t>(n);
    }
    void* p = written == bytes && ftruncate(fd, static_cast<off_t>(length)) == 0
                  ? mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                  : MAP_FAILED;
    if (p == MAP_FAILED) {
      close(fd);
      return false;
    }
    const std::size_t n = size_;
    release();
    data_ = static_cast<T*>(p);
    size_ = n;
    mapped_ = length;
    fd_ = fd;
    return true;
#else
    return false;
#endif
  }
  // In a StateFile: its values in memory until let go (`change`: written back then). False:
  // no memory for them, or the file refused.
  bool hold([[maybe_unused]] bool change = false) const {
    if (state_file_ == nullptr) return true;
    const std::lock_guard<std::mutex> lock(state_file_->holding());
    if (holders_ == 0) {
      void* p = std::malloc(std::max<std::size_t>(size_, 1) * sizeof(T));
      if (p == nullptr || !state_file_->get(p, size_ * sizeof(T), file_at_)) {
        std::free(p);
        return false;
      }
      data_ = static_cast<T*>(p);
    }
    ++holders_;
    changed_ = changed_ || change;
    return true;
  }
  // The last holder gone: the values written back if changed, and freed. False: the file
  // refused them.
  bool let_go() const {
    if (state_file_ == nullptr) return true;
    const std::lock_guard<std::mutex> lock(state_file_->holding());
    if (--holders_ > 0) return true;
    const bool written =
        !changed_ || state_file_->put_again(data_, size_ * sizeof(T), file_at_, file_room_);
    std::free(data_);
    data_ = nullptr;
    changed_ = false;
    return written;
  }
  // A buffer on a file: its pages handed back (what was written stays in the file).
  void drop() const {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
    if (fd_ >= 0) madvise(data_, mapped_, MADV_DONTNEED);
#endif
  }
  friend void swap(Buffer& a, Buffer& b) noexcept {
    std::swap(a.data_, b.data_);
    std::swap(a.size_, b.size_);
    std::swap(a.mapped_, b.mapped_);
    std::swap(a.fd_, b.fd_);
    std::swap(a.state_file_, b.state_file_);
    std::swap(a.file_at_, b.file_at_);
    std::swap(a.file_room_, b.file_room_);
    std::swap(a.holders_, b.holders_);
    std::swap(a.changed_, b.changed_);
  }

 private:
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
  static constexpr std::size_t kHuge = std::size_t{2} << 20, kPage = 4096;
  static std::size_t pages(std::size_t bytes) { return (bytes + kPage - 1) & ~(kPage - 1); }
  // A mapping of its own for n values past 2 MB, 2 MB aligned (mapped 2 MB longer, the ends
  // unmapped). False: too small, or refused (malloc is tried instead).
  bool map(std::size_t n) {
    const std::size_t bytes = pages(n * sizeof(T));
    if (n * sizeof(T) < kHuge) return false;
    void* p =
        mmap(nullptr, bytes + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    const auto raw = reinterpret_cast<std::uintptr_t>(p);
    const auto at = (raw + kHuge - 1) & ~(kHuge - 1);
    if (at > raw) munmap(p, at - raw);
    if (raw + kHuge > at) munmap(reinterpret_cast<void*>(at + bytes), raw + kHuge - at);
    madvise(reinterpret_cast<void*>(at), bytes, MADV_HUGEPAGE);
    data_ = reinterpret_cast<T*>(at);
    size_ = n;
    mapped_ = bytes;
    return true;
  }
  bool remap(std::size_t n) {
    const std::size_t bytes = pages(n * sizeof(T));
    // On a file: its blocks allocated first, so that a full disk refuses here rather than with
    // SIGBUS on a later write.
    if (fd_ >= 0 && bytes > mapped_ && posix_fallocate(fd_, 0, static_cast<off_t>(bytes)) != 0) {
      return false;
    }
    if (fd_ >= 0 && ftruncate(fd_, static_cast<off_t>(bytes)) != 0) return false;
    void* p = mremap(data_, mapped_, bytes, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) return false;
    data_ = static_cast<T*>(p);
    size_ = n;
    mapped_ = bytes;
    return true;
  }
  void unmap() {
    munmap(data_, mapped_);
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

#else
  bool map(std::size_t) { return false; }
  bool remap(std::size_t) { return false; }
  void unmap() {}
#endif
  // The values into an extent of `file`, their memory freed.
  bool to_state_file(StateFile& file) {
    if (on_file() || size_ == 0) return on_file();
    const std::uint64_t bytes = size_ * sizeof(T);
    std::uint64_t at = 0;
    if (!file.put(data_, bytes, at)) return false;
    const std::size_t n = size_;
    release();
    size_ = n;
    state_file_ = &file;
    file_at_ = at;
    file_room_ = bytes;
    return true;
  }
  void release() {
    if (mapped_ > 0) {
      unmap();
    } else {
      std::free(data_);
    }
    if (state_file_ != nullptr) state_file_->forget(file_at_, file_room_);
    data_ = nullptr;
    size_ = 0;
    mapped_ = 0;
    state_file_ = nullptr;
    holders_ = 0;
    changed_ = false;
  }
  // (mutable: held and let go by readers of a const table, the values in a StateFile.)
  mutable T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;           // bytes of its own mapping (0: malloc's)
  int fd_ = -1;                      // the file it is mapped from (-1: memory)
  StateFile* state_file_ = nullptr;  // or the file it is in (in memory only while held)
  mutable std::uint64_t file_at_ = 0, file_room_ = 0;  // its extent there
  mutable int holders_ = 0;
  mutable bool changed_ = false;
};

// Hands the free pages inside the heap back to the system (glibc: malloc_trim). A table read is
// compacted in place (realloc to its states), which leaves the rest of each part free but
// resident: 6x10 closed in two halves held 133 to 148 MB for 81 MB of tables, with this 105 MB
// (and about 1.5 s more of system time in 10 s, the pages faulted in again). Called once a
// square, when the tables pass 32 MB: what is resident then follows the tables, and the
// forecast (frontier_forecast.cpp) with it.
void return_free_memory();

// One part of a table of states: open addressing with linear probing while a square is being
// taken, then compacted to its first `size` entries (dense) to be read.
struct Part {
  Buffer<std::uint64_t> keys;  // `words` (Tables::words) a key: see KeyForm
  Buffer<std::uint64_t> counts;
  std::size_t size = 0;
  std::size_t slots(int words) const { return keys.size() / static_cast<std::size_t>(words); }
  Key key(std::size_t s, KeyForm form) const {
    return stored_as_key(&keys.data()[s * static_cast<std::size_t>(key_words(form))], form);
  }
  // Its keys and counts to files in `folder`, their pages handed back, or into `file`
  // (Buffer::to_file). `written` counts the bytes it moves.
  bool to_disk(const std::string& folder, StateFile* file, std::atomic<std::uint64_t>& written) {
    if (size == 0 || keys.on_file()) return true;
    written += 8 * (keys.size() + counts.size());
    return keys.to_file(folder, file) && counts.to_file(folder, file);
  }
  void drop() const {
    keys.drop();
    counts.drop();
  }
  // Its states in memory while held, in a StateFile (Buffer::hold; `change`: written back when
  // let go). False: no memory, or the file refused.
  bool hold(bool change = false) const {
    if (!keys.hold(change)) return false;
    if (counts.hold(change)) return true;
    keys.let_go();
    return false;
  }
  bool let_go() const {
    const bool k = keys.let_go();
    return counts.let_go() && k;
  }
  void set_key(std::size_t s, Key key, KeyForm form) {
    std::uint64_t* k = &keys.data()[s * static_cast<std::size_t>(key_words(form))];
    std::uint64_t hi = 0;
    stored_key(key, form, k[0], hi);
    if (form == KeyForm::wide) k[1] = hi;
  }
};

// A reader's hold on one part at a time (Part::hold), let go when it moves to another or goes.
// A part that cannot be held (no memory to read it back into, or its file refused) throws
// bad_alloc, deep in the threads' loops: the count cannot go on, as when out of memory there.
class PartHold {
 public:
  PartHold() = default;
  PartHold(const PartHold&) = delete;
  PartHold& operator=(const PartHold&) = delete;
  ~PartHold() { let_go(); }
  void hold(const Part& part) {
    if (held_ == &part) return;
    let_go();
    if (!part.hold()) throw std::bad_alloc();
    held_ = &part;
  }
  void let_go() {
    if (held_ != nullptr) held_->let_go();
    held_ = nullptr;
  }

 private:
  const Part* held_ = nullptr;
};

// A reader's hold on every part of a table's states from index `from` to `to` (Tables::old),
// for readers that keep pointers into them past the part they are reading (the inserts'
// batches).
class RangeHold {
 public:
  RangeHold(const std::vector<Part>& parts, const std::vector<std::size_t>& begin, std::size_t from,
            std::size_t to) {
    if (from >= to) return;
    const auto first = std::upper_bound(begin.begin(), begin.end(), from) - begin.begin() - 1;
    for (std::size_t p = static_cast<std::size_t>(first); p < parts.size() && begin[p] < to; ++p) {
      if (!parts[p].hold()) {
        let_go();
        throw std::bad_alloc();
      }
      held_.push_back(&parts[p]);
    }
  }
  RangeHold(const RangeHold&) = delete;
  RangeHold& operator=(const RangeHold&) = delete;
  ~RangeHold() { let_go(); }

 private:
  void let_go() {
    for (const Part* part : held_) part->let_go();
    held_.clear();
  }
  std::vector<const Part*> held_;
};

// Some of these parts' states are in files (Part::to_disk).
inline bool any_on_disk(const std::vector<Part>& parts) {
  return std::any_of(parts.begin(), parts.end(), [](const Part& p) { return p.keys.on_file(); });
}

// One part of the table being built: open addressing with linear probing, each entry its key's
// words and then its count's limbs side by side, so that an insert misses the cache once, not
// once in the keys and again in the counts (7x7 open: a fifth of the time was the inserts).
// Split into a dense Part when the square is finished (Dp::finish_square).
struct BuildPart {
  Buffer<std::uint64_t> entries;  // `stride` words an entry: the key (see KeyForm), the count
  std::size_t size = 0;
  std::size_t slots(int stride) const { return entries.size() / static_cast<std::size_t>(stride); }
  std::uint64_t* at(std::size_t s, int stride) {
    return &entries.data()[s * static_cast<std::size_t>(stride)];
  }
  const std::uint64_t* at(std::size_t s, int stride) const {
    return &entries.data()[s * static_cast<std::size_t>(stride)];
  }
};

struct Tables {
  int limbs = 1;                 // 64-bit limbs per count, grown when a sum overflows
  KeyForm form = KeyForm::wide;  // how the keys are stored
  int words = 2;                 // 64-bit words per stored key (key_words of the form)
  int max_limbs = 1;  // the most limbs a count has taken (limbs may go back down: Period)
  // The table being built is split by hash into 2^part_bits parts, each with its own lock, so
  // that threads expanding different old states insert side by side, and so that a part that
  // fills up grows alone (one part for a small table on one thread). Chosen a square at a time.
  int part_bits = 0;
  int threads = 1;
  // The states of the last square finished, dense, part after part (old_begin: the index of
  // each part's first state, then old_size).
  std::vector<Part> old;
  std::vector<std::size_t> old_begin;
  std::size_t old_size = 0;
  // The states being built.
  std::vector<BuildPart> parts;
  std::unique_ptr<std::mutex[]> locks;
  std::atomic<std::uint64_t> entries{0};  // entries allocated in `parts`
  std::atomic<bool> overflow{false};
  std::atomic<bool> failed{false};  // a part could not grow: `failure` says why
  std::string failure;
  std::size_t cursor = 0;  // next old state to expand
  int square = 0;          // the square being taken (or next)
  bool building = false;
  std::uint64_t peak_bytes = 0;
  std::uint64_t max_states = 0;
  double growth = 2;  // the states after the last square taken, over those before it
  MemoryBudget budget;
  // States on disk: the folder (Buffer::to_file) where the tables go when they would pass the
  // memory limit, or empty (the count stops there instead). A square whose table would pass
  // the limit even with the states read on disk is taken in passes: each pass expands every
  // state read but keeps only the new states of its share of the parts, which go to disk as
  // it ends (built), so that only a share of the table is built at a time.
  std::string disk;
  StateFile* state_file = nullptr;  // or the file they go to instead of `disk`'s (only names it)
  int passes = 1;
  int pass = 0;
  int max_passes = 1;
  std::size_t part_cap = 0;  // the entries each part of the table being built begins with
  std::vector<Part> built;   // the parts of the passes done, dense (on disk)
  std::atomic<bool> over_limit{false};       // a part could not grow within the memory limit
  std::atomic<std::uint64_t> disk_bytes{0};  // states written to disk so far
  std::uint64_t reading = 0;  // states read from disk held at once (a part's pages, twice)
  bool old_on_disk() const { return any_on_disk(old); }
  // The part of the states read that holds state `at` (of old_size).
  std::size_t part_of(std::size_t at) const {
    return static_cast<std::size_t>(std::upper_bound(old_begin.begin(), old_begin.end(), at) -
                                    old_begin.begin() - 1);
  }
  // A slice of the states read that ends at `end` (from `from`): with states in a StateFile,
  // moved on to the end of the part it is in, so that no part is read back whole for a slice
  // of it and again for the next (1 << 14 states a slice, 8x8 closed's parts of about 2.5
  // million: a join that took minutes took hours).
  std::size_t slice_end(std::size_t end) const {
    if (state_file == nullptr || end == 0 || end >= old_size) return end;
    return std::min(old_size, old_begin[part_of(end - 1) + 1]);
  }
  // Whether part `which` of the table being built is built in this pass.
  bool in_pass(std::size_t which) const {
    return passes == 1 ||
           static_cast<int>((which * static_cast<std::size_t>(passes)) >> part_bits) == pass;
  }

  std::uint64_t entry_bytes() const {
    return 8 * static_cast<std::uint64_t>(words) + 8 * static_cast<std::uint64_t>(limbs);
  }
  int stride() const { return words + limbs; }  // words an entry of a BuildPart
  std::uint64_t period_bytes = 0;  // held by a Period (frontier_period.cpp) while it runs
  // The plan's tables, a square each (held from the start: on long strips, more than the
  // states; counted so that the memory limit holds for both).
  std::uint64_t plan_bytes = 0;
  std::uint64_t bytes() const {
    return plan_bytes + (old_entries() + entries.load()) * entry_bytes() + period_bytes + reading;
  }
  // Entries of the states read and of the passes done that are in memory (not on disk).
  std::uint64_t old_entries() const {
    std::uint64_t n = 0;
    for (const std::vector<Part>* parts : {&old, &built}) {
      for (const Part& part : *parts) n += part.keys.on_file() ? 0 : part.slots(words);
    }
    return n;
  }
};

// Full boards whose knight graph falls apart, so that they have no tour (of more than one
// square): one or two squares wide (no move joins the two columns of a 2 x n board), and 3x3
// (its centre has no move). (Not the wazir's: its 2 x n boards have tours.) The plan settles them
// before building anything a square.
bool falls_apart(const Problem& problem);
// Whether counting by rows takes the leaper (on a plain board).
bool fits_rows_window(Leaper l);

// The plan of `problem` (check_frontier_problem first). stop >= 0: a plan that stops there.
// cut >= 0: a half's plan (Plan::cut, Plan::cross; cross < 0: the cut itself), which stops at
// cut + window unless told.
Plan make_plan(const Problem& problem, int cut = -1, int stop = -1, int cross = -1);

// The same board turned half a turn (square i of n becomes n - 1 - i, in either geometry).
Problem rotated_half_turn(const Problem& problem);

// What the other half allows, to prune one half while it takes its crossing edges (the top's
// from the bottom's states at the bottom's cut, the bottom's from the top's last states). After
// the first k squares past its cut, each of them must fit some state of the other half: a
// square this half completed, one the other left untouched; untouched here, completed there; a
// path end, a path end. Open tours may also end on up to two squares of the window (a path end
// against an untouched square), less the tour ends already inside either half. Checked on two
// patterns: which squares are complete (a bit each: a table per k), and every square's kind
// (two bits each: a hash set of the other half's prefixes).
class CutFilter {
 public:
  // The filter of the half whose plan is `own`, from the other half's states `other`: its
  // square past the cut m (m = 0, 1, ...) is slot base_slot - m of the other's window.
  CutFilter(const Tables& other, int base_slot, const Plan& own, int threads = 1);
  // The answer depends only on the kinds of the k squares past the cut and on the tour ends in
  // the window, and the same few patterns recur across millions of states: each thread keeps
  // its last answers (measured: the filter was half of 7x7 open's time past the cut).
  struct Memo {
    static constexpr std::size_t kSize = 4096;
    std::vector<std::uint64_t> tags = std::vector<std::uint64_t>(kSize, 0);
    std::vector<std::uint8_t> answers = std::vector<std::uint8_t>(kSize, 0);
  };
  // `state`: the top's window after square cut + k - 1.
  bool admits(Key state, int k, Memo& memo) const;
  std::uint64_t bytes() const;

 private:
  // The patterns of the other half's states [from, to).
  void take_patterns(const Tables& other, std::size_t from, std::size_t to, int base_slot);
  void add_kinds(std::uint64_t pattern);
  bool has_kinds(std::uint64_t kinds, int k) const;
  bool fits(std::uint64_t kinds, std::uint64_t complete, std::uint64_t ends, int tour_ends,
            int k) const;
  int window_ = 0;
  int crossing_ = 0;  // the own half's squares past the cut (they take the crossing edges)
  bool closed_ = false;
  std::uint32_t blocked_ = 0;
  std::vector<std::vector<std::uint64_t>> seen_;  // per k, a bit per pattern of k squares
  std::vector<std::uint64_t> kinds_set_;          // (kinds << 5 | k) + 1, open addressing
  std::size_t patterns_ = 0;                      // in kinds_set_
};

// Keys -> their index in a list (open addressing).
class KeyIndex {
 public:
  void reset(std::size_t expected);
  std::int64_t find(Key key) const;  // -1 when absent
  // The key's index; when absent, `index` becomes it (added).
  std::uint32_t insert(Key key, std::uint32_t index, bool& added);
  std::uint64_t bytes() const;

 private:
  std::size_t slot_of(Key key) const;
  std::vector<Key> keys_;
  std::vector<std::uint32_t> index_;
  std::size_t size_ = 0;
};

// Long strips in tables of moves. Past the first rows the squares' steps repeat every period
// (two rows), and so, soon, does the set of states. A Period takes the squares of one period
// as the programme does (expand_state), but keeps what it did: each position's states in a list
// and every move as a pair of indices (state here, state at the next position). When the period
// ends on the same set of states it began with, the moves are known for good, and each later
// square is one pass of additions over them: no decoding, encoding or hashing of states. It
// hands the states back to the tables (leave) where the steps stop repeating, near the end.
class Period {
 public:
  // Takes the states read from t (the window before square t.square).
  Period(const Plan& plan, Tables& t);
  enum class Outcome { running, left, refused, out_of_memory };
  // Takes about max_steps states or moves of square t.square, and advances t.square past the
  // squares it finishes. left: the states are back in t (dense) at t.square; refused: past the
  // memory limit, the states are back in t as they were when the Period began; out_of_memory:
  // they could not be handed back.
  Outcome take(Tables& t, std::uint64_t max_steps, std::uint64_t& steps);
  int limbs() const { return limbs_; }
  std::uint64_t bytes() const;

 private:
  struct Position {
    std::vector<Key> keys;                // its states
    std::vector<std::uint32_t> from, to;  // the moves to the next position: state indices
    bool ordered = false;                 // stable: the moves sorted by `to` (order_moves)
    // On threads: thread k adds the moves [bounds[k], bounds[k + 1]), into its own range of
    // the next position's states.
    std::vector<std::size_t> bounds;
  };
  void order_moves(std::size_t position);
  bool build(Tables& t, std::uint64_t max_steps, std::uint64_t& steps);
  void pass(Tables& t, std::uint64_t max_steps, std::uint64_t& steps);
  void end_period(Tables& t);
  void widen();
  bool hand_back(Tables& t, std::vector<Key>&& keys, std::vector<std::uint64_t>&& counts, int limbs,
                 int square);
  const Plan& plan_;
  int length_ = 0;    // squares in a period
  int start_ = 0;     // the square of position 0 (building: of this period)
  int position_ = 0;  // of the square being taken
  int limbs_ = 1;
  int threads_ = 1;
  bool stable_ = false;
  bool overflow_ = false;
  std::size_t cursor_ = 0;  // states (building) or moves (stable) taken in this square
  std::vector<Position> positions_;
  std::vector<std::uint64_t> counts_, next_;  // limbs_ per state: this position's, the next's
  std::vector<std::uint64_t> start_counts_;   // position 0's, until stable (refused: back)
  int start_limbs_ = 1;
  KeyIndex index_;  // building: the next position's keys -> their index
};

// The states of a run before one square (dense, as Tables::old), handed from one run to
// another whose first squares take the same steps (two halves of a board that a half turn maps
// to itself: the top half's first squares are the bottom half's, FrontierCounter).
struct HandedStates {
  std::vector<Part> parts;
  std::vector<std::size_t> begin;  // each part's first state, then size
  std::size_t size = 0;
  int limbs = 1;
  int square = 0;  // the square they come before
};

// A saved count's file, written and read a 64-bit word at a time (frontier_save.cpp).
class SaveWriter;
class SaveReader;
// "" when the count saved in `path` is of `problem` with these options (FrontierOptions), or
// the file and why not: it cannot be read, or another board, or other options.
std::string check_saved_count(const std::string& path, const Problem& problem, bool halves,
                              bool periods, int crossing);

// Whether runs of plans a and b reach the same states before square `square`: the same window,
// kind of tour and tour ends to place, and the same steps and fixed ends up to there.
bool same_steps_before(const Plan& a, const Plan& b, int square);

// One run of the programme over the squares of a plan, in slices: to the last square (the
// count of tours), or to plan.stop (the states of the window there, left in tables()).
class Dp {
 public:
  Dp(std::shared_ptr<const Plan> plan, MemoryBudget budget, int threads);
  Status run(std::uint64_t max_steps);
  Status status() const { return status_; }
  const BigCount& count() const { return count_; }
  const std::string& error() const { return error_; }
  Remedy remedy() const { return remedy_; }  // (of error(): a folder for the states with room)
  const Plan& plan() const { return *plan_; }
  const Tables& tables() const { return *tables_; }
  double fraction() const;  // squares done since its first, the one being taken in part
  // The steps still to come, forecast as if every square left read as many states as the one
  // being taken (past the cut they grow: a forecast below the truth, nearer as the run goes).
  // At least `floor` states a square: early squares hold few states, and a forecast from them
  // alone put the bar at 12% within the first millisecond of 6x7 open.
  double steps_left(double floor) const;
  std::uint64_t steps() const { return steps_; }  // spent by run() so far
  int limbs() const;                              // the most 64-bit limbs a count has taken so far
  void release();                                 // frees the tables
  // Prunes the states past the cut that the bottom half cannot meet (set before running).
  void set_filter(const CutFilter* filter) { filter_ = filter; }
  // Waits before `square` (run() returns at once there) until resume(): the bottom half waits
  // before its crossing edges while the top half runs, so that each prunes the other's.
  void pause_before(int square) { pause_ = square; }
  bool paused() const;
  // Goes on past the pause, pruned by `filter`, within `budget`.
  void resume(const CutFilter* filter, MemoryBudget budget);
  // Long strips in tables of moves (class Period; on by default; off: every square by the
  // programme, for checking).
  void set_periods(bool on) { periods_off_ = !on; }
  // Keeps the states before `square` for another run (same_steps_before): moved out when this
  // run finishes that square, instead of freed, or copied if the run stops before it.
  void hand_off_at(int square) { hand_off_ = square; }
  // After the run: the states kept, or none (memory, or the square was taken in a Period).
  std::optional<HandedStates> take_handed();
  // Before running: starts from `states` (their square, their counts) instead of the empty
  // window before the first square.
  void start_from(HandedStates&& states);
  // States on disk where the tables would pass the memory limit (Tables::disk): in `desc`'s
  // folder, or its state file.
  void set_disk(const FrontierDesc& desc) {
    tables_->disk = desc.disk;
    tables_->state_file = desc.state_file;
  }
  // With a folder for the states: the states read go to disk now (a half waiting for the
  // other), false (error()) if they cannot; drop() hands back the pages read since.
  bool to_disk();
  void drop();
  // run() returns at the end of every square it finishes (to save there: FrontierCounter::save).
  void return_at_square_ends(bool on) { square_ends_ = on; }
  // No square is half taken (and no Period holds the states): what the run has done is its
  // tables and a few numbers, which write() saves and read() puts back (frontier_save.cpp).
  bool between_squares() const;
  bool states_on_disk() const;  // some of the states write() would save are in files
  bool write(SaveWriter& out) const;
  std::string read(SaveReader& in);  // "" or why the saved run does not fit this one

 private:
  const CutFilter* filter_ = nullptr;
  // The filter's answers each thread keeps, from one slice to the next (the page's slices are
  // short: answers thrown away with each would be found again).
  std::vector<CutFilter::Memo> memos_;
  std::unique_ptr<Period> period_;
  bool periods_off_ = false;  // off, or refused by memory once
  int hand_off_ = -1;
  int pause_ = -1;
  std::optional<HandedStates> handed_;
  bool square_ends_ = false;
  bool period_fits(int square) const;
  bool begin_square();
  bool begin_pass();
  bool finish_pass();
  void set_reading();
  void finish_square();
  std::shared_ptr<const Plan> plan_;
  std::unique_ptr<Tables> tables_;
  BigCount count_;
  std::string error_;
  Remedy remedy_ = Remedy::none;
  Status status_ = Status::running;
  std::uint64_t steps_ = 0;
  int first_square_ = 0;  // where the run began (start_from: past the squares handed to it)
};

// Counting in two halves. The top half's run takes the squares before the cut and then the
// crossing edges of the first squares past it (plan with `cut`); the bottom half's run takes
// the board turned half a turn up to its own cut and then the other crossing edges, back from
// the top's last squares. Both windows end on the same W squares, read in opposite directions.
// A tour is one state of each whose degrees add up on every square of the window and whose
// paths, joined there, make one cycle (closed) or one path (open). States are grouped by the kind
// of each square (complete, untouched, a path end) and, for open tours, by how many of their paths
// lead to a tour end, so that a top state meets only the bottom states it can fit.
struct StateGroup {
  std::uint64_t kinds = 0;         // two bits a slot: complete, untouched, or a path end
  std::size_t begin = 0, end = 0;  // its states
  std::size_t size() const { return end - begin; }
};

class Join {
 public:
  // threads: the pieces of work are shared out among them. Its first run() calls copy the
  // halves' states, a half a call, and free their tables (release) as they go.
  // The halves may be joined in `buckets` joins, one after the other, each holding about a
  // bucket's share of the copies (the halves' tables, read again by each, are freed by the
  // last). Closed tours: the states whose kinds (the top's as the bottom must have them) hash to
  // `bucket`, as a top state meets only bottom states of its kinds. Open tours: the larger
  // half's states whose index hashes to `bucket`, against the other half whole.
  Join(Dp& top, Dp& bottom, int threads, int bucket = 0, int buckets = 1);
  Status run(std::uint64_t max_steps);  // a step: one pair of states checked
  const BigCount& count() const { return count_; }
  double fraction() const;  // pairs checked, of all
  double grouped() const;   // before the pairs: the halves' states grouped, of all (0..1)
  std::uint64_t pairs_done() const { return pairs_done_; }
  std::uint64_t bytes() const;
  // The bytes of one state's links and their sets in the join's copies, for a half's plan.
  static std::uint64_t link_bytes(const Plan& plan);

 private:
  // A piece of the join: top groups [group_begin, group_end) whole, each against the bottom
  // groups it meets; and top states [top_begin, top_end) against bottom states [bottom_begin,
  // bottom_end) (a block of one top group and one bottom group it meets).
  struct Piece {
    std::size_t group_begin = 0, group_end = 0;
    std::size_t top_begin = 0, top_end = 0, bottom_begin = 0, bottom_end = 0;
    std::uint64_t pairs_before = 0;  // pairs in the pieces before it
  };
  std::uint64_t complement(std::uint64_t top_kinds) const;  // the kinds a bottom state must have
  std::uint64_t bucket_of(std::uint64_t value) const;       // (kinds, or an index)
  std::vector<std::uint64_t> wanted_kinds(std::uint64_t top_kinds) const;
  std::vector<const StateGroup*> matching_groups(std::uint64_t top_kinds) const;
  // Adds the tours of one piece into `count`.
  void join_piece(const Piece& piece, BigCount& count) const;
  template <class L>
  void join_piece(const Piece& piece, BigCount& count, const Buffer<L>& tops,
                  const Buffer<L>& bottoms) const;
  // Groups one half's states (stage 0 the larger half, 1 the other) a slice at a time, or
  // makes the pieces (2).
  void prepare(std::uint64_t max_steps);
  bool group(bool top, std::uint64_t max_steps);  // true once the half is grouped
  static constexpr int kStages = 3;
  int stage_ = 0;
  bool top_first_ = true;
  enum class Grouping { kinds, sort, copy } grouping_ = Grouping::kinds;
  std::size_t cursor_ = 0;                    // states done in this grouping stage
  std::uint64_t grouped_ = 0, to_group_ = 0;  // states of the halves grouped before this one, all
  // The half's states taken (all, or a bucket's), in the tables' order: their kinds (dense_kinds),
  // sorted; the index in the tables of each (none: all are taken, the index is the rank); and,
  // once sorted, the place each goes in the copies (the tables are read in order, the copies
  // written in group order).
  std::vector<std::uint64_t> kinds_;
  std::vector<std::uint32_t> index_;
  std::vector<std::uint32_t> position_;
  Dp& top_;  // (its plan and limbs once grouped: its tables are gone)
  Dp& bottom_;
  int window_ = 0;
  int threads_ = 1;
  std::uint32_t blocked_ = 0;  // slots of blocked squares
  bool closed_ = false;
  bool ends_fixed_ = false;  // open, both ends fixed: no free tour end
  int bucket_ = 0, buckets_ = 1;
  bool packed_ = false;   // the window fits PackedLinks
  bool indexed_ = false;  // closed or ends fixed, past PackedLinks
  // (Buffers: 2 MB pages, written at random by the copy, and no pass of zeros first.)
  Buffer<Links> top_links_, bottom_links_;             // every state, in group order
  Buffer<PackedLinks> top_packed_, bottom_packed_;     // the same, packed_
  Buffer<IndexedLinks> top_indexed_, bottom_indexed_;  // the same, indexed_
  Buffer<std::uint64_t> top_sets_, bottom_sets_;       // their links as sets (link_sets)
  Buffer<std::uint64_t> top_counts_, bottom_counts_;   // their limbs, in the same order
  std::vector<StateGroup> top_groups_;
  std::vector<StateGroup> bottom_groups_;  // sorted by kinds
  std::vector<Piece> pieces_;
  // The bottom groups each top group meets: matches_[match_begin_[g] .. match_begin_[g + 1]).
  std::vector<const StateGroup*> matches_;
  std::vector<std::size_t> match_begin_;
  std::uint64_t total_pairs_ = 0;
  std::size_t next_piece_ = 0;
  std::uint64_t pairs_done_ = 0;
  BigCount count_;
  Status status_ = Status::running;
};

// Sorts numbers below 2^64 (a state's kinds, Join) keeping their ranks: after it, kinds[k] is the
// k-th smallest and ranks[k] its index before (equal numbers in the order they came). Where each
// number and its rank fit in `word_bits` (64; fewer in tests, to take the other way), by radix on
// one word each; otherwise as pairs.
void sort_by_kinds(std::vector<std::uint64_t>& kinds, std::vector<std::uint32_t>& ranks,
                   int threads, int word_bits = 64);

// The stages of a FrontierCounter, in order: one run over the whole board; or, in two halves,
// the bottom half to its cut, the top half (pruned by the bottom's states there), the bottom's
// crossing edges (pruned by the top's last states; skipped where the top takes them all), and
// the join of the two (in buckets past the memory limit); then done. Work::next_stage alone
// decides the order. A save holds the stage it was made in (whole to bottom_crossing, 0 to 3:
// frontier_save.cpp), never a join's.
enum class Stage : std::uint8_t { whole, bottom_to_cut, top, bottom_crossing, join, done };

// What a FrontierCounter does: one run over the whole board, or two halves and their join.
struct Work {
  // As the counter was made (a saved count is made again from them, frontier_save.cpp), the
  // threads settled (FrontierDesc: 0 is every hardware thread).
  Problem problem;
  FrontierDesc desc;
  MemoryBudget budget;  // desc.memory_limit's
  Stage stage = Stage::whole;
  std::shared_ptr<const Plan> whole_plan;
  std::unique_ptr<Dp> whole;  // Stage::whole
  std::shared_ptr<const Plan> top_plan, bottom_plan;
  // The bottom runs to its cut first, then the top, then the bottom takes its crossing edges:
  // each prunes the other's crossing edges (filter, bottom_filter).
  std::unique_ptr<Dp> top, bottom;
  std::unique_ptr<CutFilter> filter;         // of the top, from the bottom's states at its cut
  std::unique_ptr<CutFilter> bottom_filter;  // of the bottom past its cut, from the top's last
  std::uint64_t bottom_bytes = 0;            // the bottom's states, held while the top runs
  std::uint64_t top_bytes = 0;               // the top's last states, held while the bottom ends
  std::uint64_t join_peak = 0;  // the most the join holds while it copies the halves' states
  std::unique_ptr<Join> join;   // Stage::join
  int join_bucket = 0, join_buckets = 1;  // past the memory limit: joins in buckets
  BigCount joined;                        // the tours of the buckets joined so far
  std::uint64_t join_pairs = 0;           // the pairs the join checked, once it is done
  // The forecast passes the memory limit and there is a folder for the states (desc.disk): a
  // half waiting for the other waits on disk.
  bool on_disk = false;
  bool mirrored = false;     // the top half began from the bottom's states (a symmetric board)
  int top_first_square = 0;  // where the top half will begin (handed the bottom's states)
  double states_floor = 0;   // a square's states at least, for the bar (half the forecast's)
  // The most progress shown so far: a forecast that rises as states grow holds the bar still
  // rather than taking it back (progress() is const; the bar's memory is not the count's).
  mutable double shown_fraction = 0;

  // The stage after `stage`, which has ended (the one transition).
  Stage next_stage() const;
  // Whether `half` waits for the other on disk (states on disk, and the forecast past the
  // limit or the half's tables past a quarter of it).
  bool waits_on_disk(const Dp& half) const;
  // The bottom has reached its cut: the top starts, pruned by the bottom's states there, and
  // from the states the bottom hands it (take_handed; not when a saved top is read instead).
  // False (the bottom's error()): its states could not go to disk.
  bool start_top(bool take_handed = true);
  // The top is done: the bottom takes its crossing edges, pruned by the top's last states.
  bool resume_bottom();
  // Both halves are done: the join is sized (its buckets, the halves on disk where they must
  // be) and made. Empty, or why not (memory, the disk).
  Refusal start_join();
};

// Calls emit(state, count limbs) for each state of the table read (dense, part after part),
// from index `from` to `to`, until emit returns false.
template <class Emit>
void for_each_state(const Tables& t, std::size_t from, std::size_t to, Emit&& emit) {
  const std::size_t limbs = static_cast<std::size_t>(t.limbs);
  std::size_t p = static_cast<std::size_t>(
      std::upper_bound(t.old_begin.begin(), t.old_begin.end(), from) - t.old_begin.begin() - 1);
  PartHold held;
  for (std::size_t g = from; g < to; ++p) {
    const Part& part = t.old[p];
    held.hold(part);
    const std::size_t end = std::min(to, t.old_begin[p + 1]);
    for (std::size_t s = g - t.old_begin[p]; g < end; ++g, ++s) {
      if (!emit(part.key(s, t.form), &part.counts.data()[s * limbs])) return;
    }
  }
}

}  // namespace frontier_detail

}  // namespace kt
