// File: workloads/memset.cpp
// memset: fill `size` bytes with zeros, as page clearing does (seeds 001 and
// 003 are about clearing), or with another byte (`value`: some CPUs and
// hypervisors treat zero fills specially), with the page policy and prefault
// mode under the user's control. Zero is the one value clzero can write.
// With --size-dist it makes many calls of drawn sizes across --size instead
// (workloads/drawn_calls.h).

#include <fmt/format.h>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "workloads/buffer_kernel_workload.h"
#include "workloads/drawn_calls.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

struct MemsetOptions {
  std::uint64_t size = 0;
  std::string impl;
  PagePolicy pages;
  sys::Prefault prefault{};
  std::uint64_t dst_offset = 0;
  std::uint64_t value = 0;
  std::string size_dist;
};

const OptionTable<MemsetOptions>& Options() {
  static const auto table = OptionTable<MemsetOptions>()
                                .Add(SizeParam("64M"), &MemsetOptions::size)
                                .Add(FillImplParam(), &MemsetOptions::impl)
                                .Add(PagesParam(), &MemsetOptions::pages, ParsePagePolicy)
                                .Add(PrefaultParam(), &MemsetOptions::prefault, ParsePrefault)
                                .Add(OffsetParam("dst-offset", "destination"), &MemsetOptions::dst_offset)
                                .Add(FillValueParam(), &MemsetOptions::value)
                                .Add(SizeDistParam(), &MemsetOptions::size_dist);
  return table;
}

class MemsetWorkload final : public BufferKernelWorkload {
 public:
  void Prepare(const Point& point) override {
    const MemsetOptions options = Options().Read(point);
    size_ = options.size;
    const FillKernel& kernel = FindFillKernel(options.impl);
    fill_ = kernel.fn;
    value_ = FillValueFor(kernel, options.value);
    dst_.Configure(size_, options.dst_offset, options.pages, options.prefault);
    if (options.size_dist != kNoSizeDist) calls_ = DrawnCalls(options.size_dist, size_, false);
  }

  bool FreshStateEachSample() const override { return dst_.fresh_each_sample(); }
  void PrepareSample() override { dst_.Remap(); }

  void Run(std::uint64_t loops) override {
    char* dst = dst_.data();
    RunCalls(
        loops, [&] { fill_(dst, value_, size_); },
        [&](const DrawnCall& call) { fill_(dst + call.dst_offset, value_, call.size); });
  }

  std::vector<PageProof> PageProofs() const override { return {dst_.Proof()}; }
  std::vector<std::string> Notes() const override { return NotesWithCalls(dst_.Notes()); }

 private:
  FillFn fill_ = nullptr;
  int value_ = 0;
  DestinationBuffer dst_;
};

WorkloadNeeds Needs(const Point& point) {
  CheckSizeDist(point);
  const MemsetOptions options = Options().Read(point);
  FillValueFor(FindFillKernel(options.impl), options.value);
  return MemoryNeeds(options.pages, options.size + options.dst_offset, 1);
}

std::optional<ByteTraffic> Traffic(const Point& point) {
  const MemsetOptions options = Options().Read(point);
  const std::string& impl = options.impl;
  ByteTraffic traffic = TrafficOf(0, 1, impl == "nt" || impl == "clzero" || impl == "ntpair" || impl == "dczva",
                   impl == "stosb" ? "each byte set is written once; rep stosb's fast-string stores may skip the "
                                     "write-allocate read of whole lines"
                   : impl == "clzero" || impl == "dczva"
                       ? "each byte set is written once; " + impl + " allocates whole lines without reading them"
                                      : "each byte set is written once");
  if (options.size_dist != kNoSizeDist) traffic.memory_per_unit.reset();
  return traffic;
}

WorkloadInfo MemsetWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memset";
  info.summary = "fill a buffer with zeros or a byte (perf bench mem memset, with page and prefault control)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "set";
  info.params = Options().specs();
  info.examples = {
      "membench run memset --size 64M --impl all",
      "membench run memset --size 4K..1G:x4 --impl stosb,avx2,nt -r 10",
      "membench run memset --size 1G --impl stosb,nt --prefault none --pages 4k,thp",
      "membench run memset --size 64M --impl stosb,nt --value 0,255",
      "membench run memset --size-dist spec2017-memset --size 64M --impl libc,stosb,avx2",
  };
  info.needs = Needs;
  info.traffic = Traffic;
  info.make = MakeWorkload<MemsetWorkload>;
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemsetWorkloadInfo);

}  // namespace membench
