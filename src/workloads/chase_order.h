// File: workloads/chase_order.h
// The order chase visits a region's cache lines in. `random` is one random
// cycle over every line; with a locality group (multichase's -T) it visits
// every line of one group, in random order, before moving to the next
// group, the groups themselves in random order: one TLB miss per group
// while every load still misses the caches, so TLB and cache misses can be
// told apart. `page-random` takes one random line per 4 KiB page, pages in
// order; `sequential` every `stride` bytes. Pure: tested for coverage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace membench {

inline constexpr std::uint64_t kChaseLine = 64;

// Line indices into a region of `size` bytes, in visiting order, from a
// fixed seed (the same chain on every run). `locality` is in bytes, a
// multiple of kChaseLine; 0 is none (and only random takes one).
std::vector<std::uint64_t> ChaseVisitOrder(const std::string& pattern, std::uint64_t size, std::uint64_t stride,
                                           std::uint64_t locality);

// Links `chains` cycles through the lines of `base` in `order`: chain k
// takes elements k, k + K, k + 2K, ... and ends where it began. Returns
// each chain's head. Throws Error where a chain would hold fewer than 2
// elements, or (checked in every build) where a chain is not one cycle
// through all its elements, which would measure a smaller working set.
std::vector<char*> LinkChains(char* base, const std::vector<std::uint64_t>& order, std::uint64_t chains);

}  // namespace membench
