// File: workloads/zeropage.cpp
// zeropage: read memory that was never written, as the huge-zero-page thread
// did (seed 000): `memcmp` compares the first half of the region with the
// second (test_memcmp: cache-bound), `stride` compares one byte every
// `stride` bytes with its twin in the other half (test_memcmp2: TLB-bound).
// With THP such reads map the huge zero page, with 4 KiB pages the 4 KiB
// zero page: where the kernel maps them. Where it does not (a command line
// with pvm_no_zero_page=1), read faults allocate real memory; the workload
// says so, sizes its default region to fit, and what it measures is then
// THP against 4 KiB read-fault allocation. The first, faulting pass is the
// point's first sample, reported apart by the runner.

#include <fmt/format.h>

#include <cstring>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/memory.h"
#include "sys/zero_page.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

constexpr std::uint64_t kSeedSize = 8ull << 30;  // test_memcmp's 8 GiB

struct ZeropageOptions {
  std::uint64_t size = 0;
  std::string mode;
  PagePolicy pages;
  std::uint64_t stride = 0;
};

const OptionTable<ZeropageOptions>& Options() {
  static const auto table = [] {
    ParamSpec pages = PagesParam();
    pages.default_value = "thp,4k";
    return OptionTable<ZeropageOptions>()
        .Add(SizeParamNamed(
                 "size", "8G",
                 "region, compared half against half (default the seed's 8 GiB, less where read faults allocate)",
                 2 * kPage4k),
             &ZeropageOptions::size)
        .Add(ChoiceParam("mode", "memcmp",
                         "memcmp: glibc memcmp of the halves (cache-bound); stride: one byte per --stride (TLB-bound)",
                         {"memcmp", "stride"}),
             &ZeropageOptions::mode)
        .Add(pages, &ZeropageOptions::pages, ParsePagePolicy)
        .Add(SizeParamNamed("stride", "4096", "bytes between touches in stride mode", 1), &ZeropageOptions::stride);
  }();
  return table;
}

class ZeropageWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const ZeropageOptions options = Options().Read(point);
    size_ = options.size;
    stride_ = options.stride;
    memcmp_mode_ = options.mode == "memcmp";
    policy_ = options.pages;
    half_ = size_ / 2;
    if (half_ == 0) throw Error("--size " + FormatSize(size_) + ": too small to split into two halves");
    if (!memcmp_mode_ && stride_ > half_) {
      throw Error(fmt::format("--stride {} is larger than half the region ({}): nothing to compare",
                              FormatSize(stride_), FormatSize(half_)));
    }
    region_ = Buffer("region", size_, 0, policy_);  // never written
  }

  void Run(std::uint64_t loops) override {
    const char* p = region_.data();
    int differences = 0;
    for (std::uint64_t l = 0; l < loops; ++l) {
      if (memcmp_mode_) {
        differences |= std::memcmp(p, p + half_, half_);
      } else {
        const volatile char* v = p;
        for (std::uint64_t i = 0; i < half_; i += stride_) differences |= v[i] ^ v[i + half_];
      }
      asm volatile("" : "+r"(differences) : : "memory");
    }
    differences_ |= differences;
  }

  std::uint64_t WorkPerLoop() const override { return memcmp_mode_ ? half_ : (half_ + stride_ - 1) / stride_; }

  std::vector<PageProof> PageProofs() const override { return {region_.Proof()}; }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes;
    const sys::ZeroPageProbe& probe = sys::ProbeZeroPage(policy_);
    const PageBacking backing = sys::ReadPageBacking(region_.data(), size_);
    const std::string zero = policy_ == PagePolicy::kThp ? "huge zero page" : "zero page";
    if (!probe.in_use) {
      notes.push_back(fmt::format(
          "{} not in use: read faults allocate memory ({}); this compares THP and 4 KiB read-fault allocation, "
          "not the zero pages; {} resident after reading {}",
          zero, probe.evidence, FormatSize(backing.resident_bytes), FormatSize(size_)));
    } else {
      notes.push_back(fmt::format("{} in use: {} resident after reading {} ({})", zero,
                                  FormatSize(backing.resident_bytes), FormatSize(size_), probe.evidence));
    }
    if (differences_ != 0) notes.push_back("ERROR: memory never written did not read as zeros");
    return notes;
  }

 private:
  std::uint64_t size_ = 0;
  std::uint64_t half_ = 0;
  std::uint64_t stride_ = 4096;
  bool memcmp_mode_ = true;
  PagePolicy policy_ = PagePolicy::kThp;
  Buffer region_;
  int differences_ = 0;
};

// With the zero page in use only page tables grow (8 bytes per 4 KiB page,
// far less with THP); without it the whole region is allocated.
// memcmp compares bytes; stride mode touches one byte per stride.
std::optional<WorkloadInfo::PointUnit> UnitOfPoint(const Point& point) {
  if (Options().Read(point).mode == "memcmp") return WorkloadInfo::PointUnit{WorkUnit::kBytes, "compared"};
  return WorkloadInfo::PointUnit{WorkUnit::kTouches, "touches"};
}

WorkloadNeeds Needs(const Point& point) {
  const ZeropageOptions options = Options().Read(point);
  WorkloadNeeds needs = MemoryNeeds(options.pages, options.size, 1);
  if (HugetlbPageBytes(options.pages) == 0 && sys::ProbeZeroPage(options.pages).in_use) {
    needs.memory_bytes = options.size / kPage4k * 8;
  }
  return needs;
}

std::string MachineDefault(const std::string& param, std::string& note) {
  if (param != "size") return "";
  const bool thp = sys::ProbeZeroPage(PagePolicy::kThp).in_use;
  const bool small = sys::ProbeZeroPage(PagePolicy::k4k).in_use;
  if (thp && small) return "";
  // Read faults allocate: half of what is free, in a power of two.
  const std::uint64_t available = sys::MemAvailableBytes();
  std::uint64_t size = kSeedSize;
  while (size > (256ull << 20) && size > available / 2) size /= 2;
  const std::string free_text = fmt::format("{:.1f} GiB", static_cast<double>(available) / (1ull << 30));
  note = size == kSeedSize
             ? fmt::format(
                   "zeropage: read faults allocate memory here for {} pages; the seed's 8 GiB still fits in "
                   "MemAvailable ({})",
                   thp ? "4 KiB" : (small ? "THP" : "both kinds of"), free_text)
             : fmt::format(
                   "zeropage: read faults allocate memory here, so the default size is {} instead of the "
                   "seed's 8 GiB, to fit in MemAvailable ({})",
                   FormatSize(size), free_text);
  return std::to_string(size);
}

WorkloadInfo ZeropageWorkloadInfo() {
  WorkloadInfo info;
  info.name = "zeropage";
  info.summary = "read never-written memory: huge zero page vs 4 KiB zero pages (seed 000)";
  info.unit = WorkUnit::kBytes;
  info.rate_label = "compared";
  info.params = Options().specs();
  info.examples = {
      "membench run zeropage --mode memcmp,stride -r 5",
      "membench run zeropage --mode stride --pages thp,4k -e default,tlb --json z.json",
      "membench run zeropage --size 1G --mode stride --stride 4K,64K",
  };
  info.needs = Needs;
  info.point_unit = UnitOfPoint;
  info.machine_default = MachineDefault;
  info.make = MakeWorkload<ZeropageWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ZeropageWorkloadInfo);

}  // namespace membench
