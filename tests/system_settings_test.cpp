// File: tests/system_settings_test.cpp
// End-to-end tests of runs that change machine-wide settings (the mTHP sizes)
// for their duration. They run serially: any other THP test running beside
// them would see the settings they change.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <string>

#include "membench_process.h"
#include "paused_run.h"
#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/mthp.h"

namespace membench {
namespace {

// The share (%) the proof line of `region` gives `kind` ("mTHP 64k", "THP").
double ProofShare(const std::string& output, const std::string& region, const std::string& kind) {
  std::smatch m;
  const std::regex re(region + ": [a-z0-9-]+ requested, ([0-9.]+)% " + kind);
  return std::regex_search(output, m, re) ? std::stod(m[1].str()) : 0.0;
}

bool Offers64kMthp() {
  const auto sizes = sys::MthpSizesOffered();
  return std::find(sizes.begin(), sizes.end(), std::size_t{64} << 10) != sizes.end();
}

// As root, an mTHP point runs with only its size enabled (the proof sees
// PTE-mapped THP folios, no PMD mappings), the next point gets the settings
// it found back, and after the run every setting is as before.
TEST(Cli, MthpRunSetsOnlyItsSizeAndRestoresEverything) {
  if (!Offers64kMthp() || !ThpAvailable()) GTEST_SKIP() << "[no-mthp-64k] this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] setting mTHP sizes needs root";
  const MthpSettingsKept kept;
  const Outcome run = Membench("run memset --size 8M --pages mthp-64k,thp -r 2 -v");
  ASSERT_EQ(run.status, 0) << run.output;
  // Nearly all: a fragmented VM may hand out a few small pages.
  EXPECT_GE(ProofShare(run.output, "dst", "mTHP 64k \\(PTE-mapped\\)"), 95.0) << run.output;
  EXPECT_GE(ProofShare(run.output, "dst", "THP"), 95.0) << run.output;
  EXPECT_NE(run.output.find("membench set hugepages-64kB/enabled: madvise"), std::string::npos) << run.output;
  // The order decision is made before the run and must survive it (defect 5).
  EXPECT_NE(run.output.find("# note: mTHP points change machine-wide settings for their duration: measured one after "
                            "another"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("NOT HONOURED"), std::string::npos) << run.output;
  EXPECT_EQ(MthpSettings(), kept.before());
}

TEST(Cli, MthpSettingsAreRestoredOnCtrlC) {
  if (!Offers64kMthp()) GTEST_SKIP() << "[no-mthp-64k] this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] setting mTHP sizes needs root";
  const MthpSettingsKept kept;
  // The size off before the run, so that the run's change is one to see.
  ASSERT_EQ(sys::WriteFile("/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled", "never"), std::nullopt);
  const auto before_run = MthpSettings();
  // Ctrl-C once the run, stopped before its second sample, has changed the
  // setting: it must be put back.
  PausedRun run("run memset --size 1M --pages mthp-64k -r 1000", "sample#2", "", TempPath("mthp-ctrl-c.log"));
  ASSERT_TRUE(run.paused()) << run.ended_early().out;
  ASSERT_NE(MthpSettings(), before_run) << "the run had not set the 64 KiB size";
  ::kill(run.runner(), SIGINT);
  const Ended ended = run.ContinueAndWait();
  EXPECT_EQ(ended.code, 130) << ended.out;
  EXPECT_EQ(MthpSettings(), before_run);
}

// Runs a bash script; its standard output. $pid, once set by the script,
// is killed by a watchdog after a minute, so a hang fails the test instead
// of outliving it.
std::string Bash(const std::string& script) {
  // The watchdog's output goes elsewhere: it must not hold the pipe the
  // test reads until its minute is up.
  return RunCommand(
             "bash -c '( sleep 60; kill -KILL $(cat /tmp/membench_watch_$$ 2>/dev/null) ) >/dev/null 2>&1 & "
             "dog=$!; " +
             script + "; kill $dog 2>/dev/null; rm -f /tmp/membench_watch_$$'")
      .output;
}

// A script fragment that starts the watchdog's clock on the run started last.
constexpr const char* kWatched = "pid=$!; echo $pid > /tmp/membench_watch_$$; ";

// A script fragment: wait (at most 20 s) until `condition` holds.
std::string WaitUntil(const std::string& condition) {
  return "for i in $(seq 200); do " + condition + " && break; sleep 0.1; done; ";
}

// The run's status and how many bytes it printed, from a script that ends
// with `wait $pid` (bash's status: 128 + the signal for a killed process).
struct Ended {
  int status = -1;
  long printed_bytes = -1;
};

Ended EndedOf(const std::string& output) {
  Ended e;
  std::sscanf(output.substr(output.rfind("ended ")).c_str(), "ended %d %ld", &e.status, &e.printed_bytes);
  return e;
}

// Whether a membench run (or one of its workers) is still there, after
// giving processes killed with their parent two seconds to go.
bool MembenchLeft() {
  for (int i = 0; i < 20; ++i) {
    if (std::system("pgrep -f \"^[^ ]*membench run memset\" > /dev/null") != 0) return false;
    ::usleep(100'000);
  }
  return true;
}

// Defect 9: a second Ctrl-C used to restore the default action and end
// membench without restoring anything. Now it ends membench at once, in the
// middle of a long sample, and the signal handler puts the mTHP sizes back;
// the workers die with it.
TEST(Cli, MthpSettingsAreRestoredOnASecondCtrlCDuringASample) {
  if (!Offers64kMthp() || !ThpAvailable()) GTEST_SKIP() << "[no-mthp-64k] this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] setting mTHP sizes needs root";
  const MthpSettingsKept kept;
  // Each sample writes 64 MiB 20,000 times per worker: many seconds.
  const std::string out = Bash("printed=$(mktemp); " + std::string(MEMBENCH_BINARY) +
                               " run memset --size 64M --pages mthp-64k --procs 2 --loops 20000 -r 100 "
                               ">$printed 2>/dev/null "
                               "& " +
                               kWatched +
                               WaitUntil("grep -q \"\\[madvise\\]\" "
                                         "/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled") +
                               "sleep 0.5; "
                               "cat /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled; "
                               "kill -INT $pid; sleep 0.3; kill -INT $pid; wait $pid; "
                               "echo ended $? $(wc -c < $printed); rm -f $printed");
  const Ended ended = EndedOf(out);
  EXPECT_NE(out.find("[madvise]"), std::string::npos) << "the size was not set during the run: " << out;
  EXPECT_EQ(ended.status, 130) << out;  // killed by SIGINT
  // A run that waits for its sample to end prints what it measured; one
  // that the second Ctrl-C ends mid-sample prints nothing.
  EXPECT_EQ(ended.printed_bytes, 0) << "it waited for the sample to end and printed its result: " << out;
  EXPECT_EQ(MthpSettings(), kept.before());
  EXPECT_FALSE(MembenchLeft());
}

bool TracefsMounted() {
  const auto mounts = sys::ReadFile("/proc/self/mounts").value_or("");
  return mounts.find(" /sys/kernel/tracing tracefs ") != std::string::npos;
}

// Defect 9: asking for a tracepoint mounted tracefs and never unmounted it;
// later, two runs at once left it mounted for good (the first could not
// unmount what the second was reading). The run mounts it in a mount
// namespace of its own: it sees tracefs, the machine never does, neither
// during the run nor after a SIGTERM or a SIGKILL, and nothing is left for
// `membench restore`.
TEST(Cli, TracefsForATracepointRunIsMountedWhereOnlyTheRunSeesIt) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting tracefs needs root";
  if (std::system("test -d /sys/kernel/tracing") != 0)
    GTEST_SKIP() << "[no-tracefs] no /sys/kernel/tracing mount point";
  const bool was_mounted = TracefsMounted();
  if (was_mounted && std::system("umount /sys/kernel/tracing 2>/dev/null") != 0) {
    GTEST_SKIP() << "[no-tracefs] tracefs is mounted and busy: cannot test mounting it";
  }
  const std::string run = std::string(MEMBENCH_BINARY) + " run memset --size 16M -e exceptions:page_fault_user -r 1000";
  // Mounted in the namespace of the invocation under way (the run's child
  // process), then the samples under way for a while: its mount table has
  // it, the machine's has not.
  const std::string mounted_in = "grep -c \" /sys/kernel/tracing tracefs \" /proc/";
  const std::string invocation = "c=$(pgrep -P $pid | head -1); ";
  const std::string during =
      WaitUntil("{ " + invocation + "grep -q \" /sys/kernel/tracing tracefs \" /proc/$c/mounts; }") + "sleep 1.5; " +
      invocation + mounted_in + "$c/mounts; " + mounted_in + "self/mounts; ";
  for (const char* signal : {"TERM", "KILL"}) {
    const std::string out = Bash(run + " --loops 20 2>/dev/null & " + kWatched + during + "kill -" + signal +
                                 " $pid; wait $pid; echo ended $?");
    EXPECT_EQ(out.substr(0, 4), "1\n0\n") << signal << ": tracefs was not mounted in the run alone: " << out;
    if (std::string(signal) == "TERM") {
      EXPECT_NE(out.find("samples per point after"), std::string::npos) << "what was measured: " << out;
      EXPECT_NE(out.find("membench mounted tracefs at /sys/kernel/tracing"), std::string::npos) << out;
    }
    EXPECT_FALSE(TracefsMounted()) << signal;
    EXPECT_FALSE(MembenchLeft()) << signal;
    const std::string left = Bash(std::string(MEMBENCH_BINARY) + " restore --dry-run 2>&1");
    EXPECT_EQ(left.find("tracing"), std::string::npos) << signal << ": " << left;
  }
  if (was_mounted) std::system("mount -t tracefs nodev /sys/kernel/tracing");
}

constexpr const char* kUseZeroPage = "/sys/kernel/mm/transparent_hugepage/use_zero_page";

// A setting as the test found it, written back when the test ends.
class SettingKept {
 public:
  explicit SettingKept(std::string path)
      : path_(std::move(path)), before_(sys::SelectedSysfsChoice(sys::ReadFirstLine(path_).value_or(""))) {}
  SettingKept(const SettingKept&) = delete;
  SettingKept& operator=(const SettingKept&) = delete;
  ~SettingKept() {
    if (!before_.empty()) sys::WriteFile(path_, before_);
  }
  const std::string& before() const { return before_; }
  std::string now() const { return sys::SelectedSysfsChoice(sys::ReadFirstLine(path_).value_or("")); }

 private:
  std::string path_;
  std::string before_;
};

// --setting: both values measured in one invocation, each point's samples
// taken with its own value, and the setting as found afterwards.
TEST(SettingTreatment, ValuesAlternateWithinOneInvocationAndTheSettingIsPutBack) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] changing a kernel setting needs root";
  if (!sys::PathExists(kUseZeroPage) || !ThpAvailable()) GTEST_SKIP() << "[thp-disabled] no THP use_zero_page setting";
  const SettingKept kept(kUseZeroPage);
  const std::string json = TempPath("setting.json");
  const Outcome run = Membench(
      "run zeropage --size 8M --pages thp --setting transparent_hugepage/use_zero_page=0,1 "
      "-r 3 --invocations 1 --quiet -v --json " +
      json);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(kept.now(), kept.before());
  const nlohmann::json result = ReadJson(json);
  ASSERT_EQ(result["measurements"].size(), 2u) << run.output;
  for (const int i : {0, 1}) {
    const nlohmann::json& setting = result["measurements"][i]["params"].back();
    EXPECT_EQ(setting["name"], "transparent_hugepage/use_zero_page");
    EXPECT_EQ(setting["text"], std::to_string(i));
  }
  // Paired along the setting, the only parameter that varies.
  EXPECT_NE(run.output.find("transparent_hugepage/use_zero_page=1 / 0"), std::string::npos) << run.output;
  // Interleaved: the value changed before every sample, not once per point.
  const std::smatch writes = [&] {
    std::smatch m;
    std::regex_search(run.output, m,
                      std::regex("use_zero_page to 0 or 1 before each sample of the points that name "
                                 "it \\(([0-9]+) writes\\)"));
    return m;
  }();
  ASSERT_FALSE(writes.empty()) << run.output;
  EXPECT_GE(std::stoi(writes[1].str()), 6) << run.output;
}

// exec --setting: the command runs under each value in turn, and sees it.
TEST(SettingTreatment, ExecRunsTheCommandUnderEachValue) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] changing a kernel setting needs root";
  if (!sys::PathExists(kUseZeroPage)) GTEST_SKIP() << "[thp-disabled] no THP use_zero_page setting";
  const SettingKept kept(kUseZeroPage);
  const std::string json = TempPath("exec-setting.json");
  const Outcome run = Membench("exec -r 2 --show-output --setting transparent_hugepage/use_zero_page=0,1 --json " +
                               json + " -- sh -c 'echo seen=$(cat " + std::string(kUseZeroPage) + ")'");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(kept.now(), kept.before());
  EXPECT_NE(run.output.find("seen=0"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("seen=1"), std::string::npos) << run.output;
  const nlohmann::json result = ReadJson(json);
  ASSERT_EQ(result["measurements"].size(), 2u) << run.output;
  for (const int i : {0, 1}) {
    const nlohmann::json& params = result["measurements"][i]["params"];
    EXPECT_EQ(params.front()["name"], "command");
    EXPECT_EQ(params.back()["name"], "transparent_hugepage/use_zero_page");
    EXPECT_EQ(params.back()["text"], std::to_string(i));
  }
}

