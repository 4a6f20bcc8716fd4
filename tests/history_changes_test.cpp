// File: tests/history_changes_test.cpp
// `membench history --changes` through the binary, over an SQLite store:
// real runs for what it prints with too few of them, and runs whose rates
// are set (a real result with its samples' times rewritten) for a shift it
// must find, a flat history it must not, and its usage errors. Detection
// itself is tested on synthetic series in change_points_test.cpp.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "membench_process.h"
#include "core/result_decoder.h"
#include "store/store.h"

namespace membench {
namespace {

const std::string kShortRun = "run memset --size 64K -r 2 --loops 10";

std::string NewStore(const std::string& name) {
  const std::string path = TempPath(name + ".sqlite");
  std::filesystem::remove(path);
  return path;
}

// One short real run, read back.
const RunResult& RealResult() {
  static const RunResult result = [] {
    const std::string path = TempPath("history-changes.json");
    const Outcome run = Membench(kShortRun + " --json " + path);
    if (run.status != 0) throw std::runtime_error(run.output);
    std::ifstream in(path);
    return ParseResult(std::string(std::istreambuf_iterator<char>(in), {}), path);
  }();
  return result;
}

// The real result as run `n` of a history, every sample taking the time
// that gives `bytes_per_second`.
RunResult AtRate(double bytes_per_second, int n) {
  RunResult r = RealResult();
  r.started_at = fmt::format("2026-12-01T00:{:02}:00Z", n);
  r.command_line = fmt::format("membench {} #{}", kShortRun, n);
  for (Measurement& m : r.measurements) {
    for (Sample& s : m.samples) s.wall_ns = std::llround(static_cast<double>(s.work) / bytes_per_second * 1e9);
  }
  return r;
}

// Whether the command printed `text`; either way the message shows what
// it printed.
testing::AssertionResult Prints(const Outcome& o, const std::string& text) {
  auto result = o.output.find(text) != std::string::npos ? testing::AssertionSuccess() : testing::AssertionFailure();
  return result << "\"" << text << "\" in:\n" << o.output;
}

// A new store of that name holding `runs`; its path.
std::string StoreOf(const std::string& name, const std::vector<RunResult>& runs) {
  const std::string path = NewStore(name);
  auto store = OpenStore(path);
  for (const RunResult& r : runs) store->Save(r);
  return path;
}

// The point's impl parameter set to `impl`.
void SetImpl(Measurement& m, const std::string& impl) {
  for (auto& [name, value] : m.point.values) {
    if (name == "impl") value.text = impl;
  }
}

TEST(HistoryChanges, RealRunsTooFewToTellAreSaidNotAnError) {
  const std::string store = " --store " + NewStore("real");
  for (int i = 0; i < 3; ++i) ASSERT_EQ(Membench(kShortRun + store).status, 0);
  const Outcome o = Membench("history --changes --workload memset" + store);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(Prints(o, "3 runs"));
  EXPECT_TRUE(Prints(o, "too few runs to tell"));
  EXPECT_TRUE(Prints(o, "memset size=64 KiB"));
}

TEST(HistoryChanges, FindsAStepInStoredRunsAndSaysWhichRunsToCompare) {
  // 10 GB/s, then 9 GB/s from the ninth run on, with a little jitter.
  std::vector<RunResult> runs;
  for (int n = 0; n < 16; ++n) runs.push_back(AtRate((n < 8 ? 10e9 : 9e9) * (1 + 0.002 * (n % 3)), n));
  const std::string path = StoreOf("step", runs);
  const Outcome o = Membench("history --changes --store " + path);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(Prints(o, "# store " + path + ": 16 runs, 2026-12-01 00:00 .. 2026-12-01 00:15"));
  EXPECT_TRUE(Prints(o, "\n1 level shift in 16 runs of memset size=64 KiB"));
  // Run 9 (the ninth saved) starts the new level, about 10% slower.
  EXPECT_TRUE(std::regex_search(o.output, std::regex(R"(\n\s+9  2026-12-01 00:08  -\s+10\.0\d+ GB/s\s+9\.0\d+ GB/s\s+)"
                                                     R"(-10\.\d% slower\s+0\.00\d\n)")))
      << o.output;
  EXPECT_TRUE(Prints(o, "look closer: membench compare 6 7 8 vs 9 10 11 --store " + path));
  std::istringstream lines(o.output);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 100u) << line;
}

TEST(HistoryChanges, AFlatHistoryHasNoShiftAndEachHostHasItsOwn) {
  std::vector<RunResult> runs;
  for (int n = 0; n < 12; ++n) runs.push_back(AtRate(10e9, n));
  // Four runs of another machine, far slower: a series of their own.
  for (int n = 12; n < 16; ++n) {
    runs.push_back(AtRate(1e9, n));
    runs.back().system.hostname = "elsewhere";
  }
  const Outcome o = Membench("history --changes --store " + StoreOf("flat", runs));
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_TRUE(Prints(o, "no level shift in 1 point over 16 runs"));
  EXPECT_TRUE(Prints(o, "size-dist=none on elsewhere (4 runs)"));
  EXPECT_FALSE(Prints(o, "look closer"));
}

TEST(HistoryChanges, IgnoreMatchesAcrossAParameterAndRefusesTwoMeasurementsOfOnePoint) {
  // Runs 1-4 measured with one impl, 5-12 with another, at one rate.
  std::vector<RunResult> runs;
  for (int n = 0; n < 12; ++n) {
    runs.push_back(AtRate(10e9, n));
    for (Measurement& m : runs.back().measurements) SetImpl(m, n < 4 ? "libc" : "movsb");
  }
  const std::string path = StoreOf("ignore", runs);
  const std::string store = " --store " + path;
  const Outcome apart = Membench("history --changes" + store);
  ASSERT_EQ(apart.status, 0) << apart.output;
  EXPECT_TRUE(Prints(apart, "no level shift in 1 point over 12 runs"));
  EXPECT_TRUE(Prints(apart, "in 1 point: memset size=64 KiB impl=libc"));
  const Outcome together = Membench("history --changes --ignore impl" + store);
  ASSERT_EQ(together.status, 0) << together.output;
  EXPECT_TRUE(Prints(together, "no level shift in 1 point over 12 runs"));
  EXPECT_FALSE(Prints(together, "too few"));
  // A run with both impls: --ignore impl would make them one point.
  RunResult both = AtRate(10e9, 12);
  both.measurements.push_back(both.measurements.front());
  SetImpl(both.measurements.back(), "movsb");
  OpenStore(path)->Save(both);
  const Outcome twice = Membench("history --changes --ignore impl" + store);
  EXPECT_EQ(twice.status, 2) << twice.output;
  EXPECT_TRUE(Prints(twice, "run 13 measured 'memset size=64 KiB"));
  EXPECT_TRUE(Prints(twice, "twice once impl is ignored"));
}

TEST(HistoryChanges, WhatItDoesNotTakeIsAUsageErrorThatSaysWhatItTakes) {
  const std::string store = " --store " + NewStore("usage");
  const Outcome ids = Membench("history --changes 41 42" + store);
  EXPECT_EQ(ids.status, 2) << ids.output;
  EXPECT_TRUE(Prints(ids, "history --changes takes no runs ('41')"));
  const Outcome show = Membench("history --changes show 1" + store);
  EXPECT_EQ(show.status, 2) << show.output;
  EXPECT_TRUE(Prints(show, "--changes is history's own, not history show's"));
  const Outcome format = Membench("history --changes --format csv" + store);
  EXPECT_EQ(format.status, 2) << format.output;
  EXPECT_TRUE(Prints(format, "--format does not go with history --changes"));
  const Outcome ignore = Membench("history --ignore impl" + store);
  EXPECT_EQ(ignore.status, 2) << ignore.output;
  EXPECT_TRUE(Prints(ignore, "--ignore requires --changes"));
  const Outcome none = Membench("history --changes --workload fault" + store);
  EXPECT_EQ(none.status, 0) << none.output;
  EXPECT_TRUE(Prints(none, "no run matches"));
}

}  // namespace
}  // namespace membench
