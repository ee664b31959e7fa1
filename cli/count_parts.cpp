#include "count_parts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "board_options.hpp"
#include "counting/big_count.hpp"
#include "counting/choose_counter.hpp"
#include "counting/count_request.hpp"
#include "counting/estimate.hpp"
#include "counting/frontier_count.hpp"

namespace kt::cli {

namespace {

// A save of a count by rows holds about this share of its forecast peak (8x8 closed: 3.77 GB
// saved at its largest, 8.7 GB forecast; docs/performance.md).
constexpr double kSaveShare = 0.45;

// Two threads run counting by rows about 1.4 times as fast as one (docs/performance.md).
double speedup(int threads) { return threads <= 1 ? 1.0 : 0.7 * threads; }

std::string board_flags(const Problem& p) {
  const Geometry g = p.geometry;
  std::string flags = "--rows " + std::to_string(g.rows) + " --cols " + std::to_string(g.cols);
  std::string blocked;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) blocked += (blocked.empty() ? "" : ";") + format_square(g.square(i));
  }
  if (!blocked.empty()) flags += " --blocked \"" + blocked + "\"";
  return flags;
}

Json blocked_json(const Problem& p) {
  Json out = Json::array();
  const Geometry g = p.geometry;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) out.push_back({g.square(i).x, g.square(i).y});
  }
  return out;
}

std::string hours(double seconds) { return human_time(LogValue::of(seconds)); }

}  // namespace

Json part_fields(const OpenPartsPlan& plan, int part) {
  const OpenPart& p = plan.parts[static_cast<std::size_t>(part - 1)];
  return Json{{"part", part},
              {"parts", plan.parts.size()},
              {"plan", plan.hash},
              {"weight", std::to_string(p.weight)},
              {"pairs", p.pairs}};
}

int print_parts(const Problem& whole, const std::string& format, int threads) {
  const OpenPartsPlan plan = plan_open_parts(whole);
  if (!plan.error.empty()) return bad_input("--parts: " + plan.error);
  const Geometry g = whole.geometry;
  const std::string flags = board_flags(whole);
  double cpu = 0, most_cpu = 0;
  std::uint64_t most_bytes = 0;
  Json parts = Json::array();
  std::vector<std::string> lines;
  for (std::size_t k = 1; k <= plan.parts.size(); ++k) {
    const OpenPart& part = plan.parts[k - 1];
    const Problem problem = part_problem(whole, part);
    const double seconds = forecast_rows_cpu_seconds(problem);
    const std::uint64_t bytes = forecast_frontier(problem, 0).bytes;
    cpu += seconds;
    most_cpu = std::max(most_cpu, seconds);
    most_bytes = std::max(most_bytes, bytes);
    const std::string command = "knights count " + flags + " --part " + std::to_string(k) +
                                " > part-" + std::to_string(k) + ".json";
    lines.push_back(command);
    parts.push_back(Json{{"part", k},
                         {"start", {part.start.x, part.start.y}},
                         {"end", {part.end.x, part.end.y}},
                         {"pairs", part.pairs},
                         {"weight", std::to_string(part.weight)},
                         {"forecast_bytes", bytes},
                         {"forecast_cpu_seconds", std::round(seconds)},
                         {"command", command}});
  }
  const auto save_bytes = static_cast<std::uint64_t>(kSaveShare * static_cast<double>(most_bytes));
  const double here = cpu / speedup(threads);
  if (format == "json") {
    Json j{{"parts", parts},
           {"plan", plan.hash},
           {"symmetries", plan.symmetries},
           {"rows", g.rows},
           {"cols", g.cols},
           {"blocked", blocked_json(whole)},
           {"counts", describe_count(whole)},
           {"forecast", Json{{"cpu_seconds", std::round(cpu)},
                             {"most_cpu_seconds", std::round(most_cpu)},
                             {"most_bytes", most_bytes},
                             {"most_save_bytes", save_bytes},
                             {"threads", threads},
                             {"seconds_here", std::round(here)}}}};
    std::printf("%s\n", json_line(j).c_str());
    return kExitOk;
  }
  for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  std::fprintf(stderr,
               "knights: %zu parts of the %s on the %dx%d board (%d symmetries; plan %s); "
               "forecast: a part takes at most %s of memory and saves up to %s in its folder "
               "under --scratch while it runs (removed when it ends), its result a line of "
               "JSON; %s of CPU in all (the longest part %s), about %s one after another on "
               "this machine's %d thread%s, or that divided by N on N such machines; then: "
               "knights count --sum part-*.json\n",
               plan.parts.size(), describe_count(whole).c_str(), g.rows, g.cols, plan.symmetries,
               plan.hash.c_str(), about_bytes(most_bytes).c_str(), about_bytes(save_bytes).c_str(),
               hours(cpu).c_str(), hours(most_cpu).c_str(), hours(here).c_str(), threads,
               threads == 1 ? "" : "s");
  return kExitOk;
}

