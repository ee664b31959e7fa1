// Where a count by rows puts its states past the memory limit when it cannot map files into
// memory (WebAssembly has no mmap; FrontierDesc::state_file): one file, read and written at
// offsets, in which each buffer of states put there has an extent of its own. A buffer there is
// read back whole while it is held (frontier_detail::Buffer::hold), and let go after.
//
// The front end gives the reads and writes (the counting worker: the browser's origin private
// file system, web/opfs_states.cpp; TempStateFile below: a temporary file of the C library);
// the extents are kept here. Every call may come from any of the count's threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>

namespace kt {

class StateFile {
 public:
  StateFile() = default;
  StateFile(const StateFile&) = delete;
  StateFile& operator=(const StateFile&) = delete;
  virtual ~StateFile() = default;

  // `bytes` written to an extent of their own: its offset in `at`. False: the file refused
  // (full, gone), and no extent is kept.
  bool put(const void* data, std::uint64_t bytes, std::uint64_t& at);
  // The extent at `at` (of `room` bytes) written again with `bytes`, moved to a larger one when
  // they pass its room (`at` and `room` then say where).
  bool put_again(const void* data, std::uint64_t bytes, std::uint64_t& at, std::uint64_t& room);
  // `bytes` read back from offset `at`.
  bool get(void* data, std::uint64_t bytes, std::uint64_t at);
  // The extent is free for others.
  void forget(std::uint64_t at, std::uint64_t bytes);
  // Bytes of the extents in use, and the file's length so far (the most in use at once, about).
  std::uint64_t in_use() const;
  std::uint64_t length() const;
  // Bytes read back so far (each part read whole while held: what the reading costs).
  std::uint64_t bytes_read() const;

  // Buffers held and let go from several threads take turns here
  // (frontier_detail::Buffer::hold).
  std::mutex& holding() { return holding_; }

 protected:
  // The file itself: `bytes` at offset `at`, all of them or false.
  virtual bool write_at(std::uint64_t at, const void* data, std::size_t bytes) = 0;
  virtual bool read_at(std::uint64_t at, void* data, std::size_t bytes) = 0;

 private:
  std::uint64_t take(std::uint64_t bytes);  // an extent: the first free one with room, or the end
  void give_back(std::uint64_t at, std::uint64_t bytes);
  mutable std::mutex mutex_;  // the extents and the file
  std::mutex holding_;
  std::map<std::uint64_t, std::uint64_t> free_;  // offset -> bytes, none touching another
  std::uint64_t end_ = 0;
  std::uint64_t in_use_ = 0;
  std::uint64_t read_ = 0;
};

// A StateFile in a temporary file of the C library (std::tmpfile: removed when closed), for
// the tests and for systems where the states cannot be mapped from a folder's files.
class TempStateFile final : public StateFile {
 public:
  TempStateFile();
  ~TempStateFile() override;
  bool opened() const { return file_ != nullptr; }

 protected:
  bool write_at(std::uint64_t at, const void* data, std::size_t bytes) override;
  bool read_at(std::uint64_t at, void* data, std::size_t bytes) override;

 private:
  std::FILE* file_;
};

}  // namespace kt
