// File: sys/page_flags.h
// Exact page-size proof from /proc/self/pagemap and /proc/kpageflags: for a
// sample of a region's 4 KiB pages, whether each is present, and whether its
// physical page is a THP, a hugetlb page, the zero page or the huge zero page
// (KPF_THP, KPF_HUGE, KPF_ZERO_PAGE; Documentation/admin-guide/mm/pagemap.rst).
// Needs root (CAP_SYS_ADMIN) for the physical frame numbers; otherwise the
// caller falls back to /proc/self/smaps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/page_proof.h"

namespace membench::sys {

// Classifies one kpageflags word (pure; tested with synthetic words).
void CountPageFlags(std::uint64_t kpageflags, PageFlagCounts& counts);

// pagemap bit 63: present; bits 0-54: PFN (0 when not permitted).
inline constexpr std::uint64_t kPagemapPresent = std::uint64_t{1} << 63;
inline constexpr std::uint64_t kPagemapPfnMask = (std::uint64_t{1} << 55) - 1;

// Reads at most max_pages pages spread evenly over [address, address + bytes).
PageFlagSample SamplePageFlags(const void* address, std::size_t bytes, std::size_t max_pages);

}  // namespace membench::sys
