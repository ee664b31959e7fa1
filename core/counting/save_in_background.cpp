#include "counting/save_in_background.hpp"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#define KT_HAS_FORK 1
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#endif

namespace kt {

SaveInBackground::~SaveInBackground() { wait(); }

#ifdef KT_HAS_FORK

bool SaveInBackground::possible() { return true; }

bool SaveInBackground::start(const std::function<std::string()>& save) {
  if (running()) return false;
  int ends[2];
  if (pipe(ends) != 0) return false;
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(ends[0]);
    close(ends[1]);
    return false;
  }
  if (child == 0) {
    close(ends[0]);
    // Ctrl-C stops the count, which then waits for this save to finish; a count killed outright
    // takes its save with it (the last finished one stays), so that no orphan writes beside the
    // next run.
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) _exit(1);
    const std::string error = save();
    // (A message this short goes into the pipe at once: the parent reads it after the exit.)
    const std::string message = error.substr(0, 512);
    if (!message.empty() && write(ends[1], message.data(), message.size()) < 0) _exit(2);
    _exit(error.empty() ? 0 : 1);  // no destructors, no flushing of the parent's buffers
  }
  close(ends[1]);
  child_ = child;
  reader_ = ends[0];
  return true;
}

std::optional<std::string> SaveInBackground::collect(bool block) {
  if (!running()) return std::nullopt;
  int status = 0;
  pid_t done = 0;
  do {
    done = waitpid(child_, &status, block ? 0 : WNOHANG);
  } while (done < 0 && errno == EINTR);
  if (done == 0) return std::nullopt;  // still writing
  std::string message;
  char buffer[512];
  for (ssize_t n; (n = read(reader_, buffer, sizeof buffer)) > 0;) message.append(buffer, n);
  close(reader_);
  reader_ = -1;
  child_ = 0;
  if (done < 0) return std::string("the save's process was lost");
  if (WIFSIGNALED(status)) {
    return "the save was stopped by signal " + std::to_string(WTERMSIG(status));
  }
  if (WEXITSTATUS(status) != 0 && message.empty()) return std::string("the save failed");
  return message;
}

#else

bool SaveInBackground::possible() { return false; }
bool SaveInBackground::start(const std::function<std::string()>&) { return false; }
std::optional<std::string> SaveInBackground::collect(bool) { return std::nullopt; }

#endif

std::optional<std::string> SaveInBackground::finished() { return collect(false); }
std::optional<std::string> SaveInBackground::wait() { return collect(true); }

}  // namespace kt
