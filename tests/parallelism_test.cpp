// File: tests/parallelism_test.cpp
// Memory-level parallelism from synthetic chase rates.
#include <gtest/gtest.h>

#include "core/parallelism.h"

namespace membench {
namespace {

Measurement Chase(const std::string& size, int chains) {
  Measurement m;
  m.workload = "chase";
  m.unit = WorkUnit::kLoads;
  m.point.values = {{"size", {size, 0, true}}, {"chains", {std::to_string(chains), 0, false}}};
  return m;
}

TEST(Parallelism, LatencyAndImpliedParallelismFollowLittlesLaw) {
  // 100 ns a load alone; 4 chains give 3.2x the throughput, 16 give 5x.
  const std::vector<Measurement> ms = {Chase("1 GiB", 1), Chase("1 GiB", 4), Chase("1 GiB", 16)};
  const std::vector<double> rates = {1e7, 3.2e7, 5e7};
  const auto rows = MemoryParallelism(ms, rates);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].chains, 1);
  EXPECT_DOUBLE_EQ(rows[0].latency_ns, 100);
  EXPECT_DOUBLE_EQ(rows[0].implied_mlp, 1);
  EXPECT_DOUBLE_EQ(rows[1].ns_per_load, 31.25);
  EXPECT_DOUBLE_EQ(rows[1].latency_ns, 125) << "each load waits longer with 4 in flight";
  EXPECT_DOUBLE_EQ(rows[1].implied_mlp, 3.2);
  EXPECT_DOUBLE_EQ(rows[2].latency_ns, 320);
  EXPECT_DOUBLE_EQ(rows[2].implied_mlp, 5);
  EXPECT_EQ(rows[2].conditions, "") << "size does not vary";
}

TEST(Parallelism, EachConditionIsItsOwnGroupAndNeedsAOneChainPoint) {
  const std::vector<Measurement> ms = {Chase("64 KiB", 2), Chase("64 KiB", 1), Chase("1 GiB", 2), Chase("1 GiB", 4)};
  const auto rows = MemoryParallelism(ms, {2e9, 1e9, 2e7, 3e7});
  ASSERT_EQ(rows.size(), 2u) << "1 GiB has no one-chain point";
  EXPECT_EQ(rows[0].conditions, "size=64 KiB");
  EXPECT_EQ(rows[0].chains, 1) << "sorted by chains";
  EXPECT_DOUBLE_EQ(rows[1].implied_mlp, 2);
  EXPECT_TRUE(MemoryParallelism({Chase("1 GiB", 1), Chase("2 GiB", 1)}, {1e7, 1e7}).empty())
      << "no rows when chains do not vary";
}

}  // namespace
}  // namespace membench
