#include "counting/state_file.hpp"

#include <iterator>

namespace kt {

std::uint64_t StateFile::take(std::uint64_t bytes) {
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < bytes) continue;
    const std::uint64_t at = it->first, left = it->second - bytes;
    free_.erase(it);
    if (left > 0) free_[at + bytes] = left;
    in_use_ += bytes;
    return at;
  }
  // (The last free extent, if it ends the file, is grown rather than left behind.)
  std::uint64_t at = end_;
  if (!free_.empty()) {
    const auto last = std::prev(free_.end());
    if (last->first + last->second == end_) {
      at = last->first;
      free_.erase(last);
    }
  }
  end_ = at + bytes;
  in_use_ += bytes;
  return at;
}

void StateFile::give_back(std::uint64_t at, std::uint64_t bytes) {
  if (bytes == 0) return;
  in_use_ -= bytes;
  auto next = free_.lower_bound(at);
  if (next != free_.end() && at + bytes == next->first) {  // joined with the one after
    bytes += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    const auto before = std::prev(next);
    if (before->first + before->second == at) {  // and with the one before
      before->second += bytes;
      return;
    }
  }
  free_[at] = bytes;
}

bool StateFile::put(const void* data, std::uint64_t bytes, std::uint64_t& at) {
  const std::lock_guard<std::mutex> lock(mutex_);
  at = take(bytes);
  if (write_at(at, data, static_cast<std::size_t>(bytes))) return true;
  give_back(at, bytes);
  return false;
}

bool StateFile::put_again(const void* data, std::uint64_t bytes, std::uint64_t& at,
                          std::uint64_t& room) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (bytes > room) {
    give_back(at, room);
    at = take(bytes);
    room = bytes;
  }
  return write_at(at, data, static_cast<std::size_t>(bytes));
}

bool StateFile::get(void* data, std::uint64_t bytes, std::uint64_t at) {
  const std::lock_guard<std::mutex> lock(mutex_);
  read_ += bytes;
  return read_at(at, data, static_cast<std::size_t>(bytes));
}

void StateFile::forget(std::uint64_t at, std::uint64_t bytes) {
  const std::lock_guard<std::mutex> lock(mutex_);
  give_back(at, bytes);
}

std::uint64_t StateFile::in_use() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return in_use_;
}

std::uint64_t StateFile::bytes_read() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return read_;
}

std::uint64_t StateFile::length() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return end_;
}

TempStateFile::TempStateFile() : file_(std::tmpfile()) {}

TempStateFile::~TempStateFile() {
  if (file_ != nullptr) std::fclose(file_);
}

namespace {

bool seek(std::FILE* file, std::uint64_t at) {
#if defined(_WIN32)
  return _fseeki64(file, static_cast<long long>(at), SEEK_SET) == 0;
#else
  return fseeko(file, static_cast<off_t>(at), SEEK_SET) == 0;
#endif
}

}  // namespace

bool TempStateFile::write_at(std::uint64_t at, const void* data, std::size_t bytes) {
  return file_ != nullptr && seek(file_, at) && std::fwrite(data, 1, bytes, file_) == bytes;
}

bool TempStateFile::read_at(std::uint64_t at, void* data, std::size_t bytes) {
  return file_ != nullptr && seek(file_, at) && std::fread(data, 1, bytes, file_) == bytes;
}

}  // namespace kt
