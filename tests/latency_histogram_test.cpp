// File: tests/latency_histogram_test.cpp
// Single latencies: every value lands in a grid bucket that holds it and is
// at most a sixteenth of its value wide; preparations timed at different
// timer rates merge; percentiles; the text table, the CDF and the result
// file's round trip, older files' off-grid buckets moved onto the grid, on
// synthetic distributions.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.h"
#include "core/latency_histogram.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/latency_report.h"

namespace membench {
namespace {

TEST(LatencyGrid, EveryValueLandsInABucketThatHoldsIt) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 0; v < 5000; ++v) values.push_back(v);
  for (int shift = 13; shift < 64; ++shift) {
    values.push_back((1ULL << shift) - 1);
    values.push_back(1ULL << shift);
    values.push_back((1ULL << shift) + 12345);
  }
  values.push_back(~0ULL);
  std::size_t previous = 0;
  for (const std::uint64_t v : values) {
    const std::size_t index = LatencyGrid::IndexOf(v);
    ASSERT_LT(index, LatencyGrid::kBuckets) << v;
    const auto [low, high] = LatencyGrid::BoundsOf(index);
    ASSERT_LE(low, v) << v;
    if (high != 0) {
      ASSERT_LT(v, high) << v;  // the last bucket's end overflows to 0
    }
    ASSERT_LE(static_cast<double>(high - low), std::max(1.0, static_cast<double>(low) / 16)) << v;
    if (v < 5000) {
      ASSERT_GE(index, previous) << v;  // monotonic
      previous = index;
    }
  }
}

TEST(LatencyGrid, NanosecondsFindTheBucketThatHoldsThem) {
  for (const double ns : {0.0, 0.03, 0.5, 1.0, 7.3, 104.69, 111.229, 117.77197, 2.5e6, 1e12}) {
    const auto [low, high] = LatencyGrid::BoundsNs(LatencyGrid::IndexOfNs(ns));
    EXPECT_LE(low, ns) << ns;
    EXPECT_LT(ns, high) << ns;
  }
  EXPECT_EQ(LatencyGrid::IndexOfNs(-1), 0u);
  EXPECT_EQ(LatencyGrid::IndexOfNs(1e300), LatencyGrid::kBuckets - 1);
  // A sixteenth of a nanosecond below 1 ns.
  EXPECT_EQ(LatencyGrid::BoundsNs(LatencyGrid::IndexOfNs(0.5)), (std::pair<double, double>{0.5, 0.5625}));
}

TEST(GridHistogram, CountsLandOnTheGridInNanoseconds) {
  GridHistogram h;
  for (int i = 0; i < 90; ++i) h.Add(32);  // 2 ns in sixteenths
  for (int i = 0; i < 10; ++i) h.Add(60);  // 3.75 ns
  const LatencyDistribution d = h.ToDistribution("a load", 2.0);
  EXPECT_EQ(d.Count(), 100u);
  EXPECT_DOUBLE_EQ(d.overhead_ns, 2.0);
  ASSERT_EQ(d.buckets.size(), 2u);
  EXPECT_DOUBLE_EQ(d.buckets[0].low_ns, 2.0);
  EXPECT_DOUBLE_EQ(d.buckets[0].high_ns, 2.125);
  EXPECT_DOUBLE_EQ(d.buckets[1].low_ns, 3.75);
}

// Two preparations whose timers were calibrated a part in ten thousand
// apart count the same latencies into the same buckets: merged, the
// distribution is one of ascending, disjoint buckets with every count.
TEST(GridHistogram, PreparationsWithSlightlyDifferentTimerRatesMergeByAddingCounts) {
  LatencyDistribution merged;
  for (const double ticks_per_ns : {2.9001, 2.8998, 2.90004}) {
    GridHistogram h;
    for (std::uint64_t ticks = 300; ticks < 360; ++ticks) {
      h.Add(static_cast<std::uint64_t>(static_cast<double>(ticks) * LatencyGrid::kUnitsPerNs / ticks_per_ns));
    }
    MergeLatencies(merged, h.ToDistribution("a fault", 1.0));
  }
  EXPECT_EQ(merged.Count(), 180u);
  for (std::size_t i = 1; i < merged.buckets.size(); ++i) {
    EXPECT_LE(merged.buckets[i - 1].high_ns, merged.buckets[i].low_ns) << i;
  }
}

