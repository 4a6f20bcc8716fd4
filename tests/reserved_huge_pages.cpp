// File: tests/reserved_huge_pages.cpp
#include "reserved_huge_pages.h"

#include "core/units.h"
#include "membench_process.h"
#include "sys/files.h"
#include "sys/memory.h"

namespace membench {

ReservedHugePages::ReservedHugePages(std::uint64_t page_bytes, std::uint64_t extra) {
  const std::string size = FormatSize(page_bytes);
  const sys::HugetlbPool pool = sys::ReadHugetlbPool(page_bytes);
  if (!pool.exists) {
    why_not_ = "[no-hugetlb] this kernel offers no " + size + " hugetlb pages";
    return;
  }
  if (!sys::IsRoot()) {
    why_not_ = "[needs-root] reserving " + size + " hugetlb pages needs root";
    return;
  }
  CompactMemory();
  previous_ = pool.total_pages;
  path_ = pool.sysfs_dir + "/nr_hugepages";
  sys::WriteFile(path_, std::to_string(previous_ + extra));
  const sys::HugetlbPool after = sys::ReadHugetlbPool(page_bytes);
  if (after.free_pages < extra) {
    why_not_ = "[no-hugetlb] the kernel found " + std::to_string(after.total_pages - previous_) + " of " +
               std::to_string(extra) + " " + size + " pages asked for, even after compacting memory";
  }
}

ReservedHugePages::~ReservedHugePages() {
  if (!path_.empty()) sys::WriteFile(path_, std::to_string(previous_));
}

}  // namespace membench
