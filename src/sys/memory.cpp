// File: sys/memory.cpp
#include "sys/memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "core/units.h"
#include "sys/files.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14
#endif

namespace membench::sys {
namespace {

std::size_t RoundUp(std::size_t v, std::size_t to) { return (v + to - 1) / to * to; }

}  // namespace

HugetlbPool ReadHugetlbPool(std::size_t page_bytes) {
  HugetlbPool pool;
  pool.sysfs_dir = "/sys/kernel/mm/hugepages/hugepages-" + std::to_string(page_bytes >> 10) + "kB";
  const auto total = ReadInteger(pool.sysfs_dir + "/nr_hugepages");
  const auto free = ReadInteger(pool.sysfs_dir + "/free_hugepages");
  const auto reserved = ReadInteger(pool.sysfs_dir + "/resv_hugepages");
  if (!total || !free) return pool;
  pool.exists = true;
  pool.total_pages = static_cast<std::uint64_t>(*total);
  const std::int64_t usable = *free - reserved.value_or(0);
  pool.free_pages = usable > 0 ? static_cast<std::uint64_t>(usable) : 0;
  return pool;
}

namespace {

MappedRegion MapHugetlb(std::size_t bytes, std::size_t page_bytes);

}  // namespace

void RequireHugetlbPages(std::size_t page_bytes, std::uint64_t pages) {
  const HugetlbPool pool = ReadHugetlbPool(page_bytes);
  if (!pool.exists) {
    throw Error("this kernel offers no " + FormatSize(page_bytes) + " hugetlb pages (no " + pool.sysfs_dir +
                "; which sizes a kernel offers depends on the CPU and its base page: 1 GiB needs pdpe1gb on x86-64)");
  }
  if (pool.free_pages < pages) {
    throw Error("hugetlb: " + std::to_string(pages) + " free " + FormatSize(page_bytes) + " pages are needed but " +
                std::to_string(pool.free_pages) + " are free in the pool; reserve them as root: echo " +
                std::to_string(pool.total_pages + pages - pool.free_pages) + " > " + pool.sysfs_dir + "/nr_hugepages" +
                (page_bytes == kPage2m ? " (or /proc/sys/vm/nr_hugepages)" : ""));
  }
}

MappedRegion MappedRegion::Map(std::size_t bytes, std::size_t align_bytes, PagePolicy policy) {
  if (const std::size_t page = HugetlbPageBytes(policy); page != 0) return MapHugetlb(bytes, page);
  const std::size_t base_page = BasePageBytes();
  if (align_bytes < base_page) align_bytes = base_page;
  const std::size_t size = RoundUp(bytes == 0 ? 1 : bytes, base_page);
  // Reserve enough to align inside, plus the guard page.
  const std::size_t reserve = size + align_bytes + base_page;
  void* p = ::mmap(nullptr, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    throw Error("mmap of " + std::to_string(reserve) + " bytes failed: " + std::strerror(errno) +
                " (check free memory and ulimit -v)");
  }
  MappedRegion region;
  region.mapping_ = static_cast<char*>(p);
  region.mapping_size_ = reserve;
  const auto base = reinterpret_cast<std::uintptr_t>(p);
  region.data_ = reinterpret_cast<char*>(RoundUp(base, align_bytes));
  region.size_ = size;
  if (::mprotect(region.data_, size, PROT_READ | PROT_WRITE) != 0) {
    throw Error(std::string("mprotect of a new mapping failed: ") + std::strerror(errno));
  }
  // An mTHP policy's sizes are set for its point by the invocation's guard
  // (sys/mthp.h), never here: mapping memory changes nothing machine-wide.
  int advice = -1;
  if (policy.kind == PagePolicy::Kind::kThp || policy.kind == PagePolicy::Kind::kMthp) advice = MADV_HUGEPAGE;
  if (policy == PagePolicy::k4k) advice = MADV_NOHUGEPAGE;
  if (advice >= 0 && ::madvise(region.data_, size, advice) != 0) {
    throw Error(std::string("madvise(") + (advice == MADV_HUGEPAGE ? "MADV_HUGEPAGE" : "MADV_NOHUGEPAGE") +
                ") failed: " + std::strerror(errno) +
                (errno == EINVAL ? " (kernel built without transparent huge pages?)" : ""));
  }
  return region;
}

namespace {

MappedRegion MapHugetlb(std::size_t bytes, std::size_t page_bytes) {
  const std::size_t size = RoundUp(bytes == 0 ? 1 : bytes, page_bytes);
  const std::uint64_t needed = size / page_bytes;
  RequireHugetlbPages(page_bytes, needed);
  // MAP_HUGE_SHIFT's field: log2 of the size (21 for 2 MiB, 16 for 64 KiB).
  const int shift = __builtin_ctzll(page_bytes);
  // MAP_PRIVATE without MAP_NORESERVE reserves the pages at mmap time, so a
  // pool emptied meanwhile fails here, not with SIGBUS at first touch.
  void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | (shift << MAP_HUGE_SHIFT), -1, 0);
  if (p == MAP_FAILED) {
    throw Error("mmap of " + std::to_string(needed) + " " + FormatSize(page_bytes) + " hugetlb pages failed: " +
                std::strerror(errno) + " (the pool may have been taken by another process meanwhile)");
  }
  return MappedRegion::Adopt(static_cast<char*>(p), size);
}

}  // namespace

