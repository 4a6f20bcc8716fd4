// File: tests/kernel_setting_test.cpp
// Kernel settings as treatments: their names among a point's parameters,
// the files those stand for, and `--setting` as given.
#include "core/kernel_setting.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace membench {
namespace {

TEST(KernelSetting, ShortNamesLeadBackToTheirFiles) {
  EXPECT_EQ(KernelSettingName("/sys/kernel/mm/transparent_hugepage/use_zero_page"),
            "transparent_hugepage/use_zero_page");
  EXPECT_EQ(KernelSettingName("transparent_hugepage/use_zero_page"), "transparent_hugepage/use_zero_page");
  EXPECT_EQ(KernelSettingPath("transparent_hugepage/use_zero_page"),
            "/sys/kernel/mm/transparent_hugepage/use_zero_page");
  EXPECT_EQ(KernelSettingName("/proc/sys/kernel/numa_balancing"), "kernel/numa_balancing");
  EXPECT_EQ(KernelSettingPath("kernel/numa_balancing"), "/proc/sys/kernel/numa_balancing");
  EXPECT_EQ(KernelSettingPath("vm/compaction_proactiveness"), "/proc/sys/vm/compaction_proactiveness");
  // Elsewhere under /sys the whole path is the name.
  EXPECT_EQ(KernelSettingName("/sys/block/vda/queue/read_ahead_kb"), "/sys/block/vda/queue/read_ahead_kb");
  EXPECT_EQ(KernelSettingName("/sys/devices/system/cpu/cpufreq/boost"), "/sys/devices/system/cpu/cpufreq/boost");
  // A directory of /sys/kernel/mm named like a sysctl group would not lead
  // back: it keeps its whole path.
  EXPECT_EQ(KernelSettingName("/sys/kernel/mm/vm/x"), "/sys/kernel/mm/vm/x");
}

TEST(KernelSetting, OnlySettingsAShellReadsAsGivenAreTaken) {
  EXPECT_THROW(KernelSettingName("/etc/passwd"), Error);
  EXPECT_THROW(KernelSettingName("/proc/self/oom_score_adj"), Error);
  EXPECT_THROW(KernelSettingName("/sys/kernel/mm/../../etc/passwd"), Error);
  EXPECT_THROW(KernelSettingName("transparent_hugepage/$(reboot)"), Error);
  EXPECT_THROW(KernelSettingName("transparent_hugepage/"), Error);
  // Files elsewhere may be actions that no write undoes.
  EXPECT_THROW(KernelSettingName("/sys/power/state"), Error);
  EXPECT_THROW(KernelSettingName("/proc/sys/fs/binfmt_misc/status"), Error);
  // One spelling per file.
  EXPECT_THROW(KernelSettingName("/sys/kernel/mm/./transparent_hugepage/enabled"), Error);
  EXPECT_THROW(KernelSettingName("/sys/kernel/mm//transparent_hugepage/enabled"), Error);
}

// A file right under /sys/kernel/mm/ keeps its whole path: its short name
// would read as a workload's own parameter.
TEST(KernelSetting, AShortNameAlwaysHoldsASlash) {
  EXPECT_EQ(KernelSettingName("/sys/kernel/mm/pages"), "/sys/kernel/mm/pages");
  EXPECT_EQ(ParseSettingFlag("/sys/kernel/mm/prefetch=1").first, "/sys/kernel/mm/prefetch");
}

TEST(KernelSetting, TheFlagGivesANameAndItsValues) {
  const auto [name, values] = ParseSettingFlag("/sys/kernel/mm/transparent_hugepage/enabled=always,never");
  EXPECT_EQ(name, "transparent_hugepage/enabled");
  EXPECT_EQ(values, "always,never");
  EXPECT_THROW(ParseSettingFlag("vm/swappiness"), Error);
  EXPECT_THROW(ParseSettingFlag("vm/swappiness="), Error);
  EXPECT_THROW(ParseSettingFlag("vm/swappiness=1,,2"), Error);
  EXPECT_THROW(ParseSettingFlag("vm/swappiness=1 > /x"), Error);
}

TEST(KernelSetting, APointNamesItsSettingsByFile) {
  const std::vector<Point> points = ExpandMatrix(
      {ChoiceParam("pages", "4k", "", {"4k", "thp"}), KernelSettingParam("transparent_hugepage/use_zero_page", "0,1")},
      {{"pages", "thp"}, {"transparent_hugepage/use_zero_page", "0,1"}});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[1].Label(), "pages=thp transparent_hugepage/use_zero_page=1");
  const auto settings = KernelSettingsOf(points[1]);
  ASSERT_EQ(settings.size(), 1u);
  EXPECT_EQ(settings[0].first, "/sys/kernel/mm/transparent_hugepage/use_zero_page");
  EXPECT_EQ(settings[0].second, "1");
  EXPECT_TRUE(IsKernelSetting("vm/swappiness"));
  EXPECT_FALSE(IsKernelSetting("pages"));
  EXPECT_EQ(CanonicalParamName("pages"), "pages");
  EXPECT_EQ(CanonicalParamName("/proc/sys/vm/swappiness"), "vm/swappiness");
}

}  // namespace
}  // namespace membench
