// File: tests/kill_matrix_test.cpp
// The kill-and-interrupt matrix: membench is stopped at a named moment of a
// run (MEMBENCH_PAUSE_AT, sys/pause_point.h) and sent SIGINT once, SIGINT
// and a second stop signal, SIGTERM, or SIGKILL of the runner or of one worker. Afterwards no
// membench process is left, every machine setting is as before (after a
// SIGKILL: the next membench names the leftover with the exact command, and
// `membench restore` puts it back), no result file is truncated, the store
// opens with whole runs only, and what was measured before the signal is
// printed where the signal allows it.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "membench_process.h"
#include "paused_run.h"
#include "postgres_cluster.h"
#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/membench_child.h"

namespace membench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// kSecond: SIGINT, and SIGTERM before the first is handled: both are
// pending while membench is stopped, and the lower-numbered SIGINT is
// handled first (two SIGINTs would merge into one pending signal). A
// second SIGINT while a long sample runs is tested in
// system_settings_test.
enum class Blow { kIntOnce, kSecond, kTerm, kKillRunner, kKillWorker };

std::string NameOf(Blow blow) {
  switch (blow) {
    case Blow::kIntOnce:
      return "SIGINT once";
    case Blow::kSecond:
      return "SIGINT, then SIGTERM";
    case Blow::kTerm:
      return "SIGTERM";
    case Blow::kKillRunner:
      return "SIGKILL of the runner";
    case Blow::kKillWorker:
      return "SIGKILL of a worker";
  }
  return "";
}

struct Case {
  std::string moment;  // MEMBENCH_PAUSE_AT
  std::string args;    // to membench
  // Whether a SIGKILL at the moment leaves something for `membench restore`.
  bool kill_leaves_a_change = false;
};

