// File: workloads/read.cpp
// read: read bandwidth, summing a written buffer of `size` bytes as 64-bit
// words (the sum is consumed, so no load can be dropped). With --stride
// above 8 it reads one 64-bit word every `stride` bytes instead (touches:
// one per cache line, page, ...), where the impl does not apply. The buffer
// is written before timing: reading untouched memory is the zeropage
// workload.

#include <cstring>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "workloads/buffer_kernel_workload.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

struct ReadOptions {
  std::uint64_t size = 0;
  std::string impl;
  PagePolicy pages;
  std::uint64_t offset = 0;
  std::uint64_t stride = 0;
};

const OptionTable<ReadOptions>& Options() {
  static const auto table =
      OptionTable<ReadOptions>()
          .Add(SizeParam("64M"), &ReadOptions::size)
          .Add(ReadImplParam(), &ReadOptions::impl)
          .Add(PagesParam(), &ReadOptions::pages, ParsePagePolicy)
          .Add(OffsetParam("offset", "buffer"), &ReadOptions::offset)
          .Add(SizeParamNamed("stride", "8",
                              "8: every word, with the impl's kernel; more: one 64-bit load every stride bytes "
                              "(touches)",
                              8),
               &ReadOptions::stride);
  return table;
}

class ReadWorkload final : public BufferKernelWorkload {
 public:
  void Prepare(const Point& point) override {
    const ReadOptions options = Options().Read(point);
    size_ = options.size;
    read_ = FindReadKernel(options.impl).fn;
    stride_ = options.stride;
    if (stride_ % 8 != 0) throw Error("--stride " + std::to_string(stride_) + ": must be a multiple of 8 (a word)");
    if (stride_ > size_) {
      throw Error("--stride " + FormatSize(stride_) + " is larger than --size " + FormatSize(size_));
    }
    buffer_ = Buffer("buf", size_, options.offset, options.pages);
    std::memset(buffer_.data(), 0x5a, size_);
  }

  std::vector<std::string> Notes() const override {
    if (stride_ <= 8) return {};
    return {"strided read: one 64-bit load every " + FormatSize(stride_) + "; --impl does not apply"};
  }

  void Run(std::uint64_t loops) override {
    const char* p = buffer_.data();
    if (stride_ <= 8) {
      RunWhole(loops, [&] { return read_(p, size_); });
      return;
    }
    RunWhole(loops, [&] {
      std::uint64_t sum = 0;
      for (std::uint64_t at = 0; at + 8 <= size_; at += stride_) {
        std::uint64_t word;
        std::memcpy(&word, p + at, 8);
        sum += word;
      }
      return sum;
    });
  }

  std::uint64_t WorkPerLoop() const override { return stride_ > 8 ? (size_ - 8) / stride_ + 1 : size_; }
  std::vector<PageProof> PageProofs() const override { return {buffer_.Proof()}; }

 private:
  std::uint64_t stride_ = 8;
  ReadFn read_ = nullptr;
  Buffer buffer_;
};

// A strided read touches one word per stride: the unit is then the touch.
std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  if (Options().Read(point).stride > 8) return WorkloadInfo::PointUnit{WorkUnit::kTouches, "touches"};
  return std::nullopt;
}

WorkloadNeeds Needs(const Point& point) {
  const ReadOptions options = Options().Read(point);
  return MemoryNeeds(options.pages, options.size + options.offset, 1);
}

WorkloadInfo ReadWorkloadInfo() {
  WorkloadInfo info;
  info.name = "read";
  info.summary = "read bandwidth: sum a buffer as 64-bit words";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "read";
  info.params = Options().specs();
  info.examples = {
      "membench run read --size 64M --impl all",
      "membench run read --size 16K..1G:x4 --impl avx2 --pages 4k,thp",
      "membench run read --size 1G --stride 64,4K --pages 4k,thp",
  };
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.make = MakeWorkload<ReadWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ReadWorkloadInfo);

}  // namespace membench
