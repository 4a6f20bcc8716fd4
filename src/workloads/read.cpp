// File: workloads/read.cpp
// read: read bandwidth, summing a written buffer of `size` bytes as 64-bit
// words (the sum is consumed, so no load can be dropped). The buffer is
// written before timing: reading untouched memory is the zeropage workload.
#include "workloads/read.h"

#include <cstring>

#include "workloads/impl_params.h"
#include "workloads/memory_params.h"

namespace membench {
namespace {

class ReadWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    read_ = FindReadKernel(point.at("impl").text).fn;
    buffer_ = Buffer("buf", size_, point.at("offset").number, ParsePagePolicy(point.at("pages").text));
    std::memset(buffer_.data(), 0x5a, size_);
  }

  void Run(std::uint64_t loops) override {
    const char* p = buffer_.data();
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < loops; ++i) {
      sum += read_(p, size_);
      asm volatile("" : "+r"(sum) : : "memory");
    }
    sink_ = sum;
  }

  std::uint64_t WorkPerLoop() const override { return size_; }
  std::vector<PageProof> PageProofs() const override { return {buffer_.Proof()}; }

 private:
  std::uint64_t size_ = 0;
  ReadFn read_ = nullptr;
  Buffer buffer_;
  volatile std::uint64_t sink_ = 0;
};

std::uint64_t MemoryNeeded(const Point& point) { return point.at("size").number + point.at("offset").number; }

}  // namespace

WorkloadInfo ReadWorkloadInfo() {
  WorkloadInfo info;
  info.name = "read";
  info.summary = "read bandwidth: sum a buffer as 64-bit words";
  info.work_unit = "bytes";
  info.rate_label = "read";
  info.params = {SizeParam("64M"), ReadImplParam(), PagesParam(), OffsetParam("offset", "buffer")};
  info.examples = {
      "membench run read --size 64M --impl all",
      "membench run read --size 16K..1G:x4 --impl avx2 --pages 4k,thp",
  };
  info.memory_needed = MemoryNeeded;
  info.make = [] { return std::unique_ptr<Workload>(new ReadWorkload()); };
  return info;
}

}  // namespace membench
