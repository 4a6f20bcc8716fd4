// File: tests/exec_command_test.cpp
// `membench exec`: any program measured under the counters, its failures refused.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "membench_process.h"

namespace membench {
namespace {

TEST(Exec, RunsAnyProgramUnderCountersAndRefusesFailures) {
  const std::string path = TempPath("exec.json");
  const Outcome ok = Membench("exec -r 3 -e page-faults,task-clock --json " + path + " -- sh -c true");
  ASSERT_EQ(ok.status, 0) << ok.output;
  EXPECT_NE(ok.output.find("runs/s"), std::string::npos) << ok.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"][0]["samples"].size(), 3u);
  EXPECT_GT(FaultsPerSample(result["measurements"][0]), 0.0);  // the program's own faults, from its execve
  // The kernel's accounting around each run: the command's faults are in it.
  for (const auto& s : result["measurements"][0]["samples"]) {
    EXPECT_GT(s["kernel_deltas"].value("vmstat.pgfault", 0), 0) << s;
  }
  const Outcome failing = Membench("exec -r 3 -- sh -c \"exit 3\"");
  EXPECT_EQ(failing.status, 2) << failing.output;
  EXPECT_NE(failing.output.find("ended with exit status 3 in run 1"), std::string::npos) << failing.output;
  EXPECT_EQ(Membench("exec -r 2 --ignore-status -- sh -c \"exit 3\"").status, 0);
  const Outcome missing = Membench("exec -- membench-no-such-program");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("cannot start 'membench-no-such-program'"), std::string::npos) << missing.output;
  const Outcome none = Membench("exec");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.output.find("no command given"), std::string::npos) << none.output;
  std::remove(path.c_str());
}

// --profile follows the command: its process was forked before the
// window opened, and every sample of it is kept.
TEST(Exec, ProfileKeepsTheCommandsSamples) {
  const std::string path = TempPath("exec-profile.json");
  const Outcome run =
      Membench("exec -r 2 --profile --json " + path + " -- dd if=/dev/zero of=/dev/null bs=1M count=3000");
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  for (const auto& s : result["measurements"][0]["samples"]) {
    EXPECT_GT(s["profile_samples"].get<std::uint64_t>(), 0u) << s;
  }
  std::remove(path.c_str());
}

// perf bench's rate and hackbench's time as the programs print them: the
// sample's rate is the printed figure, one match a run, and the process's
// own time (set-up included: the sleep) is kept beside it.
TEST(Exec, RateAndTimeFromTheProgramsOwnOutput) {
  const std::string rate_path = TempPath("exec-rate.json");
  const Outcome rate =
      Membench("exec -r 3 --rate-from '([0-9.]+) GB/sec' GB/sec --json " + rate_path +
               " -- sh -c 'sleep 0.05; echo \"# Copying 1GB bytes ...\"; echo \"      3.500000 GB/sec\"'");
  ASSERT_EQ(rate.status, 0) << rate.output;
  EXPECT_NE(rate.output.find("GB/s"), std::string::npos) << rate.output;
  EXPECT_NE(rate.output.find("the rate is the program's own figure"), std::string::npos) << rate.output;
  const nlohmann::json rate_result = ReadJson(rate_path);
  const nlohmann::json& m = rate_result["measurements"][0];
  EXPECT_EQ(m["work_unit"], "bytes");
  EXPECT_EQ(m["program_figure"]["kind"], "rate-from");
  ASSERT_EQ(m["samples"].size(), 3u);
  for (const auto& s : m["samples"]) {
    EXPECT_DOUBLE_EQ(s["program_rate"].get<double>(), 3.5 * 1024 * 1024 * 1024) << s;  // perf's GB/sec: 2^30
    EXPECT_GE(s["wall_ns"].get<std::int64_t>(), 50'000'000) << s;  // the whole process, its sleep included
  }
  EXPECT_DOUBLE_EQ(m["stats"]["rate_per_second"]["mean"].get<double>(), 3.5 * 1024 * 1024 * 1024);

  const std::string time_path = TempPath("exec-time.json");
  const Outcome time = Membench("exec -r 2 --time-from 'Time: ([0-9.]+)' s --json " + time_path +
                                " -- sh -c 'echo Running in process mode; echo Time: 0.250'");
  ASSERT_EQ(time.status, 0) << time.output;
  const nlohmann::json time_result = ReadJson(time_path);
  for (const auto& s : time_result["measurements"][0]["samples"]) {
    EXPECT_DOUBLE_EQ(s["program_rate"].get<double>(), 4.0) << s;  // runs a second: one over 0.25 s
  }
  EXPECT_EQ(time_result["measurements"][0]["work_unit"], "runs");
  // No cycles a run: they would be the whole process's, beside the time the program printed.
  EXPECT_EQ(time_result["measurements"][0]["stats"]["cycles_per_unit"].get<double>(), 0.0);

  // compare reads the printed figures: a time of 0.25 s against 0.5 s is a
  // run twice as long, and the rate row of a printed rate says whose the
  // time row is.
  const std::string slower_path = TempPath("exec-time-slower.json");
  ASSERT_EQ(
      Membench("exec -r 2 --time-from 'Time: ([0-9.]+)' s --json " + slower_path + " -- sh -c 'echo Time: 0.5'").status,
      0);
  const Outcome compared = Membench("compare --ignore command " + time_path + " " + slower_path);
  ASSERT_EQ(compared.status, 0) << compared.output;
  EXPECT_NE(compared.output.find("-50.0%"), std::string::npos) << compared.output;
  const Outcome process_time = Membench("compare " + rate_path + " " + rate_path);
  EXPECT_NE(process_time.output.find("process time (ns/run)"), std::string::npos) << process_time.output;
  for (const std::string& path : {rate_path, time_path, slower_path}) std::remove(path.c_str());
}

TEST(Exec, AProgramWhoseOutputDoesNotMatchIsAnErrorNamingThePattern) {
  const Outcome silent = Membench("exec -r 2 --rate-from '([0-9.]+) GB/sec' GB/s -- sh -c true");
  EXPECT_EQ(silent.status, 2) << silent.output;
  EXPECT_NE(silent.output.find("no match for the pattern '([0-9.]+) GB/sec'"), std::string::npos) << silent.output;
  const Outcome twice = Membench("exec -r 2 --time-from 'Time: ([0-9.]+)' s -- sh -c 'echo Time: 1; echo Time: 2'");
  EXPECT_EQ(twice.status, 2) << twice.output;
  EXPECT_NE(twice.output.find("2 times"), std::string::npos) << twice.output;
  const Outcome unit = Membench("exec --rate-from '([0-9.]+)' furlongs/s -- sh -c 'echo 1'");
  EXPECT_EQ(unit.status, 2) << unit.output;
  EXPECT_NE(unit.output.find("'furlongs/s' is not a rate membench knows"), std::string::npos) << unit.output;
  const Outcome both = Membench("exec --rate-from '([0-9.]+)' GB/s --time-from '([0-9.]+)' s -- sh -c 'echo 1'");
  EXPECT_EQ(both.status, 2) << both.output;
  EXPECT_NE(both.output.find("give one of them"), std::string::npos) << both.output;
}

}  // namespace
}  // namespace membench
