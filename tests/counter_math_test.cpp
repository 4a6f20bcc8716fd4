// File: tests/counter_math_test.cpp
// The counter arithmetic with synthetic read() buffers, as nanobench tests
// its own: the machines CI runs on have no PMU to produce real ones.
#include "core/counter_math.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.h"

namespace membench {
namespace {

TEST(ParseGroupRead, MapsValuesToIds) {
  // nr=3, enabled=1000, running=500, then {value, id} x 3
  const std::vector<std::uint64_t> buf = {3, 1000, 500, 111, 7, 222, 8, 333, 9};
  const auto values = ParseGroupRead(buf);
  ASSERT_TRUE(values);
  ASSERT_EQ(values->size(), 3u);
  EXPECT_EQ((*values)[1].id, 8u);
  EXPECT_EQ((*values)[1].reading.value, 222u);
  EXPECT_EQ((*values)[1].reading.enabled_ns, 1000u);
  EXPECT_EQ((*values)[1].reading.running_ns, 500u);
}

TEST(ParseGroupRead, RejectsTruncatedBuffers) {
  EXPECT_FALSE(ParseGroupRead(std::vector<std::uint64_t>{}));
  EXPECT_FALSE(ParseGroupRead(std::vector<std::uint64_t>{2, 1000, 1000, 5, 1}));
  EXPECT_FALSE(ParseGroupRead(std::vector<std::uint64_t>{~0ull, 1, 1}));
  const auto empty = ParseGroupRead(std::vector<std::uint64_t>{0, 0, 0});
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
}

TEST(ParseSingleRead, ReadsValueTimesAndId) {
  const auto v = ParseSingleRead(std::vector<std::uint64_t>{42, 10, 5, 99});
  ASSERT_TRUE(v);
  EXPECT_EQ(v->id, 99u);
  EXPECT_EQ(v->reading.value, 42u);
  EXPECT_FALSE(ParseSingleRead(std::vector<std::uint64_t>{1, 2, 3}));
}

TEST(Scale, FullRunIsExact) {
  const ScaledCount s = Scale(MakeCounterValue(1234, 1000, 1000));
  EXPECT_TRUE(s.counted);
  EXPECT_FALSE(s.multiplexed());
  EXPECT_DOUBLE_EQ(s.value, 1234);
}

TEST(Scale, MultiplexedIsExtrapolatedToEnabledTime) {
  // Counted a quarter of the time: perf scales by enabled / running.
  const ScaledCount s = Scale(MakeCounterValue(250, 4000, 1000));
  EXPECT_TRUE(s.multiplexed());
  EXPECT_DOUBLE_EQ(s.running_fraction, 0.25);
  EXPECT_DOUBLE_EQ(s.value, 1000);
}

TEST(Scale, NeverRunningMeansNotCounted) {
  EXPECT_FALSE(Scale(MakeCounterValue(0, 1000, 0)).counted);
  EXPECT_FALSE(Scale(MakeCounterValue(0, 0, 0)).counted);
}

// Regression (issue 11, defect 1): PERF_EVENT_IOC_RESET zeroes the count
// but not the times, so scaling a sample by the totals since the counter
// was opened mixes every earlier sample in. A counter that ran all of
// sample 1 (1 s) and a quarter of sample 2 (1 s) read 1000 + 250 events in
// total; sample 2 alone is 250 counted in 0.25 of 1 s: 1000 scaled, shown
// as running 25%, not 62.5%.
TEST(Delta, ScalesTheSampleNotTheCounterHistory) {
  const CounterReading after_first{1000, 1'000'000'000, 1'000'000'000};
  const CounterReading after_second{1250, 2'000'000'000, 1'250'000'000};
  const CounterDelta second = Delta(after_first, after_second);
  ASSERT_TRUE(second.value) << second.problem;
  EXPECT_EQ(second.value->raw, 250u);
  const ScaledCount s = Scale(*second.value);
  EXPECT_DOUBLE_EQ(s.running_fraction, 0.25);
  EXPECT_DOUBLE_EQ(s.value, 1000);
  // What scaling the totals would have said: 1250 * 2 / 1.25 = 2000 for
  // the run, and a running share of 62.5% for this sample.
  const ScaledCount totals =
      Scale(MakeCounterValue(after_second.value, after_second.enabled_ns, after_second.running_ns));
  EXPECT_NE(totals.running_fraction, s.running_fraction);
}

// A sample in which the counter never got onto the PMU is <not counted>,
// even though the counter's totals are not zero.
TEST(Delta, ASampleThatNeverRanIsNotCountedDespiteEarlierCounts) {
  const CounterDelta d = Delta({5000, 1'000'000, 1'000'000}, {5000, 2'000'000, 1'000'000});
  ASSERT_TRUE(d.value);
  EXPECT_FALSE(d.value->counted());
  EXPECT_FALSE(Scale(*d.value).counted);
}

TEST(Delta, ACounterThatRanALittleIsScaledAndSaysSo) {
  const CounterDelta d = Delta({0, 0, 0}, {3, 1'000'000, 1'000});
  ASSERT_TRUE(d.value);
  const ScaledCount s = Scale(*d.value);
  EXPECT_TRUE(s.counted);
  EXPECT_DOUBLE_EQ(s.running_fraction, 0.001);
  EXPECT_DOUBLE_EQ(s.value, 3000);
}

TEST(Delta, AWrappedCounterDifferencesModulo2To64) {
  const std::uint64_t near_end = ~std::uint64_t{0} - 9;  // 2^64 - 10
  const CounterDelta d = Delta({near_end, 100, 100}, {5, 200, 200});
  ASSERT_TRUE(d.value) << d.problem;
  EXPECT_EQ(d.value->raw, 15u);
}

// A reading taken against the wrong baseline (defect 2: a child-following
// counter whose baseline came before a reset) goes backwards: an invariant
// failure, reported, never clamped to zero.
TEST(Delta, ACountThatWentBackwardsIsAProblemNotAZero) {
  const CounterDelta d = Delta({1000, 100, 100}, {400, 200, 200});
  EXPECT_FALSE(d.value);
  EXPECT_NE(d.problem.find("went backwards"), std::string::npos) << d.problem;
  EXPECT_FALSE(Delta({0, 200, 100}, {0, 300, 250}).value);  // ran 150 of the 100 ns enabled
  EXPECT_FALSE(Delta({0, 200, 100}, {0, 100, 100}).value);  // time enabled went backwards
}

// Team values: each worker scaled on its own, the scaled values summed.
TEST(Delta, TeamSumsScaledValuesAsPerfAggregates) {
  CounterValue sum = MakeCounterValue(100, 1000, 1000);  // 100, not multiplexed
  sum += MakeCounterValue(50, 1000, 500);                // 100 after scaling
  EXPECT_EQ(sum.raw, 150u);
  EXPECT_DOUBLE_EQ(sum.scaled, 200);
  EXPECT_DOUBLE_EQ(Scale(sum).running_fraction, 0.75);
}

// Defect 3: readings of a group are found by counter id; an id of 0 (a
// failed PERF_EVENT_IOC_ID) or one shared by two members would send one
// counter's value to another, and is refused.
TEST(MatchGroupRead, FindsEachMemberByIdAndRefusesSharedOrZeroIds) {
  const std::vector<IdentifiedReading> group = {{7, {70, 10, 10}}, {9, {90, 10, 10}}};
  const std::vector<std::uint64_t> ids = {9, 7, 8};
  const auto readings = MatchGroupRead(ids, group);
  ASSERT_EQ(readings.size(), 3u);
  EXPECT_EQ(readings[0]->value, 90u);
  EXPECT_EQ(readings[1]->value, 70u);
  EXPECT_FALSE(readings[2]);  // not in this read
  EXPECT_THROW(MatchGroupRead(std::vector<std::uint64_t>{7, 0}, group), Error);
  EXPECT_THROW(MatchGroupRead(std::vector<std::uint64_t>{7, 7}, group), Error);
}

}  // namespace
}  // namespace membench
