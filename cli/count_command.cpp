// knights count: exact counting (and listing) of knight's tours.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/parallel.hpp"
#include "board_options.hpp"
#include "commands.hpp"
#include "count_parts.hpp"
#include "counting/choose_counter.hpp"
#include "counting/count.hpp"
#include "counting/count_request.hpp"
#include "counting/end_map.hpp"
#include "counting/estimate.hpp"
#include "counting/frontier_count.hpp"
#include "counting/open_parts.hpp"
#include "counting/tour_classes.hpp"
#include "formats/json_line.hpp"
#include "refusal_words.hpp"

namespace kt::cli {

namespace {

// A count the trial says would take longer than this is refused unless --force is given: the
// user would otherwise wait without knowing it is years, not minutes.
constexpr double kMaxCountSeconds = 24 * 3600;

// The memory a container allows (cgroup v2, then v1), or 0: the machine's memory is not all
// there is to take there.
std::uint64_t container_memory() {
  for (const char* path :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(path);
    unsigned long long bytes = 0;
    if (in >> bytes) return bytes;  // ("max" reads as no number: no limit)
  }
  return 0;
}

// Three quarters of this machine's memory (or of its container's), in MB; 8000 where it cannot
// be read. Counting by rows takes what the machine has (8x8 closed's forecast is 8.7 GB, its
// measured peak 6.8 GB: the forecast must fit before it starts), and the
// rest is left to the system and the other programs.
std::uint64_t default_memory_limit_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 8000;
  auto bytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  if (const std::uint64_t allowed = container_memory(); allowed > 0)
    bytes = std::min(bytes, allowed);
  return std::max<std::uint64_t>(1, bytes / 4 * 3 / 1'000'000);
}

// Ctrl-C (and SIGTERM) while counting by rows: the count stops at once, its last save kept. A
// second one ends the program as usual.
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int signal) {
  interrupted = true;
  std::signal(signal, SIG_DFL);
}

// The file a count by rows saves in its folder.
std::string saved_file(const std::string& folder) {
  return (std::filesystem::path(folder) / "count.state").string();
}

struct CountCliOptions {
  RequestText board;
  int threads = 0;
  std::uint64_t limit = 0;
  bool list = false;
  bool classes = false;  // up to the board's symmetries
  bool ends = false;     // the end map from the start
  bool no_symmetry = false;
  bool force = false;
  std::string counter = "auto";
  std::uint64_t memory_limit_mb = default_memory_limit_mb();
  std::uint64_t time_limit = 0;  // seconds (0: none)
  std::string scratch;           // where counting by rows saves (empty: the system's temp folder)
  std::string resume;            // a folder a count by rows saved in
  std::uint64_t save_after = 10;
  std::string format = "text";
  NumberOptions numbers;
  bool parts = false;            // --parts: list the open count's parts
  int part = 0;                  // --part K: count part K (0: not a part)
  std::vector<std::string> sum;  // --sum FILES: add the parts' results
  Json part_fields;              // a part's fields in its JSON result (null: not a part)
  std::string part_folder;       // a part saves here, and goes on from its save when run again
};

Json square_json(Square s) { return {s.x, s.y}; }

Json squares_json(Geometry g, std::span<const std::int32_t> indices) {
  auto out = Json::array();
  for (const std::int32_t i : indices) out.push_back(square_json(g.square(i)));
  return out;
}

// The count in this thread, in slices, stopping when `seconds` have passed (a sliced
// TourCounter: the threaded count_tours cannot be stopped from outside). Progress and tours go
// through the same callbacks as count_tours'.
CountResult count_with_time_limit(const Problem& problem, const CountOptions& options,
                                  double seconds, bool list, bool& timed_out) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto deadline =
      started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  auto next_progress = started + std::chrono::seconds(1);
  TourCounter counter(problem, list, options.use_symmetry && options.limit == 0 && !list);
  CountResult r;
  r.error = counter.error();
  if (!r.error.empty()) return r;
  Status s = Status::running;
  while (true) {
    s = counter.run(std::uint64_t{1} << 20);
    if (s == Status::found && options.on_tour) options.on_tour(counter.tour());
    if (s == Status::none) break;
    if (options.limit > 0 && counter.count() >= options.limit) break;
    const auto now = Clock::now();
    if (now >= deadline) {
      timed_out = true;
      break;
    }
    if (now >= next_progress && options.on_progress) {
      options.on_progress(counter.progress(), counter.count());
      next_progress = now + std::chrono::seconds(1);
    }
  }
  r.count = counter.count();
  r.complete = s == Status::none;
  r.nodes = counter.nodes();
  r.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return r;
}

