// A save written by a forked copy of the process, while the count goes on.
//
// Writing a count's tables takes about a second per 300 MB here (the system copies them into its
// cache), and both threads used to wait for it. A copy of the process made by fork() sees the
// tables as they were, for free (the system shares the pages until one side writes them), and
// the count goes on while it writes. Where there is no fork (WebAssembly, Windows) start()
// refuses and the caller saves in its own thread, as before.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace kt {

class SaveInBackground {
 public:
  SaveInBackground() = default;
  SaveInBackground(const SaveInBackground&) = delete;
  SaveInBackground& operator=(const SaveInBackground&) = delete;
  ~SaveInBackground();  // waits for a save still being written

  static bool possible();  // this system makes copies of a process (fork)

  // Runs `save` in a forked copy of the process (it returns "" or why it could not save); false
  // when none could be made, or one is still running.
  bool start(const std::function<std::string()>& save);
  bool running() const { return child_ > 0; }
  // The outcome of the save started last ("" or why it failed) once it is done; nothing while
  // it runs, or when none was started.
  std::optional<std::string> finished();
  // Waits for it and returns its outcome (nothing when none was started).
  std::optional<std::string> wait();

 private:
  std::optional<std::string> collect(bool block);
  int child_ = 0;                     // the copy's process id, or 0
  [[maybe_unused]] int reader_ = -1;  // the pipe its message comes back by (with fork)
};

}  // namespace kt
