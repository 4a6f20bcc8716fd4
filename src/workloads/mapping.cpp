// File: workloads/mapping.cpp
// mapping: lmbench's mmap latency: map `size`, touch one byte per 4 KiB page,
// unmap - anonymous memory (the touch writes: allocation and clearing) or a
// file whose pages are in the page cache (the touch reads). One loop is one
// whole map-touch-unmap.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/scratch_file.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

struct MappingOptions {
  std::string kind;
  std::uint64_t size = 0;
};

const OptionTable<MappingOptions>& Options() {
  static const auto table =
      OptionTable<MappingOptions>()
          .Add(ChoiceParam("kind", "anon",
                           "anon (private anonymous, written) or file (page-cache file, read; in $TMPDIR or "
                           "/var/tmp)",
                           {"anon", "file"}),
               &MappingOptions::kind)
          .Add(SizeParamNamed("size", "1M", "bytes mapped per mapping", kPage4k), &MappingOptions::size);
  return table;
}

class MappingWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const MappingOptions options = Options().Read(point);
    size_ = options.size;
    if (size_ % kPage4k != 0) throw Error("--size " + FormatSize(size_) + ": must be whole 4 KiB pages");
    if (options.kind == "file") file_ = std::make_unique<sys::ScratchFile>(sys::ScratchDirectory(), size_);
  }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t i = 0; i < loops; ++i) {
      if (file_) {
        const sys::MappedRegion region = file_->MapReadOnly();
        std::uint64_t sum = 0;
        for (std::size_t at = 0; at < size_; at += kPage4k) sum += static_cast<unsigned char>(region.data()[at]);
        asm volatile("" : : "r"(sum));
      } else {
        const sys::MappedRegion region = sys::MapAnonymous(size_);
        for (std::size_t at = 0; at < size_; at += kPage4k) region.data()[at] = 1;
        asm volatile("" : : : "memory");
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return 1; }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = {fmt::format(
        "one mapping = mmap of {}, one {} per 4 KiB page ({} pages), munmap", FormatSize(size_),
        file_ ? "read" : "write", size_ / kPage4k)};
    if (file_) notes.push_back("the file is in " + sys::ScratchDirectory() + " (TMPDIR chooses another), in the page cache");
    return notes;
  }

 private:
  std::uint64_t size_ = 0;
  std::unique_ptr<sys::ScratchFile> file_;
};

WorkloadNeeds Needs(const Point& point) { return MemoryNeeds(PagePolicy::kDefault, Options().Read(point).size, 1); }

WorkloadInfo MappingWorkloadInfo() {
  WorkloadInfo info;
  info.name = "mapping";
  info.summary = "mmap latency: map, touch every page, unmap (lmbench's lat_mmap), anonymous or file";
  info.unit = WorkUnit::kMappings;
  info.rate_label = "mappings";
  info.params = Options().specs();
  info.examples = {"membench run mapping --kind anon,file --size 64K..16M:x4"};
  info.needs = Needs;
  info.make = MakeWorkload<MappingWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MappingWorkloadInfo);

}  // namespace membench