// The summary line (text) or object (JSON) of a finished count. JSON gives the count as a
// string of its decimal digits, whatever its size: readers that hold numbers in doubles
// (JavaScript's JSON.parse, jq) round counts past 2^53 silently, and one type for every count
// spares a reader the question of which one it got.
void print_summary(const CountCliOptions& o, const Problem& problem, const BigCount& count,
                   bool complete, double seconds, const char* counter, const Json& extra,
                   const char* stopped_by = " (stopped at the limit)") {
  const Geometry g = problem.geometry;
  std::vector<std::int32_t> blocked;
  for (int i = 0; i < static_cast<int>(problem.blocked.size()); ++i) {
    if (problem.blocked[i]) blocked.push_back(i);
  }
  if (o.format == "json") {
    Json j;
    j["count"] = count.to_string();
    j["complete"] = complete;
    j["seconds"] = std::round(seconds * 1000) / 1000;  // milliseconds: the clock's noise
    j["counter"] = counter;
    for (const auto& [key, value] : extra.items()) j[key] = value;
    if (!o.part_fields.is_null()) j.update(o.part_fields);
    j["rows"] = g.rows;
    j["cols"] = g.cols;
    if (!problem.piece.is_knight()) j["leaper"] = format_leaper(problem.piece.leaper);
    if (problem.piece.wrap != Wrap::none) j["wrap"] = to_string(problem.piece.wrap);
    j["closed"] = problem.closed;
    j["start"] = problem.start ? square_json(*problem.start) : nullptr;
    j["end"] = problem.end ? square_json(*problem.end) : nullptr;
    j["blocked"] = squares_json(g, blocked);
    j["counts"] = describe_count(problem);
    std::printf("%s\n", json_line(j).c_str());
  } else {
    // With --list, standard output holds the tours alone, one JSON line each, for a reader of
    // JSON lines (jq, a script, wc -l); the summary in words goes beside the timings on stderr,
    // as solve --all says how many it found.
    std::fprintf(
        o.list ? stderr : stdout, "%s%s %s%s on the %dx%d %s%s%s\n", complete ? "" : "at least ",
        count.to_string().c_str(), describe_count(problem).c_str(),
        problem.piece.is_knight() ? ""
                                  : (" of the " + describe_leaper(problem.piece.leaper)).c_str(),
        g.rows, g.cols, problem.piece.wrap == Wrap::none ? "board" : to_string(problem.piece.wrap),
        blocked.empty() ? "" : (" with " + std::to_string(blocked.size()) + " blocked").c_str(),
        complete ? "" : stopped_by);
  }
}

// --ends: the count's line, then the map (JSON: "ends", one entry a free square other than the
// start, counts as strings; text: the board as it is drawn, top row first, S the start).
int print_end_map(const CountCliOptions& o, const Problem& problem, const EndMap& map) {
  if (!map.total.error.empty()) return bad_input("board: " + map.total.error);
  const Geometry g = problem.geometry;
  const auto free = [&](int i) {
    return g.square(i) != *problem.start && (problem.blocked.empty() || !problem.blocked[i]);
  };
  Json extra{{"nodes", map.total.nodes}};
  if (o.format == "json") {
    Json ends = Json::array();
    for (int i = 0; i < g.size(); ++i) {
      if (free(i))
        ends.push_back({{"end", square_json(g.square(i))}, {"count", std::to_string(map.ends[i])}});
    }
    extra["ends"] = ends;
  }
  print_summary(o, problem, BigCount(map.total.count), map.total.complete, map.total.seconds,
                "search", extra);
  if (o.format == "json") return kExitOk;
  std::size_t width = 1;
  for (const std::uint64_t n : map.ends) width = std::max(width, std::to_string(n).size());
  for (int y = g.rows; y >= 1; --y) {
    std::string row;
    for (int x = 1; x <= g.cols; ++x) {
      const int i = g.index({x, y});
      std::string cell = Square{x, y} == *problem.start ? "S"
                         : free(i)                      ? std::to_string(map.ends[i])
                                                        : "#";
      row += std::string(width + 1 - cell.size(), ' ') + cell;
    }
    std::printf("%s\n", row.c_str());
  }
  return kExitOk;
}

// The classes of --classes, for the JSON summary: counts as strings, as every count.
Json classes_json(const TourClasses& c) {
  Json fixed = Json::object();
  for (const auto& [t, n] : c.fixed) fixed[std::string(to_string(t))] = std::to_string(n);
  return Json{{"classes", std::to_string(c.classes)}, {"fixed", fixed}};
}

// In words, after the count's line: the classes and what each symmetry keeps.
void print_classes(const CountCliOptions& o, const TourClasses& c) {
  std::string fixed;
  for (const auto& [t, n] : c.fixed) {
    if (t == Symmetry::identity) continue;
    fixed += (fixed.empty() ? "" : ", ") + std::string(to_string(t)) + " " + std::to_string(n);
  }
  std::fprintf(o.list ? stderr : stdout,
               "%llu up to the board's symmetries (tours each symmetry keeps: %s)\n",
               static_cast<unsigned long long>(c.classes), fixed.empty() ? "none" : fixed.c_str());
}

