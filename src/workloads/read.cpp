// File: workloads/read.cpp
// read: read bandwidth, summing a written buffer of `size` bytes as 64-bit
// words (the sum is consumed, so no load can be dropped). With --stride
// above 8 it reads one 64-bit word every `stride` bytes instead (touches:
// one per cache line, page, ...), where the impl does not apply. --op rdwr
// reads each word and writes it back plus one, as lmbench's bw_mem rdwr
// does, and counts each byte once, as bw_mem does. The buffer is written
// before timing: reading untouched memory is the zeropage workload.

#include <cstring>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "kernels/stream_ops.h"
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
  std::string op;
};

constexpr const char* kReadModifyWrite = "rdwr";

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
               &ReadOptions::stride)
          .Add(ChoiceParam("op", "read",
                           "read: sum the words; rdwr: read each word and write it back plus one (lmbench's bw_mem "
                           "rdwr), each byte counted once",
                           {"read", kReadModifyWrite}),
               &ReadOptions::op);
  return table;
}

class ReadWorkload final : public BufferKernelWorkload {
 public:
  void Prepare(const Point& point) override {
    const ReadOptions options = Options().Read(point);
    size_ = options.size;
    read_ = FindReadKernel(options.impl).fn;
    stride_ = options.stride;
    modify_ = options.op == kReadModifyWrite;
    if (stride_ % 8 != 0) throw Error("--stride " + std::to_string(stride_) + ": must be a multiple of 8 (a word)");
    if (stride_ > size_) {
      throw Error("--stride " + FormatSize(stride_) + " is larger than --size " + FormatSize(size_));
    }
    buffer_ = Buffer("buf", size_, options.offset, options.pages);
    std::memset(buffer_.data(), 0x5a, size_);
  }

  std::vector<std::string> Notes() const override {
    if (modify_) {
      return {"read-modify-write: each 64-bit word" +
              (stride_ > 8 ? " at every " + FormatSize(stride_) : std::string()) +
              " read and written back plus one, by a plain loop; --impl does not apply"};
    }
    if (stride_ <= 8) return {};
    return {"strided read: one 64-bit load every " + FormatSize(stride_) + "; --impl does not apply"};
  }

  void Run(std::uint64_t loops) override {
    if (modify_) {
      char* data = buffer_.data();
      RunWhole(loops, [&] { ReadModifyWrite(data, size_, stride_); });
      return;
    }
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
  bool modify_ = false;
  ReadFn read_ = nullptr;
  Buffer buffer_;
};

// A strided read touches one word per stride: the unit is then the touch.
std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  const ReadOptions options = Options().Read(point);
  if (options.stride > 8) return WorkloadInfo::PointUnit{WorkUnit::kTouches, "touches"};
  if (options.op == kReadModifyWrite) return WorkloadInfo::PointUnit{WorkUnit::kBytes, "read-modified"};
  return std::nullopt;
}

// A read-modify-write moves each byte twice, and its written lines were
// just read, so there is no write-allocate read to add.
std::optional<ByteTraffic> Traffic(const Point& point) {
  const ReadOptions options = Options().Read(point);
  if (options.stride > 8 || options.op != kReadModifyWrite) return std::nullopt;
  ByteTraffic traffic;
  traffic.requested_per_unit = 2;
  traffic.memory_per_unit = 2;
  traffic.how = "each byte read, then written back (counted once, as bw_mem does); the written lines were just "
                "read, so no write-allocate read";
  return traffic;
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
      "membench run read --size 256M --op read,rdwr",
  };
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.traffic = Traffic;
  info.make = MakeWorkload<ReadWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ReadWorkloadInfo);

}  // namespace membench
