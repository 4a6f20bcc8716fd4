// File: tests/run_processes_test.cpp
// `membench run` of the workloads made of processes and threads (--procs/--threads workers,
// pressure, spawn, mapping, protfault, the lmbench ones, slab, hackbench) and `run lmsummary`:
// every worker counted, nothing left behind.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "membench_process.h"
#include "paused_run.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

bool ProcessesLeft(const std::string& marker) {
  // "[m]embench" keeps pgrep's own shell, whose command line holds the
  // pattern, from matching.
  return std::system(("pgrep -f \"[m]embench run .*" + marker + "\" > /dev/null").c_str()) == 0;
}

// Processes whose environment holds `marker`: membench's children carry
// its environment, so this finds every one it left, whatever its name.
int ProcessesWithEnvironment(const std::string& marker) {
  int found = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream environ(entry.path() / "environ");
    const std::string text((std::istreambuf_iterator<char>(environ)), std::istreambuf_iterator<char>());
    if (text.find(marker) != std::string::npos) ++found;
  }
  return found;
}

// Every worker's first touches are counted: the per-worker counters are
// summed, so 4 KiB first-touch faults are exactly workers x size / 4 KiB.
TEST(Workers, CountersCoverEveryWorker) {
  for (const std::string kind : {"procs", "threads"}) {
    const std::string path = TempPath(kind + ".json");
    const Outcome run = Membench("run memset --size 8M --pages 4k --prefault none -e page-faults -r 2 -v --" + kind +
                                 " 1,2 --json " + path);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("sum of worker rates"), std::string::npos) << run.output;
    const nlohmann::json result = ReadJson(path);
    ASSERT_EQ(result["measurements"].size(), 2u);
    for (const auto& m : result["measurements"]) {
      const auto workers = m["point"][kind].get<std::uint64_t>();
      EXPECT_EQ(m["samples"][0]["worker_wall_ns"].size(), workers);
      EXPECT_EQ(m["samples"][0]["work"].get<std::uint64_t>(), workers * (8u << 20));
      const double faults = FaultsPerSample(m);
      EXPECT_GE(faults, 2048.0 * static_cast<double>(workers)) << kind;
      EXPECT_LE(faults, 2048.0 * static_cast<double>(workers) + 64) << kind;
    }
    std::remove(path.c_str());
  }
}

// A worker killed mid-run ends the run with its name and signal, and
// leaves no process behind: killed while the run is stopped before its
// second sample, its workers all there.
TEST(Workers, KilledWorkerEndsTheRunCleanly) {
  PausedRun run("run memset --size 1M --procs 3 -r 100000", "sample#2", "", TempPath("killed-worker.log"));
  ASSERT_TRUE(run.paused()) << run.ended_early().out;
  const std::vector<pid_t> workers = ChildrenOf(run.stopped());
  ASSERT_GE(workers.size(), 2u) << "the measuring process has its workers before its sample";
  ::kill(workers.back(), SIGKILL);
  WaitUntilDead(workers.back());
  const Ended ended = run.ContinueAndWait();
  EXPECT_NE(ended.out.find("was killed by signal 9"), std::string::npos) << ended.out;
  EXPECT_EQ(ended.code, 2) << ended.out;
  EXPECT_FALSE(MarkedProcessesLeft()) << "a worker outlived the run";
}

TEST(Workers, BadCountsAndLimitsAreRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"run memset --size 4K --procs 0", "--procs: 0 is outside 1..4096"},
      {"run memset --size 4K --procs 2 --threads 2", "not both"},
      {"run memset --size 4K --threads 5000", "outside 1..4096"},
      {"run memset --size 8G --procs 4000", "MemAvailable"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
  const Outcome limited = Membench("run memset --size 4K --procs 64", "prlimit --nproc=8 ");
  EXPECT_EQ(limited.status, 2) << limited.output;
  EXPECT_NE(limited.output.find("process limit of 8"), std::string::npos) << limited.output;
}

// Pressure processes run for the whole run and are gone after it, also
// after Ctrl-C.
TEST(Pressure, ProcessesRunAndAreStoppedEvenOnCtrlC) {
  const std::string marker = TempPath("pressure.json");
  const Outcome run = Membench("run memset --size 1M -r 2 --pressure 2 --json " + marker);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("2 pressure processes streamed through"), std::string::npos) << run.output;
  EXPECT_FALSE(ProcessesLeft(marker));
  // Ctrl-C while the run is stopped before its second sample, its pressure
  // processes streaming.
  PausedRun interrupted("run memset --size 1M -r 100000 --pressure 2 --json " + marker, "sample#2", "",
                        TempPath("pressure.log"));
  ASSERT_TRUE(interrupted.paused()) << interrupted.ended_early().out;
  EXPECT_GE(ChildrenOf(interrupted.stopped()).size(), 2u) << "the pressure processes run beside the sample";
  ::kill(interrupted.runner(), SIGINT);
  const Ended ended = interrupted.ContinueAndWait();
  EXPECT_EQ(ended.code, 130) << ended.out;
  EXPECT_FALSE(MarkedProcessesLeft());
  std::remove(marker.c_str());
  const Outcome too_many = Membench("run memset --size 1M --pressure 100000");
  EXPECT_EQ(too_many.status, 2) << too_many.output;
  EXPECT_NE(too_many.output.find("use fewer pressure processes"), std::string::npos) << too_many.output;
}

