// File: sys/memory.h
// Anonymous memory regions with a page policy, prefaulting, and the readback
// of how they are really backed (/proc/self/smaps). A region is followed by a
// PROT_NONE guard page: it catches overruns, and it keeps the kernel from
// merging two neighbouring regions into one VMA, whose smaps figures would
// then describe both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/page_policy.h"
#include "core/page_proof.h"

namespace membench::sys {

enum class Prefault { kNone, kRead, kWrite, kPopulate };

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

// The kernel's base page: 4 KiB on x86-64; 4, 16 or 64 KiB on arm64.
std::size_t BasePageBytes();
// The THP (PMD) size: hpage_pmd_size, else PmdPageBytes of the base page.
std::size_t ThpPageBytes();

// Touches the region as the mode says. Returns a note when the mode could not
// be applied literally (populate on a kernel without MADV_POPULATE_WRITE).
std::string PrefaultRegion(const MappedRegion& region, Prefault mode);

PageBacking ReadPageBacking(const void* address, std::size_t bytes);

// A /proc/meminfo line ("MemTotal", "SwapFree") in bytes; 0 when unreadable.
std::uint64_t MemInfoBytes(const std::string& key);
// MemAvailable from /proc/meminfo, in bytes; 0 when unreadable.
inline std::uint64_t MemAvailableBytes() { return MemInfoBytes("MemAvailable"); }

}  // namespace membench::sys
