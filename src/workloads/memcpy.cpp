// File: workloads/memcpy.cpp
// memcpy: copy `size` bytes from a source buffer to a destination buffer,
// as perf bench mem memcpy does, with the page policy, the prefault of
// either buffer and misalignment under the user's control. The source is
// written before timing by default; --src-prefault read copies the zero
// page and none faults the source in the timed copy, the two halves of
// seed 002 (perf bench's 2010 memcpy never wrote its source). With
// --size-dist it makes many calls of drawn sizes across --size instead
// (workloads/drawn_calls.h).

#include "engine/registry.h"
#include "workloads/drawn_calls.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

class MemcpyWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    copy_ = FindCopyKernel(point.at("impl").text).fn;
    const PagePolicy policy = ParsePagePolicy(point.at("pages").text);
    src_.Configure(size_, point.at("src-offset").number, policy, ParseSourcePrefault(point.at("src-prefault").text));
    dst_.Configure(size_, point.at("dst-offset").number, policy, ParsePrefault(point.at("prefault").text));
    const std::string& dist = point.at("size-dist").text;
    if (dist != kNoSizeDist) calls_ = DrawnCalls(dist, size_, true);
  }

  bool FreshStateEachSample() const override { return src_.fresh_each_sample() || dst_.fresh_each_sample(); }
  void PrepareSample() override {
    if (src_.fresh_each_sample()) src_.Remap();
    if (dst_.fresh_each_sample()) dst_.Remap();
  }

  void Run(std::uint64_t loops) override {
    char* dst = dst_.data();
    const char* src = src_.data();
    if (!calls_.empty()) {
      for (std::uint64_t i = 0; i < loops; ++i) {
        for (const DrawnCall& call : calls_.calls()) {
          copy_(dst + call.dst_offset, src + call.src_offset, call.size);
          asm volatile("" : : : "memory");
        }
      }
      calls_.Made(loops);
      return;
    }
    for (std::uint64_t i = 0; i < loops; ++i) {
      copy_(dst, src, size_);
      asm volatile("" : : : "memory");
    }
  }

  std::uint64_t WorkPerLoop() const override { return calls_.empty() ? size_ : calls_.bytes_per_loop(); }
  std::vector<SideCount> SideCounts() const override { return calls_.SideCounts(); }
  std::vector<std::uint64_t> TakeSideCounts() override { return calls_.TakeSideCounts(); }
  std::vector<PageProof> PageProofs() const override { return {src_.Proof(), dst_.Proof()}; }
  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = dst_.Notes();
    if (!calls_.empty()) notes.push_back(calls_.Describe());
    return notes;
  }

 private:
  std::uint64_t size_ = 0;
  DrawnCalls calls_;
  CopyFn copy_ = nullptr;
  SourceBuffer src_;
  DestinationBuffer dst_;
};

WorkloadNeeds Needs(const Point& point) {
  CheckSizeDist(point);
  return MemoryNeeds(point, 2 * point.at("size").number + point.at("src-offset").number + point.at("dst-offset").number,
                     2);
}

std::optional<ByteTraffic> Traffic(const Point& point) {
  const std::string impl = point.at("impl").text;
  ByteTraffic traffic = TrafficOf(1, 1, impl == "nt",
                   impl == "libc"    ? "each byte copied is read once and written once; glibc switches to "
                                       "non-temporal stores above about 3/4 of the last-level cache"
                   : impl == "movsb" ? "each byte copied is read once and written once; rep movsb's fast-string "
                                       "stores may skip the write-allocate read of whole lines"
                                     : "each byte copied is read once and written once");
  if (point.at("size-dist").text != kNoSizeDist) traffic.memory_per_unit.reset();
  return traffic;
}

WorkloadInfo MemcpyWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memcpy";
  info.summary = "copy between two buffers (perf bench mem memcpy, with page and prefault control)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "copied";
  info.params = {SizeParam("64M"),
                 CopyImplParam(),
                 PagesParam(),
                 PrefaultParam(),
                 SourcePrefaultParam(),
                 OffsetParam("src-offset", "source"),
                 OffsetParam("dst-offset", "destination"),
                 SizeDistParam()};
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
  info.make = [] { return std::unique_ptr<Workload>(new MemcpyWorkload()); };
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemcpyWorkloadInfo);

}  // namespace membench
