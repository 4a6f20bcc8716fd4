// File: workloads/pagefault.cpp
// pagefault: will-it-scale's page_fault1/2/3, the cases the kernel's test
// robot reports page-fault regressions with. One loop maps `size` (128 MiB
// as will-it-scale does), writes one byte in every 4 KiB page and unmaps
// it, all timed; one op is one page written, so the rate is will-it-scale's
// ops/s. The mapping is private anonymous memory (page_fault1), a private
// mapping of a sparse file (page_fault2: every write copies the file's
// page) or a shared one (page_fault3: every write dirties the file's page).
// Each worker maps its own, from its own file; --threads share one mm and
// its locks, --procs do not, as will-it-scale's threads and processes.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/files.h"
#include "sys/memory.h"
#include "sys/scratch_file.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

enum class Case { kAnon, kFilePrivate, kFileShared };

Case ParseCase(const std::string& text) {
  if (text == "anon") return Case::kAnon;
  if (text == "file-private") return Case::kFilePrivate;
  if (text == "file-shared") return Case::kFileShared;
  throw Error("unknown pagefault case '" + text + "'");
}

struct PageFaultOptions {
  Case fault_case{};
  std::uint64_t size = 0;
};

const OptionTable<PageFaultOptions>& Options() {
  static const auto table =
      OptionTable<PageFaultOptions>()
          .Add(ChoiceParam("case", "anon",
                           "anon (page_fault1: private anonymous), file-private (page_fault2: private mapping of a "
                           "sparse file), file-shared (page_fault3: shared mapping of a sparse file); files in "
                           "$TMPDIR or /var/tmp",
                           {"anon", "file-private", "file-shared"}),
               &PageFaultOptions::fault_case, ParseCase)
          .Add(SizeParamNamed("size", "128M", "bytes mapped and written per loop (will-it-scale: 128 MiB)", kPage4k),
               &PageFaultOptions::size);
  return table;
}

class PageFaultWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const PageFaultOptions options = Options().Read(point);
    case_ = options.fault_case;
    size_ = options.size;
    // will-it-scale writes a byte a base page (getpagesize: 4, 16 or 64 KiB).
    page_ = sys::BasePageBytes();
    if (size_ % page_ != 0) {
      throw Error("--size " + FormatSize(size_) + ": must be whole " + FormatSize(page_) + " pages");
    }
    if (case_ != Case::kAnon) {
      file_ = std::make_unique<sys::ScratchFile>(sys::ScratchDirectory(), size_, sys::ScratchContents::kSparse);
    }
  }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t i = 0; i < loops; ++i) {
      const sys::MappedRegion region = Map();
      char* bytes = region.data();
      for (std::size_t at = 0; at < size_; at += page_) bytes[at] = 0;
      asm volatile("" : : "r"(bytes) : "memory");
    }
  }

  std::uint64_t WorkPerLoop() const override { return size_ / page_; }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = {fmt::format(
        "one op = one {} page written, as will-it-scale counts; each loop maps {}, writes a byte in each of its {} "
        "pages and unmaps it, mmap and munmap timed too (as will-it-scale's loop)",
        FormatSize(page_), FormatSize(size_), size_ / page_)};
    if (file_) {
      const std::string directory = sys::ScratchDirectory();
      const std::string type = sys::FilesystemTypeOf(directory);
      notes.push_back(fmt::format(
          "each worker's file is sparse (ftruncate'd, as will-it-scale's), in {} ({}; will-it-scale uses /tmp: on "
          "a tmpfs the faults are shmem's, on a disk filesystem they go through its page_mkwrite and writeback; "
          "TMPDIR=/dev/shm runs them on tmpfs); its pages stay in the page cache from one loop to the next, so only "
          "the first loop allocates them{}",
          directory, type.empty() ? "filesystem unknown" : type,
          case_ == Case::kFilePrivate ? ", and every write copies one into a fresh anonymous page"
                                      : ", and every write dirties one (written back by the kernel meanwhile)"));
    }
    if (case_ == Case::kAnon) {
      notes.push_back("the mapping is a plain mmap, no madvise: THP applies only where it is set to always");
    }
    return notes;
  }

 private:
  sys::MappedRegion Map() const {
    switch (case_) {
      case Case::kAnon:
        return sys::MapAnonymous(size_);
      case Case::kFilePrivate:
        return file_->MapWritable(sys::Sharing::kPrivate);
      case Case::kFileShared:
        return file_->MapWritable(sys::Sharing::kShared);
    }
    throw Error("internal: pagefault case");
  }

  Case case_ = Case::kAnon;
  std::uint64_t size_ = 0;
  std::size_t page_ = kPage4k;
  std::unique_ptr<sys::ScratchFile> file_;
};

// A private file mapping holds the file's page and its copy. Both file
// cases may fill the scratch disk: a shared mapping writes every page of
// its file, and on a tmpfs even a private write fault allocates the file's
// page first (a full tmpfs answers it with SIGBUS).
WorkloadNeeds Needs(const Point& point) {
  const PageFaultOptions options = Options().Read(point);
  const std::uint64_t size = options.size;
  WorkloadNeeds needs =
      MemoryNeeds(PagePolicy::kDefault, options.fault_case == Case::kFilePrivate ? 2 * size : size, 1);
  if (options.fault_case != Case::kAnon) needs.file_descriptors = 1;
  if (options.fault_case != Case::kAnon) needs.scratch_disk_bytes = size;
  return needs;
}

WorkloadInfo PageFaultWorkloadInfo() {
  WorkloadInfo info;
  info.name = "pagefault";
  info.summary = "will-it-scale's page_fault1/2/3: map, write every page, unmap, in a loop; ops/s = pages written";
  info.unit = WorkUnit::kTouches;
  info.rate_label = "pages written";
  info.params = Options().specs();
  info.examples = {
      "membench run pagefault --case anon,file-private,file-shared",
      "membench run pagefault --case anon --procs 1,2        # will-it-scale page_fault1_processes",
      "membench run pagefault --case anon --threads 1,2      # page_fault1_threads: one mm, its locks shared",
  };
  info.needs = Needs;
  info.make = MakeWorkload<PageFaultWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(PageFaultWorkloadInfo);

}  // namespace membench
