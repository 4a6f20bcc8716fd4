// File: workloads/memcmp.cpp
// memcmp: compare two equal buffers of `size` bytes, so every byte of both is
// read (a difference would stop the comparison early). Both are written
// before timing; comparing untouched memory, where the zero page may answer,
// is the zeropage workload's question.

#include <cstring>

#include "core/error.h"
#include "engine/registry.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

class MemcmpWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    compare_ = FindCompareKernel(point.at("impl").text).fn;
    const PagePolicy policy = ParsePagePolicy(point.at("pages").text);
    a_ = Buffer("a", size_, point.at("a-offset").number, policy);
    b_ = Buffer("b", size_, point.at("b-offset").number, policy);
    for (std::uint64_t i = 0; i < size_; ++i) a_.data()[i] = static_cast<char>(i * 131 + 7);
    std::memcpy(b_.data(), a_.data(), size_);
    // The kernel must find the buffers equal, or it measured less than size.
    if (compare_(a_.data(), b_.data(), size_) != 0) throw Error("internal: memcmp kernel found equal buffers unequal");
  }

  void Run(std::uint64_t loops) override {
    const char* a = a_.data();
    const char* b = b_.data();
    int differences = 0;
    for (std::uint64_t i = 0; i < loops; ++i) {
      differences |= compare_(a, b, size_);
      asm volatile("" : "+r"(differences) : : "memory");
    }
    sink_ = differences;
  }

  std::uint64_t WorkPerLoop() const override { return size_; }
  std::vector<PageProof> PageProofs() const override { return {a_.Proof(), b_.Proof()}; }

 private:
  std::uint64_t size_ = 0;
  CompareFn compare_ = nullptr;
  Buffer a_;
  Buffer b_;
  volatile int sink_ = 0;
};

WorkloadNeeds Needs(const Point& point) {
  return MemoryNeeds(point, 2 * point.at("size").number + point.at("a-offset").number + point.at("b-offset").number, 2);
}

WorkloadInfo MemcmpWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memcmp";
  info.summary = "compare two equal buffers (every byte of both is read)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "compared";
  info.params = {SizeParam("64M"), CompareImplParam(), PagesParam(), OffsetParam("a-offset", "first buffer"),
                 OffsetParam("b-offset", "second buffer")};
  info.examples = {
      "membench run memcmp --size 64M --impl all",
      "membench run memcmp --size 4K..1G:x4 --impl libc,avx2 --pages 4k,thp",
  };
  info.needs = Needs;
  info.traffic = [](const Point&) -> std::optional<ByteTraffic> {
    return TrafficOf(2, 0, false, "each byte compared is read in both buffers");
  };
  info.make = [] { return std::unique_ptr<Workload>(new MemcmpWorkload()); };
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemcmpWorkloadInfo);

}  // namespace membench
