// File: workloads/memset.cpp
// memset: fill `size` bytes with zeros, as page clearing does (seeds 001 and
// 003 are about clearing), or with another byte (`value`: some CPUs and
// hypervisors treat zero fills specially), with the page policy and prefault
// mode under the user's control. Zero is the one value clzero can write.
// With --size-dist it makes many calls of drawn sizes across --size instead
// (workloads/drawn_calls.h).

#include <fmt/format.h>

#include "core/error.h"
#include "engine/registry.h"
#include "workloads/drawn_calls.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

class MemsetWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    const FillKernel& kernel = FindFillKernel(point.at("impl").text);
    fill_ = kernel.fn;
    value_ = FillValueFor(kernel, point);
    dst_.Configure(size_, point.at("dst-offset").number, ParsePagePolicy(point.at("pages").text),
                   ParsePrefault(point.at("prefault").text));
    const std::string& dist = point.at("size-dist").text;
    if (dist != kNoSizeDist) calls_ = DrawnCalls(dist, size_, false);
  }

  bool FreshStateEachSample() const override { return dst_.fresh_each_sample(); }
  void PrepareSample() override { dst_.Remap(); }

  void Run(std::uint64_t loops) override {
    char* dst = dst_.data();
    if (!calls_.empty()) {
      for (std::uint64_t i = 0; i < loops; ++i) {
        for (const DrawnCall& call : calls_.calls()) {
          fill_(dst + call.dst_offset, value_, call.size);
          asm volatile("" : : : "memory");
        }
      }
      calls_.Made(loops);
      return;
    }
    for (std::uint64_t i = 0; i < loops; ++i) {
      fill_(dst, value_, size_);
      asm volatile("" : : : "memory");
    }
  }

  std::uint64_t WorkPerLoop() const override { return calls_.empty() ? size_ : calls_.bytes_per_loop(); }
  std::vector<SideCount> SideCounts() const override { return calls_.SideCounts(); }
  std::vector<std::uint64_t> TakeSideCounts() override { return calls_.TakeSideCounts(); }
  std::vector<PageProof> PageProofs() const override { return {dst_.Proof()}; }
  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = dst_.Notes();
    if (!calls_.empty()) notes.push_back(calls_.Describe());
    return notes;
  }

 private:
  std::uint64_t size_ = 0;
  DrawnCalls calls_;
  FillFn fill_ = nullptr;
  int value_ = 0;
  DestinationBuffer dst_;
};

WorkloadNeeds Needs(const Point& point) {
  CheckSizeDist(point);
  return MemoryNeeds(point, point.at("size").number + point.at("dst-offset").number, 1);
}

std::optional<ByteTraffic> Traffic(const Point& point) {
  const std::string impl = point.at("impl").text;
  ByteTraffic traffic = TrafficOf(0, 1, impl == "nt" || impl == "clzero",
                   impl == "stosb" ? "each byte set is written once; rep stosb's fast-string stores may skip the "
                                     "write-allocate read of whole lines"
                   : impl == "clzero" ? "each byte set is written once; clzero allocates whole lines without reading them"
                                      : "each byte set is written once");
  if (point.at("size-dist").text != kNoSizeDist) traffic.memory_per_unit.reset();
  return traffic;
}

WorkloadInfo MemsetWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memset";
  info.summary = "fill a buffer with zeros or a byte (perf bench mem memset, with page and prefault control)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "set";
  info.params = {SizeParam("64M"), FillImplParam(), PagesParam(), PrefaultParam(),
                 OffsetParam("dst-offset", "destination"),
                 FillValueParam(), SizeDistParam()};
  info.examples = {
      "membench run memset --size 64M --impl all",
      "membench run memset --size 4K..1G:x4 --impl stosb,avx2,nt -r 10",
      "membench run memset --size 1G --impl stosb,nt --prefault none --pages 4k,thp",
      "membench run memset --size 64M --impl stosb,nt --value 0,255",
      "membench run memset --size-dist spec2017-memset --size 64M --impl libc,stosb,avx2",
  };
  info.needs = Needs;
  info.traffic = Traffic;
  info.make = [] { return std::unique_ptr<Workload>(new MemsetWorkload()); };
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemsetWorkloadInfo);

}  // namespace membench
