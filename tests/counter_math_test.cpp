// File: tests/counter_math_test.cpp
// The counter arithmetic with synthetic read() buffers, as nanobench tests
// its own: the machines CI runs on have no PMU to produce real ones.
#include "core/counter_math.h"

#include <gtest/gtest.h>

#include <vector>

namespace membench {
namespace {

TEST(ParseGroupRead, MapsValuesToIds) {
  // nr=3, enabled=1000, running=500, then {value, id} x 3
  const std::vector<std::uint64_t> buf = {3, 1000, 500, 111, 7, 222, 8, 333, 9};
  const auto values = ParseGroupRead(buf);
  ASSERT_TRUE(values);
  ASSERT_EQ(values->size(), 3u);
  EXPECT_EQ((*values)[1].id, 8u);
  EXPECT_EQ((*values)[1].value.raw, 222u);
  EXPECT_EQ((*values)[1].value.enabled_ns, 1000u);
  EXPECT_EQ((*values)[1].value.running_ns, 500u);
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
  EXPECT_EQ(v->value.raw, 42u);
  EXPECT_FALSE(ParseSingleRead(std::vector<std::uint64_t>{1, 2, 3}));
}

TEST(Scale, FullRunIsExact) {
  const ScaledCount s = Scale({1234, 1000, 1000});
  EXPECT_TRUE(s.counted);
  EXPECT_FALSE(s.multiplexed());
  EXPECT_DOUBLE_EQ(s.value, 1234);
}

TEST(Scale, MultiplexedIsExtrapolatedToEnabledTime) {
  // Counted a quarter of the time: perf scales by enabled / running.
  const ScaledCount s = Scale({250, 4000, 1000});
  EXPECT_TRUE(s.multiplexed());
  EXPECT_DOUBLE_EQ(s.running_fraction, 0.25);
  EXPECT_DOUBLE_EQ(s.value, 1000);
}

TEST(Scale, NeverRunningMeansNotCounted) {
  EXPECT_FALSE(Scale({0, 1000, 0}).counted);
  EXPECT_FALSE(Scale({0, 0, 0}).counted);
}

}  // namespace
}  // namespace membench
