// File: tests/derived_metrics_test.cpp
// perf stat's shadow metrics from synthetic counts.
#include "report/derived_metrics.h"

#include <gtest/gtest.h>

namespace membench {
namespace {

const std::map<std::string, double> kCounts = {
    {"task-clock", 725.939831e6},  {"cycles", 1535468702},     {"instructions", 1691516817},
    {"branches", 291260006},       {"branch-misses", 1487762}, {"page-faults", 256002},
    {"cache-references", 8470560}, {"cache-misses", 8364176},  {"stalled-cycles-frontend", 300000000},
    {"dTLB-loads", 1000},          {"dTLB-load-misses", 25},
};

DerivedMetric One(const std::string& event, double wall_ns = 729.488573e6) {
  const auto metrics = DeriveMetrics(event, kCounts, wall_ns);
  EXPECT_FALSE(metrics.empty()) << event;
  return metrics.empty() ? DerivedMetric{} : metrics.front();
}

// The figures of seed 002's "unrolled, no prefault" block.
TEST(DeriveMetrics, ReproducesPerfStatFigures) {
  EXPECT_NEAR(One("task-clock").value, 0.995, 0.0005);
  EXPECT_EQ(One("task-clock").unit, "CPUs utilized");
  EXPECT_NEAR(One("instructions").value, 1.102, 0.0005);
  EXPECT_EQ(One("instructions").unit, "insn per cycle");
  EXPECT_NEAR(One("branch-misses").value, 0.511, 0.0005);
  EXPECT_EQ(One("branch-misses").unit, "%  of all branches");
  // 2010's perf printed "0.353 M/sec"; today's scales to K/sec.
  EXPECT_NEAR(One("page-faults").value, 352.650, 0.001);
  EXPECT_EQ(One("page-faults").unit, "K/sec");
  EXPECT_NEAR(One("branches").value, 401.218, 0.001);
  EXPECT_EQ(One("branches").unit, "M/sec");
  EXPECT_NEAR(One("cycles").value, 2.115, 0.0005);
  EXPECT_EQ(One("cycles").unit, "GHz");
  EXPECT_NEAR(One("cache-misses").value, 98.744, 0.001);
}

TEST(DeriveMetrics, StalledCyclesPerInsnAndCacheRatios) {
  const auto ins = DeriveMetrics("instructions", kCounts, 1e9);
  ASSERT_EQ(ins.size(), 2u);
  EXPECT_EQ(ins[1].unit, "stalled cycles per insn");
  EXPECT_NEAR(ins[1].value, 300000000.0 / 1691516817.0, 1e-9);
  EXPECT_NEAR(One("stalled-cycles-frontend").value, 100.0 * 3e8 / 1535468702, 1e-9);
  EXPECT_NEAR(One("dTLB-load-misses").value, 2.5, 1e-12);
  EXPECT_EQ(One("dTLB-load-misses").unit, "%  of all dTLB accesses");
}

TEST(DeriveMetrics, RatesScaleAndMissingInputsGiveNothing) {
  const std::map<std::string, double> few = {{"task-clock", 1e9}, {"context-switches", 5}, {"instructions", 10}};
  const auto cs = DeriveMetrics("context-switches", few, 1e9);
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].unit, "/sec");
  EXPECT_DOUBLE_EQ(cs[0].value, 5);
  EXPECT_TRUE(DeriveMetrics("instructions", few, 1e9).empty());  // no cycles, no IPC
  EXPECT_TRUE(DeriveMetrics("cycles", few, 1e9).empty());        // not counted
}

}  // namespace
}  // namespace membench