class KillMatrix : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempPath("kill_matrix");
    fs::remove_all(dir_);
    fs::create_directories(dir_ + "/tmp");
    state_ = dir_ + "/state";
  }
  void TearDown() override {
    for (const pid_t pid : MarkedProcesses()) ::kill(pid, SIGKILL);
    // A failed case may have left a change: put back before its record goes.
    Next("restore");
    fs::remove_all(dir_);
  }

  // The environment of every membench the test runs.
  std::string Environment() const {
    return ProcessMarker() + " MEMBENCH_STATE_DIR=" + state_ + " TMPDIR=" + dir_ +
           "/tmp MEMBENCH_STORE= XDG_STATE_HOME=" + dir_ + "/xdg-state XDG_DATA_HOME=" + dir_ + "/xdg-data";
  }

  // A later membench, as the user would run it next.
  Outcome Next(const std::string& args) const {
    return RunCommand(Environment() + " " + std::string(MEMBENCH_BINARY) + " " + args);
  }

  // Runs the case, stops it at its moment and delivers the blow; at most a
  // minute for it all.
  Ended Deliver(const Case& c, Blow blow) {
    // One invocation: the blows land on the process that measures (a run
    // of several is a parent waiting on such children, checked in
    // run_options_test.cpp's Invocations tests).
    const std::string args = c.args.rfind("run ", 0) == 0 ? c.args + " --invocations 1" : c.args;
    PausedRun run(args, c.moment, Environment(), dir_ + "/out");
    if (!run.paused()) return run.ended_early();
    const pid_t runner = run.runner();
    const pid_t paused = run.stopped();
    switch (blow) {
      case Blow::kIntOnce:
        ::kill(runner, SIGINT);
        break;
      case Blow::kSecond:
        ::kill(runner, SIGINT);
        ::kill(runner, SIGTERM);
        break;
      case Blow::kTerm:
        ::kill(runner, SIGTERM);
        break;
      case Blow::kKillRunner:
        ::kill(runner, SIGKILL);
        break;
      case Blow::kKillWorker: {
        // The paused worker, or when the runner paused, its first child.
        const std::vector<pid_t> children = ChildrenOf(runner);
        const pid_t worker = paused != runner ? paused : children.empty() ? 0 : children.front();
        if (worker > 0) {
          ::kill(worker, SIGKILL);
          WaitUntilDead(worker);
        } else {
          ADD_FAILURE() << "no worker to kill";
        }
        break;
      }
    }
    const Ended ended = run.ContinueAndWait(60s);
    if (ended.timed_out) ADD_FAILURE() << "membench did not end within a minute of " << NameOf(blow);
    return ended;
  }

  // What every case must leave: the right end, no process, nothing left
  // changed once a SIGKILL's leftovers are put back as the next run says.
  void CheckEnd(const Case& c, Blow blow, const Ended& e) {
    SCOPED_TRACE(c.moment + ", " + NameOf(blow) + ": " + e.out);
    ASSERT_TRUE(e.paused) << "membench never paused at " << c.moment;
    switch (blow) {
      case Blow::kIntOnce:
      case Blow::kTerm:
        // A graceful stop: what was measured is printed. Once everything is
        // measured (a file being written) the result is whole, and says so.
        EXPECT_EQ(e.code, c.moment == "json-write" || c.moment == "store-save" ? 0 : 130);
        break;
      case Blow::kSecond:
        // At once, the handler having put back what it could.
        EXPECT_EQ(e.signal, SIGTERM);
        break;
      case Blow::kKillRunner:
        EXPECT_EQ(e.signal, SIGKILL);
        break;
      case Blow::kKillWorker:
        EXPECT_EQ(e.code, 2);
        EXPECT_NE(e.out.find("was killed by signal 9"), std::string::npos);
        break;
    }
    EXPECT_FALSE(MarkedProcessesLeft());
    const Outcome leftovers = Next("restore --dry-run");
    if (blow == Blow::kKillRunner && c.kill_leaves_a_change) {
      EXPECT_NE(leftovers.output.rfind("nothing to restore", 0), 0u) << leftovers.output;
      // What the next run says is exactly what restore does.
      const Outcome warned = Next("run memset --size 64K -r 1 --warmup 0 --loops 1");
      const Outcome restored = Next("restore");
      EXPECT_EQ(restored.status, 0) << restored.output;
      std::istringstream commands(leftovers.output);
      for (std::string command; std::getline(commands, command);) {
        if (command.rfind("nothing to restore", 0) == 0) break;
        EXPECT_NE(warned.output.find("to put it back: " + command), std::string::npos) << warned.output;
        EXPECT_NE(restored.output.find("(" + command + ")"), std::string::npos) << restored.output;
      }
    } else {
      EXPECT_EQ(leftovers.output.rfind("nothing to restore", 0), 0u) << leftovers.output;
    }
    EXPECT_EQ(Next("restore --dry-run").output.rfind("nothing to restore", 0), 0u);
  }

  void CheckStoreSaves(const std::string& store_path_or_uri);

  std::string dir_;
  std::string state_;
};

const std::vector<Blow> kRunnerBlows = {Blow::kIntOnce, Blow::kSecond, Blow::kTerm, Blow::kKillRunner};

TEST_F(KillMatrix, Calibration) {
  const Case c{"calibration", "run memset --size 256K -r 3 --quiet"};
  for (const Blow blow : kRunnerBlows) CheckEnd(c, blow, Deliver(c, blow));
}

// A team's worker killed while the runner calibrates: the run names the
// worker and ends, with nothing measured to keep.
TEST_F(KillMatrix, AWorkerKilledDuringCalibration) {
  const std::string json = dir_ + "/calibration.json";
  const Case c{"calibration", "run memset --size 256K --procs 2 -r 3 --quiet --json " + json};
  const Ended e = Deliver(c, Blow::kKillWorker);
  CheckEnd(c, Blow::kKillWorker, e);
  EXPECT_NE(e.out.find("membench: error: "), std::string::npos) << e.out;
  EXPECT_EQ(e.out.find("# interrupted"), std::string::npos) << e.out;
}

