// File: core/page_proof.cpp
#include "core/page_proof.h"

#include <fmt/format.h>

#include "core/units.h"

namespace membench {

std::string PagePolicyName(sys::PagePolicy policy) {
  switch (policy) {
    case sys::PagePolicy::kDefault:
      return "default";
    case sys::PagePolicy::k4k:
      return "4k";
    case sys::PagePolicy::kThp:
      return "thp";
  }
  return "?";
}

PageProof MakePageProof(const std::string& region, sys::PagePolicy requested, const sys::PageBacking& backing) {
  PageProof proof;
  proof.region = region;
  proof.requested = PagePolicyName(requested);
  proof.method = "smaps";
  proof.mapped_bytes = backing.mapped_bytes;
  proof.resident_bytes = backing.resident_bytes;
  proof.huge_bytes = backing.anon_huge_bytes;
  if (!backing.found) {
    proof.honoured = false;
    proof.split = "not found";
    proof.text = fmt::format("{}: {} requested, region not found in /proc/self/smaps", region, proof.requested);
    return proof;
  }
  if (backing.resident_bytes == 0) {
    proof.split = "none resident";
    proof.text = fmt::format("{}: {} requested, nothing resident (never touched)", region, proof.requested);
    proof.honoured = true;
    return proof;
  }
  proof.huge_pct = 100.0 * static_cast<double>(backing.anon_huge_bytes) / static_cast<double>(backing.resident_bytes);
  if (requested == sys::PagePolicy::kThp) proof.honoured = proof.huge_pct >= kThpHonouredPct;
  if (requested == sys::PagePolicy::k4k) proof.honoured = backing.anon_huge_bytes == 0;
  const double small_pct = 100.0 - proof.huge_pct;
  std::string split;
  if (backing.anon_huge_bytes == 0) {
    split = "100% 4K";
  } else if (backing.anon_huge_bytes == backing.resident_bytes) {
    split = "100% 2M";
  } else {
    split = fmt::format("{:.1f}% 2M, {:.1f}% 4K", proof.huge_pct, small_pct);
  }
  proof.split = split;
  proof.text = fmt::format("{}: {} requested, {} ({} resident){}", region, proof.requested, split,
                           FormatSize(backing.resident_bytes), proof.honoured ? "" : "  <-- NOT HONOURED");
  return proof;
}

}  // namespace membench
