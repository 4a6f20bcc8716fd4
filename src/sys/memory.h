// File: sys/memory.h
// Anonymous memory regions with a page policy, prefaulting, and the readback
// of how they are really backed (/proc/self/smaps). A region is followed by a
// PROT_NONE guard page: it catches overruns, and it keeps the kernel from
// merging two neighbouring regions into one VMA, whose smaps figures would
// then describe both.
#pragma once

#include <cstddef>
#include <compare>
#include <cstdint>
#include <string>

namespace membench::sys {

inline constexpr std::size_t kPage4k = 4096;
inline constexpr std::size_t kPage2m = 2u << 20;
inline constexpr std::size_t kPage1g = 1u << 30;

// How a region's pages are to be backed: default (no madvise), 4k
// (MADV_NOHUGEPAGE), thp (MADV_HUGEPAGE), mthp of one size (MADV_HUGEPAGE
// with only that multi-size THP enabled), hugetlb of one size (MAP_HUGETLB).
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

enum class Prefault { kNone, kRead, kWrite, kPopulate };

// The hugetlb page size of a policy, 0 for the others.
std::size_t HugetlbPageBytes(PagePolicy policy);

struct HugetlbPool {
  bool exists = false;  // the kernel offers this page size
  std::uint64_t total_pages = 0;
  std::uint64_t free_pages = 0;  // free and not reserved by other mappings
  std::string sysfs_dir;
};

HugetlbPool ReadHugetlbPool(std::size_t page_bytes);

// Throws Error, saying how many pages to reserve and where, when the pool
// of this page size has fewer than `pages` free pages.
void RequireHugetlbPages(std::size_t page_bytes, std::uint64_t pages);

class MappedRegion {
 public:
  // Maps at least `bytes` (rounded up to 4 KiB) aligned to `align_bytes` and
  // applies the policy's madvise; hugetlb policies map MAP_HUGETLB pages of
  // their size after checking the pool, so a short pool is an Error that
  // says how to reserve pages, never a SIGBUS at first touch. Throws Error
  // when the kernel refuses.
  static MappedRegion Map(std::size_t bytes, std::size_t align_bytes, PagePolicy policy);

  MappedRegion() = default;
  MappedRegion(MappedRegion&& other) noexcept;
  MappedRegion& operator=(MappedRegion&& other) noexcept;
  MappedRegion(const MappedRegion&) = delete;
  MappedRegion& operator=(const MappedRegion&) = delete;
  ~MappedRegion();

  // Takes ownership of a whole mapping of `size` bytes.
  static MappedRegion Adopt(char* mapping, std::size_t size);

  char* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  void Release();
  char* mapping_ = nullptr;  // what munmap gets
  std::size_t mapping_size_ = 0;
  char* data_ = nullptr;
  std::size_t size_ = 0;
};

// One plain mmap of private anonymous memory, as a program maps it (no
// alignment, no guard page, no madvise): for timing the mapping itself.
MappedRegion MapAnonymous(std::size_t bytes);

// Touches the region as the mode says. Returns a note when the mode could not
// be applied literally (populate on a kernel without MADV_POPULATE_WRITE).
std::string PrefaultRegion(const MappedRegion& region, Prefault mode);

// How a range is backed, summed over the smaps entries (VMAs) it overlaps.
struct PageBacking {
  std::uint64_t mapped_bytes = 0;
  std::uint64_t resident_bytes = 0;     // Rss
  std::uint64_t anon_huge_bytes = 0;    // AnonHugePages: THP-mapped
  std::uint64_t hugetlb_bytes = 0;      // Private_Hugetlb + Shared_Hugetlb (not in Rss)
  std::uint64_t kernel_page_bytes = 0;  // KernelPageSize of the first VMA
  bool found = false;
};

PageBacking ReadPageBacking(const void* address, std::size_t bytes);

// MemAvailable from /proc/meminfo, in bytes; 0 when unreadable.
std::uint64_t MemAvailableBytes();

}  // namespace membench::sys
