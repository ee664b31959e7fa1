// A count by rows in the counting worker, saved in the browser's origin private file system
// (OPFS), so that a count stopped by closing the tab goes on when the page is opened again.
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

#include <string>

#include "counting/frontier_count.hpp"

namespace kt::web {

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
