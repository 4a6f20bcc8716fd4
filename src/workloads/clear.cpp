// File: workloads/clear.cpp
// clear: a user-space model of the kernel clearing the pages it hands to a
// faulting process (clear_page, clear_huge_page). Every loop clears each
// `page` of a region sub-page by sub-page (4 KiB at a time, as the kernel
// does) with a fill kernel, in the chosen order around the target sub-page
// (the faulting address), and then, as the application resuming from the
// fault would, touches the page from the target on (wrapping round to its
// start): seed 001's question is whether clearing the target last leaves
// it cache-hot for that access. The memory is cold by default (evicted
// from every cache before each sample: a page long on the buddy lists);
// --memory warm reuses it from the cache (a page the per-CPU lists hand
// back soon after it was freed, often cache-hot). The clearing's
// stores drain once per page (mfence; dsb on arm64), as the fault's return
// to user space serializes them; the two phases are split with an ordered
// cycle-timer read (lfence+rdtsc; isb+mrs cntvct_el0) at each boundary, and --phases none leaves those reads out, so their
// cost is known. --value fills with another byte than zero, to see whether
// zero is special to the CPU or the hypervisor (clzero writes only zeros).

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <random>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "kernels/cache_flush.h"
#include "sys/clock.h"
#include "sys/memory.h"
#include "workloads/clear_order.h"
#include "workloads/impl_params.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

enum class Then { kNone, kRead, kWrite };
enum class Target { kFirst, kMiddle, kLast, kRandom };

ClearOrder ParseOrder(const std::string& text) {
  if (text == "forward") return ClearOrder::kForward;
  if (text == "backward") return ClearOrder::kBackward;
  return ClearOrder::kTargetLast;
}

Target ParseTarget(const std::string& text) {
  if (text == "first") return Target::kFirst;
  if (text == "middle") return Target::kMiddle;
  if (text == "last") return Target::kLast;
  return Target::kRandom;
}

Then ParseThen(const std::string& text) {
  if (text == "read") return Then::kRead;
  if (text == "write") return Then::kWrite;
  return Then::kNone;
}

struct ClearOptions {
  std::uint64_t page = 0;
  std::uint64_t size = 0;
  std::string impl;
  std::string order;
  Target target{};
  Then then{};
  std::string memory;
  std::string phases;
  std::uint64_t value = 0;
};

const OptionTable<ClearOptions>& Options() {
  static const auto table =
      OptionTable<ClearOptions>()
          .Add(SizeParamNamed("page", "2M", "page size cleared at a time: the base page (4K), the THP size (2M) or a hugetlb size (1G)", kPage4k), &ClearOptions::page)
          .Add(SizeParamNamed("size", "64M", "bytes cleared per loop (whole pages)", kPage4k), &ClearOptions::size)
          .Add(FillImplParam(), &ClearOptions::impl)
          .Add(ChoiceParam("order", "forward",
                           "sub-page order for 2M/1G pages: forward, backward, target-last (the 2017 patch: farthest "
                           "first, converging on the target)",
                           {"forward", "backward", "target-last"}),
               &ClearOptions::order)
          .Add(ChoiceParam("target", "first", "the faulting sub-page: first, middle, last, random (per page)",
                           {"first", "middle", "last", "random"}),
               &ClearOptions::target, ParseTarget)
          .Add(ChoiceParam("then", "write",
                           "after each page: none, or read/write it from the target sub-page on, as the application "
                           "would",
                           {"none", "read", "write"}),
               &ClearOptions::then, ParseThen)
          .Add(ChoiceParam("memory", "cold",
                           "cold: evict the region from every cache before each sample (a page long free); "
                           "warm: clear it again from the cache (a page freed and reused soon)",
                           {"cold", "warm"}),
               &ClearOptions::memory)
          .Add(ChoiceParam("phases", "timed",
                           "timed: split clearing from access with the cycle timer at each page; none: the uninstrumented "
                           "control",
                           {"timed", "none"}),
               &ClearOptions::phases)
          .Add(FillValueParam(), &ClearOptions::value);
  return table;
}

class ClearWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const ClearOptions options = Options().Read(point);
    page_ = options.page;
    size_ = options.size;
    const std::string& order_name = options.order;
    // The kernel clears a huge page a base page at a time: 4 KiB on x86-64,
    // 4, 16 or 64 KiB on arm64.
    subpage_ = sys::BasePageBytes();
    const bool huge = page_ == sys::ThpPageBytes() ||
                      std::find(std::begin(kHugetlbSizes), std::end(kHugetlbSizes), page_) != std::end(kHugetlbSizes);
    if (page_ != subpage_ && !(huge && page_ > subpage_)) {
      throw Error(fmt::format("--page {}: clearing is modelled for the base page ({} here), the THP size ({}) and the "
                              "hugetlb sizes (2 MiB and 1 GiB; on arm64 also 64 KiB, 32 MiB, 512 MiB and 16 GiB)",
                              FormatSize(page_), FormatSize(subpage_), FormatSize(sys::ThpPageBytes())));
    }
    if (page_ == subpage_ && order_name != "forward") {
      throw Error("--order " + order_name + ": a base page has no sub-pages to order (use --page 2M or 1G)");
    }
    if (size_ < page_ || size_ % page_ != 0) {
      throw Error("--size " + FormatSize(size_) + ": must be a whole number of " + FormatSize(page_) + " pages");
    }
    const FillKernel& kernel = FindFillKernel(options.impl);
    fill_ = kernel.fn;
    value_ = FillValueFor(kernel, options.value);
    then_ = options.then;
    cold_ = options.memory == "cold";
    timed_phases_ = options.phases == "timed";
    const ClearOrder order = ParseOrder(order_name);
    const Target target = options.target;
    const auto subpages = static_cast<std::uint32_t>(page_ / subpage_);
    std::mt19937 random(7);
    for (std::uint64_t p = 0; p < size_ / page_; ++p) {
      std::uint32_t t = 0;
      if (target == Target::kMiddle) t = subpages / 2;
      if (target == Target::kLast) t = subpages - 1;
      if (target == Target::kRandom) t = std::uniform_int_distribution<std::uint32_t>(0, subpages - 1)(random);
      targets_.push_back(t);
      // One order per distinct target: three at most, one per page if random.
      if (p == 0 || target == Target::kRandom) orders_.push_back(SubpageOrder(order, subpages, t));
    }
    // The kernel's direct map, which clear_page writes through, uses huge
    // mappings: a THP-backed region keeps TLB misses out of the model.
    region_ = Buffer("region", size_, 0, PagePolicy::kThp);
    region_.Prefault(sys::Prefault::kWrite);
  }

  // Cold memory: one loop per sample, each after the region has been
  // evicted from the caches.
  bool FreshStateEachSample() const override { return cold_; }
  void PrepareSample() override { FlushFromCaches(region_.data(), size_); }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t loop = 0; loop < loops; ++loop) {
      if (timed_phases_) {
        ClearAndAccessTimed();
      } else {
        ClearAndAccess();
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return targets_.size(); }
  std::vector<std::string> Phases() const override {
    if (!timed_phases_) return {};
    return {"clear", "access"};
  }
  std::vector<std::uint64_t> TakePhaseTicks() override {
    const std::vector<std::uint64_t> ticks = {clear_ticks_, access_ticks_};
    clear_ticks_ = access_ticks_ = 0;
    return ticks;
  }
  std::vector<PageProof> PageProofs() const override { return {region_.Proof()}; }
  std::vector<std::string> Notes() const override {
    return {
        fmt::format("each loop clears {} page{} of {} in {} sub-pages, drains the stores (as the fault's return "
                    "to user space serializes), then {} it from the target sub-page on; memory {}; {}",
                    targets_.size(), targets_.size() == 1 ? "" : "s", FormatSize(page_), FormatSize(subpage_),
                    then_ == Then::kNone   ? "does not touch"
                    : then_ == Then::kRead ? "reads"
                                           : "writes",
                    cold_ ? "cold (evicted from every cache before each one-loop sample)"
                          : "warm (reused from the cache loop after loop)",
                    timed_phases_ ? fmt::format("phases split with {}, two per page", sys::kOrderedTimerRead)
                                  : "phases not timed (the control for the cost of timing them)")};
  }

 private:
  void ClearPage(std::size_t p) const {
    char* page = region_.data() + p * page_;
    for (const std::uint32_t sub : OrderOf(p)) fill_(page + std::size_t{sub} * subpage_, value_, subpage_);
    // The fault returns to user space here: IRET (ERET on arm64)
    // serializes, so the clearing's stores are done before the application runs.
    DrainStores();
  }

  const std::vector<std::uint32_t>& OrderOf(std::size_t p) const { return orders_[orders_.size() == 1 ? 0 : p]; }

  void ClearAndAccess() const {
    for (std::size_t p = 0; p < targets_.size(); ++p) {
      ClearPage(p);
      Access(region_.data() + p * page_, targets_[p]);
    }
  }

  // Each boundary's reading ends one phase and starts the next: the
  // application's own stores drain during the next page's clearing, as they
  // would while the next fault is taken.
  void ClearAndAccessTimed() {
    std::uint64_t start = sys::ReadTscOrdered();
    for (std::size_t p = 0; p < targets_.size(); ++p) {
      ClearPage(p);
      const std::uint64_t cleared = sys::ReadTscOrdered();
      Access(region_.data() + p * page_, targets_[p]);
      const std::uint64_t accessed = sys::ReadTscOrdered();
      clear_ticks_ += cleared - start;
      access_ticks_ += accessed - cleared;
      start = accessed;
    }
  }

  // The application's view after the fault: from the target on, 64-bit
  // words in sequence, then the part before the target.
  void Access(char* page, std::uint32_t target) const {
    if (then_ == Then::kNone) return;
    auto* words = reinterpret_cast<std::uint64_t*>(page);
    const std::size_t count = page_ / sizeof(std::uint64_t);
    const std::size_t start = std::size_t{target} * (subpage_ / sizeof(std::uint64_t));
    if (then_ == Then::kRead) {
      std::uint64_t sum = 0;
      for (std::size_t i = start; i < count; ++i) sum += words[i];
      for (std::size_t i = 0; i < start; ++i) sum += words[i];
      asm volatile("" : : "r"(sum));
    } else {
      for (std::size_t i = start; i < count; ++i) words[i] = i;
      for (std::size_t i = 0; i < start; ++i) words[i] = i;
      asm volatile("" : : : "memory");
    }
  }

  std::uint64_t page_ = 0;
  std::size_t subpage_ = kPage4k;
  std::uint64_t size_ = 0;
  FillFn fill_ = nullptr;
  int value_ = 0;  // what the pages are cleared to: 0 as the kernel does, or another byte for comparison
  Then then_ = Then::kNone;
  bool cold_ = true;
  bool timed_phases_ = true;
  std::vector<std::uint32_t> targets_;
  std::vector<std::vector<std::uint32_t>> orders_;
  Buffer region_;
  std::uint64_t clear_ticks_ = 0;
  std::uint64_t access_ticks_ = 0;
};

WorkloadNeeds Needs(const Point& point) {
  const ClearOptions options = Options().Read(point);
  FillValueFor(FindFillKernel(options.impl), options.value);
  return MemoryNeeds(PagePolicy::kDefault, options.size, 1);
}

WorkloadInfo ClearWorkloadInfo() {
  WorkloadInfo info;
  info.name = "clear";
  info.summary = "model of the kernel's page clearing: order of sub-pages, temporal or not, and the access after";
  info.unit = WorkUnit::kPages;
  info.rate_label = "pages";
  info.params = Options().specs();
  info.examples = {
      "membench run clear --page 2M --order forward,target-last --then write --pressure 1 -r 3",
      "membench run clear --page 4K,2M --impl stosb,avx2,nt,clzero --then read",
      "membench run clear --page 2M --impl stosb,nt --value 0,255 --then read",
      "membench run clear --page 2M --impl stosb,nt --memory cold,warm --phases timed,none",
      "membench run clear --page 2M --order forward,backward,target-last --target first,middle,last,random",
  };
  info.needs = Needs;
  info.make = MakeWorkload<ClearWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ClearWorkloadInfo);

}  // namespace membench