// Counting by rows stopped (--time-limit, or Ctrl-C): it knows the count only at its last
// square, so it says how far it came instead (JSON: "count": null, "complete": false), and
// where it saved, to go on from (`saved`: the folder, or empty).
int print_rows_stopped(const CountCliOptions& o, const Problem& problem, const FrontierResult& r,
                       const std::string& saved) {
  const FrontierProgress& p = r.progress;
  const std::string where =
      p.joining ? "joining the two halves, " +
                      std::to_string(static_cast<int>(100 * p.join_fraction)) + "% done"
                : "square " + std::to_string(p.squares_done) + " of " + std::to_string(p.squares);
  if (o.format == "json") {
    const Geometry g = problem.geometry;
    Json j{{"count", nullptr},
           {"complete", false},
           {"seconds", std::round(r.seconds * 1000) / 1000},
           {"counter", "rows"},
           {"stopped", r.interrupted ? "interrupted" : "time-limit"},
           {"reached", where},
           {"resume", saved.empty() || o.part > 0 ? Json(nullptr) : Json(saved)},
           {"states", r.max_states},
           {"rows", g.rows},
           {"cols", g.cols},
           {"closed", problem.closed},
           {"counts", describe_count(problem)}};
    if (!o.part_fields.is_null()) j.update(o.part_fields);
    std::printf("%s\n", json_line(j).c_str());
  } else {
    // A part goes on from its save when its own command runs again (and only then is its
    // result one that --sum takes).
    const std::string go_on =
        saved.empty() ? ""
        : o.part > 0  ? "; the part's command run again goes on from its last save in " + saved
                      : "; knights count --resume " + saved + " goes on from its last save";
    std::printf(
        "no count: stopped %s after %.1f s, counting by rows at %s (it knows the count of %s "
        "only at its last square)%s\n",
        r.interrupted ? "by Ctrl-C" : "at --time-limit", r.seconds, where.c_str(),
        describe_count(problem).c_str(), go_on.c_str());
  }
  return r.interrupted ? kExitInterrupted : kExitOk;
}

// Where a count by rows saves its progress: a folder of its own under --scratch, or the
// --resume folder it goes on from.
struct SaveFolder {
  std::string path;
  std::string file;  // its saved count, or empty: not saving
  bool kept() const {
    std::error_code ec;
    return !file.empty() && std::filesystem::exists(file, ec);
  }
  // Two counts in one folder would write over each other's saves and states (a part's
  // command started twice, a --resume given while its count still runs): the first takes an
  // advisory lock on the folder for as long as it runs (the system drops it when it ends,
  // however it ends), and the second is refused. False: another count holds it.
  bool lock() const {
    const std::string name = lock_file();
    const int fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return true;  // (a folder that takes no file takes no saves either)
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return true;  // kept open: held until exit
    ::close(fd);
    return false;
  }
  std::string lock_file() const { return (std::filesystem::path(path) / "count.lock").string(); }
  // The saved count and the folder (if empty), once the count no longer needs them.
  void remove() const {
    if (file.empty()) return;
    std::error_code ec;
    std::filesystem::remove(file, ec);
    std::filesystem::remove(file + ".part", ec);
    std::filesystem::remove(lock_file(), ec);
    std::filesystem::remove(path, ec);  // (only if empty)
  }
};

// The bytes free under --scratch (or where a --resume folder is, or the system's temporary
// folder; 0 when unknown), where counting by rows puts its states past --memory-limit.
std::uint64_t scratch_room(const CountCliOptions& o) {
  std::error_code ec;
  std::filesystem::path where = !o.resume.empty()    ? std::filesystem::path(o.resume)
                                : !o.scratch.empty() ? std::filesystem::path(o.scratch)
                                                     : std::filesystem::temp_directory_path(ec);
  if (ec) return 0;
  // (--scratch may be made later: its nearest folder that is there.)
  while (!where.empty() && !std::filesystem::exists(where, ec)) where = where.parent_path();
  const auto space = std::filesystem::space(where.empty() ? "." : where, ec);
  return ec ? 0 : space.available;
}

