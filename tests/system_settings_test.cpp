// File: tests/system_settings_test.cpp
// End-to-end tests of runs that change machine-wide settings (the mTHP sizes)
// for their duration. They run serially: any other THP test running beside
// them would see the settings they change.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "membench_process.h"
#include "sys/files.h"
#include "sys/mthp.h"

namespace membench {
namespace {

std::map<std::string, std::string> MthpSettings() {
  std::map<std::string, std::string> settings;
  for (const std::size_t size : sys::MthpSizesOffered()) {
    const std::string path = "/sys/kernel/mm/transparent_hugepage/hugepages-" + std::to_string(size >> 10) + "kB/enabled";
    settings[path] = sys::ReadFirstLine(path).value_or("");
  }
  return settings;
}

bool Offers64kMthp() {
  const auto sizes = sys::MthpSizesOffered();
  return std::find(sizes.begin(), sizes.end(), std::size_t{64} << 10) != sizes.end();
}

// As root, an mTHP point runs with only its size enabled (the proof sees
// PTE-mapped THP folios, no PMD mappings), the next point gets the settings
// it found back, and after the run every setting is as before.
TEST(Cli, MthpRunSetsOnlyItsSizeAndRestoresEverything) {
  if (!Offers64kMthp() || !ThpAvailable()) GTEST_SKIP() << "this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot()) GTEST_SKIP() << "setting mTHP sizes needs root";
  const auto before = MthpSettings();
  const Outcome run = Membench("run memset --size 8M --pages mthp-64k,thp -r 2");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("mthp-64k requested, 100.0% mTHP 64k (PTE-mapped)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("thp requested, 100.0% THP"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("membench set hugepages-64kB/enabled: madvise"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("NOT HONOURED"), std::string::npos) << run.output;
  EXPECT_EQ(MthpSettings(), before);
}

TEST(Cli, MthpSettingsAreRestoredOnCtrlC) {
  if (!Offers64kMthp()) GTEST_SKIP() << "this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot()) GTEST_SKIP() << "setting mTHP sizes needs root";
  const auto before = MthpSettings();
  const std::string command = std::string(MEMBENCH_BINARY) +
                              " run memset --size 1M --pages mthp-64k -r 1000 > /dev/null 2>&1 & pid=$!; sleep 2; "
                              "kill -INT $pid; wait $pid";
  const int raw = std::system(("bash -c '" + command + "'").c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  EXPECT_EQ(MthpSettings(), before);
}

// Without root membench cannot set the sizes: it says what to set.
TEST(Cli, MthpWithoutRootSaysWhatToSet) {
  if (!Offers64kMthp()) GTEST_SKIP() << "this kernel offers no 64 KiB mTHP";
  if (!sys::IsRoot() || std::system("command -v setpriv > /dev/null") != 0) {
    GTEST_SKIP() << "needs root and setpriv to run membench as an ordinary user";
  }
  const Outcome run =
      Membench("run memset --size 1M --pages mthp-64k -r 1", "setpriv --reuid=65534 --regid=65534 --clear-groups ");
  if (run.status == 0) GTEST_SKIP() << "the settings already allow a 64 KiB mTHP run";
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("echo madvise > /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled"),
            std::string::npos)
      << run.output;
}

}  // namespace
}  // namespace membench