TEST(LatencyPercentiles, InterpolateWithinTheBucketOfTheRank) {
  LatencyDistribution d;
  d.buckets = {{10, 20, 50}, {20, 30, 40}, {100, 200, 10}};
  EXPECT_DOUBLE_EQ(LatencyPercentile(d, 0.5), 20);
  EXPECT_DOUBLE_EQ(LatencyPercentile(d, 0.7), 25);
  EXPECT_DOUBLE_EQ(LatencyPercentile(d, 0.95), 150);
  EXPECT_DOUBLE_EQ(LatencyPercentile(d, 1.0), 200);
  EXPECT_DOUBLE_EQ(LatencyPercentile(LatencyDistribution{}, 0.5), 0);
}

TEST(LatencyPercentiles, MergingAddsTheCountsOfTheSameBuckets) {
  LatencyDistribution a{"a load", 1.0, {{10, 10.5, 5}, {40, 42, 1}}};
  const LatencyDistribution b{"a load", 1.1, {{10, 10.5, 3}, {20, 21, 2}, {60, 62, 4}}};
  MergeLatencies(a, b);
  ASSERT_EQ(a.buckets.size(), 4u);
  EXPECT_EQ(a.buckets[0].count, 8u);
  EXPECT_DOUBLE_EQ(a.buckets[1].low_ns, 20);
  EXPECT_DOUBLE_EQ(a.buckets[3].low_ns, 60);
  EXPECT_EQ(a.Count(), 15u);
  EXPECT_DOUBLE_EQ(a.overhead_ns, 1.0);
  LatencyDistribution empty;
  MergeLatencies(empty, b);
  EXPECT_EQ(empty.Count(), 9u);
  EXPECT_EQ(empty.what, "a load");
  EXPECT_DOUBLE_EQ(empty.overhead_ns, 1.1);
}

RunResult Timed() {
  RunResult r;
  for (const char* size : {"1 MiB", "256 MiB"}) {
    Measurement m;
    m.workload = "chase";
    m.unit = WorkUnit::kLoads;
    m.point.values = {{"size", ParamValue{size, 0, true}}};
    m.latency = LatencyDistribution{"a load: 8 dependent loads timed together", 17.5,
                                    {{5, 6, 900}, {6, 7, 90}, {100, 110, 9}, {1000, 1100, 1}}};
    r.measurements.push_back(m);
  }
  return r;
}

