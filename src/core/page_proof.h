// File: core/page_proof.h
// The evidence of how a region was really backed, next to what was asked:
// "dst: thp requested, 100% in 2 MiB pages (64 MiB resident)". A request the
// kernel did not honour is flagged, never silently reported as obtained.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/page_policy.h"

namespace membench {

// How a range is backed, summed over the smaps entries (VMAs) it overlaps.
struct PageBacking {
  std::uint64_t mapped_bytes = 0;
  std::uint64_t resident_bytes = 0;     // Rss
  std::uint64_t anon_huge_bytes = 0;    // AnonHugePages: THP-mapped
  std::uint64_t hugetlb_bytes = 0;      // Private_Hugetlb + Shared_Hugetlb (not in Rss)
  std::uint64_t kernel_page_bytes = 0;  // KernelPageSize of the first VMA
  // The THP (PMD) size: 2 MiB on x86-64 and arm64/4K, 32 MiB on arm64/16K,
  // 512 MiB on arm64/64K. A smaller region cannot hold one.
  std::uint64_t pmd_bytes = kPage2m;
  std::uint64_t base_page_bytes = kPage4k;  // 4, 16 or 64 KiB
  bool found = false;
};

// What a sample of a region's pages were, from pagemap and kpageflags.
struct PageFlagCounts {
  std::uint64_t sampled = 0;
  std::uint64_t not_present = 0;
  std::uint64_t normal = 0;     // present, none of the below
  std::uint64_t thp = 0;        // KPF_THP without KPF_ZERO_PAGE
  std::uint64_t hugetlb = 0;    // KPF_HUGE
  std::uint64_t zero = 0;       // KPF_ZERO_PAGE alone: the 4 KiB zero page
  std::uint64_t huge_zero = 0;  // KPF_ZERO_PAGE with KPF_THP: the huge zero page
};

struct PageFlagSample {
  std::optional<PageFlagCounts> counts;
  std::string unavailable_reason;  // why counts is empty
};

struct PageProof {
  std::string region;       // "src", "dst"
  std::string requested;    // "4k", "thp", "mthp-64k", "hugetlb-2m", "default"
  std::string method;       // "pagemap" (exact, sampled) or "smaps" (THP share only)
  std::string method_note;  // why pagemap could not be used
  std::uint64_t mapped_bytes = 0;
  std::uint64_t resident_bytes = 0;
  std::uint64_t huge_bytes = 0;              // in 2 MiB THP mappings
  double huge_pct = 0;                       // of resident (smaps) or of present pages (pagemap)
  std::optional<PageFlagCounts> flags;  // pagemap method only
  bool honoured = true;   // nothing seen contradicts the request
  bool verified = true;   // false: the method cannot see the kind of page asked for (mTHP without root)
  std::string split;  // "100% 2M", "25.0% 2M, 75.0% 4K", "none resident"
  std::string text;   // one line for the report
  // The NUMA node of each sampled present page (move_pages), node -> pages;
  // empty where the kernel could not say. What was asked of them (core/
  // numa_placement.h), "" where nothing was.
  std::map<int, std::uint64_t> node_pages;
  std::string nodes_requested;
  // Nothing seen contradicts the nodes asked for: apart from `honoured`,
  // which is about page sizes.
  bool nodes_honoured = true;
};

// THP counts as honoured when at least this share of the resident bytes is
// huge: the unaligned head and tail of a region can stay 4 KiB.
inline constexpr double kThpHonouredPct = 90.0;

// The kinds of page a proof tells apart, as MainPageKind names them.
inline constexpr const char* kPageKinds[] = {"4K", "THP", "hugetlb", "zero page", "huge zero page"};

// The kind of page that backs at least kThpHonouredPct of the region's
// present pages (one of kPageKinds), "none present", or "" where the proof
// cannot tell (smaps sees no zero pages, nor mTHP folios) or no kind
// dominates.
std::string MainPageKind(const PageProof& proof);

// From smaps alone, or, where flags are given, from the sampled page flags
// (exact kinds: THP, hugetlb, zero page, huge zero page).
PageProof MakePageProof(const std::string& region, PagePolicy requested, const PageBacking& backing,
                        const PageFlagSample& flags = {});

}  // namespace membench
