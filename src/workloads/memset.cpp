// File: workloads/memset.cpp
// memset: fill `size` bytes with zeros, as page clearing does (seeds 001 and
// 003 are about clearing), or with another byte (`value`: some CPUs and
// hypervisors treat zero fills specially), with the page policy and prefault
// mode under the user's control. Zero is the one value clzero can write.

#include <fmt/format.h>

#include "core/error.h"
#include "engine/registry.h"
#include "workloads/impl_params.h"
#include "workloads/memory_params.h"

namespace membench {
namespace {

class MemsetWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    const FillKernel& kernel = FindFillKernel(point.at("impl").text);
    fill_ = kernel.fn;
    value_ = static_cast<int>(point.at("value").number);
    if (kernel.zero_only && value_ != 0) {
      throw Error(fmt::format("--impl {} --value {}: {} writes only zeros; pair --value {} with another --impl",
                              kernel.name, value_, kernel.name, value_));
    }
    dst_.Configure(size_, point.at("dst-offset").number, ParsePagePolicy(point.at("pages").text),
                   ParsePrefault(point.at("prefault").text));
  }

  bool FreshStateEachSample() const override { return dst_.fresh_each_sample(); }
  void PrepareSample() override { dst_.Remap(); }

  void Run(std::uint64_t loops) override {
    char* dst = dst_.data();
    for (std::uint64_t i = 0; i < loops; ++i) {
      fill_(dst, value_, size_);
      asm volatile("" : : : "memory");
    }
  }

  std::uint64_t WorkPerLoop() const override { return size_; }
  std::vector<PageProof> PageProofs() const override { return {dst_.Proof()}; }
  std::vector<std::string> Notes() const override { return dst_.Notes(); }

 private:
  std::uint64_t size_ = 0;
  FillFn fill_ = nullptr;
  int value_ = 0;
  DestinationBuffer dst_;
};

WorkloadNeeds Needs(const Point& point) {
  return MemoryNeeds(point, point.at("size").number + point.at("dst-offset").number, 1);
}

WorkloadInfo MemsetWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memset";
  info.summary = "fill a buffer with zeros or a byte (perf bench mem memset, with page and prefault control)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "set";
  info.params = {SizeParam("64M"), FillImplParam(), PagesParam(), PrefaultParam(),
                 OffsetParam("dst-offset", "destination"),
                 CountParam("value", "0",
                            "the byte written: 0, as page clearing writes, or another (zero fills can be special), "
                            "e.g. 0,255",
                            0, 255)};
  info.examples = {
      "membench run memset --size 64M --impl all",
      "membench run memset --size 4K..1G:x4 --impl stosb,avx2,nt -r 10",
      "membench run memset --size 1G --impl stosb,nt --prefault none --pages 4k,thp",
      "membench run memset --size 64M --impl stosb,nt --value 0,255",
  };
  info.needs = Needs;
  info.make = [] { return std::unique_ptr<Workload>(new MemsetWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemsetWorkloadInfo);

}  // namespace membench