// Without root membench cannot change the setting: it says how to measure
// each value by hand.
TEST(SettingTreatment, WithoutRootItSaysWhatToSet) {
  if (!sys::PathExists(kUseZeroPage)) GTEST_SKIP() << "[thp-disabled] no THP use_zero_page setting";
  if (!sys::IsRoot() || std::system("command -v setpriv > /dev/null") != 0) {
    GTEST_SKIP() << "[needs-root] needs root and setpriv to run membench as an ordinary user";
  }
  const Outcome run = Membench("run zeropage --size 1M --setting transparent_hugepage/use_zero_page=0,1 -r 1",
                               "setpriv --reuid=65534 --regid=65534 --clear-groups ");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("needs root"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("printf '%s\\n' 0 | sudo tee /sys/kernel/mm/transparent_hugepage/use_zero_page"),
            std::string::npos)
      << run.output;
}

// Without root membench cannot set the sizes: it says what to set.
TEST(Cli, MthpWithoutRootSaysWhatToSet) {
  if (!Offers64kMthp()) GTEST_SKIP() << "[no-mthp-64k] this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot() || std::system("command -v setpriv > /dev/null") != 0) {
    GTEST_SKIP() << "[needs-root] needs root and setpriv to run membench as an ordinary user";
  }
  const Outcome run =
      Membench("run memset --size 1M --pages mthp-64k -r 1", "setpriv --reuid=65534 --regid=65534 --clear-groups ");
  if (run.status == 0) GTEST_SKIP() << "[mthp-allowed] the settings already allow a 64 KiB mTHP run";
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("echo madvise > /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled"),
            std::string::npos)
      << run.output;
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// A memory cgroup of the test's own, limited to 256 MiB (v2 or v1,
// whichever the machine mounts) by memory.max, or by memory.high (v2
// only), removed when the test ends.
class LimitedCgroup {
 public:
  enum class Limit { kMax, kHigh };
  explicit LimitedCgroup(Limit limit = Limit::kMax) {
    const bool v2 = sys::PathExists("/sys/fs/cgroup/cgroup.controllers");
    if (limit == Limit::kHigh && !v2) return;
    dir_ = (v2 ? "/sys/fs/cgroup/" : "/sys/fs/cgroup/memory/") + std::string("membench-test-") +
           std::to_string(::getpid());
    if (::mkdir(dir_.c_str(), 0755) != 0) {
      dir_.clear();
      return;
    }
    const char* file = limit == Limit::kHigh ? "/memory.high" : v2 ? "/memory.max" : "/memory.limit_in_bytes";
    const auto failed = sys::WriteFile(dir_ + file, "268435456");
    if (failed) Remove();
  }
  ~LimitedCgroup() { Remove(); }
  bool made() const { return !dir_.empty(); }
  // A command prefix that moves the shell into the group and then runs membench.
  std::string Prefix() const { return "sh -c 'echo $$ > " + dir_ + "/cgroup.procs && exec \"$@\"' sh "; }

