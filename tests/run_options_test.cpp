// File: tests/run_options_test.cpp
// The options every `membench run` shares: bad input refused with a specific message and
// status 2, Ctrl-C, --precision, interleaving and pairing, --invocations, pools and events
// the machine lacks.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "kernels/kernel.h"
#include "membench_process.h"
#include "sys/memory.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

struct BadInput {
  const char* args;
  const char* message;
};

class CliRejects : public testing::TestWithParam<BadInput> {};

TEST_P(CliRejects, WithASpecificMessageAndStatus2) {
  const Outcome run = Membench(GetParam().args);
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find(GetParam().message), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("samples per point after"), std::string::npos) << "nothing may run";
}

INSTANTIATE_TEST_SUITE_P(
    BadInputs, CliRejects,
    testing::Values(
        BadInput{"run memcpi", "did you mean 'memcpy'"}, BadInput{"run memcpy --impl movsd", "did you mean 'movsb'"},
        BadInput{"run memcpy --sise 4K", "did you mean '--size'"},
        BadInput{"run memcpy --size 4K -e page-fault", "did you mean 'page-faults'"},
        BadInput{"run memcpy --size 12XB", "unknown unit 'xb'"}, BadInput{"run memcpy --size -1", "invalid size '-1'"},
        BadInput{"run memcpy --size 0", "too small"}, BadInput{"run memcpy --size 99999999T", "too large"},
        BadInput{"run memcpy --size 1G..4K", "larger than"}, BadInput{"run memcpy --size 4T", "MemAvailable"},
        BadInput{"run memcpy --size 4K -r 0", "-r 0: must be between 1"},
        BadInput{"run memcpy --size 4K --loops 0", "--loops 0"},
        BadInput{"run memcpy --size 4K --src-offset 5000", "outside"},
        BadInput{"run memcpy --size 4K --cpu 9999", "no such CPU"},
        BadInput{"run memcpy --size 4K --json /nonexistent-dir/r.json", "cannot write --json"},
        BadInput{"run memset --impl clzero2", "did you mean 'clzero'"},
        BadInput{"run memset --size 4K --setting /etc/passwd=1", "only the memory system's settings"},
        BadInput{"run memset --size 4K --setting transparent_hugepage/../x=1", "without '..'"},
        BadInput{"run memset --size 4K --setting transparent_hugepage/no_such_setting=1", "this kernel has no"},
        BadInput{"run memset --size 4K --setting vm/overcommit_memory", "give PATH=VALUE"},
        BadInput{"run memset --size 4K --setting 'vm/overcommit_memory=0;reboot'", "not a value membench writes"}),
    [](const testing::TestParamInfo<BadInput>& param_info) {
      std::string name;
      for (const char* c = param_info.param.args; *c != 0; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name + "_" + std::to_string(param_info.index);
    });

TEST(Cli, ImplTheCpuCannotRunIsRefused) {
  for (const auto& k : FillKernels()) {
    const std::string missing = UnavailableReason(k);
    if (missing.empty()) continue;
    const Outcome run = Membench("run memset --size 4K --impl " + std::string(k.name));
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.output.find("cannot run on this machine"), std::string::npos) << run.output;
    return;
  }
  GTEST_SKIP() << "[cpu-has-all] this CPU runs every fill kernel";
}

// The test-only feature mask makes a CPU with AVX-512 behave as one
// without: `all` leaves its kernels out, naming one is refused, and the run
// says it was masked.
#if defined(__x86_64__)  // the kernels named are x86-64's
TEST(Cli, AMaskedFeatureIsAbsentAndTheRunSaysSo) {
  const std::string mask = "MEMBENCH_CPU_FEATURES_MASK=avx512f,avx2 ";
  const Outcome all = Membench("run memcpy --size 64K --impl all -r 2 --invocations 1", mask);
  ASSERT_EQ(all.status, 0) << all.output;
  // The table's rows start with the kernel's name.
  EXPECT_EQ(all.output.find("\navx512 "), std::string::npos) << all.output;
  EXPECT_EQ(all.output.find("\navx2 "), std::string::npos) << all.output;
  EXPECT_NE(all.output.find("\nsse2 "), std::string::npos) << all.output;
  EXPECT_NE(all.output.find("MEMBENCH_CPU_FEATURES_MASK=avx512f,avx2"), std::string::npos) << all.output;
  const Outcome named = Membench("run memcpy --size 64K --impl avx2 -r 2", mask);
  EXPECT_EQ(named.status, 2) << named.output;
  EXPECT_NE(named.output.find("cannot run on this machine"), std::string::npos) << named.output;
  const Outcome unknown = Membench("run memcpy --size 64K -r 2", "MEMBENCH_CPU_FEATURES_MASK=avx9 ");
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("'avx9' is no feature membench knows"), std::string::npos) << unknown.output;
}
#endif