TEST(ProcessAndVm, SpawnMappingAndProtfaultRunEveryVariant) {
  for (const char* args : {"run spawn --how fork,exec,shell -r 2", "run mapping --kind anon,file --size 256K -r 2",
                           "run protfault --recovery skip,mprotect -r 2"}) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 0) << args << "\n" << run.output;
    EXPECT_EQ(run.output.find("NOT HONOURED"), std::string::npos) << run.output;
  }
}

// spawn forks from a small parent by default, as lmbench's lat_proc does:
// the note gives its resident set beside membench's, and --parent membench
// still measures forks of membench itself.
TEST(ProcessAndVm, SpawnForksFromASmallParentAndSaysHowSmall) {
  const Outcome run = Membench("run spawn --how fork,exec --parent small,membench -r 2 -v");
  ASSERT_EQ(run.status, 0) << run.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(run.output, m,
                                std::regex("from membench-forker \\(([0-9.]+) (KiB|MiB) resident; membench itself: "
                                           "([0-9.]+) (KiB|MiB)\\)")))
      << run.output;
  const auto bytes = [](const std::string& number, const std::string& unit) {
    return std::stod(number) * (unit == "MiB" ? 1024.0 * 1024.0 : 1024.0);
  };
  EXPECT_GT(bytes(m[1].str(), m[2].str()), 0.0) << run.output;
  EXPECT_LT(bytes(m[1].str(), m[2].str()), bytes(m[3].str(), m[4].str())) << run.output;
  EXPECT_NE(run.output.find("started before each sample's clock"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("from membench itself ("), std::string::npos) << run.output;
}

TEST(ProcessAndVm, MissingHelperAndUnwritableScratchAreClearErrors) {
  // A copy of membench with no membench-helper beside it.
  const std::string dir = TempPath("lonely");
  ASSERT_EQ(std::system(("mkdir -p " + dir + " && cp " + std::string(MEMBENCH_BINARY) + " " + dir).c_str()), 0);
  const Outcome lonely = RunCommand(dir + "/membench run spawn --how exec");
  EXPECT_EQ(lonely.status, 2) << lonely.output;
  EXPECT_NE(lonely.output.find("looked for at " + dir + "/membench-helper"), std::string::npos) << lonely.output;
  std::system(("rm -rf " + dir).c_str());
  const Outcome no_dir = Membench("run mapping --kind file", "TMPDIR=/nonexistent ");
  EXPECT_EQ(no_dir.status, 2) << no_dir.output;
  EXPECT_NE(no_dir.output.find("TMPDIR=DIR"), std::string::npos) << no_dir.output;
}

TEST(ProcessAndVm, LmbenchWorkloadsMeasureAndLeaveNoProcessOrFileBehind) {
  const std::pair<const char*, const char*> runs[] = {
      {"run syscall --op null,read,write,stat,open-close,sig-install,sig-handle -r 2", "calls"},
      {"run ctxswitch --ring 1,2,4 --footprint 0,16K -r 2", "switches"},
      {"run ipc --kind pipe,unix --measure latency -r 2", "round-trips"},
      {"run ipc --kind pipe,unix --measure bandwidth -r 2", "bytes"},
      {"run fileops --op create,delete --file-size 0,10K --files 50 -r 2", "files"},
  };
  const std::string scratch = TempPath("lmbench_scratch");
  const std::string path = TempPath("lmbench_rows.json");
  for (const auto& [args, unit] : runs) {
    std::filesystem::create_directories(scratch);
    const Outcome run = Membench(std::string(args) + " --json " + path, "TMPDIR=" + scratch + " ");
    ASSERT_EQ(run.status, 0) << args << "\n" << run.output;
    const nlohmann::json result = ReadJson(path);  // named: a range-for over a temporary's member dangles
    for (const auto& m : result["measurements"]) {
      EXPECT_EQ(m["work_unit"], unit) << args;
      EXPECT_GT(m["stats"]["rate_per_second"]["mean"].get<double>(), 0) << args;
    }
    EXPECT_TRUE(std::filesystem::is_empty(scratch)) << args << ": a scratch file was left";
    EXPECT_EQ(ProcessesWithEnvironment("TMPDIR=" + scratch), 0) << args << ": a child process was left";
    std::filesystem::remove_all(scratch);
  }
  std::remove(path.c_str());
}