// SIGINT once or SIGTERM at a timed sample: it ends, is kept and printed.
// Saved too: to --json and to the store, marked interrupted.
TEST_F(KillMatrix, TimedSample) {
  const std::string json = dir_ + "/sample.json";
  const std::string store = dir_ + "/sample.sqlite";
  const Case c{"sample", "run memset --size 256K -r 3 --loops 50 --quiet --json " + json + " --store " + store};
  for (const Blow blow : kRunnerBlows) {
    fs::remove(json);
    const Ended e = Deliver(c, blow);
    CheckEnd(c, blow, e);
    if (blow == Blow::kIntOnce || blow == Blow::kTerm) {
      EXPECT_NE(e.out.find("# interrupted: 1 measurement completed before Ctrl-C"), std::string::npos) << e.out;
      const nlohmann::json saved = ReadJson(json);
      EXPECT_TRUE(saved["interrupted"].get<bool>());
      ASSERT_EQ(saved["measurements"].size(), 1u);
      EXPECT_EQ(saved["measurements"][0]["samples"].size(), 1u);
      const Outcome shown = Next("history show last --store " + store);
      EXPECT_EQ(shown.status, 0) << shown.output;
      EXPECT_NE(shown.output.find("# interrupted"), std::string::npos) << shown.output;
    } else {
      EXPECT_FALSE(fs::exists(json)) << NameOf(blow);
    }
  }
}

// At the barrier of a team; and one worker killed there, where the run
// names it and ends.
TEST_F(KillMatrix, WorkerBarrier) {
  const Case c{"barrier", "run memset --size 256K --procs 2 -r 3 --quiet"};
  for (const Blow blow : kRunnerBlows) CheckEnd(c, blow, Deliver(c, blow));
  CheckEnd(c, Blow::kKillWorker, Deliver(c, Blow::kKillWorker));
}

// A worker killed after samples were measured: they are printed and saved,
// the run says why it stopped and fails.
TEST_F(KillMatrix, AWorkerKilledAfterSamplesKeepsThem) {
  const std::string json = dir_ + "/worker.json";
  // Paused before the third timed sample: two are measured.
  const Case c{"sample#3", "run memset --size 256K --procs 2 --loops 20 -r 5 --quiet --json " + json};
  const Ended e = Deliver(c, Blow::kKillWorker);
  CheckEnd(c, Blow::kKillWorker, e);
  EXPECT_NE(e.out.find("# stopped early: worker 1 (pid "), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("membench: error: the run stopped early: worker 1"), std::string::npos) << e.out;
  const nlohmann::json saved = ReadJson(json);
  EXPECT_NE(saved["failure"].get<std::string>().find("was killed by signal 9"), std::string::npos);
  ASSERT_EQ(saved["measurements"].size(), 1u);
  EXPECT_EQ(saved["measurements"][0]["samples"].size(), 2u);
}

TEST_F(KillMatrix, Pressure) {
  const Case c{"sample", "run memset --size 256K --pressure 1 -r 3 --loops 20 --quiet"};
  for (const Blow blow : kRunnerBlows) CheckEnd(c, blow, Deliver(c, blow));
}

// A pressure process killed (its only child): the run goes on and says
// that part of it had less pressure.
TEST_F(KillMatrix, APressureProcessKilledIsNoted) {
  const Case c{"sample", "run memset --size 256K --pressure 1 -r 3 --loops 20 --quiet"};
  const Ended e = Deliver(c, Blow::kKillWorker);
  EXPECT_TRUE(e.paused) << e.out;
  EXPECT_EQ(e.code, 0) << e.out;
  EXPECT_NE(e.out.find("1 pressure process died during the run"), std::string::npos) << e.out;
  EXPECT_FALSE(MarkedProcessesLeft());
}

// Scratch files of a file workload: removed by the run, or (after a
// SIGKILL) named by the next run and removed by `membench restore`.
TEST_F(KillMatrix, ScratchFiles) {
  const Case c{"sample", "run fileops --files 50 -r 3 --quiet", true};
  for (const Blow blow : kRunnerBlows) {
    CheckEnd(c, blow, Deliver(c, blow));
    for (const auto& entry : fs::directory_iterator(dir_ + "/tmp")) {
      ADD_FAILURE() << NameOf(blow) << " left " << entry.path();
    }
  }
}

// A --json write: afterwards the file is whole or absent, never half.
TEST_F(KillMatrix, JsonWrite) {
  const std::string json = dir_ + "/result.json";
  const Case c{"json-write", "run memset --size 256K -r 2 --quiet --json " + json, true};
  for (const Blow blow : kRunnerBlows) {
    fs::remove(json);
    CheckEnd(c, blow, Deliver(c, blow));
    if (fs::exists(json)) {
      EXPECT_NO_THROW(ReadJson(json)) << NameOf(blow);
    }
    for (const auto& entry : fs::directory_iterator(dir_)) {
      EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos)
          << NameOf(blow) << " left " << entry.path();
    }
  }
}

