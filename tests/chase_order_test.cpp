// File: tests/chase_order_test.cpp
// chase's visiting orders: every element of the pattern exactly once (for
// random, every line of the region), a locality group's lines all visited
// before the next group's, and lmbench's chains as lat_mem_rd lays them.
#include "workloads/chase_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "core/error.h"
#include "workloads/chase_order.h"

namespace membench {
namespace {

bool VisitsEveryLineOnce(std::vector<std::uint64_t> order, std::uint64_t lines) {
  std::sort(order.begin(), order.end());
  std::vector<std::uint64_t> all(lines);
  std::iota(all.begin(), all.end(), 0);
  return order == all;
}

TEST(ChaseOrder, RandomVisitsEveryLineOnceInAShuffledOrder) {
  const auto order = ChaseVisitOrder("random", 1 << 20, 64, 0);
  EXPECT_TRUE(VisitsEveryLineOnce(order, (1 << 20) / 64));
  std::size_t in_place = 0;
  for (std::size_t i = 0; i < order.size(); ++i) in_place += order[i] == i ? 1 : 0;
  EXPECT_LT(in_place, order.size() / 100) << "shuffled, not in order";
  EXPECT_EQ(order, ChaseVisitOrder("random", 1 << 20, 64, 0)) << "the same chain every run";
}

TEST(ChaseOrder, ALocalityGroupIsFinishedBeforeTheNextOneStarts) {
  for (const std::uint64_t group : {4096ull, 2ull << 20, 192ull}) {
    const std::uint64_t size = 8ull << 20;
    const auto order = ChaseVisitOrder("random", size, 64, group);
    ASSERT_TRUE(VisitsEveryLineOnce(order, size / 64)) << group;
    const std::uint64_t per_group = group / 64;
    std::set<std::uint64_t> groups_seen;
    std::uint64_t changes = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::uint64_t g = order[i] / per_group;
      if (i == 0 || g != order[i - 1] / per_group) {
        ++changes;
        EXPECT_TRUE(groups_seen.insert(g).second) << "group " << g << " entered twice (locality " << group << ")";
      }
    }
    EXPECT_EQ(changes, (size / 64 + per_group - 1) / per_group) << "one entry per group";
    // Groups are visited in a random order, not in address order.
    EXPECT_NE(order.front() / per_group, 0u) << group;
  }
}

TEST(ChaseOrder, ALocalityAsLargeAsTheRegionIsPlainRandom) {
  const auto order = ChaseVisitOrder("random", 1 << 16, 64, 1 << 16);
  EXPECT_TRUE(VisitsEveryLineOnce(order, (1 << 16) / 64));
}

TEST(ChaseOrder, PageRandomTakesOneLinePerPageAndSequentialEveryStride) {
  const auto pages = ChaseVisitOrder("page-random", 1 << 20, 64, 0);
  ASSERT_EQ(pages.size(), 256u);
  for (std::size_t p = 0; p < pages.size(); ++p) EXPECT_EQ(pages[p] / 64, p);
  const auto strided = ChaseVisitOrder("sequential", 4096, 256, 0);
  ASSERT_EQ(strided.size(), 16u);
  EXPECT_EQ(strided[1], 4u);
}

TEST(ChaseOrder, LmbenchStrideWalksDownwardsFromTheTop) {
  // lat_mem_rd: element 0 links to the last, each other to the one a stride below.
  const auto order = ChaseVisitOrder("lmbench-stride", 4096, 512, 0);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{0, 56, 48, 40, 32, 24, 16, 8}));
  EXPECT_TRUE(VisitsEveryLineOnce(ChaseVisitOrder("lmbench-stride", 1 << 20, 64, 0), (1 << 20) / 64));
  // A region that is not a whole number of strides ends at the last stride in it.
  EXPECT_EQ(ChaseVisitOrder("lmbench-stride", 1000, 256, 0), (std::vector<std::uint64_t>{0, 12, 8, 4}));
}

