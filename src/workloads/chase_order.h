// File: workloads/chase_order.h
// The order chase visits a region's cache lines in. `random` is one random
// cycle over every line; with a locality group (multichase's -T) it visits
// every line of one group, in random order, before moving to the next
// group, the groups themselves in random order: one TLB miss per group
// while every load still misses the caches, so TLB and cache misses can be
// told apart. `page-random` takes one random line per 4 KiB page, pages in
// order; `sequential` every `stride` bytes, which is also lmbench 3's
// lat_mem_rd default (a forward stride chain). Two patterns follow the
// other lat_mem_rd chains, so that their figures can be set beside ours:
// `lmbench-stride` is lmbench 2's default, every `stride` bytes walked
// from the top of the region down; `lmbench-random` is lmbench 3's -t
// mode, pages in a random order with one element per page visited per
// pass, the element's offset advancing by one step of a bit-reversed order
// within each page on every page and every pass, so consecutive loads land
// on different pages and in different cache sets. One difference is kept:
// lmbench spreads a small point's pages over the run's largest size,
// membench keeps them within the point's own region. Pure: tested for
// coverage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace membench {

inline constexpr std::uint64_t kChaseLine = 64;

// Line indices into a region of `size` bytes, in visiting order, from a
// fixed seed (the same chain on every run). `locality` is in bytes, a
// multiple of kChaseLine; 0 is none (and only random takes one). Throws
// Error for a stride or size the pattern cannot lay out (lmbench-random:
// a power-of-two stride of 64 B to 4 KiB, a whole number of 4 KiB pages,
// at least two of them).
std::vector<std::uint64_t> ChaseVisitOrder(const std::string& pattern, std::uint64_t size, std::uint64_t stride,
                                           std::uint64_t locality);

// Links `chains` cycles through the lines of `base` in `order`: chain k
// takes elements k, k + K, k + 2K, ... and ends where it began. Returns
// each chain's head. Throws Error where a chain would hold fewer than 2
// elements, or (checked in every build) where a chain is not one cycle
// through all its elements, which would measure a smaller working set.
std::vector<char*> LinkChains(char* base, const std::vector<std::uint64_t>& order, std::uint64_t chains);

}  // namespace membench
