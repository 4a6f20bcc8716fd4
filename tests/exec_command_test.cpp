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

}  // namespace
}  // namespace membench