TEST(ProcessAndVm, LmbenchWorkloadsRefuseBadParameters) {
  const std::pair<const char*, const char*> cases[] = {
      {"run syscall --op nul", "did you mean 'null'"},
      {"run ctxswitch --footprint 12", "not a whole number of 8-byte words"},
      {"run ctxswitch --ring 0", "ring"},
      {"run ipc --kind tcp", "unix"},
      {"run fileops --op rename", "create"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome run = Membench(args);
    EXPECT_EQ(run.status, 2) << args << "\n" << run.output;
    EXPECT_NE(run.output.find(message), std::string::npos) << args << "\n" << run.output;
  }
  const Outcome no_dir = Membench("run fileops", "TMPDIR=/nonexistent ");
  EXPECT_EQ(no_dir.status, 2) << no_dir.output;
  EXPECT_NE(no_dir.output.find("TMPDIR=DIR"), std::string::npos) << no_dir.output;
}

TEST(LmSummary, PrintsEverySectionWithNoiseAndSavesEveryMeasurement) {
  const std::string path = TempPath("lmsummary.json");
  const Outcome run = Membench("run lmsummary -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  for (const char* row : {"Processes - times in microseconds",
                          "fork proc",
                          "exec proc",
                          "sh proc",
                          "File & VM system latencies",
                          "prot fault",
                          "page fault (anon, 4 KiB)",
                          "mmap latency",
                          "Local communication bandwidths",
                          "bcopy (libc)",
                          "mem read",
                          "mem write",
                          "( +-",
                          "null call",
                          "null I/O read",
                          "null I/O write",
                          "stat",
                          "open clos",
                          "sig inst",
                          "sig hndl",
                          "Context switching - times in microseconds",
                          "2p/0K",
                          "2p/16K",
                          "2p/64K",
                          "8p/16K",
                          "8p/64K",
                          "16p/16K",
                          "16p/64K",
                          "Local communication latencies in microseconds",
                          "Pipe",
                          "AF UNIX",
                          "0K File Create",
                          "0K File Delete",
                          "10K File Create",
                          "10K File Delete"}) {
    EXPECT_NE(run.output.find(row), std::string::npos) << row << "\n" << run.output;
  }
  EXPECT_EQ(ReadJson(path)["measurements"].size(), 35u);
  std::remove(path.c_str());
}

TEST(Slab, PrefetchVariantsGiveNsPerPairAndBadSizesAreRefused) {
  const Outcome run = Membench("run slab --prefetch none,fast,slow,fast+slow --pattern lifo,random --batch 4096 -r 2");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("ns/pair"), std::string::npos) << run.output;
  const Outcome big = Membench("run slab --object-size 64K --slab-pages 2");
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.output.find("larger than the slab"), std::string::npos) << big.output;
  EXPECT_EQ(Membench("run slab --object-size 0").status, 2);
  EXPECT_NE(Membench("run slab --impl malloc --prefetch fast").output.find("applies to --impl slub only"),
            std::string::npos);
}

TEST(Hackbench, EveryModeAndIpcDeliversEveryMessage) {
  const std::string path = TempPath("hackbench.json");
  const Outcome run = Membench(
      "run hackbench --groups 2 --fds 5 --loops 20 --mode process,thread --ipc socket,pipe -r 2 --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  ASSERT_EQ(result["measurements"].size(), 4u);
  for (const auto& m : result["measurements"]) {
    EXPECT_EQ(m["samples"][0]["work"].get<std::uint64_t>(), 2u * 5 * 5 * 20);  // messages
    // The counters follow the senders and receivers: they spend
    // milliseconds of CPU on 1,000 messages, the runner waiting for them
    // microseconds.
    if (m["point"]["mode"] == "process") {
      double task_clock_ns = 0;
      for (const auto& c : m["stats"]["counters"]) {
        if (c["event"] == "task-clock") task_clock_ns = c["summary"]["mean"].get<double>();
      }
      EXPECT_GE(task_clock_ns, 1e6) << m["point"];
    }
  }
  std::remove(path.c_str());
}

TEST(Hackbench, LimitsAreCheckedWithTheWayToRaiseThem) {
  const Outcome files = Membench("run hackbench --groups 10 --fds 20", "prlimit --nofile=64 ");
  EXPECT_EQ(files.status, 2) << files.output;
  EXPECT_NE(files.output.find("ulimit -n"), std::string::npos) << files.output;
  const Outcome procs = Membench("run hackbench --groups 10 --fds 20", "prlimit --nproc=50 ");
  EXPECT_EQ(procs.status, 2) << procs.output;
  EXPECT_NE(procs.output.find("process limit (ulimit -u) is 50"), std::string::npos) << procs.output;
}

}  // namespace
}  // namespace membench
