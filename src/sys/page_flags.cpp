// File: sys/page_flags.cpp
#include "sys/page_flags.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sys/memory.h"

namespace membench::sys {
namespace {

// Bit numbers of include/uapi/linux/kernel-page-flags.h.
constexpr int kKpfHuge = 17;
constexpr int kKpfThp = 22;
constexpr int kKpfZeroPage = 24;

bool Bit(std::uint64_t word, int bit) { return (word >> bit) & 1; }

class Fd {
 public:
  explicit Fd(const char* path) : fd_(::open(path, O_RDONLY | O_CLOEXEC)) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

bool ReadWord(int fd, std::uint64_t index, std::uint64_t& word) {
  ssize_t got;
  do got = ::pread(fd, &word, sizeof word, static_cast<off_t>(index * sizeof word));
  while (got < 0 && errno == EINTR);
  return got == sizeof word;
}

}  // namespace

void CountPageFlags(std::uint64_t flags, PageFlagCounts& counts) {
  if (Bit(flags, kKpfZeroPage)) {
    ++(Bit(flags, kKpfThp) ? counts.huge_zero : counts.zero);
  } else if (Bit(flags, kKpfHuge)) {
    ++counts.hugetlb;
  } else if (Bit(flags, kKpfThp)) {
    ++counts.thp;
  } else {
    ++counts.normal;
  }
}

PageFlagSample SamplePageFlags(const void* address, std::size_t bytes, std::size_t max_pages) {
  PageFlagSample sample;
  const Fd pagemap("/proc/self/pagemap");
  const Fd kpageflags("/proc/kpageflags");
  if (pagemap.get() < 0 || kpageflags.get() < 0) {
    sample.unavailable_reason =
        std::string("/proc/kpageflags is not readable (") + std::strerror(errno) + "; needs root)";
    return sample;
  }
  // pagemap has one entry a base page (4, 16 or 64 KiB).
  const std::uint64_t page_bytes = BasePageBytes();
  const std::uint64_t first = reinterpret_cast<std::uintptr_t>(address) / page_bytes;
  const std::uint64_t pages = (bytes + page_bytes - 1) / page_bytes;
  const std::uint64_t step = pages > max_pages && max_pages > 0 ? pages / max_pages : 1;
  PageFlagCounts counts;
  for (std::uint64_t page = 0; page < pages && counts.sampled < max_pages; page += step) {
    std::uint64_t entry = 0;
    if (!ReadWord(pagemap.get(), first + page, entry)) {
      sample.unavailable_reason = "reading /proc/self/pagemap failed";
      return sample;
    }
    ++counts.sampled;
    if ((entry & kPagemapPresent) == 0) {
      ++counts.not_present;
      continue;
    }
    const std::uint64_t pfn = entry & kPagemapPfnMask;
    std::uint64_t flags = 0;
    if (pfn == 0 || !ReadWord(kpageflags.get(), pfn, flags)) {
      sample.unavailable_reason = "the kernel hides physical frame numbers from this process (needs CAP_SYS_ADMIN)";
      return sample;
    }
    CountPageFlags(flags, counts);
  }
  sample.counts = counts;
  return sample;
}

}  // namespace membench::sys
