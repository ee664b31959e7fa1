// A save written by a forked copy of the process: it sees memory as it was when it began, its
// outcome comes back, one runs at a time, and where there is no fork it is refused (the caller
// then saves itself).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "counting/save_in_background.hpp"

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("save in background: the copy writes memory as it was when it began") {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("knights-background-test-" + std::to_string(getpid())))
                               .string();
  std::string table = "states of square 40";
  kt::SaveInBackground save;
  const bool started = save.start([&] {
    usleep(50'000);  // (the count below has long moved on by now)
    std::ofstream(path) << table;
    return std::string();
  });
  REQUIRE(started == kt::SaveInBackground::possible());
  if (!started) return;
  CHECK(save.running());
  CHECK_FALSE(save.start([] { return std::string(); }));  // one at a time
  table = "states of square 41";                          // the count goes on
  const auto outcome = save.wait();
  REQUIRE(outcome);
  CHECK(outcome->empty());
  CHECK_FALSE(save.running());
  CHECK(read_all(path) == "states of square 40");
  CHECK_FALSE(save.wait());  // nothing more to wait for
  std::filesystem::remove(path);
}

TEST_CASE("save in background: why a save failed comes back") {
  kt::SaveInBackground save;
  if (!save.start([] { return std::string("cannot write /nowhere/count.state"); })) {
    CHECK_FALSE(kt::SaveInBackground::possible());
    return;
  }
  std::optional<std::string> outcome;
  while (!(outcome = save.finished())) usleep(1000);
  CHECK(*outcome == "cannot write /nowhere/count.state");
  CHECK_FALSE(save.finished());

  // Another once it is done.
  REQUIRE(save.start([] { return std::string(); }));
  CHECK(save.wait() == std::optional<std::string>(""));
}
