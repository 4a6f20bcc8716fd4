// File: tests/suggest_test.cpp
// "Did you mean": the closest candidate within a plausible typo, compared
// case-insensitively, and nothing when every candidate is far off.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/suggest.h"

namespace membench {
namespace {

TEST(ClosestName, PicksTheNearestPlausibleTypo) {
  const std::vector<std::string> names = {"page-faults", "minor-faults", "major-faults", "task-clock"};
  EXPECT_EQ(ClosestName("page-fault", names), "page-faults");
  EXPECT_EQ(ClosestName("PAGE-FAULTS", names), "page-faults");
  EXPECT_EQ(ClosestName("minr-falts", names), "minor-faults");
  EXPECT_EQ(ClosestName("task_clk", names), "task-clock");
}

TEST(ClosestName, NothingWhenEveryCandidateIsFarOff) {
  EXPECT_EQ(ClosestName("cycles", {"page-faults", "task-clock"}), "");
  EXPECT_EQ(ClosestName("x", {}), "");
  // A length gap alone rules a candidate out.
  EXPECT_EQ(ClosestName("ab", {"abcdefghij"}), "");
}

TEST(ClosestName, TheFirstOfEquallyCloseCandidatesWins) {
  EXPECT_EQ(ClosestName("cat", {"bat", "car", "cut"}), "bat");
  // An exact match beats an earlier near one.
  EXPECT_EQ(ClosestName("car", {"cat", "car"}), "car");
}

}  // namespace
}  // namespace membench