int sum_parts(const std::vector<std::string>& files, const std::string& format) {
  if (files.empty()) return bad_input("--sum: no files given (the parts' JSON results)");
  Problem whole;
  OpenPartsPlan plan;
  std::map<int, std::string> seen;  // part -> its file
  BigCount total;
  double seconds = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) return bad_input("--sum: cannot read " + file);
    std::string line, last;
    while (std::getline(in, line)) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    }
    const Json j = Json::parse(last, nullptr, false);
    const auto has = [&](const char* key, bool (Json::*is)() const) {
      return j.is_object() && j.contains(key) && (j[key].*is)();
    };
    const auto no_part = [&] {
      return bad_input("--sum: " + file +
                       " is no part's result (knights count --part K prints one)");
    };
    if (!has("part", &Json::is_number_integer) || !has("plan", &Json::is_string)) {
      return no_part();
    }
    // A part stopped (by --time-limit or Ctrl-C) says so in its own shape, with the part's
    // fields and no count: before the fields only a finished part has.
    if (!has("count", &Json::is_string)) {
      return bad_input("--sum: " + file + " holds no count: part " +
                       std::to_string(j["part"].get<int>()) +
                       " did not finish (run its command again: it goes on from its save)");
    }
    if (!has("rows", &Json::is_number_integer) || !has("cols", &Json::is_number_integer) ||
        !has("blocked", &Json::is_array)) {
      return no_part();
    }
    if (seen.empty()) {
      // The plan, made again from the first file's board: every file must be of it.
      RequestText text;
      text.rows = std::to_string(j["rows"].get<int>());
      text.cols = std::to_string(j["cols"].get<int>());
      for (const Json& s : j["blocked"]) {
        if (!s.is_array() || s.size() != 2 || !s[0].is_number_integer() ||
            !s[1].is_number_integer()) {
          return bad_input("--sum: " + file + " is no part's result (its blocked squares)");
        }
        text.blocked += (text.blocked.empty() ? "" : ";") + std::to_string(s[0].get<int>()) + "," +
                        std::to_string(s[1].get<int>());
      }
      text.start_optional = true;
      if (auto why = parse_count_request(text, whole); !why.empty()) {
        return bad_input("--sum: " + file + ": " + why);
      }
      plan = plan_open_parts(whole);
      if (!plan.error.empty()) return bad_input("--sum: " + file + ": " + plan.error);
    }
    const std::string hash = j["plan"].get<std::string>();
    if (hash != plan.hash || j["rows"] != whole.geometry.rows || j["cols"] != whole.geometry.cols) {
      return bad_input("--sum: " + file + " is a part of plan " + hash + ", not of plan " +
                       plan.hash + " that this knights makes for the " +
                       std::to_string(whole.geometry.rows) + "x" +
                       std::to_string(whole.geometry.cols) + " board of " + files[0] +
                       " (another board, or a part made by another version)");
    }
    const int k = j["part"].get<int>();
    if (k < 1 || k > static_cast<int>(plan.parts.size())) {
      return bad_input("--sum: " + file + " says part " + std::to_string(k) + ", not one of the " +
                       std::to_string(plan.parts.size()) + " parts of plan " + plan.hash);
    }
    if (const auto it = seen.find(k); it != seen.end()) {
      return bad_input("--sum: part " + std::to_string(k) + " given twice (" + it->second +
                       " and " + file + ")");
    }
    const OpenPart& part = plan.parts[static_cast<std::size_t>(k - 1)];
    const Json want_start = {part.start.x, part.start.y}, want_end = {part.end.x, part.end.y};
    if (j.value("start", Json()) != want_start || j.value("end", Json()) != want_end ||
        j.value("weight", Json()) != std::to_string(part.weight) ||
        j.value("complete", Json()) != Json(true)) {
      return bad_input("--sum: " + file + " is not part " + std::to_string(k) + " of plan " +
                       plan.hash + " as it is made (its ends, weight or completeness differ)");
    }
    std::optional<BigCount> count = BigCount::from_decimal(j["count"].get<std::string>());
    if (!count) return bad_input("--sum: " + file + ": its count is no number");
    *count *= part.weight;
    total += *count;
    seen[k] = file;
    if (j.contains("seconds") && j["seconds"].is_number()) seconds += j["seconds"].get<double>();
  }
  if (seen.size() != plan.parts.size()) {
    std::string missing;
    int listed = 0;
    for (int k = 1; k <= static_cast<int>(plan.parts.size()); ++k) {
      if (seen.count(k)) continue;
      if (++listed <= 10) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
    }
    if (listed > 10) missing += " and " + std::to_string(listed - 10) + " more";
    return bad_input("--sum: part" + std::string(listed == 1 ? " " : "s ") + missing + " of the " +
                     std::to_string(plan.parts.size()) + " of plan " + plan.hash +
                     (listed == 1 ? " is" : " are") + " missing");
  }
  const Geometry g = whole.geometry;
  if (format == "json") {
    Json j{{"count", total.to_string()},
           {"complete", true},
           {"seconds", std::round(seconds * 1000) / 1000},
           {"counter", "parts"},
           {"parts", plan.parts.size()},
           {"plan", plan.hash},
           {"rows", g.rows},
           {"cols", g.cols},
           {"closed", false},
           {"start", nullptr},
           {"end", nullptr},
           {"blocked", blocked_json(whole)},
           {"counts", describe_count(whole)}};
    std::printf("%s\n", json_line(j).c_str());
  } else {
    std::printf("%s %s on the %dx%d board, the sum of %zu parts (plan %s)\n",
                total.to_string().c_str(), describe_count(whole).c_str(), g.rows, g.cols,
                plan.parts.size(), plan.hash.c_str());
  }
  return kExitOk;
}

}  // namespace kt::cli
