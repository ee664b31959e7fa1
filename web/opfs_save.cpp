#include "opfs_save.hpp"

#include <emscripten.h>

#include <cstdint>

// The JavaScript side is Module.ktSaves in web/count_worker_post.js, on the worker's own thread;
// each call below runs there while the count's thread waits (MAIN_THREAD_EM_ASM_*).

namespace kt::web {
namespace {

class OpfsSink final : public SaveSink {
 public:
  bool write(const void* data, std::size_t bytes) override {
    return MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.write($0, $1); }, data, bytes) != 0;
  }
};

class OpfsSource final : public SaveSource {
 public:
  OpfsSource() : size_(MAIN_THREAD_EM_ASM_DOUBLE({ return Module.ktSaves.openLast(); })) {}
  std::uint64_t size() const override { return size_ > 0 ? static_cast<std::uint64_t>(size_) : 0; }
  bool read(void* data, std::size_t bytes) override {
    return MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.read($0, $1); }, data, bytes) != 0;
  }

 private:
  double size_;
};

}  // namespace

OpfsStateFile::~OpfsStateFile() {
  MAIN_THREAD_EM_ASM({ Module.ktSaves.clearStates(); });
}

// (Offsets past 2^32 as doubles: exact below 2^53.)
bool OpfsStateFile::write_at(std::uint64_t at, const void* data, std::size_t bytes) {
  return MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.states($0, $1, $2, true); },
                                static_cast<double>(at), data, bytes) != 0;
}

bool OpfsStateFile::read_at(std::uint64_t at, void* data, std::size_t bytes) {
  return MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.states($0, $1, $2, false); },
                                static_cast<double>(at), data, bytes) != 0;
}

std::string opfs_save(const FrontierCounter& counter, double seconds) {
  if (MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.begin(); }) == 0) {
    return "the browser's storage refused the save";
  }
  OpfsSink sink;
  const std::string error = counter.save(sink);
  const FrontierProgress p = counter.progress();
  const bool named =
      MAIN_THREAD_EM_ASM_INT({ return Module.ktSaves.finish($0, $1, $2, $3); },
                             error.empty() ? 1 : 0, p.squares_done, p.squares, seconds) != 0;
  if (!error.empty()) return error + " in the browser's storage (is it full?)";
  return named ? "" : "the browser's storage refused the save (is it full?)";
}

FrontierCounter opfs_resume(const FrontierDesc& desc) {
  OpfsSource source;
  return FrontierCounter::resume(source, "the saved count", desc);
}

void opfs_discard() {
  MAIN_THREAD_EM_ASM({ Module.ktSaves.discard(); });
}

}  // namespace kt::web