// Makes the folder (a --scratch that cannot be made is refused at once: "" or why) and checks
// its free space against the forecast (a save that would not fit is skipped, with a message).
std::string prepare_saves(const CountCliOptions& o, const Problem& problem, std::uint64_t forecast,
                          SaveFolder& saves) {
  std::error_code ec;
  saves.path = o.resume;
  if (saves.path.empty() && !o.part_folder.empty()) {
    const std::filesystem::path scratch = o.scratch.empty()
                                              ? std::filesystem::temp_directory_path(ec)
                                              : std::filesystem::path(o.scratch);
    if (!ec) saves.path = (scratch / o.part_folder).string();
  }
  if (saves.path.empty()) {
    const std::filesystem::path scratch = o.scratch.empty()
                                              ? std::filesystem::temp_directory_path(ec)
                                              : std::filesystem::path(o.scratch);
    if (ec) {  // ($TMPDIR names no folder: counting goes on without saving)
      std::fprintf(stderr,
                   "knights: not saving progress: no temporary folder (%s; --scratch DIR)\n",
                   ec.message().c_str());
      return {};
    }
    const Geometry g = problem.geometry;
    saves.path =
        (scratch / ("knights-count-" + std::to_string(g.rows) + "x" + std::to_string(g.cols) +
                    (problem.closed ? "-closed-" : "-open-") + std::to_string(getpid())))
            .string();
  }
  std::filesystem::create_directories(saves.path, ec);
  if (ec && !o.scratch.empty()) {
    return "--scratch: cannot make the folder " + saves.path + " (" + ec.message() + ")";
  }
  if (ec) {  // (the system's temporary folder: counting goes on without saving)
    std::fprintf(stderr, "knights: not saving progress: cannot make %s (%s; --scratch DIR)\n",
                 saves.path.c_str(), ec.message().c_str());
    return {};
  }
  saves.file = saved_file(saves.path);
  if (!saves.lock()) {
    const char* flag = !o.resume.empty()        ? "--resume"
                       : !o.part_folder.empty() ? "--part"
                                                : "--scratch";
    return std::string(flag) + ": another knights count is saving in " + saves.path +
           " now; let it finish or stop it first";
  }
  const auto space = std::filesystem::space(saves.path, ec);
  if (!ec && space.available < forecast) {
    std::fprintf(stderr,
                 "knights: %s has %s free and the count may need up to %s to save its "
                 "progress: it saves while that fits (--scratch DIR)\n",
                 saves.path.c_str(), about_bytes(space.available).c_str(),
                 about_bytes(forecast).c_str());
  }
  return {};
}

