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

}  // namespace membench