// Ctrl-C keeps what was measured: the report and the JSON of the points
// completed before it, marked as interrupted, and exit status 130. The
// Ctrl-C comes to the run's process group, as a terminal sends it, once
// the measuring child (in a group of its own, reached through its parent)
// is stopped before its second timed sample: a pause point, not a guessed
// time, since under the sanitizers on a busy machine the points'
// preparation alone can take seconds.
TEST(Cli, InterruptKeepsWhatWasMeasured) {
  const std::string path = TempPath("interrupted.json");
  const std::string log = TempPath("interrupted.log");
  const std::string command =
      "set -m; MEMBENCH_PAUSE_AT=sample#2 " + std::string(MEMBENCH_BINARY) +
      " run memset --size 1M --impl all -r 200 -v --json " + path + " > " + log +
      " 2>&1 & pid=$!; for i in $(seq 1200); do grep -q \"paused at sample\" " + log +
      " && break; sleep 0.1; done; child=$(sed -n \"s/.*paused at sample#2 (pid \\([0-9]*\\)).*/\\1/p\" " + log +
      "); [ -n \"$child\" ] || { kill -KILL -- -$pid; exit 99; }; kill -INT -- -$pid; kill -CONT $child; wait $pid";
  const int raw = std::system(("bash -c '" + command + "'").c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  ASSERT_NE(WEXITSTATUS(raw), 99) << "membench never paused before its second sample";
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(output.find("interrupted"), std::string::npos) << output;
  EXPECT_NE(output.find("Performance counter stats"), std::string::npos) << output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["interrupted"].get<bool>());
  EXPECT_GE(result["measurements"].size(), 1u);
  std::remove(path.c_str());
  std::remove(log.c_str());
}

TEST(Precision, StopsWhenTheGoalIsReachedAndSaysHowManyRuns) {
  const std::string path = TempPath("precision.json");
  // A goal no noise can miss: met at the third sample (half-width 4.3 x
  // stddev / sqrt(3) <= 200% of the mean unless the stddev exceeds 80%).
  const Outcome loose = Membench("run memset --size 64K --precision 200% --min-runs 3 -v --json " + path);
  ASSERT_EQ(loose.status, 0) << loose.output;
  EXPECT_NE(loose.output.find("the +-200% goal was met"), std::string::npos) << loose.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["measurements"][0]["precision"]["reached"].get<bool>());
  EXPECT_EQ(result["measurements"][0]["samples"].size(), 3u);
  const Outcome strict = Membench("run memset --size 64K --precision 0.0001% --max-runs 4 -v");
  ASSERT_EQ(strict.status, 0) << strict.output;
  EXPECT_NE(strict.output.find("NOT reached"), std::string::npos) << strict.output;
  EXPECT_NE(strict.output.find("(4 runs"), std::string::npos) << strict.output;
  for (const char* bad : {"--precision 0", "--precision abc", "--precision 1% --min-runs 10 --max-runs 5"}) {
    const Outcome run = Membench(std::string("run memset --size 64K ") + bad);
    EXPECT_EQ(run.status, 2) << bad << "\n" << run.output;
  }
  std::remove(path.c_str());
}

TEST(Interleaving, PairedByNamesTheTreatmentAndIsKeptInTheResult) {
  const std::string path = TempPath("paired-by.json");
  const Outcome run =
      Membench("run memcpy --size 16K --impl libc,movsb --pages 4k,thp -r 3 -v --paired-by pages --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("pages=thp / 4k"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("impl=movsb / libc"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_EQ(result["paired_by"], "pages");
  for (const auto& pair : result["paired_ratios"]) EXPECT_EQ(pair["param"], "pages");
  const Outcome shown = Membench("report " + path + " -v");
  EXPECT_NE(shown.output.find("pages=thp / 4k"), std::string::npos) << shown.output;
  const Outcome by_default = Membench("run memcpy --size 16K --impl libc,movsb --pages 4k,thp -r 3 -v");
  EXPECT_NE(by_default.output.find("# paired along impl, the first parameter that varies; --paired-by pages"),
            std::string::npos)
      << by_default.output;
  const Outcome nothing = Membench("run memcpy --size 16K --impl libc --pages 4k,thp -r 1 --paired-by impl");
  EXPECT_EQ(nothing.status, 2);
  EXPECT_NE(nothing.output.find("--paired-by impl: impl takes one value in this run (libc)"), std::string::npos)
      << nothing.output;
}

// A run is several separate processes by default; a Ctrl-C (SIGINT to the
// parent alone, as a script sends it) ends the invocation under way as it
// would a run alone, starts no other, and keeps every sample taken: the
// whole first invocation at least. No process is left behind.
TEST(Invocations, AStopKeepsWhatTheInvocationsMeasuredAndStartsNoMore) {
  const std::string json = TempPath("invocations_stopped.json");
  const std::string run = std::string(MEMBENCH_BINARY) +
                          " run memset --size 1M -r 3 --loops 3000 --invocations 6 --json " + json;
  // The signal comes once the second invocation's process is there: the
  // first has handed its result back.
  const std::string wait_second =
      "first=; for i in $(seq 2400); do c=$(pgrep -P $pid); "
      "if [ -n \"$c\" ] && [ \"$c\" != \"$first\" ]; then [ -z \"$first\" ] && first=$c || break; fi; "
      "sleep 0.02; done; sleep 0.2; ";
  const Outcome o = RunCommand(run + " > /dev/null 2>&1 & pid=$!; " + wait_second +
                               "kill -INT $pid; wait $pid; echo ended $?; for p in $(pgrep -x membench); do grep -l "
                               "invocations_stopped /proc/$p/cmdline; done 2>/dev/null | wc -l");
  EXPECT_NE(o.output.find("ended 130\n0\n"), std::string::npos) << o.output;
  const nlohmann::json result = ReadJson(json);
  EXPECT_TRUE(result["interrupted"].get<bool>());
  EXPECT_LT(result["invocations"].get<int>(), 6) << "every invocation ran: the stop started more";
  int first = 0;
  for (const auto& sample : result["measurements"][0]["samples"]) first += sample["invocation"] == 0 ? 1 : 0;
  EXPECT_EQ(first, 3);
  std::remove(json.c_str());
}

TEST(Invocations, BadCountsAndPrecisionAreRefused) {
  EXPECT_EQ(Membench("run memset --size 64K --invocations 0").status, 2);
  const Outcome both = Membench("run memset --size 64K --invocations 3 --precision 1%");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.output.find("--precision samples one invocation"), std::string::npos) << both.output;
  // --precision alone is one invocation.
  const Outcome precise = Membench("run memset --size 64K --precision 5% --max-runs 4 --min-runs 2");
  EXPECT_EQ(precise.status, 0) << precise.output;
  EXPECT_EQ(precise.output.find("invocations (separate processes)"), std::string::npos) << precise.output;
}