// Counting by rows (core/counting/frontier_count.hpp): progress on stderr, exact big counts.
// `forecast`: its forecast of the peak memory, checked against --memory-limit already (unless
// --force), printed beside the peak. It saves its progress in a folder of its own under
// --scratch (or in the --resume folder it goes on from), removed once the count is printed.
int run_by_rows(const CountCliOptions& o, const Problem& problem, std::uint64_t forecast,
                double seconds_left) {
  FrontierOptions options;
  options.memory_limit = o.memory_limit_mb * 1'000'000;
  options.threads = o.threads;
  options.time_limit = seconds_left;
  options.stop = &interrupted;
  options.save_after = static_cast<double>(o.save_after);
  SaveFolder saves;
  if (auto why = prepare_saves(o, problem, forecast, saves); !why.empty()) return bad_input(why);
  options.save_path = saves.file;
  if (!o.resume.empty()) options.resume_path = saved_file(o.resume);
  // A part run again goes on from its save (a job array's task requeued, a machine restarted).
  if (!o.part_folder.empty() && saves.kept()) {
    Problem saved;
    if (auto why = read_saved_problem(saves.file, saved); !why.empty()) {
      return bad_input("--part: its save in " + saves.path + " cannot be read (" + why +
                       "; remove the folder to count the part again)");
    }
    if (saved.geometry.rows != problem.geometry.rows ||
        saved.geometry.cols != problem.geometry.cols || saved.start != problem.start ||
        saved.end != problem.end || saved.blocked != problem.blocked) {
      return bad_input("--part: " + saves.path + " holds the save of another count");
    }
    options.resume_path = saves.file;
    std::fprintf(stderr, "knights: part %d goes on from its save in %s\n", o.part,
                 saves.path.c_str());
  }
  if (options.memory_limit > 0 && forecast > options.memory_limit) {
    // Past the limit the states go to disk, in the count's folder: checked before it starts.
    if (saves.file.empty()) {
      return bad_input("board: counting by rows needs " + about_bytes(forecast) +
                       ", past the --memory-limit of " + std::to_string(o.memory_limit_mb) +
                       " MB, and has no folder to put its states in (--scratch DIR)");
    }
    std::error_code ec;
    const auto space = std::filesystem::space(saves.path, ec);
    std::string why = FrontierCounter::check_disk(saves.path);
    if (!why.empty()) {
      if (o.resume.empty() && !saves.kept()) saves.remove();  // its own new folder, no save
      return bad_input("--scratch: counting by rows needs " + about_bytes(forecast) +
                       ", past the --memory-limit of " + std::to_string(o.memory_limit_mb) +
                       " MB, and cannot put its states on disk in " + saves.path + " (" + why +
                       "; --scratch DIR, or a larger --memory-limit MB)");
    }
    if (!ec && space.available < forecast) {
      if (o.resume.empty() && !saves.kept()) saves.remove();  // its own new folder, no save
      return bad_input("--scratch: counting by rows needs " + about_bytes(forecast) +
                       ", past the --memory-limit of " + std::to_string(o.memory_limit_mb) +
                       " MB, and " + saves.path + " has only " + about_bytes(space.available) +
                       " free for its states (--scratch DIR, or a larger --memory-limit MB)");
    }
    std::fprintf(stderr,
                 "knights: counting by rows needs %s, past the --memory-limit of %llu MB: its "
                 "states go to disk in %s (%s free) where memory runs short\n",
                 about_bytes(forecast).c_str(), static_cast<unsigned long long>(o.memory_limit_mb),
                 saves.path.c_str(), ec ? "space unknown" : about_bytes(space.available).c_str());
  }
  // (Past the limit the states go to disk even where the forecast said they would fit.)
  if (!saves.file.empty()) options.disk = saves.path;
  options.on_save = [&saves, first = true,
                     last_error = std::string()](const FrontierSaved& saved) mutable {
    if (!saved.error.empty()) {
      // Said once for each new reason (a full disk would otherwise say it every square).
      if (saved.error != last_error) std::fprintf(stderr, "knights: %s\n", saved.error.c_str());
      last_error = saved.error;
      return;
    }
    last_error.clear();
    std::fprintf(stderr, "knights: saved at square %d of %d in %s (%.2f GB, %.1f s%s)%s\n",
                 saved.squares_done, saved.squares, saves.path.c_str(),
                 static_cast<double>(saved.bytes) / 1e9, saved.seconds,
                 saved.in_background ? " beside the count" : "",
                 first ? "; if the count stops, knights count --resume with that folder goes on "
                         "from its last save"
                       : "");
    first = false;
  };
  const auto started = std::chrono::steady_clock::now();
  // States on disk: what has gone there, and in how many passes or buckets.
  const auto on_disk = [](const FrontierProgress& p) -> std::string {
    if (p.disk_bytes == 0) return {};
    char text[96];
    std::snprintf(text, sizeof text, " in memory, %.2f GB written to disk", p.disk_bytes / 1e9);
    std::string s = text;
    if (p.joining && p.join_buckets > 1) {
      s += " (joined in " + std::to_string(p.join_buckets) + " buckets)";
    } else if (p.passes > 1) {
      s += " (squares built in up to " + std::to_string(p.passes) + " passes)";
    }
    return s;
  };
  options.on_progress = [started, on_disk](const FrontierProgress& p) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // First the whole count's share (FrontierProgress::fraction: the states expanded so far
    // against those forecast), then where it is.
    const double percent = 100 * p.fraction;
    if (p.joining && p.join_grouped < 1) {
      std::fprintf(stderr,
                   "knights: counting by rows, about %.0f%% done: joining the two halves, "
                   "grouping their states (%.0f%%), %.2f GB%s, %.0f s\n",
                   percent, 100 * p.join_grouped, static_cast<double>(p.bytes) / 1e9,
                   on_disk(p).c_str(), seconds);
      return;
    }
    if (p.joining) {
      std::fprintf(stderr,
                   "knights: counting by rows, about %.0f%% done: joining the two halves "
                   "(%.0f%%), %.2f GB%s, %.0f s\n",
                   percent, 100 * p.join_fraction, static_cast<double>(p.bytes) / 1e9,
                   on_disk(p).c_str(), seconds);
      return;
    }
    std::fprintf(stderr,
                 "knights: counting by rows, about %.0f%% done: square %d of %d (row %d of %d), "
                 "%llu states, %.2f GB%s, %.0f s\n",
                 percent, p.squares_done, p.squares, p.rows_done, p.rows,
                 static_cast<unsigned long long>(p.states), static_cast<double>(p.bytes) / 1e9,
                 on_disk(p).c_str(), seconds);
  };
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  FrontierResult r;
  try {
    r = count_frontier(problem, options);
  } catch (const std::bad_alloc&) {
    // The system gave less than --memory-limit (a smaller machine, ulimit -v, a container).
    if (!saves.kept()) saves.remove();  // (its empty folder)
    std::fprintf(stderr,
                 "knights: counting by rows ran out of memory (forecast %s): the system gives "
                 "less than the --memory-limit of %llu MB; with a --memory-limit it can give, a "
                 "count that would not fit is refused before it starts\n",
                 about_bytes(forecast).c_str(), static_cast<unsigned long long>(o.memory_limit_mb));
    return kExitFailure;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  const bool kept = saves.kept();
  if (!kept || r.complete) saves.remove();
  // A save refused as it is read (a bad checksum, a malformed state): the file is at fault, and
  // resuming it again would only be refused again.
  if (!r.error.empty() && !o.resume.empty() &&
      r.error.find(saved_file(o.resume)) != std::string::npos) {
    return bad_input("--resume: " + r.error);
  }
  if (!r.error.empty() && o.part > 0 && r.error.find(saves.file) != std::string::npos) {
    return bad_input("--part: " + r.error + " (remove " + saves.path + " to count the part again)");
  }
  if (!r.error.empty()) {
    const std::string go_on =
        !kept ? ""
        : o.part > 0
            ? "; the part's command run again with a larger --memory-limit MB goes on from its "
              "last save"
            : "; knights count --resume " + saves.path +
                  " --memory-limit MB goes on from its last save";
    return bad_input("board: " + words(Refusal{r.error, r.remedy}) + " (--memory-limit MB)" +
                     go_on);
  }
  if (r.stopped) return print_rows_stopped(o, problem, r, kept ? saves.path : "");
  print_summary(o, problem, r.count, true, r.seconds, "rows",
                Json{{"states", r.max_states},
                     {"peak_bytes", r.peak_bytes},
                     {"forecast_bytes", forecast},
                     {"count_words", r.progress.count_words},
                     {"disk_bytes", r.progress.disk_bytes}});
  if (o.format != "json") {
    const int words = r.progress.count_words;
    std::fprintf(stderr,
                 "%.3f s, counted by rows: at most %llu states, peak %.2f GB (forecast %.2f GB), "
                 "exact counts in %d 64-bit word%s each\n",
                 r.seconds, static_cast<unsigned long long>(r.max_states),
                 static_cast<double>(r.peak_bytes) / 1e9, static_cast<double>(forecast) / 1e9,
                 words, words == 1 ? "" : "s");
  }
  return kExitOk;
}

