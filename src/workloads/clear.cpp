// File: workloads/clear.cpp
// clear: a user-space model of the kernel clearing the pages it hands to a
// faulting process (clear_page, clear_huge_page). Every loop clears each
// `page` of a region sub-page by sub-page (4 KiB at a time, as the kernel
// does) with a fill kernel, in the chosen order around the target sub-page
// (the faulting address), and then, as the application resuming from the
// fault would, touches the page from the target on (wrapping round to its
// start): seed 001's question is whether clearing the target last leaves
// it cache-hot for that access. The two phases are timed apart with the
// TSC at every page, each boundary after the stores before it have drained.

#include <fmt/format.h>

#include <random>

#include "engine/registry.h"
#include "core/error.h"
#include "core/units.h"
#include "sys/clock.h"
#include "workloads/clear_order.h"
#include "workloads/impl_params.h"
#include "workloads/memory_params.h"

namespace membench {
namespace {

enum class Then { kNone, kRead, kWrite };
enum class Target { kFirst, kMiddle, kLast, kRandom };

constexpr std::size_t kSubpage = kPage4k;

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

class ClearWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    page_ = point.at("page").number;
    size_ = point.at("size").number;
    const std::string order_name = point.at("order").text;
    if (page_ != kSubpage && page_ != kPage2m && page_ != kPage1g) {
      throw Error("--page " + FormatSize(page_) + ": clearing is modelled for 4 KiB, 2 MiB and 1 GiB pages");
    }
    if (page_ == kSubpage && order_name != "forward") {
      throw Error("--order " + order_name + ": a 4 KiB page has no sub-pages to order (use --page 2M or 1G)");
    }
    if (size_ < page_ || size_ % page_ != 0) {
      throw Error("--size " + FormatSize(size_) + ": must be a whole number of " + FormatSize(page_) + " pages");
    }
    fill_ = FindFillKernel(point.at("impl").text).fn;
    then_ = ParseThen(point.at("then").text);
    const ClearOrder order = ParseOrder(order_name);
    const Target target = ParseTarget(point.at("target").text);
    const auto subpages = static_cast<std::uint32_t>(page_ / kSubpage);
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

  void Run(std::uint64_t loops) override {
    char* base = region_.data();
    const std::size_t pages = targets_.size();
    for (std::uint64_t loop = 0; loop < loops; ++loop) {
      for (std::size_t p = 0; p < pages; ++p) {
        char* page = base + p * page_;
        const std::vector<std::uint32_t>& order = orders_[orders_.size() == 1 ? 0 : p];
        const std::uint64_t t0 = sys::ReadTscAfterStores();
        for (const std::uint32_t sub : order) fill_(page + std::size_t{sub} * kSubpage, 0, kSubpage);
        // The fault returns to user space here: IRET serializes, so the
        // clearing's stores are done before the application runs.
        const std::uint64_t t1 = sys::ReadTscAfterStores();
        Access(page, targets_[p]);
        const std::uint64_t t2 = sys::ReadTscAfterStores();
        clear_ticks_ += t1 - t0;
        access_ticks_ += t2 - t1;
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return targets_.size(); }
  std::vector<std::string> Phases() const override { return {"clear", "access"}; }
  std::vector<std::uint64_t> TakePhaseTicks() override {
    const std::vector<std::uint64_t> ticks = {clear_ticks_, access_ticks_};
    clear_ticks_ = access_ticks_ = 0;
    return ticks;
  }
  std::vector<PageProof> PageProofs() const override { return {region_.Proof()}; }
  std::vector<std::string> Notes() const override {
    return {fmt::format("each loop clears {} page{} of {} in 4 KiB sub-pages, then {} it from the target sub-page "
                        "on; the phases are split with the TSC after mfence+lfence (as the fault's IRET serializes), three "
                        "per page",
                        targets_.size(), targets_.size() == 1 ? "" : "s", FormatSize(page_),
                        then_ == Then::kNone ? "does not touch" : then_ == Then::kRead ? "reads" : "writes")};
  }

 private:
  // The application's view after the fault: from the target on, 64-bit
  // words in sequence, then the part before the target.
  void Access(char* page, std::uint32_t target) const {
    if (then_ == Then::kNone) return;
    auto* words = reinterpret_cast<std::uint64_t*>(page);
    const std::size_t count = page_ / sizeof(std::uint64_t);
    const std::size_t start = std::size_t{target} * (kSubpage / sizeof(std::uint64_t));
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
  std::uint64_t size_ = 0;
  FillFn fill_ = nullptr;
  Then then_ = Then::kNone;
  std::vector<std::uint32_t> targets_;
  std::vector<std::vector<std::uint32_t>> orders_;
  Buffer region_;
  std::uint64_t clear_ticks_ = 0;
  std::uint64_t access_ticks_ = 0;
};

WorkloadNeeds Needs(const Point& point) { return MemoryNeeds(point, point.at("size").number, 1); }

WorkloadInfo ClearWorkloadInfo() {
  WorkloadInfo info;
  info.name = "clear";
  info.summary = "model of the kernel's page clearing: order of sub-pages, temporal or not, and the access after";
  info.unit = WorkUnit::kPages;
  info.rate_label = "pages";
  ParamSpec page = SizeParamNamed("page", "2M", "page size cleared at a time: 4K, 2M or 1G", kSubpage);
  ParamSpec size = SizeParamNamed("size", "64M", "bytes cleared per loop (whole pages)", kSubpage);
  info.params = {
      page,
      size,
      FillImplParam(),
      ChoiceParam("order", "forward",
                  "sub-page order for 2M/1G pages: forward, backward, target-last (the 2017 patch: farthest "
                  "first, converging on the target)",
                  {"forward", "backward", "target-last"}),
      ChoiceParam("target", "first", "the faulting sub-page: first, middle, last, random (per page)",
                  {"first", "middle", "last", "random"}),
      ChoiceParam("then", "write",
                  "after each page: none, or read/write it from the target sub-page on, as the application would",
                  {"none", "read", "write"}),
  };
  info.examples = {
      "membench run clear --page 2M --order forward,target-last --then write --pressure 1 -r 3",
      "membench run clear --page 4K,2M --impl stosb,avx2,nt,clzero --then read",
      "membench run clear --page 2M --order forward,backward,target-last --target first,middle,last,random",
  };
  info.needs = Needs;
  info.make = [] { return std::unique_ptr<Workload>(new ClearWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ClearWorkloadInfo);

}  // namespace membench
