// File: tests/reserved_huge_pages.cpp
#include "reserved_huge_pages.h"

#include "core/units.h"
#include "membench_process.h"
#include "sys/files.h"
#include "sys/memory.h"

namespace membench {

ReservedHugePages::ReservedHugePages(std::uint64_t page_bytes, std::uint64_t extra, bool from_empty) {
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
  if (from_empty && pool.total_pages != pool.free_pages) {
    why_not_ = "[hugetlb-short] another program holds pages of the " + size + " pool: it cannot be emptied";
    return;
  }
  CompactMemory();
  previous_ = pool.total_pages;
  path_ = pool.sysfs_dir + "/nr_hugepages";
  const std::uint64_t wanted = from_empty ? extra : previous_ + extra;
  if (const auto failed = sys::WriteFile(path_, std::to_string(wanted))) {
    why_not_ = "[hugetlb-short] writing " + path_ + " failed: " + *failed;
    return;
  }
  const sys::HugetlbPool after = sys::ReadHugetlbPool(page_bytes);
  if (after.total_pages != wanted || after.free_pages < (from_empty ? wanted : pool.free_pages + extra)) {
    why_not_ = "[hugetlb-short] the " + size + " pool holds " + std::to_string(after.total_pages) + " pages (" +
               std::to_string(after.free_pages) + " free), not the " + std::to_string(wanted) +
               " asked for, even after compacting memory";
  }
}

ReservedHugePages::~ReservedHugePages() {
  if (!path_.empty()) sys::WriteFile(path_, std::to_string(previous_));
}

}  // namespace membench
