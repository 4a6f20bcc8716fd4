// File: core/page_policy.h
// How a region's pages are to be backed, as a plain value: default (no
// madvise), 4k (MADV_NOHUGEPAGE), thp (MADV_HUGEPAGE), mthp of one size
// (MADV_HUGEPAGE with only that multi-size THP enabled), hugetlb of one size
// (MAP_HUGETLB); and the names --pages takes for them. Pure: the mapping
// itself is sys/memory.h's.
#pragma once

#include <compare>
#include <cstddef>
#include <string>

#include "core/params.h"

namespace membench {

inline constexpr std::size_t kPage4k = 4096;
inline constexpr std::size_t kPage2m = 2u << 20;
inline constexpr std::size_t kPage1g = 1u << 30;

struct PagePolicy {
  enum class Kind { kDefault, k4k, kThp, kMthp, kHugetlb };
  Kind kind = Kind::kDefault;
  std::size_t page_bytes = 0;  // kMthp and kHugetlb: the page size

  static const PagePolicy kDefault;
  static const PagePolicy k4k;
  static const PagePolicy kThp;
  static const PagePolicy kHugetlb2m;
  static const PagePolicy kHugetlb1g;
  static constexpr PagePolicy Mthp(std::size_t bytes) { return {Kind::kMthp, bytes}; }

  auto operator<=>(const PagePolicy&) const = default;
};

inline constexpr PagePolicy PagePolicy::kDefault{Kind::kDefault, 0};
inline constexpr PagePolicy PagePolicy::k4k{Kind::k4k, 0};
inline constexpr PagePolicy PagePolicy::kThp{Kind::kThp, 0};
inline constexpr PagePolicy PagePolicy::kHugetlb2m{Kind::kHugetlb, kPage2m};
inline constexpr PagePolicy PagePolicy::kHugetlb1g{Kind::kHugetlb, kPage1g};

// The mTHP sizes below the PMD size that x86-64 kernels offer.
inline constexpr std::size_t kMthpSizes[] = {8u << 10,   16u << 10,  32u << 10,  64u << 10,
                                             128u << 10, 256u << 10, 512u << 10, 1u << 20};

// The hugetlb page size of a policy, 0 for the others.
std::size_t HugetlbPageBytes(PagePolicy policy);

// "4k", "thp", "mthp-64k", "hugetlb-2m": the names --pages takes.
std::string PagePolicyName(PagePolicy policy);
// "64k", "2m", "1g".
std::string PageSizeName(std::size_t bytes);
// The inverse of PagePolicyName; throws Error for other names.
PagePolicy ParsePagePolicy(const std::string& text);

// The --pages parameter's name, and the policy a point asks for with it
// (default where the workload has no such parameter).
inline constexpr const char* kPagesParam = "pages";
PagePolicy PagePolicyOf(const Point& point);

}  // namespace membench
