// File: workloads/read.cpp
// read: read bandwidth, summing a written buffer of `size` bytes as 64-bit
// words (the sum is consumed, so no load can be dropped). With --stride
// above 8 it reads one 64-bit word every `stride` bytes instead (touches:
// one per cache line, page, ...), where the impl does not apply. The buffer
// is written before timing: reading untouched memory is the zeropage
// workload.

#include <cstring>

#include "core/error.h"
#include "core/units.h"
#include "engine/registry.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

class ReadWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    size_ = point.at("size").number;
    read_ = FindReadKernel(point.at("impl").text).fn;
    stride_ = point.at("stride").number;
    if (stride_ % 8 != 0) throw Error("--stride " + std::to_string(stride_) + ": must be a multiple of 8 (a word)");
    if (stride_ > size_) {
      throw Error("--stride " + FormatSize(stride_) + " is larger than --size " + FormatSize(size_));
    }
    buffer_ = Buffer("buf", size_, point.at("offset").number, ParsePagePolicy(point.at("pages").text));
    std::memset(buffer_.data(), 0x5a, size_);
  }

  std::vector<std::string> Notes() const override {
    if (stride_ <= 8) return {};
    return {"strided read: one 64-bit load every " + FormatSize(stride_) + "; --impl does not apply"};
  }

  void Run(std::uint64_t loops) override {
    const char* p = buffer_.data();
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < loops; ++i) {
      if (stride_ > 8) {
        for (std::uint64_t at = 0; at + 8 <= size_; at += stride_) {
          std::uint64_t word;
          std::memcpy(&word, p + at, 8);
          sum += word;
        }
      } else {
        sum += read_(p, size_);
      }
      asm volatile("" : "+r"(sum) : : "memory");
    }
    sink_ = sum;
  }

  std::uint64_t WorkPerLoop() const override { return stride_ > 8 ? (size_ - 8) / stride_ + 1 : size_; }
  std::vector<PageProof> PageProofs() const override { return {buffer_.Proof()}; }

 private:
  std::uint64_t size_ = 0;
  std::uint64_t stride_ = 8;
  ReadFn read_ = nullptr;
  Buffer buffer_;
  volatile std::uint64_t sink_ = 0;
};

// A strided read touches one word per stride: the unit is then the touch.
std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  if (point.at("stride").number > 8) return WorkloadInfo::PointUnit{WorkUnit::kTouches, "touches"};
  return std::nullopt;
}

WorkloadNeeds Needs(const Point& point) {
  return MemoryNeeds(point, point.at("size").number + point.at("offset").number, 1);
}

WorkloadInfo ReadWorkloadInfo() {
  WorkloadInfo info;
  info.name = "read";
  info.summary = "read bandwidth: sum a buffer as 64-bit words";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "read";
  info.params = {
      SizeParam("64M"), ReadImplParam(), PagesParam(), OffsetParam("offset", "buffer"),
      SizeParamNamed("stride", "8",
                     "8: every word, with the impl's kernel; more: one 64-bit load every stride bytes (touches)", 8)};
  info.examples = {
      "membench run read --size 64M --impl all",
      "membench run read --size 16K..1G:x4 --impl avx2 --pages 4k,thp",
      "membench run read --size 1G --stride 64,4K --pages 4k,thp",
  };
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.make = [] { return std::unique_ptr<Workload>(new ReadWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ReadWorkloadInfo);

}  // namespace membench
