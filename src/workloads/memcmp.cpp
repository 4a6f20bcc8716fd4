// File: workloads/memcmp.cpp
// memcmp: compare two equal buffers of `size` bytes, so every byte of both is
// read (a difference would stop the comparison early). Both are written
// before timing; comparing untouched memory, where the zero page may answer,
// is the zeropage workload's question.

#include <cstring>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "workloads/buffer_kernel_workload.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

struct MemcmpOptions {
  std::uint64_t size = 0;
  std::string impl;
  PagePolicy pages;
  std::uint64_t a_offset = 0;
  std::uint64_t b_offset = 0;
};

const OptionTable<MemcmpOptions>& Options() {
  static const auto table = OptionTable<MemcmpOptions>()
                                .Add(SizeParam("64M"), &MemcmpOptions::size)
                                .Add(CompareImplParam(), &MemcmpOptions::impl)
                                .Add(PagesParam(), &MemcmpOptions::pages, ParsePagePolicy)
                                .Add(OffsetParam("a-offset", "first buffer"), &MemcmpOptions::a_offset)
                                .Add(OffsetParam("b-offset", "second buffer"), &MemcmpOptions::b_offset);
  return table;
}

class MemcmpWorkload final : public BufferKernelWorkload {
 public:
  void Prepare(const Point& point) override {
    const MemcmpOptions options = Options().Read(point);
    size_ = options.size;
    compare_ = FindCompareKernel(options.impl).fn;
    a_ = Buffer("a", size_, options.a_offset, options.pages);
    b_ = Buffer("b", size_, options.b_offset, options.pages);
    for (std::uint64_t i = 0; i < size_; ++i) a_.data()[i] = static_cast<char>(i * 131 + 7);
    std::memcpy(b_.data(), a_.data(), size_);
    // The kernel must find the buffers equal, or it measured less than size.
    if (compare_(a_.data(), b_.data(), size_) != 0) throw Error("internal: memcmp kernel found equal buffers unequal");
  }

  void Run(std::uint64_t loops) override {
    const char* a = a_.data();
    const char* b = b_.data();
    RunWhole(loops, [&] { return compare_(a, b, size_); });
  }

  std::vector<PageProof> PageProofs() const override { return {a_.Proof(), b_.Proof()}; }

 private:
  CompareFn compare_ = nullptr;
  Buffer a_;
  Buffer b_;
};

WorkloadNeeds Needs(const Point& point) {
  const MemcmpOptions options = Options().Read(point);
  return MemoryNeeds(options.pages, 2 * options.size + options.a_offset + options.b_offset, 2);
}

WorkloadInfo MemcmpWorkloadInfo() {
  WorkloadInfo info;
  info.name = "memcmp";
  info.summary = "compare two equal buffers (every byte of both is read)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "compared";
  info.params = Options().specs();
  info.examples = {
      "membench run memcmp --size 64M --impl all",
      "membench run memcmp --size 4K..1G:x4 --impl libc,avx2 --pages 4k,thp",
  };
  info.needs = Needs;
  info.traffic = [](const Point&) -> std::optional<ByteTraffic> {
    return TrafficOf(2, 0, false, "each byte compared is read in both buffers");
  };
  info.make = MakeWorkload<MemcmpWorkload>;
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(MemcmpWorkloadInfo);

}  // namespace membench
