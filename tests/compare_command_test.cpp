// File: tests/compare_command_test.cpp
// `membench compare` of real result files: no change against itself, a halved rate found,
// the noise floor that keeps single results from calling small changes, runs as the unit.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "membench_process.h"
#include "report/noise_floor_json.h"
#include "store/store.h"

namespace membench {
namespace {

void WriteJson(const std::string& path, const nlohmann::json& doc) { std::ofstream(path) << doc.dump(); }

// Halving every sample's time doubles the rate: a regression when B is
// the slower one, and --fail-on-regression turns it into exit status 3.
// A real run of one memset point into fast, and a copy at half the rate
// into slow: a change the samples show plainly. The samples' times are
// made 1% apart, so that the verdict cannot depend on how noisy the
// machine is today (a loaded one gave them a 58% spread, and no verdict).
// `invocations`: how many the run has (the default 3, or one a side).
// Returns the host.
std::string RunAndHalvedCopy(const std::string& fast, const std::string& slow, int invocations = 3) {
  const Outcome run =
      Membench("run memset --size 1M -r 5 --invocations " + std::to_string(invocations) + " --json " + fast);
  if (run.status != 0) ADD_FAILURE() << run.output;
  nlohmann::json doc = ReadJson(fast);
  auto& samples = doc["measurements"][0]["samples"];
  // Each invocation calibrates its own loop count: the times follow it.
  const double first_ns_per_loop =
      samples[0]["wall_ns"].get<double>() / samples[0]["loops"].get<double>();
  for (int i = 0; i < static_cast<int>(samples.size()); ++i) {
    samples[i]["wall_ns"] = static_cast<std::int64_t>(first_ns_per_loop * samples[i]["loops"].get<double>() *
                                                      (100 + i % 5) / 100);
  }
  WriteJson(fast, doc);
  for (auto& sample : samples) sample["wall_ns"] = sample["wall_ns"].get<std::int64_t>() * 2;
  WriteJson(slow, doc);
  return doc["system"]["hostname"];
}

NoiseFloor MemsetFloor(double pct, const std::string& measured_at) {
  NoiseFloor floor;
  floor.kind = "memset";
  floor.point = "size=4 MiB";
  floor.invocations = 5;
  floor.run_cv_pct = pct / 2.77;
  floor.floor_pct = pct;
  floor.measured_at = measured_at;
  return floor;
}

// The file doctor --noise records floors in without a store.
void WriteFloorFile(const std::string& state, const std::string& host, const NoiseFloor& floor) {
  std::filesystem::create_directories(state + "/membench");
  std::ofstream(state + "/membench/noise-floor.json") << NoiseFloorsToText({{host, {{floor.kind, floor}}}});
}

// A file against itself is the purest A/A: nothing may differ.
TEST(Compare, AFileAgainstItselfShowsNoChange) {
  const std::string path = TempPath("compare_a.json");
  ASSERT_EQ(Membench("run memset --size 1M --impl libc,stosb -r 5 --json " + path).status, 0);
  const Outcome same = Membench("compare " + path + " " + path);
  ASSERT_EQ(same.status, 0) << same.output;
  EXPECT_NE(same.output.find("rate (GB/s)"), std::string::npos) << same.output;
  // The default view fits 100 columns; --wide adds the p-value and CI.
  std::istringstream lines(same.output);
  for (std::string line; std::getline(lines, line);) {
    // Columns are characters: UTF-8 continuation bytes ("±") take none.
    const auto columns = std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
    EXPECT_LE(columns, 100) << line;
  }
  EXPECT_EQ(same.output.find("CI of B/A  figure"), std::string::npos) << same.output;
  const Outcome wide = Membench("compare " + path + " " + path + " --wide");
  ASSERT_EQ(wide.status, 0) << wide.output;
  EXPECT_NE(wide.output.find("CI of B/A  figure"), std::string::npos) << wide.output;
  EXPECT_EQ(same.output.find("faster"), std::string::npos) << same.output;
  EXPECT_EQ(same.output.find("slower"), std::string::npos) << same.output;
  // Across impl within one file: the direction is measured, whichever it is.
  const Outcome across = Membench("compare " + path + " " + path + " --ignore impl --a impl=libc --b impl=stosb");
  ASSERT_EQ(across.status, 0) << across.output;
  EXPECT_NE(across.output.find("matched ignoring: impl"), std::string::npos) << across.output;
  std::remove(path.c_str());
}

TEST(Compare, RegressionIsFoundAndFailsWhenAsked) {
  const std::string fast = TempPath("compare_fast.json");
  const std::string slow = TempPath("compare_slow.json");
  // Samples 1% apart: the verdict must not depend on today's noise. A
  // result of the default three invocations a side: each is a run, and
  // the runs decide with no floor recorded.
  RunAndHalvedCopy(fast, slow);
  const Outcome plain = Membench("compare " + fast + " " + slow);
  EXPECT_EQ(plain.status, 0) << plain.output;
  EXPECT_NE(plain.output.find(": 3 runs"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("the run (an invocation) is the unit"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("slower"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("-50.0%"), std::string::npos) << plain.output;
  const Outcome gate = Membench("compare " + fast + " " + slow + " --fail-on-regression 10");
  EXPECT_EQ(gate.status, 3) << gate.output;
  EXPECT_EQ(Membench("compare " + slow + " " + fast + " --fail-on-regression 10").status, 0);
  // git bisect run's codes: bad, good, and an error stops the bisection.
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect").status, 1);
  EXPECT_EQ(Membench("compare " + slow + " " + fast + " --bisect").status, 0);
  EXPECT_EQ(Membench("compare " + slow + " " + fast + ".missing --bisect").status, 128);
  std::remove(fast.c_str());
  std::remove(slow.c_str());
}

// With one run a side, no change below this machine's noise floor for the
// kind of point is called (here a floor of 150% hides a halved rate, which
// the samples show plainly); --threshold overrides the floor.
TEST(Compare, TheNoiseFloorKeepsSingleRunsFromCallingSmallChanges) {
  const std::string fast = TempPath("floor_fast.json");
  const std::string slow = TempPath("floor_slow.json");
  const std::string host = RunAndHalvedCopy(fast, slow, 1);
  const XdgHomes homes("floor");
  WriteFloorFile(homes.state, host, MemsetFloor(150, "2026-12-01T00:00:00Z"));
  const std::string env = homes.Prefix();
  const Outcome floored = Membench("compare " + fast + " " + slow, env);
  ASSERT_EQ(floored.status, 0) << floored.output;
  EXPECT_NE(floored.output.find("noise floor, the smallest change one run or one result a side can call"),
            std::string::npos)
      << floored.output;
  EXPECT_NE(floored.output.find("memset 150.0%"), std::string::npos) << floored.output;
  EXPECT_EQ(floored.output.find("slower"), std::string::npos) << floored.output;
  const Outcome given = Membench("compare " + fast + " " + slow + " --threshold 1", env);
  EXPECT_NE(given.output.find("slower (worse)"), std::string::npos) << given.output;
  EXPECT_NE(given.output.find("--threshold given"), std::string::npos) << given.output;
  // No floor: one invocation a side carries no verdict, and the regression
  // gate does not trip on it.
  const Outcome none = Membench("compare " + fast + " " + slow + " --fail-on-regression 10");
  EXPECT_EQ(none.status, 0) << none.output;
  EXPECT_NE(none.output.find("no noise floor recorded"), std::string::npos) << none.output;
  EXPECT_NE(none.output.find("# inconclusive: one invocation a side and no noise floor"), std::string::npos)
      << none.output;
  EXPECT_EQ(none.output.find("slower"), std::string::npos) << none.output;
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect").status, 125);
  // Three invocations a side, one result each: the runs call the halving,
  // but their drift between results is unseen, and the floor holds it
  // back; the plan is results alternated.
  RunAndHalvedCopy(fast, slow);
  const Outcome runs = Membench("compare --wide " + fast + " " + slow, env);
  ASSERT_EQ(runs.status, 0) << runs.output;
  EXPECT_NE(runs.output.find("the run (an invocation) is the unit"), std::string::npos) << runs.output;
  EXPECT_NE(runs.output.find("inconclusive: within the drift between results: a side is one result, and this "
                             "machine's memset noise floor is 150.0%"),
            std::string::npos)
      << runs.output;
  EXPECT_NE(runs.output.find("results a side of --invocations 1, alternated"), std::string::npos) << runs.output;
  EXPECT_EQ(Membench("compare " + fast + " " + slow + " --bisect", env).status, 125);
}

// The floor comes from the store when there is one (here the default
// store, which exists), and from the file; of the two, the newer
// measurement wins. Looking for a floor creates no store.
TEST(Compare, TheNoiseFloorComesFromTheStoreOrTheFileWhicheverIsNewer) {
  const std::string fast = TempPath("newer_fast.json");
  const std::string slow = TempPath("newer_slow.json");
  const std::string host = RunAndHalvedCopy(fast, slow, 1);
  const XdgHomes homes("newer");
  const std::string env = homes.Prefix();
  const std::string compare = "compare --wide " + fast + " " + slow;  // notes matched whole, unwrapped
  const std::string file = homes.state + "/membench/noise-floor.json";

  const Outcome none = Membench(compare, env);
  EXPECT_NE(none.output.find("no noise floor recorded for host " + host + " in " + file + " ("), std::string::npos)
      << none.output;
  EXPECT_FALSE(std::filesystem::exists(homes.data)) << "compare created the default store's folder";
  const std::string named = TempPath("newer_named.sqlite");
  std::filesystem::remove(named);
  const Outcome not_there = Membench(compare + " --store " + named, env);
  EXPECT_NE(not_there.output.find("no noise floor recorded"), std::string::npos) << not_there.output;
  EXPECT_FALSE(std::filesystem::exists(named)) << "compare created the store it was given";

  const std::string store = homes.data + "/membench/history.sqlite";
  std::filesystem::create_directories(homes.data + "/membench");
  OpenStore(store)->RecordNoiseFloors({host, "6.18.0", "boot", "cpu", "0.1.0"},
                                      {MemsetFloor(150, "2026-12-02T00:00:00Z")});
  WriteFloorFile(homes.state, host, MemsetFloor(0.5, "2026-12-01T00:00:00Z"));
  const Outcome stored = Membench(compare, env);
  ASSERT_EQ(stored.status, 0) << stored.output;
  EXPECT_NE(stored.output.find("memset 150.0% (2026-12-02T00:00:00Z) in store " + store + "\n"), std::string::npos)
      << stored.output;
  EXPECT_EQ(stored.output.find("slower"), std::string::npos) << stored.output;

  WriteFloorFile(homes.state, host, MemsetFloor(0.5, "2026-12-03T00:00:00Z"));
  const Outcome filed = Membench(compare, env);
  EXPECT_NE(filed.output.find("memset 0.5% (2026-12-03T00:00:00Z) in " + file + "\n"), std::string::npos)
      << filed.output;
  EXPECT_NE(filed.output.find("slower (worse)"), std::string::npos) << filed.output;
}

// Several runs a side: the runs' means decide, and the variation is split.
// The runs are one real run's samples, each run scaled a little (run-to-run
// variation of about 1%) and side B's twice as slow, so the verdict cannot
// depend on how noisy the machine is today.
TEST(Compare, SeveralRunsASideMakeTheRunTheUnit) {
  const std::string real = TempPath("unit_real.json");
  ASSERT_EQ(Membench("run memset --size 1M -r 3 --invocations 1 --json " + real).status, 0);
  std::vector<std::string> a, b;
  for (int i = 0; i < 3; ++i) {
    for (auto [side, slowdown] : {std::pair{&a, 100}, std::pair{&b, 200}}) {
      side->push_back(TempPath("unit_" + std::to_string(slowdown) + "_" + std::to_string(i) + ".json"));
      nlohmann::json doc = ReadJson(real);
      for (auto& sample : doc["measurements"][0]["samples"]) {
        sample["wall_ns"] = sample["wall_ns"].get<std::int64_t>() * slowdown * (100 + i) / 10000;
      }
      WriteJson(side->back(), doc);
    }
  }
  const Outcome o = Membench("compare " + a[0] + " " + a[1] + " " + a[2] + " vs " + b[0] + " " + b[1] + " " + b[2]);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("the run (an invocation) is the unit"), std::string::npos) << o.output;
  EXPECT_TRUE(
      std::regex_search(o.output, std::regex(R"(runs: A 3 \(sample-to-sample [0-9.]+%, run-to-run [0-9.]+%\), B 3)")))
      << o.output;
  EXPECT_NE(o.output.find("slower (worse)"), std::string::npos) << o.output;
  const Outcome lopsided = Membench("compare " + a[0] + " vs " + b[0] + " " + b[1]);
  EXPECT_NE(lopsided.output.find("one side has a single run"), std::string::npos) << lopsided.output;
  EXPECT_NE(Membench("compare " + a[0] + " vs").output.find("on both sides of every vs"), std::string::npos);
  EXPECT_NE(Membench("compare " + a[0]).output.find("lone vs"), std::string::npos);
}

// Three sides, as compare-kernels shows a base and two kernels: each a
// column against the first, decided as compare BASE SIDE would.
TEST(Compare, SeveralSidesAreColumnsAgainstTheFirst) {
  const std::string base = TempPath("columns_base.json");
  const std::string slow = TempPath("columns_slow.json");
  const std::string same = TempPath("columns_same.json");
  RunAndHalvedCopy(base, slow);
  std::filesystem::copy_file(base, same, std::filesystem::copy_options::overwrite_existing);
  const std::string json = TempPath("columns.json");
  const Outcome o = Membench("compare " + base + " vs " + slow + " vs " + same + " --json " + json);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("# base: " + base + ": 3 runs"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("# 1: " + slow), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("# 2: " + same), std::string::npos) << o.output;
  EXPECT_TRUE(std::regex_search(o.output, std::regex(R"(\nrate \(GB/s\) +[0-9.]+ ±[0-9.]+% +[0-9.]+ -50\.0% slower +[0-9.]+ \+0\.0% n\.s\.)")))
      << o.output;
  const nlohmann::json doc = ReadJson(json);
  EXPECT_EQ(doc["schema"], "membench-compare-sides/1");
  ASSERT_EQ(doc["comparisons"].size(), 2u);
  EXPECT_EQ(doc["comparisons"][1]["side"], same);
  // What judges one A against one B, or lays out two sides, takes two.
  const Outcome bisect = Membench("compare " + base + " " + slow + " " + same + " --bisect");
  EXPECT_EQ(bisect.status, 128) << bisect.output;
  EXPECT_NE(bisect.output.find("give two sides"), std::string::npos) << bisect.output;
  const Outcome mail = Membench("compare " + base + " " + slow + " " + same + " --format mail");
  EXPECT_EQ(mail.status, 2) << mail.output;
  EXPECT_NE(mail.output.find("--format mail takes two sides"), std::string::npos) << mail.output;
  for (const std::string& path : {base, slow, same, json}) std::remove(path.c_str());
}

TEST(Compare, FilesThatCannotBeComparedAreClearErrors) {
  const std::string good = TempPath("compare_good.json");
  const std::string single = TempPath("compare_single.json");
  const std::string other = TempPath("compare_other.json");
  const std::string bad = TempPath("compare_bad.json");
  ASSERT_EQ(Membench("run memset --size 1M -r 3 --invocations 1 --json " + good).status, 0);
  ASSERT_EQ(Membench("run memset --size 1M -r 1 --invocations 1 --json " + single).status, 0);
  ASSERT_EQ(Membench("run memcpy --size 1M -r 2 --json " + other).status, 0);
  const Outcome one = Membench("compare " + good + " " + single);
  EXPECT_EQ(one.status, 0) << one.output;
  EXPECT_NE(one.output.find("inconclusive: one sample has no variance"), std::string::npos) << one.output;
  const Outcome disjoint = Membench("compare " + good + " " + other);
  EXPECT_EQ(disjoint.status, 2);
  EXPECT_NE(disjoint.output.find("no measurement of"), std::string::npos) << disjoint.output;
  std::ofstream(bad) << "not json";
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("is not a membench result"), std::string::npos);
  WriteJson(bad, {{"hello", 1}});
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("no \"schema\""), std::string::npos);
  nlohmann::json doc = ReadJson(good);
  doc["schema"] = "membench-result/0";
  WriteJson(bad, doc);
  EXPECT_NE(Membench("compare " + good + " " + bad).output.find("has schema membench-result/0"), std::string::npos);
  doc = ReadJson(good);
  doc["measurements"][0]["samples"][0]["wall_ns"] = nullptr;
  WriteJson(bad, doc);
  const Outcome missing = Membench("compare " + good + " " + bad);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("wall_ns is not a number"), std::string::npos) << missing.output;
  for (const auto& path : {good, single, other, bad}) std::remove(path.c_str());
}

}  // namespace
}  // namespace membench