 private:
  void Remove() {
    if (!dir_.empty()) ::rmdir(dir_.c_str());
    dir_.clear();
  }
  std::string dir_;
};

// A size that fits the machine but not the cgroup is refused before it
// runs, naming the cgroup's limit: the kernel would reclaim or kill it.
TEST(ResourceLimits, ACgroupMemoryLimitIsCheckedLikeMemAvailable) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] making a memory cgroup needs root";
  const LimitedCgroup group;
  if (!group.made()) GTEST_SKIP() << "[no-cgroup] no writable memory cgroup here";
  const Outcome big = Membench("run memcpy --size 512M -r 2", group.Prefix());
  EXPECT_NE(big.status, 0) << big.output;
  EXPECT_NE(big.output.find("under the memory limit of cgroup"), std::string::npos) << big.output;
  const Outcome small = Membench("run memcpy --size 16M --impl libc -r 2 --warmup 0", group.Prefix());
  EXPECT_EQ(small.status, 0) << small.output;
}

// Above memory.high the kernel throttles and reclaims instead of killing:
// a run that large would time reclaim, so it is refused the same way.
TEST(ResourceLimits, ACgroupMemoryHighIsCheckedLikeMemoryMax) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] making a memory cgroup needs root";
  const LimitedCgroup group(LimitedCgroup::Limit::kHigh);
  if (!group.made()) GTEST_SKIP() << "[no-cgroup] no writable cgroup v2 memory.high here";
  const Outcome big = Membench("run memcpy --size 512M -r 2", group.Prefix());
  EXPECT_NE(big.status, 0) << big.output;
  EXPECT_NE(big.output.find(": memory.high 256.0 MiB, "), std::string::npos) << big.output;
}

}  // namespace
}  // namespace membench
