// File: tests/slab_cache_test.cpp
// The SLUB model's invariants under every pattern: no object handed out
// twice while live, every object back on a freelist after all are freed,
// each exactly once and on an object boundary (the free pointers intact).
#include "workloads/slab_cache.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "core/error.h"

namespace membench {
namespace {

void ExpectAllFreeOnce(const SlabCache& cache, std::size_t carved) {
  std::vector<void*> free = cache.FreeObjects();
  EXPECT_EQ(free.size(), carved);
  std::set<void*> unique(free.begin(), free.end());
  EXPECT_EQ(unique.size(), free.size()) << "an object is on a freelist twice";
  for (void* p : free) EXPECT_TRUE(cache.Owns(p));
}

class SlabPatterns : public testing::TestWithParam<std::tuple<std::size_t, bool>> {};

TEST_P(SlabPatterns, NoDoubleHandoutAndEverythingReturns) {
  const auto [object_size, prefetch] = GetParam();
  constexpr std::size_t kLive = 3000;
  SlabCache cache(object_size, 2, {prefetch, prefetch}, kLive + 1);
  std::mt19937_64 random(5);
  std::vector<void*> live;
  std::set<void*> handed;
  auto allocate = [&] {
    void* p = cache.Allocate();
    EXPECT_TRUE(cache.Owns(p));
    EXPECT_TRUE(handed.insert(p).second) << "handed out twice";
    std::fill_n(static_cast<char*>(p), object_size, '\xab');  // the caller owns every byte
    return p;
  };
  auto release = [&](void* p) {
    handed.erase(p);
    cache.Free(p);
  };
  for (std::size_t i = 0; i < kLive; ++i) live.push_back(allocate());  // batch
  for (int step = 0; step < 20000; ++step) {                           // random
    const std::size_t victim = random() % live.size();
    release(live[victim]);
    live[victim] = allocate();
  }
  for (int step = 0; step < 5000; ++step) {  // fifo
    release(live.front());
    live.erase(live.begin());
    live.push_back(allocate());
  }
  for (int step = 0; step < 1000; ++step) release(allocate());  // lifo
  for (void* p : live) release(p);
  ExpectAllFreeOnce(cache, cache.slabs_in_use() * cache.objects_per_slab());
}

INSTANTIATE_TEST_SUITE_P(Sizes, SlabPatterns,
                         testing::Combine(testing::Values(std::size_t{8}, std::size_t{64}, std::size_t{256},
                                                          std::size_t{1000}, std::size_t{8192}),
                                          testing::Bool()));

TEST(SlabCache, RejectsObjectsThatDoNotFit) {
  EXPECT_THROW(SlabCache(16384, 2, {}, 10), Error);
  EXPECT_THROW(SlabCache(12, 2, {}, 10), Error);
  EXPECT_THROW(SlabCache(0, 2, {}, 10), Error);
}

}  // namespace
}  // namespace membench
