// File: tests/cgroup_limits_test.cpp
// The cgroup limits read from v2 and v1 hierarchies laid out in a scratch
// folder: the tightest limit over the group and its ancestors, "no limit"
// in each version's spelling, and CPU quotas as a number of CPUs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "membench_process.h"
#include "sys/cgroup_limits.h"

namespace membench {
namespace {

namespace fs = std::filesystem;

class CgroupTree : public testing::Test {
 protected:
  void SetUp() override {
    root_ = TempPath("cgroup_tree");
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void Write(const std::string& file, const std::string& text) const {
    const fs::path path = root_ + file;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text << "\n";
  }

  std::string root_;
};

TEST_F(CgroupTree, V2TakesTheTightestLimitOfTheGroupAndItsAncestors) {
  Write("/cgroup.controllers", "cpu memory");
  Write("/a/memory.max", "1073741824");  // the parent: 1 GiB, 256 MiB used
  Write("/a/memory.current", "268435456");
  Write("/a/cpu.max", "max 100000");
  Write("/a/b/memory.max", "max");  // the group itself: unlimited memory
  Write("/a/b/memory.current", "104857600");
  Write("/a/b/cpu.max", "150000 100000");
  Write("/a/b/cpuset.cpus.effective", "0-3");
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "0::/a/b\n");
  EXPECT_EQ(limits.path, "/a/b");
  EXPECT_EQ(limits.memory_max, 1073741824u);
  ASSERT_TRUE(limits.memory_left.has_value());
  EXPECT_EQ(limits.memory_left->Bytes(), 1073741824u - 268435456u);
  EXPECT_EQ(limits.memory_left->group, "/a");
  EXPECT_EQ(limits.memory_left->limit_file, "memory.max");
  EXPECT_EQ(limits.memory_left->limit, 1073741824u);
  EXPECT_EQ(limits.memory_left->used, 268435456u);
  EXPECT_FALSE(limits.memory_high.has_value());
  ASSERT_TRUE(limits.cpu_quota_cpus.has_value());
  EXPECT_DOUBLE_EQ(*limits.cpu_quota_cpus, 1.5);
  EXPECT_EQ(limits.cpuset_cpus, "0-3");
}

// memory.high throttles rather than kills, but a run above it times the
// reclaim: what is left under it counts where it is the lower limit.
TEST_F(CgroupTree, V2MemoryHighBelowMemoryMaxIsWhatIsLeft) {
  Write("/cgroup.controllers", "memory");
  Write("/g/memory.max", "1073741824");
  Write("/g/memory.high", "536870912");
  Write("/g/memory.current", "134217728");
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "0::/g\n");
  EXPECT_EQ(limits.memory_max, 1073741824u);
  EXPECT_EQ(limits.memory_high, 536870912u);
  ASSERT_TRUE(limits.memory_left.has_value());
  EXPECT_EQ(limits.memory_left->Bytes(), 536870912u - 134217728u);
  EXPECT_EQ(limits.memory_left->limit_file, "memory.high");
}

// The group with the least left is the one a run hits first, even where an
// ancestor's limit is smaller: the refusal names that group and its limit.
TEST_F(CgroupTree, WhatIsLeftNamesTheGroupThatHasTheLeastNotTheSmallestLimit) {
  Write("/cgroup.controllers", "memory");
  Write("/a/memory.max", "8589934592");  // the parent: 8 GiB, 2 GiB used
  Write("/a/memory.current", "2147483648");
  Write("/a/b/memory.max", "10737418240");  // the group: 10 GiB, 9.5 GiB used
  Write("/a/b/memory.current", "10200547328");
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "0::/a/b\n");
  EXPECT_EQ(limits.memory_max, 8589934592u) << "the smallest limit";
  ASSERT_TRUE(limits.memory_left.has_value());
  EXPECT_EQ(limits.memory_left->Bytes(), 10737418240u - 10200547328u);
  EXPECT_EQ(limits.memory_left->group, "/a/b");
  EXPECT_EQ(limits.memory_left->limit, 10737418240u);
  EXPECT_EQ(limits.memory_left->used, 10200547328u);
}

TEST_F(CgroupTree, V2WithoutLimitsHasNone) {
  Write("/cgroup.controllers", "cpu memory");
  Write("/user/memory.max", "max");
  Write("/user/memory.high", "max");
  Write("/user/cpu.max", "max 100000");
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "0::/user\n");
  EXPECT_FALSE(limits.memory_max.has_value());
  EXPECT_FALSE(limits.memory_high.has_value());
  EXPECT_FALSE(limits.memory_left.has_value());
  EXPECT_FALSE(limits.cpu_quota_cpus.has_value());
}

TEST_F(CgroupTree, AGroupOverItsLimitHasNothingLeft) {
  Write("/cgroup.controllers", "memory");
  Write("/g/memory.max", "1048576");
  Write("/g/memory.current", "2097152");
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "0::/g\n");
  ASSERT_TRUE(limits.memory_left.has_value());
  EXPECT_EQ(limits.memory_left->Bytes(), 0u);
}

TEST_F(CgroupTree, V1ReadsEachControllersOwnPathAndIgnoresItsNoLimit) {
  Write("/memory/m/memory.limit_in_bytes", "536870912");
  Write("/memory/m/memory.usage_in_bytes", "134217728");
  Write("/memory/memory.limit_in_bytes", "9223372036854771712");  // v1's page-rounded LONG_MAX
  Write("/cpu/c/cpu.cfs_quota_us", "50000");
  Write("/cpu/c/cpu.cfs_period_us", "100000");
  Write("/cpu/cpu.cfs_quota_us", "-1");  // no quota
  Write("/cpu/cpu.cfs_period_us", "100000");
  Write("/cpuset/s/cpuset.effective_cpus", "1");
  const CgroupLimits limits =
      sys::ReadCgroupLimits(root_, "5:memory:/m\n4:cpu,cpuacct:/c\n3:cpuset:/s\n0::/unified\n");
  EXPECT_EQ(limits.path, "/m") << "the memory controller's path names the group";
  EXPECT_EQ(limits.memory_max, 536870912u);
  ASSERT_TRUE(limits.memory_left.has_value());
  EXPECT_EQ(limits.memory_left->Bytes(), 536870912u - 134217728u);
  EXPECT_EQ(limits.memory_left->limit_file, "memory.limit_in_bytes");
  ASSERT_TRUE(limits.cpu_quota_cpus.has_value());
  EXPECT_DOUBLE_EQ(*limits.cpu_quota_cpus, 0.5);
  EXPECT_EQ(limits.cpuset_cpus, "1");
}

TEST_F(CgroupTree, NothingReadableIsNoLimit) {
  const CgroupLimits limits = sys::ReadCgroupLimits(root_, "");
  EXPECT_FALSE(limits.memory_max.has_value());
  EXPECT_FALSE(limits.cpu_quota_cpus.has_value());
  EXPECT_EQ(limits.cpuset_cpus, "");
}

}  // namespace
}  // namespace membench
