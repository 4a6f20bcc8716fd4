// File: core/page_proof.h
// The evidence of how a region was really backed, next to what was asked:
// "dst: thp requested, 100% in 2 MiB pages (64 MiB resident)". A request the
// kernel did not honour is flagged, never silently reported as obtained.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sys/memory.h"
#include "sys/page_flags.h"

namespace membench {

struct PageProof {
  std::string region;       // "src", "dst"
  std::string requested;    // "4k", "thp", "mthp-64k", "hugetlb-2m", "default"
  std::string method;       // "pagemap" (exact, sampled) or "smaps" (THP share only)
  std::string method_note;  // why pagemap could not be used
  std::uint64_t mapped_bytes = 0;
  std::uint64_t resident_bytes = 0;
  std::uint64_t huge_bytes = 0;              // in 2 MiB THP mappings
  double huge_pct = 0;                       // of resident (smaps) or of present pages (pagemap)
  std::optional<sys::PageFlagCounts> flags;  // pagemap method only
  bool honoured = true;   // nothing seen contradicts the request
  bool verified = true;   // false: the method cannot see the kind of page asked for (mTHP without root)
  std::string split;  // "100% 2M", "25.0% 2M, 75.0% 4K", "none resident"
  std::string text;   // one line for the report
};

// "4k", "thp", "mthp-64k", "hugetlb-2m": the names --pages takes.
std::string PagePolicyName(sys::PagePolicy policy);
// "64k", "2m", "1g".
std::string PageSizeName(std::size_t bytes);

// THP counts as honoured when at least this share of the resident bytes is
// huge: the unaligned head and tail of a region can stay 4 KiB.
inline constexpr double kThpHonouredPct = 90.0;

// From smaps alone, or, where flags are given, from the sampled page flags
// (exact kinds: THP, hugetlb, zero page, huge zero page).
PageProof MakePageProof(const std::string& region, sys::PagePolicy requested, const sys::PageBacking& backing,
                        const sys::PageFlagSample& flags = {});

}  // namespace membench
