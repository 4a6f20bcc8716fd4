// File: workloads/memcpy.cpp
// memcpy: copy `size` bytes from a source buffer to a destination buffer,
// as perf bench mem memcpy does, with the page policy, the prefault of
// either buffer and misalignment under the user's control. The source is
// written before timing by default; --src-prefault read copies the zero
// page and none faults the source in the timed copy, the two halves of
// seed 002 (perf bench's 2010 memcpy never wrote its source). With
// --size-dist it makes many calls of drawn sizes across --size instead
// (workloads/drawn_calls.h).

#include "core/option_table.h"
#include "engine/registry.h"
#include "workloads/buffer_kernel_workload.h"
#include "workloads/drawn_calls.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

struct MemcpyOptions {
  std::uint64_t size = 0;
  std::string impl;
  PagePolicy pages;
  sys::Prefault prefault{};
  SourcePrefault src_prefault{};
  std::uint64_t src_offset = 0;
  std::uint64_t dst_offset = 0;
  std::string size_dist;
};

const OptionTable<MemcpyOptions>& Options() {
  static const auto table = OptionTable<MemcpyOptions>()
                                .Add(SizeParam("64M"), &MemcpyOptions::size)
                                .Add(CopyImplParam(), &MemcpyOptions::impl)
                                .Add(PagesParam(), &MemcpyOptions::pages, ParsePagePolicy)
                                .Add(PrefaultParam(), &MemcpyOptions::prefault, ParsePrefault)
                                .Add(SourcePrefaultParam(), &MemcpyOptions::src_prefault, ParseSourcePrefault)
                                .Add(OffsetParam("src-offset", "source"), &MemcpyOptions::src_offset)
                                .Add(OffsetParam("dst-offset", "destination"), &MemcpyOptions::dst_offset)
                                .Add(SizeDistParam(), &MemcpyOptions::size_dist);
  return table;
}

class MemcpyWorkload final : public BufferKernelWorkload {
 public:
  void Prepare(const Point& point) override {
    const MemcpyOptions options = Options().Read(point);
    size_ = options.size;
    copy_ = FindCopyKernel(options.impl).fn;
    src_.Configure(size_, options.src_offset, options.pages, options.src_prefault);
    dst_.Configure(size_, options.dst_offset, options.pages, options.prefault);
    if (options.size_dist != kNoSizeDist) calls_ = DrawnCalls(options.size_dist, size_, true);
  }

  bool FreshStateEachSample() const override { return src_.fresh_each_sample() || dst_.fresh_each_sample(); }
  void PrepareSample() override {
    if (src_.fresh_each_sample()) src_.Remap();
    if (dst_.fresh_each_sample()) dst_.Remap();
  }

  void Run(std::uint64_t loops) override {
    char* dst = dst_.data();
    const char* src = src_.data();
    RunCalls(
        loops, [&] { copy_(dst, src, size_); },
        [&](const DrawnCall& call) { copy_(dst + call.dst_offset, src + call.src_offset, call.size); });
  }

  std::vector<PageProof> PageProofs() const override { return {src_.Proof(), dst_.Proof()}; }
  std::vector<std::string> Notes() const override { return NotesWithCalls(dst_.Notes()); }

 private:
  CopyFn copy_ = nullptr;
  SourceBuffer src_;
  DestinationBuffer dst_;
};

WorkloadNeeds Needs(const Point& point) {
  CheckSizeDist(point);
  const MemcpyOptions options = Options().Read(point);
  return MemoryNeeds(options.pages, 2 * options.size + options.src_offset + options.dst_offset, 2);
}

std::optional<ByteTraffic> Traffic(const Point& point) {
  const MemcpyOptions options = Options().Read(point);
  const std::string& impl = options.impl;
  ByteTraffic traffic = TrafficOf(1, 1, impl == "nt" || impl == "ntpair",
                   impl == "libc"    ? "each byte copied is read once and written once; glibc switches to "
                                       "non-temporal stores above about 3/4 of the last-level cache"
                   : impl == "movsb" ? "each byte copied is read once and written once; rep movsb's fast-string "
                                       "stores may skip the write-allocate read of whole lines"
                                     : "each byte copied is read once and written once");
  if (options.size_dist != kNoSizeDist) traffic.memory_per_unit.reset();
  return traffic;
}

WorkloadInfo MemcpyWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memcpy";
  info.summary = "copy between two buffers (perf bench mem memcpy, with page and prefault control)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "copied";
  info.params = Options().specs();
  info.examples = {
      "membench run memcpy --size 64M --impl all",
      "membench run memcpy --size 4K..1G:x4 --impl libc,movsb,avx2 -r 10",
      "membench run memcpy --size 1G --impl movsb,unrolled --prefault none,write -e default",
      "membench run memcpy --size 64M --pages 4k,thp --prefault none --json r.json",
      "membench run memcpy --size 1G --impl movsb,unrolled --prefault none,write --src-prefault read",
      "membench run memcpy --size-dist spec2017-memcpy --size 64M --impl libc,movsb,avx2",
  };
  info.needs = Needs;
  info.traffic = Traffic;
  info.make = MakeWorkload<MemcpyWorkload>;
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemcpyWorkloadInfo);

}  // namespace membench