// --resume DIR: the board and the kind of tour come from the saved count.
int resume_by_rows(const CountCliOptions& o) {
  const RequestText& b = o.board;
  if (!b.size.empty() || !b.rows.empty() || !b.cols.empty() || !b.start.empty() || !b.end.empty() ||
      !b.blocked.empty() || !b.closed.empty() || o.list || o.limit > 0 || o.counter == "search" ||
      !o.scratch.empty()) {
    return bad_input(
        "--resume: the saved count has its board and kind of tour, and saves in its own "
        "folder; give it alone (with --threads, --memory-limit, --time-limit, --format if "
        "wanted)");
  }
  Problem problem;
  std::error_code ec;
  if (!std::filesystem::exists(saved_file(o.resume), ec)) {
    return bad_input("--resume: no saved count in " + o.resume +
                     " (a count saves there after --save-after seconds, and removes it once "
                     "it has printed its count)");
  }
  if (auto why = read_saved_problem(saved_file(o.resume), problem); !why.empty()) {
    return bad_input("--resume: " + why);
  }
  CounterRequest which;
  which.counter = CounterKind::rows;
  which.memory_limit = o.memory_limit_mb * 1'000'000;
  which.check_forecast = !o.force;
  which.disk_room = scratch_room(o);  // past --memory-limit, the states go to disk there
  which.forecast_hint = " (--memory-limit MB, or --force to try)";
  const CounterChoice choice = choose_counter(problem, which);
  if (!choice.error.empty()) return bad_input(choice.error);
  return run_by_rows(o, problem, choice.forecast_bytes, static_cast<double>(o.time_limit));
}

