// File: tests/doctor_test.cpp
// `membench doctor` on this very machine: the whole check list, as text and
// JSON, quickly, as root and as an unprivileged user, changing nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "membench_process.h"

namespace membench {
namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The settings the doctor reads and a careless one might write.
std::string Settings() {
  std::string out;
  for (const char* path :
       {"/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/mm/transparent_hugepage/defrag",
        "/sys/kernel/mm/ksm/run", "/proc/sys/kernel/perf_event_paranoid", "/proc/sys/kernel/nmi_watchdog"}) {
    out += ReadAll(path);
  }
  return out;
}

void ExpectACompleteCheckList(const std::string& prefix) {
  const Outcome json = Membench("doctor --json", prefix);
  ASSERT_EQ(json.status, 0) << json.output;
  const auto doc = nlohmann::json::parse(json.output);
  EXPECT_EQ(doc["schema"], "membench-doctor/1");
  std::set<std::string> names;
  for (const auto& check : doc["checks"]) names.insert(check["name"].get<std::string>());
  for (const char* name : {"frequency governor",
                           "boost/turbo",
                           "SMT (hyper-threading)",
                           "isolated CPUs",
                           "nohz_full CPUs",
                           "ASLR",
                           "perf_event_paranoid",
                           "NMI watchdog",
                           "hardware PMU",
                           "tracefs",
                           "THP",
                           "THP defrag",
                           "mTHP sizes",
                           "hugetlb pools",
                           "KSM",
                           "zswap",
                           "swap",
                           "zero page",
                           "NUMA nodes",
                           "cgroup memory.max",
                           "cgroup memory.high",
                           "cgroup cpu.max",
                           "hypervisor",
                           "steal time",
                           "command-line flags",
                           "init_on_alloc",
                           "cache sizes (CPUID / sysfs / hwloc)"}) {
    EXPECT_EQ(names.count(name), 1u) << name << " missing from the check list";
  }
}

TEST(Doctor, TheCheckListIsCompleteQuickAndChangesNothing) {
  const std::string before = Settings();
  ExpectACompleteCheckList("");
  const Outcome text = Membench("doctor");
  ASSERT_EQ(text.status, 0) << text.output;
  EXPECT_NE(text.output.find("membench doctor: "), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("Nothing was changed"), std::string::npos) << text.output;
  EXPECT_EQ(Settings(), before);
}

TEST(Doctor, AnUnprivilegedUserGetsTheSameList) {
  if (::geteuid() != 0) {
    ExpectACompleteCheckList("");
    return;
  }
  if (RunCommand("runuser -u nobody -- test -x " MEMBENCH_BINARY).status != 0) {
    GTEST_SKIP() << "[private-build-dir] the user nobody cannot run " MEMBENCH_BINARY " (a private build directory)";
  }
  ExpectACompleteCheckList("runuser -u nobody -- ");
}

TEST(Doctor, JsonAndNoiseTogetherAreRefused) {
  const Outcome out = Membench("doctor --json --noise");
  EXPECT_NE(out.status, 0);
  EXPECT_NE(out.output.find("--json prints the check list only"), std::string::npos) << out.output;
}

// The self-test: a line a check, each passed, FAILED or not here with
// its reason; this CPU's kernels always run; it runs alone.
TEST(Doctor, SelfTestSaysOfEachCheckWhetherItPassedOrWhyItCannotRunHere) {
  const Outcome run = Membench("doctor --self-test");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(std::regex_search(run.output, std::regex("kernels against the reference +passed +[0-9]+ copy and fill")))
      << run.output;
  EXPECT_TRUE(std::regex_search(run.output, std::regex("hardware counters on a memcpy +(passed|not here) ")))
      << run.output;
  EXPECT_TRUE(std::regex_search(run.output, std::regex("\\n[0-9]+ passed, 0 failed, [0-9]+ not here\\n")))
      << run.output;
  const Outcome with_json = Membench("doctor --self-test --json");
  EXPECT_EQ(with_json.status, 2) << with_json.output;
  EXPECT_NE(with_json.output.find("--self-test runs alone"), std::string::npos) << with_json.output;
}

}  // namespace
}  // namespace membench
