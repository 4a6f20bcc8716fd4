// File: tests/load_traffic_test.cpp
// The load workers' traffic: the bytes each kind asks for and moves, and
// that a walk writes what it should where it should.
#include "workloads/load_traffic.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/error.h"

namespace membench {
namespace {

TEST(LoadTraffic, RequestedAndEstimatedBytesPerStep) {
  constexpr std::uint64_t kBlock = kTrafficBurst;
  EXPECT_EQ(RequestedBytesPerStep(ParseTrafficKind("read")), kBlock);
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("read")), kBlock);
  EXPECT_EQ(RequestedBytesPerStep(ParseTrafficKind("3:1")), 4 * kBlock);
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("3:1")), 5 * kBlock) << "the written block is read first";
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("1:1")), 3 * kBlock);
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("write")), 2 * kBlock);
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("nt-write")), kBlock) << "non-temporal stores allocate nothing";
  EXPECT_EQ(RequestedBytesPerStep(ParseTrafficKind("triad")), 3 * kBlock) << "STREAM counts 24 bytes an element";
  EXPECT_EQ(MemoryBytesPerStep(ParseTrafficKind("triad")), 4 * kBlock);
  EXPECT_THROW(ParseTrafficKind("2:3"), Error);
  EXPECT_EQ(TrafficKindNames().size(), 7u);
  EXPECT_EQ(BlocksPerStep(ParseTrafficKind("3:1")), 4 * kTrafficBurst / kTrafficBlock) << "the delay's unit";
}

TEST(LoadTraffic, WritesOnlyTheWriteBlocksAndWrapsAtTheEnd) {
  // 2:1 over 7 bursts: steps of 3 bursts, so 6 are walked and the 7th never.
  std::vector<char> buffer(7 * kTrafficBurst, 0);
  TrafficGenerator traffic(ParseTrafficKind("2:1"), buffer.data(), buffer.size());
  for (int step = 0; step < 4; ++step) traffic.Step();
  const auto block_written = [&](std::size_t b) {
    for (std::size_t i = 0; i < kTrafficBurst; ++i) {
      if (buffer[b * kTrafficBurst + i] != 0) return true;
    }
    return false;
  };
  EXPECT_FALSE(block_written(0));
  EXPECT_FALSE(block_written(1));
  EXPECT_TRUE(block_written(2));
  EXPECT_FALSE(block_written(3));
  EXPECT_FALSE(block_written(4));
  EXPECT_TRUE(block_written(5));
  EXPECT_FALSE(block_written(6)) << "a partial step is never walked";
}

TEST(LoadTraffic, TriadComputesItsSum) {
  std::vector<double> buffer(3 * kTrafficBurst / sizeof(double));
  const std::size_t n = kTrafficBurst / sizeof(double);
  for (std::size_t i = 0; i < n; ++i) {
    buffer[i] = static_cast<double>(i);   // b
    buffer[n + i] = 2.0;                  // c
  }
  TrafficGenerator traffic(ParseTrafficKind("triad"), reinterpret_cast<char*>(buffer.data()),
                           buffer.size() * sizeof(double));
  traffic.Step();
  for (std::size_t i = 0; i < n; ++i) ASSERT_DOUBLE_EQ(buffer[2 * n + i], static_cast<double>(i) + 6.0);
  EXPECT_NE(traffic.Describe().find("triad"), std::string::npos);
}

TEST(LoadTraffic, NonTemporalWritesDescribeThemselves) {
  std::vector<char> buffer(kTrafficBurst, 0);
  TrafficGenerator traffic(ParseTrafficKind("nt-write"), buffer.data(), buffer.size());
  traffic.Step();
  EXPECT_NE(buffer[0], 0);
  EXPECT_NE(traffic.Describe().find("non-temporal"), std::string::npos);
}

}  // namespace
}  // namespace membench