TEST(Interleaving, IsTheDefaultAndGivesPairedRatios) {
  const std::string path = TempPath("interleaved.json");
  const Outcome run = Membench("run memset --size 64K --impl libc,stosb -r 6 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("round-robin"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("impl=stosb / libc"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(path);
  EXPECT_TRUE(result["interleaved"].get<bool>());
  EXPECT_EQ(result["paired_ratios"].size(), 1u);
  const Outcome sequential = Membench("run memset --size 64K --impl libc,stosb -r 3 --order sequential");
  ASSERT_EQ(sequential.status, 0) << sequential.output;
  EXPECT_EQ(sequential.output.find("paired ratios"), std::string::npos) << sequential.output;
  // Without -r, as many rounds as the comparisons need; with too few, one
  // line says how many, instead of one "inconclusive" per row.
  const std::string decided_path = TempPath("decided.json");
  const Outcome decided = Membench("run memset --size 64K --impl libc,stosb,avx2 --json " + decided_path);
  ASSERT_EQ(decided.status, 0) << decided.output;
  EXPECT_EQ(decided.output.find("\033["), std::string::npos) << "colour in a pipe: " << decided.output;
  // Seven rounds shared out among the default three invocations.
  EXPECT_NE(decided.output.find("-r not given: 3 samples per point in each of 3 invocations"), std::string::npos)
      << decided.output;
  EXPECT_EQ(ReadJson(decided_path)["measurements"][0]["samples"].size(), 9u);
  std::remove(decided_path.c_str());
  const Outcome too_few = Membench("run memset --size 64K --impl libc,stosb,avx2 -r 3 --invocations 1 -v");
  ASSERT_EQ(too_few.status, 0) << too_few.output;
  EXPECT_NE(too_few.output.find("# inconclusive: 3 rounds are too few for a 97.5% interval; -r 7 or more gives one"),
            std::string::npos)
      << too_few.output;
  EXPECT_EQ(too_few.output.find("inconclusive: 3 rounds are too few for a 97.5% interval (need"), std::string::npos)
      << too_few.output;
  // clear has an --order of its own: the sample order is --sample-order there.
  EXPECT_EQ(Membench("run clear --page 2M --size 4M --sample-order sequential -r 2").status, 0);
  std::remove(path.c_str());
}

// A short pool fails the whole run before its first point, saying how many
// pages to reserve, never with a SIGBUS halfway through.
TEST(Cli, HugetlbPoolTooSmallFailsBeforeAnythingRuns) {
  if (!sys::ReadHugetlbPool(kPage2m).exists) GTEST_SKIP() << "[no-hugetlb] this kernel offers no 2 MiB hugetlb pages";
  const Outcome run = Membench("run memset --size 4M,64G --pages hugetlb-2m -r 1");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("free 2 MiB pages are needed"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("nr_hugepages"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("samples per point after"), std::string::npos) << run.output;
}

TEST(Cli, UnsupportedEventsShowAndDoNotAbort) {
  const Outcome run = Membench("run memset --size 64K -r 2 -v -e task-clock,cycles,page-faults:u");
  ASSERT_EQ(run.status, 0) << run.output;
  if (run.output.find("hardware PMU: no") != std::string::npos) {
    EXPECT_NE(run.output.find("<not supported>      cycles"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("# <not supported>: cycles: no hardware PMU"), std::string::npos) << run.output;
  }
  EXPECT_NE(run.output.find("page-faults:u"), std::string::npos);
}

}  // namespace
}  // namespace membench