int run_count(CountCliOptions& o) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  if (auto why = o.numbers.parse(); !why.empty()) return bad_input(why);
  const bool board_given = !o.board.size.empty() || !o.board.rows.empty() ||
                           !o.board.cols.empty() || !o.board.start.empty() ||
                           !o.board.end.empty() || !o.board.blocked.empty() ||
                           !o.board.closed.empty();
  const bool listing_asked = o.list || o.limit > 0 || o.classes || o.ends;
  if (!o.sum.empty()) {
    if (board_given || o.parts || o.part > 0 || !o.resume.empty() || listing_asked) {
      return bad_input(
          "--sum: the parts' results have their board; give the files alone (with "
          "--format if wanted)");
    }
    return sum_parts(o.sum, o.format);
  }
  if ((o.parts || o.part > 0) && (!o.resume.empty() || listing_asked || o.counter == "search")) {
    return bad_input(std::string(o.parts ? "--parts" : "--part") +
                     ": not with --resume, --list, --classes, --ends, --limit or --counter "
                     "search (a part run again goes on from its own save)");
  }
  if (o.parts && o.part > 0) return bad_input("--parts: lists the parts; --part K counts one");
  if (!o.resume.empty()) return resume_by_rows(o);
  Problem problem;
  if (auto why = parse_count_request(o.board, problem); !why.empty()) return bad_input(why);
  if (o.parts) {
    return print_parts(problem, o.format, o.threads > 0 ? o.threads : hardware_threads());
  }
  if (o.part > 0) {
    const OpenPartsPlan plan = plan_open_parts(problem);
    if (!plan.error.empty()) return bad_input("--part: " + plan.error);
    if (o.part > static_cast<int>(plan.parts.size())) {
      return bad_input("--part: " + std::to_string(o.part) + " is past the plan's " +
                       std::to_string(plan.parts.size()) +
                       " parts (knights count --parts lists them)");
    }
    problem = part_problem(problem, plan.parts[static_cast<std::size_t>(o.part - 1)]);
    o.part_fields = part_fields(plan, o.part);
    o.part_folder = "knights-part-" + plan.hash + "-" + std::to_string(o.part);
    o.format = "json";  // a part's result is for --sum
  }
  const Geometry g = problem.geometry;
  // Only the search lists tours, sorts them into classes or stops after a number of them; both
  // counters stop at a time limit.
  const bool listing = o.list || o.limit > 0 || o.classes || o.ends;
  if (o.ends && (o.list || o.classes || o.time_limit > 0 || o.limit > 0)) {
    return bad_input("--ends: not with --list, --classes, --limit or --time-limit");
  }
  if (o.ends) {
    if (auto why = check_end_map_problem(problem); !why.empty()) return bad_input(why);
  }
  const int threads = o.threads > 0 ? o.threads : hardware_threads();
  if (o.counter == "rows" && listing)
    return bad_input("--counter rows only counts: no --list, --classes, --ends or --limit");
  CounterRequest which;
  which.counter = parse_counter_kind(o.counter).value_or(CounterKind::automatic);
  which.memory_limit = o.memory_limit_mb * 1'000'000;
  which.check_forecast = !o.force;
  which.disk_room = scratch_room(o);  // past --memory-limit, the states go to disk there
  which.forecast_hint = " (--memory-limit MB, or --force to try)";
  which.only_search = listing;
  which.use_symmetry = !o.no_symmetry;
  which.threads = threads;
  const CounterChoice choice = choose_counter(problem, which);
  if (!choice.error.empty()) return bad_input(choice.error);
  const std::string& rows_refusal = choice.rows_refusal;
  const bool by_rows = choice.by_rows;
  // --time-limit counts from the start: the choice of counter may have run the search's trial.
  const double seconds_left =
      o.time_limit == 0
          ? 0
          : std::max(0.001, static_cast<double>(o.time_limit) -
                                std::chrono::duration<double>(Clock::now() - started).count());
  if (by_rows) return run_by_rows(o, problem, choice.forecast_bytes, seconds_left);

  // With a limit the count stops early by the user's own bound: no estimate of the whole.
  if (!o.force && o.limit == 0 && o.time_limit == 0) {
    const CountTimeEstimate t =
        choice.trial ? *choice.trial : estimate_count_seconds(problem, !o.no_symmetry, listing);
    const LogValue wall = LogValue::of(t.seconds / threads);
    const std::string on = " on " + std::to_string(threads) + " thread" + (threads > 1 ? "s" : "");
    if (t.seconds / threads > kMaxCountSeconds) {
      return bad_input("board: counting " + describe_count(problem) + " on the " +
                       std::to_string(g.rows) + "x" + std::to_string(g.cols) +
                       " board would take about " + human_time(wall) + on +
                       " (estimated from a short trial; the estimate tends to be high); "
                       "--force counts anyway, --limit N stops after N tours" +
                       (rows_refusal.empty() ? "" : "; " + rows_refusal));
    }
    if (!t.measured && t.seconds / threads > 60) {
      std::fprintf(stderr, "knights: this count should take about %s%s (an estimate)\n",
                   human_time(wall).c_str(), on.c_str());
    }
  }

  CountOptions options;
  options.threads = o.threads;
  options.limit = o.limit;
  options.use_symmetry = !o.no_symmetry;
  // --classes: every tour goes past the classifier; with --list only those that stand for
  // their class are printed.
  auto classifier = o.classes ? std::make_shared<TourClassifier>(problem) : nullptr;
  if (o.list) {
    // One JSON value reused for every line: the numbers are overwritten in place, so a line
    // costs no allocation but its text (millions of lines: 6x6 lists 6.6 million tours).
    auto line = std::make_shared<Json>(Json{{"path", Json::array()}});
    options.on_tour = [g, line, classifier](std::span<const std::int32_t> path) {
      if (classifier && !classifier->add(path)) return;
      Json& squares = (*line)["path"];
      if (squares.size() != path.size()) {
        squares = Json::array();
        for (std::size_t i = 0; i < path.size(); ++i) squares.push_back({0, 0});
      }
      for (std::size_t i = 0; i < path.size(); ++i) {
        const Square s = g.square(path[i]);
        squares[i][0] = s.x;
        squares[i][1] = s.y;
      }
      std::printf("%s\n", json_line(*line).c_str());
    };
  }
  if (classifier && !o.list) {
    options.on_tour = [classifier](std::span<const std::int32_t> path) { classifier->add(path); };
  }
  options.on_progress = [](double fraction, std::uint64_t tours) {
    std::fprintf(stderr, "knights: counting, about %.1f%% done, %llu tours so far\n",
                 100 * fraction, static_cast<unsigned long long>(tours));
  };
  if (o.ends) return print_end_map(o, problem, count_ends(problem, options));
  bool timed_out = false;
  const CountResult r = o.time_limit > 0 ? count_with_time_limit(problem, options, seconds_left,
                                                                 o.list || o.classes, timed_out)
                                         : count_tours(problem, options);
  if (!r.error.empty()) return bad_input("board: " + r.error);

  Json extra{{"nodes", r.nodes}};
  if (classifier && r.complete) extra.update(classes_json(classifier->result()));
  print_summary(o, problem, BigCount(r.count), r.complete, r.seconds, "search", extra,
                timed_out ? " (stopped at --time-limit)" : " (stopped at the limit)");
  if (classifier && r.complete && o.format != "json") print_classes(o, classifier->result());
  if (o.format != "json") {
    std::fprintf(stderr, "%.3f s, %llu nodes\n", r.seconds,
                 static_cast<unsigned long long>(r.nodes));
  }
  return kExitOk;
}

}  // namespace