// A store save, each blow in turn: afterwards the store opens and holds
// whole runs only, one for each save let finish.
void KillMatrix::CheckStoreSaves(const std::string& store_path_or_uri) {
  // Quoted for the shell: a PostgreSQL URI holds '&'.
  const std::string store = "'" + store_path_or_uri + "'";
  const Case c{"store-save", "run memset --size 256K -r 2 --quiet --store " + store};
  int saved = 0;
  for (const Blow blow : kRunnerBlows) {
    CheckEnd(c, blow, Deliver(c, blow));
    const Outcome history = Next("history --store " + store);
    EXPECT_EQ(history.status, 0) << history.output;
    // SIGINT once and SIGTERM let the save finish; a kill rolls it back.
    saved += blow == Blow::kIntOnce || blow == Blow::kTerm ? 1 : 0;
    const Outcome shown = Next("history show last --store " + store);
    if (saved > 0) {
      EXPECT_EQ(shown.status, 0) << shown.output;
    }
  }
  const Outcome listed = Next("history --store " + store);
  EXPECT_NE(listed.output.find(": " + std::to_string(saved) + " runs\n"), std::string::npos) << listed.output;
}

TEST_F(KillMatrix, StoreSave) { CheckStoreSaves(dir_ + "/history.sqlite"); }

// The same on a PostgreSQL server: a killed client's transaction is rolled
// back by the server, and a stopped one's is committed or not at all.
TEST_F(KillMatrix, StoreSaveToPostgres) {
  PostgresCluster cluster;
  CheckStoreSaves(cluster.NewDatabase());
}

// Whether a 64 KiB mTHP run has to change a setting, as MthpSelection
// decides: 64 KiB not enabled for MADV_HUGEPAGE, or another size enabled.
bool Mthp64kRunChangesSettings() {
  const std::string top =
      sys::SelectedSysfsChoice(sys::ReadFirstLine("/sys/kernel/mm/transparent_hugepage/enabled").value_or(""));
  for (const auto& [path, line] : MthpSettings()) {
    std::string choice = sys::SelectedSysfsChoice(line);
    if (choice == "inherit") choice = top;
    const bool enabled = choice == "always" || choice == "madvise";
    if (enabled != (path.find("/hugepages-64kB/") != std::string::npos)) return true;
  }
  return false;
}

// An mTHP setting change: put back by the run, by the handler, or (after a
// SIGKILL) by `membench restore` as the next run advises.
TEST_F(KillMatrix, MthpSettingChange) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] setting mTHP sizes needs root";
  if (!fs::exists("/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled") || !ThpAvailable()) {
    GTEST_SKIP() << "[no-mthp-64k] this kernel offers no 64 KiB mTHP";
  }
  // Put back whatever a failure here leaves.
  const MthpSettingsKept kept;
  const Case c{"mthp-set", "run memset --size 2M --pages mthp-64k -r 2 --quiet", Mthp64kRunChangesSettings()};
  for (const Blow blow : kRunnerBlows) {
    CheckEnd(c, blow, Deliver(c, blow));
    EXPECT_EQ(MthpSettings(), kept.before()) << NameOf(blow);
  }
}

// A kernel setting varied as a treatment: put back by the run, by the
// handler, or (after a SIGKILL) by `membench restore`.
TEST_F(KillMatrix, SettingTreatmentChange) {
  const std::string path = "/sys/kernel/mm/transparent_hugepage/use_zero_page";
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] changing a kernel setting needs root";
  if (!fs::exists(path) || !ThpAvailable()) GTEST_SKIP() << "[thp-disabled] no THP use_zero_page setting";
  const std::string before = sys::ReadFirstLine(path).value_or("");
  const std::string other = before == "1" ? "0" : "1";
  // The first write sets the value that is not the machine's.
  const Case c{"setting-set",
               "run zeropage --size 4M --pages thp --setting transparent_hugepage/use_zero_page=" + other + "," +
                   before + " -r 2 --quiet",
               true};
  for (const Blow blow : kRunnerBlows) {
    CheckEnd(c, blow, Deliver(c, blow));
    EXPECT_EQ(sys::ReadFirstLine(path).value_or(""), before) << NameOf(blow);
  }
  sys::WriteFile(path, before);
}