std::size_t BasePageBytes() {
  static const auto bytes = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return bytes;
}

std::size_t ThpPageBytes() {
  static const std::size_t bytes = [] {
    const auto text = ReadFirstLine("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size");
    try {
      if (text) return static_cast<std::size_t>(std::stoull(*text));
    } catch (const std::exception&) {
    }
    return PmdPageBytes(BasePageBytes());
  }();
  return bytes;
}

MappedRegion MapAnonymous(std::size_t bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw Error("mmap of " + std::to_string(bytes) + " bytes failed: " + std::strerror(errno));
  return MappedRegion::Adopt(static_cast<char*>(p), bytes);
}

MappedRegion MappedRegion::Adopt(char* mapping, std::size_t size) {
  MappedRegion region;
  region.mapping_ = region.data_ = mapping;
  region.mapping_size_ = region.size_ = size;
  return region;
}

MappedRegion::MappedRegion(MappedRegion&& other) noexcept { *this = std::move(other); }

MappedRegion& MappedRegion::operator=(MappedRegion&& other) noexcept {
  if (this != &other) {
    Release();
    mapping_ = std::exchange(other.mapping_, nullptr);
    mapping_size_ = std::exchange(other.mapping_size_, 0);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

MappedRegion::~MappedRegion() { Release(); }

void MappedRegion::Release() {
  if (mapping_ != nullptr) ::munmap(mapping_, mapping_size_);
  mapping_ = nullptr;
}

std::string PrefaultRegion(const MappedRegion& region, Prefault mode) {
  volatile char* p = region.data();
  const std::size_t n = region.size();
  switch (mode) {
    case Prefault::kNone:
      return {};
    case Prefault::kRead: {
      char sink = 0;
      for (std::size_t i = 0; i < n; i += kPage4k) sink = static_cast<char>(sink ^ p[i]);
      asm volatile("" : : "r"(sink));
      return {};
    }
    case Prefault::kWrite:
      for (std::size_t i = 0; i < n; i += kPage4k) p[i] = 0;
      return {};
    case Prefault::kPopulate:
      if (::madvise(region.data(), n, MADV_POPULATE_WRITE) == 0) return {};
      if (errno != EINVAL) {
        throw Error(std::string("madvise(MADV_POPULATE_WRITE) failed: ") + std::strerror(errno) +
                    (errno == ENOMEM ? " (not enough free memory)" : ""));
      }
      for (std::size_t i = 0; i < n; i += kPage4k) p[i] = 0;
      return "MADV_POPULATE_WRITE is not supported by this kernel (needs Linux 5.14); "
             "pages were populated by writing one byte per 4 KiB instead";
  }
  return {};
}

PageBacking ReadPageBacking(const void* address, std::size_t bytes) {
  PageBacking backing;
  backing.pmd_bytes = ThpPageBytes();
  backing.base_page_bytes = BasePageBytes();
  const auto text = ReadFile("/proc/self/smaps");
  if (!text) return backing;
  const auto lo = reinterpret_cast<std::uintptr_t>(address);
  const auto hi = lo + bytes;
  std::istringstream in(*text);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    std::uintptr_t start = 0, end = 0;
    char dash = 0;
    std::istringstream header(line);
    if (line.find('-') < line.find(' ') && (header >> std::hex >> start >> dash >> end) && dash == '-') {
      inside = start < hi && end > lo;
      if (inside) {
        backing.found = true;
        backing.mapped_bytes += end - start;
      }
      continue;
    }
    if (!inside) continue;
    std::istringstream field(line);
    std::string key;
    std::uint64_t kib = 0;
    if (!(field >> key >> kib)) continue;
    if (key == "Rss:") backing.resident_bytes += kib * 1024;
    if (key == "AnonHugePages:") backing.anon_huge_bytes += kib * 1024;
    if (key == "Private_Hugetlb:" || key == "Shared_Hugetlb:") backing.hugetlb_bytes += kib * 1024;
    if (key == "KernelPageSize:" && backing.kernel_page_bytes == 0) backing.kernel_page_bytes = kib * 1024;
  }
  return backing;
}

std::uint64_t MemInfoBytes(const std::string& key) {
  const auto text = ReadFile("/proc/meminfo");
  if (!text) return 0;
  // Whole names only: "Active" must not match "Active(anon)" or "SwapActive".
  const std::string line_start = "\n" + *text;
  const auto pos = line_start.find("\n" + key + ":");
  if (pos == std::string::npos) return 0;
  std::istringstream in(line_start.substr(pos + key.size() + 2));
  std::uint64_t kib = 0;
  in >> kib;
  return kib * 1024;
}

}  // namespace membench::sys