Runner add_count_command(CLI::App& app) {
  auto o = std::make_shared<CountCliOptions>();
  o->board.start_optional = true;  // no --start: every start
  CLI::App* cmd = app.add_subcommand(
      "count",
      "Count (or list) knight's tours exactly: directed open tours, or closed tours once per "
      "cycle. Two counters: a search (lists tours; at most " +
          std::to_string(kMaxCountSquares) +
          " free squares) and counting by rows (any length, short side at most " +
          std::to_string(kMaxFrontierWidth) + "; its memory grows with the width)");
  add_board_options(*cmd, o->board, /*with_end=*/true);
  cmd->get_option("--start")->description(
      "Open tours: count those from this square (x,y or a1; default: every start). "
      "Closed tours: listed cycles begin here");
  cmd->get_option("--end")->description("Open tours: count those ending on this square");
  cmd->get_option("--closed")->description("Count closed tours, each cycle once");
  o->numbers.add(*cmd, "--threads", o->threads, 0, 1024,
                 "Worker threads, for either counter (0: every hardware thread)");
  o->numbers.add(*cmd, "--limit", o->limit, 0, kMaxCount,
                 "Stop after this many tours (0: no limit)");
  o->numbers.add(*cmd, "--time-limit", o->time_limit, 1, kMaxTimeLimit,
                 "Stop after this many seconds: the search (in one thread) with the tours so far, "
                 "counting by rows with how far it came",
                 /*show_default=*/false);
  cmd->get_option("--time-limit")->type_name("SECONDS");
  cmd->add_flag("--list", o->list, "Print each tour as a JSON line {\"path\":[[x,y],...]}");
  cmd->add_flag("--classes", o->classes,
                "Also count the tours up to the board's symmetries (Jelliss's geometrically "
                "distinct tours; open tours of every start in either direction; with --start or "
                "--end, the symmetries that keep them) and how many tours each symmetry keeps; "
                "with --list, list one tour of each class");
  cmd->add_flag("--ends", o->ends,
                "Open tours from --start: how many end on each square, from one search (a map "
                "of the board, top row first; JSON: \"ends\")");
  cmd->add_flag("--no-symmetry", o->no_symmetry, "Search every start (slower; for checking)");
  cmd->add_flag("--force", o->force,
                "Count even when a short trial estimates it would take longer than a day, or "
                "counting by rows forecasts more memory than --memory-limit");
  cmd->add_option("--counter", o->counter,
                  "auto (the search when its trial says it is quick, else by rows), search, or "
                  "rows")
      ->type_name("NAME")
      ->check(CLI::IsMember({"auto", "search", "rows"}))
      ->capture_default_str();
  o->numbers.add(*cmd, "--memory-limit", o->memory_limit_mb, 1, 1'000'000,
                 "Counting by rows: megabytes it may take (default: three quarters of this "
                 "machine's memory, or of its container's). Past it, its states go to disk "
                 "under --scratch; refused at once when even that will not do (its plan, or the "
                 "disk's free space)");
  cmd->get_option("--memory-limit")->type_name("MB");
  cmd->add_option("--scratch", o->scratch,
                  "Counting by rows: the folder under which it saves its progress, from "
                  "--save-after seconds on, so that a count stopped by Ctrl-C or a crash goes "
                  "on with --resume, and puts its states past --memory-limit (default: the "
                  "system's temporary folder)")
      ->type_name("DIR");
  cmd->add_option("--resume", o->resume,
                  "Go on with a count by rows from the folder it saved in (it names it on "
                  "stderr); no board options")
      ->type_name("DIR");
  o->numbers.add(*cmd, "--save-after", o->save_after, 0, kMaxTimeLimit,
                 "Counting by rows: seconds before its first save (then saves at the end of a "
                 "square, taking at most about a tenth of the time)");
  cmd->get_option("--save-after")->type_name("SECONDS");
  cmd->add_flag("--parts", o->parts,
                "Open tours of every start and end: list the count's independent parts (a pair "
                "of end squares up to the board's symmetry each, weighted) as command lines, one "
                "a line, and forecast their time and disk on stderr (JSON: one object)");
  o->numbers.add(*cmd, "--part", o->part, 1, 1'000'000,
                 "Count part K of the plan --parts lists: one JSON line for --sum (it saves "
                 "under --scratch and, run again, goes on from its save)",
                 /*show_default=*/false);
  cmd->get_option("--part")->type_name("K");
  cmd->add_option("--sum", o->sum,
                  "Add the parts' JSON results into the whole count, refusing a part missing, "
                  "twice, unfinished or of another plan")
      ->type_name("FILES");
  cmd->add_option("--format", o->format, "Summary: text or json")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  // Adding results counts nothing: a flag that would steer a count is refused beside --sum,
  // not silently ignored.
  for (const char* steer : {"--threads", "--time-limit", "--force", "--counter", "--memory-limit",
                            "--scratch", "--save-after", "--no-symmetry"}) {
    cmd->get_option("--sum")->excludes(cmd->get_option(steer));
  }
  return [o] { return run_count(*o); };
}

}  // namespace kt::cli
