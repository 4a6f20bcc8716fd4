// File: tests/loaded_curve_test.cpp
// The loaded-latency curve and its knee from synthetic figures.
#include "core/loaded_curve.h"

#include <gtest/gtest.h>

namespace membench {
namespace {

// A loaded point: the delay, the load's bandwidth (bytes/s) and the
// latency (ns) as a rate of loads, with a tight interval.
struct Figures {
  Measurement m;
  MeasurementStats st;
};

Figures Loaded(const std::string& delay, double bytes_per_s, double latency_ns, const std::string& traffic = "read") {
  Figures f;
  f.m.workload = "loaded";
  f.m.unit = WorkUnit::kLoads;
  const bool idle = delay == "idle";
  f.m.point.values = {{"delay", {delay, idle ? 0 : std::stoull(delay), !idle}},
                      {"traffic", {traffic, 0, false}}};
  f.st.rate.n = 5;
  f.st.rate.mean = 1e9 / latency_ns;
  f.st.rate.ci95_low = f.st.rate.mean * 0.98;
  f.st.rate.ci95_high = f.st.rate.mean * 1.02;
  Summary bw;
  bw.n = 5;
  bw.mean = bytes_per_s;
  Summary memory = bw;
  memory.mean = 2 * bytes_per_s;
  f.st.side_rates = {{"load traffic requested", WorkUnit::kBytes, SideKind::kWorkload, bw, std::nullopt},
                     {"load traffic at memory (est.)", WorkUnit::kBytes, SideKind::kWorkload, memory, std::nullopt}};
  return f;
}

std::vector<LoadedCurve> CurvesOf(const std::vector<Figures>& figures) {
  std::vector<Measurement> ms;
  std::vector<MeasurementStats> stats;
  for (const auto& f : figures) {
    ms.push_back(f.m);
    stats.push_back(f.st);
  }
  return LoadedCurves(ms, stats);
}

// Points with a tight interval (+-1%) around each latency.
std::vector<KneePoint> Tight(const std::vector<double>& bandwidth, const std::vector<double>& latency) {
  std::vector<KneePoint> points;
  for (std::size_t i = 0; i < bandwidth.size(); ++i) {
    points.push_back({bandwidth[i], latency[i], latency[i] * 0.99, latency[i] * 1.01});
  }
  return points;
}

TEST(FindKnee, MarksWhereLatencyStartsToClimb) {
  // Flat at 100 ns up to 30 GB/s, then steeply up: the knee is the last flat point.
  const Knee knee = FindKnee(Tight({0, 10, 20, 30, 34, 35}, {100, 101, 103, 106, 160, 260}));
  ASSERT_TRUE(knee.index.has_value()) << knee.none_because;
  EXPECT_EQ(*knee.index, 3u);
}

TEST(FindKnee, TakesThePointsInAnyOrder) {
  const Knee knee = FindKnee(Tight({35, 0, 30, 10}, {260, 100, 106, 101}));
  ASSERT_TRUE(knee.index.has_value());
  EXPECT_EQ(*knee.index, 2u) << "an index into the points as given";
}

TEST(FindKnee, ADipIsNoiseTheKneeIsTheLastPointBeforeTheClimb) {
  const Knee knee = FindKnee(Tight({0, 5, 10, 15, 20}, {250, 220, 225, 280, 295}));
  ASSERT_TRUE(knee.index.has_value()) << knee.none_because;
  EXPECT_EQ(*knee.index, 2u);
}

TEST(FindKnee, NoneForTooFewPointsARiseInsideTheNoiseOrAStraightRise) {
  EXPECT_FALSE(FindKnee(Tight({0, 30}, {100, 200})).index);
  EXPECT_NE(FindKnee(Tight({0, 30}, {100, 200})).none_because.find("fewer than 3"), std::string::npos);
  const Knee flat = FindKnee(Tight({0, 10, 20, 30}, {100, 102, 104, 105}));
  EXPECT_FALSE(flat.index) << "a 5% rise is inside what noise does";
  EXPECT_NE(flat.none_because.find("95% intervals"), std::string::npos);
  std::vector<KneePoint> noisy = Tight({0, 10, 20, 30}, {100, 101, 103, 160});
  noisy.back().latency_low = 95;
  EXPECT_FALSE(FindKnee(noisy).index) << "the highest point's interval reaches the lowest's";
  const Knee straight = FindKnee(Tight({0, 10, 20, 30}, {100, 120, 140, 160}));
  EXPECT_FALSE(straight.index) << "latency rising in proportion has no knee";
  EXPECT_NE(straight.none_because.find("chord"), std::string::npos);
  EXPECT_FALSE(FindKnee(Tight({5, 5, 5}, {100, 150, 200})).index) << "bandwidth must vary";
}

TEST(NonDecreasingFit, PoolsEveryDropIntoTheMeanBeforeIt) {
  EXPECT_EQ(NonDecreasingFit({3, 1, 2, 5, 4}), (std::vector<double>{2, 2, 2, 4.5, 4.5}));
  EXPECT_EQ(NonDecreasingFit({1, 2, 3}), (std::vector<double>{1, 2, 3}));
  EXPECT_TRUE(NonDecreasingFit({}).empty());
}

TEST(LoadedCurves, OneCurvePerTrafficDelaysAscendingIdleLast) {
  const auto curves = CurvesOf({Loaded("idle", 0, 100), Loaded("0", 35e9, 260), Loaded("500", 10e9, 101),
                                Loaded("100", 30e9, 106), Loaded("0", 20e9, 150, "nt-write"),
                                Loaded("idle", 0, 100, "nt-write")});
  ASSERT_EQ(curves.size(), 2u);
  const LoadedCurve& read = curves[0];
  EXPECT_EQ(read.conditions, "traffic=read");
  ASSERT_EQ(read.points.size(), 4u);
  EXPECT_EQ(read.points[0].delay, "0");
  EXPECT_EQ(read.points[1].delay, "100");
  EXPECT_EQ(read.points[2].delay, "500");
  EXPECT_EQ(read.points[3].delay, "idle");
  EXPECT_DOUBLE_EQ(read.points[0].latency_ns, 260);
  EXPECT_DOUBLE_EQ(read.points[0].requested_bytes_per_s.mean, 35e9);
  EXPECT_DOUBLE_EQ(read.points[0].memory_bytes_per_s.mean, 70e9);
  ASSERT_TRUE(read.idle_latency_ns.has_value());
  EXPECT_DOUBLE_EQ(*read.idle_latency_ns, 100);
  EXPECT_NEAR(read.points[0].latency_low_ns, 260 / 1.02, 1e-9) << "the rate's upper bound is the latency's lower";
  ASSERT_TRUE(read.points[0].latency_high_ns.has_value());
  EXPECT_NEAR(*read.points[0].latency_high_ns, 260 / 0.98, 1e-9);
  ASSERT_TRUE(read.knee.has_value()) << read.no_knee_because;
  EXPECT_EQ(read.points[*read.knee].delay, "100");
  EXPECT_EQ(curves[1].conditions, "traffic=nt-write");
  EXPECT_FALSE(curves[1].knee) << "two delays make no knee";
}

TEST(LoadedCurves, NoneWithoutADelayOrWithOnlyOne) {
  Figures chase = Loaded("0", 1e9, 100);
  chase.m.point.values.erase(chase.m.point.values.begin());
  EXPECT_TRUE(CurvesOf({chase, chase}).empty()) << "no delay parameter";
  EXPECT_TRUE(CurvesOf({Loaded("0", 1e9, 100)}).empty()) << "one delay is a point";
}

TEST(LoadedCurves, AnIntervalReachingRateZeroIsUnboundedLatency) {
  Figures wild = Loaded("0", 30e9, 200);
  wild.st.rate.ci95_low = -1;
  const auto curves = CurvesOf({wild, Loaded("idle", 0, 100)});
  ASSERT_EQ(curves.size(), 1u);
  EXPECT_FALSE(curves[0].points[0].latency_high_ns.has_value());
}

}  // namespace
}  // namespace membench
