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

// 4 KiB: x86-64's base page and the unit page-granular workloads step by;
// arm64 kernels have base pages of 4, 16 or 64 KiB (sys::BasePageBytes()).
inline constexpr std::size_t kPage4k = 4096;
inline constexpr std::size_t kPage2m = 2u << 20;
inline constexpr std::size_t kPage1g = 1u << 30;

// The PMD-mapped (THP) size for a base page: a page table of base/8
// entries of base pages. 4 KiB -> 2 MiB, 16 KiB -> 32 MiB, 64 KiB -> 512 MiB.
constexpr std::size_t PmdPageBytes(std::size_t base_page_bytes) { return base_page_bytes * (base_page_bytes / 8); }

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

// The mTHP sizes --pages names: from above the smallest base page to below
// the largest PMD size (x86-64 and arm64/4K offer 16K..1M below their 2 MiB
// PMD, 64K being arm64's contpte size; arm64/16K 64K..16M; arm64/64K
// 256K..256M). Which of them this kernel offers is sys/mthp.h's to say.
inline constexpr std::size_t kMthpSizes[] = {
    8u << 10,  16u << 10, 32u << 10, 64u << 10, 128u << 10, 256u << 10, 512u << 10, 1u << 20,
    2u << 20,  4u << 20,  8u << 20,  16u << 20, 32u << 20,  64u << 20,  128u << 20, 256u << 20};

// The hugetlb sizes --pages names: x86-64's 2M and 1G; arm64's contiguous
// 64K and 32M beside 2M and 1G with 4K pages, 32M with 16K pages, 512M and
// 16G with 64K pages.
inline constexpr std::size_t kHugetlbSizes[] = {64u << 10, 2u << 20, 32u << 20, 512u << 20, 1u << 30,
                                                std::size_t{16} << 30};

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
