// File: tests/size_distribution_test.cpp
// Size distributions: the file format, the draws, the shipped ones, and
// the calls drawn from them across a working set.
#include "core/size_distribution.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>

#include "core/error.h"
#include "workloads/drawn_calls.h"
#include "workloads/size_dists.h"

namespace membench {
namespace {

std::string ErrorOf(const std::string& text) {
  try {
    SizeDistribution::Parse(text, "test.csv");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SizeDistribution, ParsesSizesRangesAlignmentsAndComments) {
  const SizeDistribution d = SizeDistribution::Parse(
      "# a comment\n32,3\n\n1K..2K,1  # uniform\nalign 16,1\nalign 64,1\n", "test.csv");
  ASSERT_EQ(d.sizes().size(), 2u);
  EXPECT_EQ(d.sizes()[1].low, 1024u);
  EXPECT_EQ(d.sizes()[1].high, 2048u);
  EXPECT_EQ(d.Largest(), 2048u);
  EXPECT_EQ(d.LargestAlignment(), 64u);
  EXPECT_DOUBLE_EQ(d.MeanSize(), (3 * 32 + 1 * 1536.0) / 4);
}

TEST(SizeDistribution, DrawsInProportionToTheWeights) {
  const SizeDistribution d = SizeDistribution::Parse("8,3\n100..199,1\nalign 8,1\n", "test.csv");
  std::mt19937_64 rng(1);
  std::map<std::uint64_t, int> counts;
  int in_range = 0;
  for (int i = 0; i < 40000; ++i) {
    const std::uint64_t size = d.Draw(rng);
    if (size == 8) {
      ++counts[8];
    } else {
      ASSERT_GE(size, 100u);
      ASSERT_LE(size, 199u);
      ++in_range;
    }
    ASSERT_EQ(d.DrawAlignment(rng), 8u);
  }
  EXPECT_NEAR(counts[8] / 40000.0, 0.75, 0.02);
  EXPECT_NEAR(in_range / 40000.0, 0.25, 0.02);
}

TEST(SizeDistribution, MalformedFilesAreRefusedWithTheLine) {
  EXPECT_NE(ErrorOf("32,1\nfoo\n").find("test.csv line 2"), std::string::npos);
  EXPECT_NE(ErrorOf("32,-1\n").find("weight '-1'"), std::string::npos);
  EXPECT_NE(ErrorOf("32,x\n").find("line 1"), std::string::npos);
  EXPECT_NE(ErrorOf("4K..1K,1\n").find("runs backwards"), std::string::npos);
  EXPECT_NE(ErrorOf("32,1\nalign 3,1\n").find("not a power of two"), std::string::npos);
  EXPECT_NE(ErrorOf("# nothing\n").find("no size with a weight above 0"), std::string::npos);
  EXPECT_NE(ErrorOf("12Q,1\n").find("line 1"), std::string::npos);
  EXPECT_EQ(ErrorOf("0,1\n"), "") << "memset of 0 bytes is a call programs make";
}

TEST(SizeDistribution, EveryShippedOneParsesAndStaysUnder4KiB) {
  ASSERT_GE(ShippedSizeDistributions().size(), 2u);
  for (const ShippedSizeDistribution& shipped : ShippedSizeDistributions()) {
    const SizeDistribution d = LoadSizeDistribution(shipped.name);
    EXPECT_LT(d.Largest(), 4096u) << shipped.name << ": the kernels' exhaustive tests cover up to 4 KiB + 64";
    EXPECT_GT(d.MeanSize(), 0) << shipped.name;
  }
  EXPECT_THROW(LoadSizeDistribution("no-such-distribution"), Error);
}

TEST(DrawnCalls, EveryCallLiesInsideTheWorkingSetAtItsAlignment) {
  const DrawnCalls calls("spec2017-memcpy", 1 << 20, true);
  ASSERT_EQ(calls.calls().size(), DrawnCalls::kCallsPerLoop);
  std::uint64_t bytes = 0;
  for (const DrawnCall& call : calls.calls()) {
    ASSERT_LE(call.src_offset + call.size, 1u << 20);
    ASSERT_LE(call.dst_offset + call.size, 1u << 20);
    bytes += call.size;
  }
  EXPECT_EQ(bytes, calls.bytes_per_loop());
  EXPECT_THROW(DrawnCalls("spec2017-memcpy", 1024, true), Error) << "calls of up to 4 KiB need a larger working set";
}

TEST(DrawnCalls, SizesNearTheTopOfTheRangeCannotWrapPastTheCheck) {
  // (2^24 - 1) TiB plus a 1 TiB alignment is 2^64: a sum would wrap to 0.
  const std::string path = testing::TempDir() + "/huge-sizes.csv";
  std::ofstream(path) << "16777215T,1\nalign 1T,1\n";
  EXPECT_THROW(DrawnCalls(path, 1 << 20, true), Error);
  std::remove(path.c_str());
}

TEST(DrawnCalls, CountTheCallsMadeAsASideCount) {
  DrawnCalls calls("spec2017-memset", 1 << 20, false);
  ASSERT_EQ(calls.SideCounts().size(), 1u);
  EXPECT_EQ(calls.SideCounts()[0].unit, WorkUnit::kCalls);
  calls.Made(3);
  EXPECT_EQ(calls.TakeSideCounts(), std::vector<std::uint64_t>{3 * DrawnCalls::kCallsPerLoop});
  EXPECT_EQ(calls.TakeSideCounts(), std::vector<std::uint64_t>{0});
  for (const DrawnCall& call : calls.calls()) ASSERT_EQ(call.src_offset, 0u) << "memset has no source";
  EXPECT_TRUE(DrawnCalls().SideCounts().empty()) << "no distribution, no count";
}

}  // namespace
}  // namespace membench