bool TracefsMounted() {
  return sys::ReadFile("/proc/self/mounts").value_or("").find(" /sys/kernel/tracing tracefs ") != std::string::npos;
}

// A tracepoint run with tracefs mounted by membench, in a namespace of its
// own: the machine never sees it, however the run ends, and nothing is left
// for `membench restore`.
TEST_F(KillMatrix, TracefsMountedForATracepoint) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting tracefs needs root";
  if (!fs::exists("/sys/kernel/tracing")) GTEST_SKIP() << "[no-tracefs] no /sys/kernel/tracing mount point";
  const bool was_mounted = TracefsMounted();
  if (was_mounted && std::system("umount /sys/kernel/tracing 2>/dev/null") != 0) {
    GTEST_SKIP() << "[no-tracefs] tracefs is mounted and busy: cannot test mounting it";
  }
  const Case c{"tracefs-mounted", "run memset --size 256K -e exceptions:page_fault_user -r 2 --quiet", false};
  for (const Blow blow : kRunnerBlows) {
    CheckEnd(c, blow, Deliver(c, blow));
    EXPECT_FALSE(TracefsMounted()) << NameOf(blow);
  }
  if (was_mounted) std::system("mount -t tracefs nodev /sys/kernel/tracing");
}

// A run of the default three invocations: a SIGKILL of the parent, with
// its child invocation stopped at each moment of its life, leaves no
// membench process a second later (the children die with their parent).
TEST_F(KillMatrix, KillingTheParentEndsItsInvocationAtEveryMoment) {
  for (const char* moment : {"calibration", "sample", "sample#3", "barrier"}) {
    SCOPED_TRACE(moment);
    PausedRun run("run memset --size 1M --procs 2 -r 4", moment, Environment(), dir_ + "/out");
    ASSERT_TRUE(run.paused()) << run.ended_early().out;
    ASSERT_NE(run.stopped(), run.runner()) << "the parent itself paused, not an invocation";
    ::kill(run.runner(), SIGKILL);
    const Ended ended = run.ContinueAndWait(10s);
    EXPECT_EQ(ended.signal, SIGKILL);
    EXPECT_FALSE(MarkedProcessesLeft(1s)) << "an invocation or its workers outlived the parent";
    for (const pid_t pid : MarkedProcesses()) ::kill(pid, SIGKILL);
  }
}

// A SIGTERM to a run whose second invocation is stopped before a sample (a
// child that cannot take a signal) ends the run within the parent's grace,
// with what the first invocation measured.
TEST_F(KillMatrix, SigtermEndsARunWithAStuckInvocationInBoundedTime) {
  const std::string json = dir_ + "/term.json";
  PausedRun run("run memset --size 1M -r 3 --json " + json, "sample#2", Environment(), dir_ + "/out");
  ASSERT_TRUE(run.paused()) << run.ended_early().out;
  ASSERT_TRUE(run.ContinueUntilNextPause()) << "the second invocation never paused: " << run.ended_early().out;
  const auto signalled = std::chrono::steady_clock::now();
  ::kill(run.runner(), SIGTERM);
  // The stopped child is left stopped: only the parent's bound can end it.
  const Ended ended = run.Wait(30s);
  const auto took = std::chrono::steady_clock::now() - signalled;
  EXPECT_EQ(ended.code, 130) << ended.out;
  EXPECT_LT(took, std::chrono::seconds(sys::kChildGraceSeconds + 2)) << ended.out;
  EXPECT_FALSE(MarkedProcessesLeft(1s));
  const nlohmann::json result = ReadJson(json);
  EXPECT_TRUE(result["interrupted"].get<bool>());
  EXPECT_EQ(result["invocations"].get<int>(), 1) << "the first invocation's samples are kept";
  EXPECT_EQ(result["measurements"][0]["samples"].size(), 3u);
}

}  // namespace
}  // namespace membench
