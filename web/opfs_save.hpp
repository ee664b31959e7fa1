// A count by rows in the counting worker, saved in the browser's origin private file system
// (OPFS), so that a count stopped by closing the tab goes on when the page is opened again; and
// its states past the memory limit, there too.
//
// Why this shape: the library writes and reads its saves through kt::SaveSink and
// kt::SaveSource (core/counting/frontier_count.hpp), so nothing in core/ knows the browser. The
// only synchronous file API a browser has is FileSystemSyncAccessHandle, and only in a
// dedicated worker; but a handle is opened asynchronously (a promise), which the count's thread,
// in the middle of its C++, cannot wait for. Emscripten 3.1.6 has no OPFS backend for its file
// system (WasmFS's came later). So the worker's own thread, whose event loop is free, opens the
// three files before the count starts (web/count_worker_post.js: two slots and a small JSON
// description), and the count's thread reads and writes them through that thread
// (MAIN_THREAD_EM_ASM: a synchronous call into it). A save goes to the slot that is not the
// current one, is flushed, and only then does the description name it: a tab closed while
// saving leaves the last save whole, as the CLI's rename does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "counting/frontier_count.hpp"

namespace kt::web {

// The count's states past its memory limit (FrontierDesc::state_file), in the same folder's
// file `states`, which the worker opened and emptied before the count (its contents are of no
// use to another run: a save holds every state). Reads and writes go through the worker's own
// thread as the saves' do.
class OpfsStateFile final : public StateFile {
 public:
  ~OpfsStateFile() override;  // emptied: its bytes back to the browser

 protected:
  bool write_at(std::uint64_t at, const void* data, std::size_t bytes) override;
  bool read_at(std::uint64_t at, void* data, std::size_t bytes) override;
};

// Only where the worker opened the files (count_worker_post.js says whether, and why not, in
// the count's news).
//
// Writes `counter` (at a square end: can_save()) into the next slot, then names it in the
// description with how far it came and the seconds counted so far in this run: "" or why not.
std::string opfs_save(const FrontierCounter& counter, double seconds);

// The count saved last, going on with `desc`.
FrontierCounter opfs_resume(const FrontierDesc& desc);

// The count ended: its save is of no more use (removed).
void opfs_discard();

}  // namespace kt::web