TEST(ChaseOrder, LmbenchRandomPutsEveryLoadOnAnotherPage) {
  const std::uint64_t size = 1 << 20;
  for (const std::uint64_t stride : {64ull, 256ull, 4096ull}) {
    const auto order = ChaseVisitOrder("lmbench-random", size, stride, 0);
    ASSERT_EQ(order.size(), size / stride) << stride;
    std::set<std::uint64_t> offsets;
    for (std::size_t i = 0; i < order.size(); ++i) {
      EXPECT_EQ(order[i] * 64 % stride, 0u) << "elements a stride apart";
      offsets.insert(order[i]);
      // Every load goes to another page, including the wrap to the start.
      const std::uint64_t next = order[(i + 1) % order.size()];
      EXPECT_NE(order[i] * 64 / 4096, next * 64 / 4096) << stride << " at " << i;
    }
    EXPECT_EQ(offsets.size(), order.size()) << "every element once";
  }
  // One pass visits each page once, in a random page order; the next pass
  // visits them in the same order, one element further on in each.
  const auto order = ChaseVisitOrder("lmbench-random", 16 * 4096, 64, 0);
  const std::uint64_t pages = 16;
  std::set<std::uint64_t> first_pass;
  for (std::uint64_t i = 0; i < pages; ++i) {
    first_pass.insert(order[i] / 64);
    EXPECT_EQ(order[pages + i] / 64, order[i] / 64) << "same page order in the second pass";
    EXPECT_NE(order[pages + i], order[i]);
  }
  EXPECT_EQ(first_pass.size(), pages);
  EXPECT_NE(order[1] / 64, 1u) << "pages in random order";
  // Pass r visits the i-th page at element (r + i) of the bit-reversed
  // order 0, 32, 16, 48, 8, ...: the first pass already steps through it.
  EXPECT_EQ(order[0] % 64, 0u);
  EXPECT_EQ(order[1] % 64, 32u);
  EXPECT_EQ(order[2] % 64, 16u);
  EXPECT_EQ(order[pages] % 64, 32u);
  EXPECT_EQ(order[pages + 1] % 64, 16u);
  // Linked, it is one cycle through all of them, in that order.
  std::vector<char*> region(16 * 4096 / sizeof(char*));
  char* base = reinterpret_cast<char*>(region.data());
  const std::vector<char*> heads = LinkChains(base, order, 1);
  ASSERT_EQ(heads.size(), 1u);
  char* p = heads[0];
  for (std::size_t i = 1; i <= order.size(); ++i) {
    p = *reinterpret_cast<char**>(p);
    ASSERT_EQ(p, base + order[i % order.size()] * kChaseLine) << "load " << i;
  }
}

TEST(ChaseOrder, LmbenchRandomRefusesWhatItCannotLayOut) {
  EXPECT_THROW(ChaseVisitOrder("lmbench-random", 1 << 20, 192, 0), Error);
  EXPECT_THROW(ChaseVisitOrder("lmbench-random", 1 << 20, 8192, 0), Error);
  EXPECT_THROW(ChaseVisitOrder("lmbench-random", (1 << 20) + 64, 64, 0), Error);
  EXPECT_THROW(ChaseVisitOrder("lmbench-random", 4096, 64, 0), Error) << "one page: no other page to go to";
}

TEST(LinkChains, EachChainIsOneCycleThroughEveryKthElement) {
  std::vector<char*> lines(8 * kChaseLine / sizeof(char*));
  char* base = reinterpret_cast<char*>(lines.data());
  const std::vector<std::uint64_t> order = {3, 0, 6, 1, 7, 2, 5, 4};
  const std::vector<char*> heads = LinkChains(base, order, 2);
  ASSERT_EQ(heads.size(), 2u);
  EXPECT_EQ(heads[0], base + 3 * kChaseLine);
  EXPECT_EQ(heads[1], base + 0 * kChaseLine);
  // Chain 0 takes elements 0, 2, 4, 6 of the order: lines 3, 6, 7, 5, then back to 3.
  char* p = heads[0];
  for (const std::uint64_t line : {6, 7, 5, 3}) {
    p = *reinterpret_cast<char**>(p);
    EXPECT_EQ(p, base + line * kChaseLine);
  }
  EXPECT_THROW(LinkChains(base, order, 5), Error) << "fewer than 2 elements per chain";
}

}  // namespace
}  // namespace membench
