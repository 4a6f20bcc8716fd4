// File: tests/clear_order_test.cpp
#include "workloads/clear_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace membench {
namespace {

bool IsPermutation(std::vector<std::uint32_t> order, std::uint32_t n) {
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  std::sort(order.begin(), order.end());
  return order == all;
}

TEST(SubpageOrder, EveryOrderClearsEverySubpageOnce) {
  for (const ClearOrder order : {ClearOrder::kForward, ClearOrder::kBackward, ClearOrder::kTargetLast}) {
    for (const std::uint32_t n : {1u, 2u, 7u, 512u}) {
      for (std::uint32_t target = 0; target < n; ++target) {
        EXPECT_TRUE(IsPermutation(SubpageOrder(order, n, target), n)) << n << " " << target;
      }
    }
  }
}

// process_huge_page(): the target last, its neighbours just before it, the
// far end first.
TEST(SubpageOrder, TargetLastConvergesOnTheTarget) {
  for (const std::uint32_t target : {0u, 1u, 100u, 255u, 256u, 300u, 511u}) {
    const auto order = SubpageOrder(ClearOrder::kTargetLast, 512, target);
    EXPECT_EQ(order.back(), target);
    if (target > 0 && target < 511) {
      const std::uint32_t before = order[order.size() - 2];
      EXPECT_TRUE(before == target - 1 || before == target + 1) << target;
    }
    const std::uint32_t first = order.front();
    EXPECT_TRUE(first == 0 || first == 511) << target;
  }
  // Target 2 of 8: 7, 6, 5, 4 (beyond its mirror), then 0, 3, 1, 2.
  EXPECT_EQ(SubpageOrder(ClearOrder::kTargetLast, 8, 2), (std::vector<std::uint32_t>{7, 6, 5, 4, 0, 3, 1, 2}));
  // Target 6 of 8: 0, 1, 2, 3 (before its mirror), then 4, 7, 5, 6.
  EXPECT_EQ(SubpageOrder(ClearOrder::kTargetLast, 8, 6), (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 7, 5, 6}));
}

}  // namespace
}  // namespace membench
