// File: workloads/clear_order.h
// The order in which a huge page's 4 KiB sub-pages are cleared. target-last
// is process_huge_page() in the kernel's mm/memory.c (the 2017 patch of seed
// 001): first the sub-pages of the far end that have no partner on the other
// side of the target, then pairs from both ends converging on the target,
// which comes last, so it and its neighbours are the most cache-hot.
#pragma once

#include <cstdint>
#include <vector>

namespace membench {

enum class ClearOrder { kForward, kBackward, kTargetLast };

// A permutation of 0..subpages-1; target < subpages.
std::vector<std::uint32_t> SubpageOrder(ClearOrder order, std::uint32_t subpages, std::uint32_t target);

}  // namespace membench
