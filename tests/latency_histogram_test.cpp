// File: tests/latency_histogram_test.cpp
// Single latencies: every tick count lands in a bucket that holds it and is
// at most a sixteenth of its value wide; percentiles, merging, the scale to
// nanoseconds; the text table, the CDF and the result file's round trip,
// on synthetic distributions.
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

TEST(TickHistogram, EveryCountLandsInABucketThatHoldsIt) {
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
    const std::size_t index = TickHistogram::IndexOf(v);
    ASSERT_LT(index, TickHistogram::kBuckets) << v;
    const auto [low, high] = TickHistogram::BoundsOf(index);
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

TEST(TickHistogram, TimingsBecomeNanosecondsAUnit) {
  TickHistogram h;
  for (int i = 0; i < 90; ++i) h.Add(8);   // 8 ticks: exact
  for (int i = 0; i < 10; ++i) h.Add(15);
  // 2 ticks a ns, 2 units a timing: 8 ticks are 2 ns a unit.
  const LatencyDistribution d = h.ToDistribution("a load", 2.0, 2.0, 4.0);
  EXPECT_EQ(d.Count(), 100u);
  EXPECT_DOUBLE_EQ(d.overhead_ns, 2.0);
  ASSERT_EQ(d.buckets.size(), 2u);
  EXPECT_DOUBLE_EQ(d.buckets[0].low_ns, 2.0);
  EXPECT_DOUBLE_EQ(d.buckets[0].high_ns, 2.25);
  EXPECT_DOUBLE_EQ(d.buckets[1].low_ns, 3.75);
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
  LatencyDistribution a{"a load", 1.0, {{10, 20, 5}, {40, 50, 1}}};
  const LatencyDistribution b{"a load", 1.1, {{10, 20, 3}, {20, 30, 2}, {60, 70, 4}}};
  MergeLatencies(a, b);
  ASSERT_EQ(a.buckets.size(), 4u);
  EXPECT_EQ(a.buckets[0].count, 8u);
  EXPECT_DOUBLE_EQ(a.buckets[1].low_ns, 20);
  EXPECT_DOUBLE_EQ(a.buckets[3].low_ns, 60);
  EXPECT_EQ(a.Count(), 15u);
  LatencyDistribution empty;
  MergeLatencies(empty, b);
  EXPECT_EQ(empty.Count(), 9u);
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

TEST(LatencyReport, TheResultFileKeepsTheBucketsAndRefusesBrokenOnes) {
  RunResult r = Timed();
  r.tool_version = "1";
  const std::string json = ResultToJson(r).dump();
  EXPECT_NE(json.find("\"percentiles_ns\""), std::string::npos);
  const RunResult back = ParseResult(json, "test");
  ASSERT_TRUE(back.measurements[0].latency.has_value());
  EXPECT_EQ(back.measurements[0].latency->Count(), 1000u);
  EXPECT_DOUBLE_EQ(back.measurements[0].latency->overhead_ns, 17.5);
  std::string broken = json;
  const std::string bucket = "[100.0,110.0,9]";
  const auto at = broken.find(bucket);
  ASSERT_NE(at, std::string::npos) << json.substr(0, 2000);
  broken.replace(at, bucket.size(), "[3.0,4.0,9]");
  EXPECT_THROW(ParseResult(broken, "test"), Error);
}

}  // namespace
}  // namespace membench