TEST(LatencyReport, ATableOfPercentilesUnderWhatATimingWas) {
  std::ostringstream out;
  WriteLatencyDistributions(out, Timed());
  const std::string text = out.str();
  EXPECT_NE(text.find("# single latencies: a load: 8 dependent loads timed together; the timer's own 17.50 ns"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("point         p50       p90       p99     p99.9  timings"), std::string::npos) << text;
  EXPECT_NE(text.find("1 MiB    5.556 ns  6.000 ns  7.000 ns  110.0 ns     1000"), std::string::npos) << text;
  std::ostringstream none;
  WriteLatencyDistributions(none, RunResult{});
  EXPECT_EQ(none.str(), "");
}

TEST(LatencyReport, TheCdfRisesToTheP999AndNoFurther) {
  const auto chart = LatencyCdfChart(Timed(), "cdf");
  ASSERT_TRUE(chart.has_value());
  ASSERT_EQ(chart->curves.size(), 2u);
  EXPECT_EQ(chart->curves[0].name, "1 MiB");
  const auto& points = chart->curves[0].points;
  // The bucket past the p99.9 (1 us) is left out.
  ASSERT_EQ(points.size(), 3u);
  EXPECT_DOUBLE_EQ(points[0].y, 0.9);
  EXPECT_DOUBLE_EQ(points.back().y, 0.999);
  EXPECT_FALSE(LatencyCdfChart(RunResult{}, "cdf").has_value());
}

// A distribution on the grid: the buckets of 5, 6, 100 and 1000 ns.
LatencyDistribution OnGrid() {
  LatencyDistribution d{"a load", 17.5, {}};
  for (const auto& [ns, count] : {std::pair{5.0, 900}, {6.0, 90}, {100.0, 9}, {1000.0, 1}}) {
    const auto [low, high] = LatencyGrid::BoundsNs(LatencyGrid::IndexOfNs(ns));
    d.buckets.push_back({low, high, static_cast<std::uint64_t>(count)});
  }
  return d;
}

RunResult WithLatency(const LatencyDistribution& d) {
  RunResult r = Timed();
  r.tool_version = "1";
  for (Measurement& m : r.measurements) m.latency = d;
  return r;
}

TEST(LatencyReport, TheResultFileKeepsTheGridsBucketsAsTheyAre) {
  const std::string json = ResultToJson(WithLatency(OnGrid())).dump();
  EXPECT_NE(json.find("\"percentiles_ns\""), std::string::npos);
  const RunResult back = ParseResult(json, "test");
  ASSERT_TRUE(back.measurements[0].latency.has_value());
  const LatencyDistribution& d = *back.measurements[0].latency;
  EXPECT_EQ(d.Count(), 1000u);
  EXPECT_DOUBLE_EQ(d.overhead_ns, 17.5);
  EXPECT_EQ(d.what, "a load");
  ASSERT_EQ(d.buckets.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(d.buckets[i].low_ns, OnGrid().buckets[i].low_ns);
    EXPECT_EQ(d.buckets[i].high_ns, OnGrid().buckets[i].high_ns);
    EXPECT_EQ(d.buckets[i].count, OnGrid().buckets[i].count);
  }
}

// Before the grid, a remapped point's preparations were concatenated with
// their own timer rates (as seen in a 64 MiB chase of three invocations):
// such a file is read, its buckets moved onto the grid and the move said.
TEST(LatencyReport, AnOlderFilesOverlappingBucketsAreMovedOntoTheGrid) {
  const LatencyDistribution old{
      "a load", 17.5, {{104.69, 111.23, 10}, {111.229, 117.77, 20}, {111.22908, 117.77197, 30}}};
  const RunResult back = ParseResult(ResultToJson(WithLatency(old)).dump(), "test");
  const LatencyDistribution& d = *back.measurements[0].latency;
  EXPECT_EQ(d.Count(), 60u);
  for (std::size_t i = 1; i < d.buckets.size(); ++i) EXPECT_LE(d.buckets[i - 1].high_ns, d.buckets[i].low_ns);
  EXPECT_NE(d.what.find("moved to the grid bucket of its middle"), std::string::npos) << d.what;
  // Written again, it is on the grid: read back once more, nothing moves.
  const RunResult again = ParseResult(ResultToJson(back).dump(), "test");
  EXPECT_EQ(again.measurements[0].latency->what, d.what);
  EXPECT_EQ(again.measurements[0].latency->buckets.size(), d.buckets.size());
  EXPECT_GE(LatencyPercentile(d, 0.5), 104);
  EXPECT_LE(LatencyPercentile(d, 0.5), 120);
}

TEST(LatencyReport, TheResultFileRefusesBucketsThatAreNone) {
  const std::string json = ResultToJson(WithLatency(OnGrid())).dump();
  const auto [low, high] = LatencyGrid::BoundsNs(LatencyGrid::IndexOfNs(100));
  const std::string bucket = nlohmann::json::array({low, high, 9}).dump();
  ASSERT_NE(json.find(bucket), std::string::npos) << json.substr(0, 2000);
  for (const char* broken : {"[4.0,3.0,9]", "[-1.0,3.0,9]", "[3.0,3.0,9]", "[3.0,9]"}) {
    std::string text = json;
    text.replace(text.find(bucket), bucket.size(), broken);
    EXPECT_THROW(ParseResult(text, "test"), Error) << broken;
  }
}

}  // namespace
}  // namespace membench
