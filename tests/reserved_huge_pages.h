// File: tests/reserved_huge_pages.h
// hugetlb pages reserved for a test, as root, and given back when it ends.
// A test killed before it gives them back is covered by ctest's cleanup
// fixture (tests/hugetlb-pools.sh): nr_hugepages ends as it began.
#pragma once

#include <cstdint>
#include <string>

namespace membench {

class ReservedHugePages {
 public:
  // Adds `extra` free pages of `page_bytes` to the pool, compacting memory
  // first so that 1 GiB pages have a chance; with `from_empty`, sets the
  // pool to `extra` pages instead (0 empties it).
  ReservedHugePages(std::uint64_t page_bytes, std::uint64_t extra, bool from_empty = false);
  ReservedHugePages(const ReservedHugePages&) = delete;
  ReservedHugePages& operator=(const ReservedHugePages&) = delete;
  ~ReservedHugePages();

  bool ok() const { return why_not_.empty(); }
  // "[needs-root] ...", "[no-hugetlb] ..." (no such size) or "[hugetlb-short]
  // ..." (the pool could not be set): a GTEST_SKIP reason; "" when ok.
  const std::string& why_not() const { return why_not_; }

 private:
  std::string path_;
  std::uint64_t previous_ = 0;
  std::string why_not_;
};

}  // namespace membench
