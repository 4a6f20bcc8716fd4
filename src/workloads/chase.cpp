// File: workloads/chase.cpp
// chase: load latency, as lmbench's lat_mem_rd and Google's multichase
// measure it: every load's address comes from the previous load, so loads
// cannot overlap and the time per load is the latency of wherever the
// working set lives (L1, L2, LLC, DRAM, plus TLB misses). Patterns:
// `random` (one random cycle over every cache line: no prefetcher helps),
// `page-random` (pages in order, a random line in each: one access per page,
// so TLB reach shows apart from cache), `sequential` with `stride` (what
// prefetchers catch; lmbench 3's lat_mem_rd default), and lat_mem_rd's
// other chains, `lmbench-stride` (lmbench 2's default, walked downwards)
// and `lmbench-random` (lmbench 3's -t mode, each load on another page).
// `chains` independent chains interleaved measure memory-level
// parallelism: K chains in flight give K loads per latency. `locality`
// keeps a random chain within groups (multichase's -T), so that TLB misses
// and cache misses can be separated (workloads/chase_order.h).
// `loop` chooses the code that walks the chain: `unrolled` has about 100
// load instructions per loop iteration, as lat_mem_rd's, `tight` one per
// chain. An instruction-pointer stride prefetcher trains per load
// instruction, so on a strided chain a tight loop's one load sees the
// stride and is prefetched (Zen 5, sequential, stride 64, 256 KiB: 1.14 ns
// tight against 2.86 ns unrolled; bench/RESULTS.md, "chase's loop").
// `latencies on` times the walk a short run at a time (kTimedChain loads
// between two ordered TSC reads, one run in kTimeEvery), as single load
// latencies: p50 to p99.9 beside the mean the rate gives.

#include <fmt/format.h>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "workloads/chase_order.h"
#include "sys/clock.h"
#include "workloads/latency_recorder.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

constexpr std::size_t kLine = kChaseLine;

struct ChaseOptions {
  std::uint64_t size = 0;
  std::string pattern;
  PagePolicy pages;
  std::uint64_t stride = 0;
  std::string chains;
  std::uint64_t locality = 0;
  std::string loop;
  std::string latencies;
};

const OptionTable<ChaseOptions>& Options() {
  static const auto table =
      OptionTable<ChaseOptions>()
          .Add(SizeParamNamed("size", "16K..64M:x4", "working set; ranges sweep it, e.g. 16K..1G:x4", 2 * kLine),
               &ChaseOptions::size)
          .Add(ChoiceParam("pattern", "random",
                           "random (one random cycle over all lines), page-random (a random line per page, pages in "
                           "order), sequential (every --stride bytes: lmbench 3's lat_mem_rd), lmbench-stride "
                           "(lmbench 2's lat_mem_rd: every --stride bytes, walked downwards), lmbench-random "
                           "(lat_mem_rd -t: pages in random order, each load on another page, --stride apart within "
                           "a page)",
                           {"random", "page-random", "sequential", "lmbench-stride", "lmbench-random"}),
               &ChaseOptions::pattern)
          .Add(PagesParam(), &ChaseOptions::pages, ParsePagePolicy)
          .Add(SizeParamNamed("stride", "64",
                              "bytes between elements of the sequential and lmbench patterns (a multiple of 64; "
                              "lmbench-random: a power of two up to 4K)",
                              kLine),
               &ChaseOptions::stride)
          .Add(ChoiceParam("chains", "1", "independent chains interleaved (memory-level parallelism)",
                           {"1", "2", "4", "8", "16"}),
               &ChaseOptions::chains)
          .Add(SizeParamNamed("locality", "0",
                              "random pattern: visit every line of one group of this many bytes before the next "
                              "group, groups in random order (multichase -T): one TLB miss per group, a cache miss "
                              "per line; 0: none",
                              0),
               &ChaseOptions::locality)
          .Add(ChoiceParam("loop", "unrolled",
                           "unrolled: about 100 load instructions per loop iteration (lat_mem_rd's loop); tight: one "
                           "per chain, which an instruction-pointer stride prefetcher can follow along a strided "
                           "chain",
                           {"unrolled", "tight"}),
               &ChaseOptions::loop)
          .Add(LatenciesParam("loads"), &ChaseOptions::latencies);
  return table;
}

class ChaseWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const ChaseOptions options = Options().Read(point);
    size_ = options.size;
    const std::string& pattern = options.pattern;
    const std::uint64_t stride = options.stride;
    chains_ = std::stoull(options.chains);
    tight_ = options.loop == "tight";
    strided_ = pattern == "sequential" || pattern == "lmbench-stride";
    const std::uint64_t locality = options.locality;
    if (locality != 0 && pattern != "random") {
      throw Error(fmt::format("--locality {}: only the random pattern takes a locality group (it has {})",
                              FormatSize(locality), pattern));
    }
    if (locality % kLine != 0 || locality > size_) {
      throw Error(fmt::format("--locality {}: must be a multiple of the {}-byte cache line, at most --size {} (e.g. "
                              "4K, one TLB entry of 4 KiB pages, or 2M)",
                              FormatSize(locality), kLine, FormatSize(size_)));
    }
    if (strided_ && (stride % kLine != 0)) {
      throw Error(fmt::format("--stride {}: must be a multiple of the {}-byte cache line", stride, kLine));
    }
    if (pattern == "page-random" && size_ < kPage4k) {
      throw Error(fmt::format("--size {}: page-random needs at least one 4 KiB page", FormatSize(size_)));
    }
    region_ = Buffer("chain", size_, 0, options.pages);
    const std::vector<std::uint64_t> order = ChaseVisitOrder(pattern, size_, stride, locality);
    if (order.size() < 2 * chains_) {
      throw Error(fmt::format("--size {} holds {} chain elements, fewer than 2 per chain for --chains {}",
                              FormatSize(size_), order.size(), chains_));
    }
    heads_ = LinkChains(region_.data(), order, chains_);
    steps_per_loop_ = order.size() / chains_;
    loads_per_loop_ = steps_per_loop_ * chains_;
    if (options.latencies == "on") {
      if (chains_ != 1) {
        throw Error(fmt::format("--latencies on times one chain's dependent loads; --chains {} overlaps loads, so "
                                "give --chains 1",
                                chains_));
      }
      recorder_.Calibrate(static_cast<double>(kTimedChain));
    }
  }

  void Run(std::uint64_t loops) override {
    if (recorder_.active()) {
      heads_[0] = WalkChainTimed(heads_[0], loops * steps_per_loop_, recorder_);
      return;
    }
    switch (chains_) {
      case 1:
        return tight_ ? Chase<1, 1>(loops) : Chase<1, 100>(loops);
      case 2:
        return tight_ ? Chase<2, 1>(loops) : Chase<2, 50>(loops);
      case 4:
        return tight_ ? Chase<4, 1>(loops) : Chase<4, 25>(loops);
      case 8:
        return tight_ ? Chase<8, 1>(loops) : Chase<8, 12>(loops);
      default:
        return tight_ ? Chase<16, 1>(loops) : Chase<16, 6>(loops);
    }
  }

  std::uint64_t WorkPerLoop() const override { return loads_per_loop_; }
  std::vector<PageProof> PageProofs() const override { return {region_.Proof()}; }
  std::optional<LatencyDistribution> Latencies() const override { return recorder_.Distribution(TimedChainWhat()); }

  // What the walk lets a prefetcher see: only a strided chain has a stride
  // for one to follow.
  std::vector<std::string> Notes() const override {
    if (recorder_.active()) {
      return {fmt::format("latencies=on: the walk is timed {} loads at a time, one such run in {}, with two "
                          "ordered {} reads ({}) around it; the loop between timings is unrolled {} loads deep",
                          kTimedChain, kTimeEvery, sys::kCycleTimerName, sys::kOrderedTimerRead, kTimedChain),
              recorder_.TimerNote()};
    }
    if (tight_) {
      return {fmt::format("loop=tight: {} load instruction{} per loop iteration{}", chains_, chains_ == 1 ? "" : "s",
                          strided_ ? "; an instruction-pointer stride prefetcher can follow this strided chain, so "
                                     "a load may read below its cache's latency"
                                   : "")};
    }
    return {std::string("loop=unrolled: about 100 load instructions per loop iteration, as lat_mem_rd's") +
            (strided_ ? ", so no one instruction walks the chain's stride (--loop tight shows what an "
                        "instruction-pointer prefetcher hides); prefetchers that watch addresses alone may still "
                        "follow it"
                      : "")};
  }

 private:
  // K pointers in registers, each load depending only on its own chain;
  // U steps of every chain per pass, each step its own load instructions.
  template <int K, int U>
  void Chase(std::uint64_t loops) {
    char* p[K];
    for (int k = 0; k < K; ++k) p[k] = heads_[static_cast<std::size_t>(k)];
    std::uint64_t steps = loops * steps_per_loop_;
    for (; steps >= U; steps -= U) {
#pragma GCC unroll 100
      for (int u = 0; u < U; ++u) {
#pragma GCC unroll 16
        for (int k = 0; k < K; ++k) p[k] = *reinterpret_cast<char* volatile*>(p[k]);
      }
    }
    for (; steps > 0; --steps) {
      for (int k = 0; k < K; ++k) p[k] = *reinterpret_cast<char* volatile*>(p[k]);
    }
    for (int k = 0; k < K; ++k) heads_[static_cast<std::size_t>(k)] = p[k];
  }

  LatencyRecorder recorder_;
  std::uint64_t size_ = 0;
  std::uint64_t chains_ = 1;
  bool tight_ = false;
  bool strided_ = false;  // sequential or lmbench-stride: a fixed stride a prefetcher can learn
  std::uint64_t loads_per_loop_ = 0;
  std::uint64_t steps_per_loop_ = 0;
  std::vector<char*> heads_;
  Buffer region_;
};

WorkloadNeeds Needs(const Point& point) {
  const ChaseOptions options = Options().Read(point);
  return MemoryNeeds(options.pages, options.size, 1);
}

WorkloadInfo ChaseWorkloadInfo() {
  WorkloadInfo info;
  info.name = "chase";
  info.summary = "load latency: dependent pointer chasing over a working set (lat_mem_rd, multichase)";
  info.unit = WorkUnit::kLoads;
  info.rate_label = "loads";
  info.params = Options().specs();
  info.examples = {
      "membench run chase --size 16K..1G:x4 --pages 4k,thp",
      "membench run chase --size 256M --pattern random,page-random --pages 4k,thp",
      "membench run chase --size 1G --chains 1,2,4,8,16",
      "membench run chase --size 1G --locality 0,4K --pages 4k,thp",
      "membench run chase --size 1M,64M,1G --pattern sequential,lmbench-random   # beside lat_mem_rd [-t]",
      "membench run chase --size 256K,1M,64M --pattern sequential --loop unrolled,tight   # what IP prefetch hides",
      "membench run chase --size 256M --latencies on   # p50, p90, p99, p99.9 of single loads",
  };
  info.needs = Needs;
  info.make = MakeWorkload<ChaseWorkload>;
  info.placement_varies = true;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ChaseWorkloadInfo);

}  // namespace membench
