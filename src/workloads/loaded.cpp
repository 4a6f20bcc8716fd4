// File: workloads/loaded.cpp
// loaded: load-to-use latency while other CPUs load the memory system, as
// Intel's Memory Latency Checker measures it (--loaded_latency). The
// runner's thread, pinned to the latency CPU, chases one random cycle over
// its working set (every load waits for the last, as in `chase`); load
// workers on the load CPUs move traffic of one kind through buffers of
// their own (workloads/load_team.h), spinning on the TSC after every step
// for `delay` ns per 4 KiB block the step moved. Each delay is a point,
// "idle" one without load workers, so the curve of latency against the
// bandwidth the load achieved is one measurement per delay, and its knee
// is marked in the report (core/loaded_curve.h).
//
// Before each sample's clock starts, one word of every page of the chain is
// read (workloads/load_traffic.h says why) and the load workers are set
// going; they are parked after the clock stops. Their steps are counted
// just outside the timed chase, and kept twice as side counts: the bytes
// their loads and stores asked for, and an estimate of what the memory
// moved (temporal stores read each line first; non-temporal stores do not).

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>

#include "core/cpu_list.h"
#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/clock.h"
#include "sys/cpu.h"
#include "sys/limits.h"
#include "sys/numa.h"
#include "sys/worker_team.h"
#include "workloads/chase_order.h"
#include "workloads/load_team.h"
#include "workloads/load_traffic.h"
#include "workloads/latency_recorder.h"
#include "workloads/mapped_buffers.h"

namespace membench {
namespace {

constexpr std::uint64_t kLoadsPerLoop = 4096;
constexpr const char* kIdle = "idle";
constexpr const char* kAuto = "auto";
constexpr const char* kLocal = "local";

struct LoadedOptions {
  std::uint64_t size = 0;
  ParamValue delay;
  TrafficShape traffic;
  std::uint64_t load_size = 0;
  PagePolicy pages;
  ParamValue latency_cpu;
  std::string load_cpus;
  ParamValue membind;
  std::string latencies;
};

const OptionTable<LoadedOptions>& Options() {
  static const auto table = [] {
    ParamSpec delay = CountParam("delay", "0,100,500,2000,idle",
                                 "the injection delay: ns a load worker spins per 4 KiB block it moved, once after "
                                 "each step of 64 KiB bursts; idle: no load workers",
                                 0, 100'000'000);
    delay.word = kIdle;
    ParamSpec latency_cpu =
        CountParam("latency-cpu", kAuto, "CPU of the latency worker; auto: the first membench may run on", 0, 4095);
    latency_cpu.word = kAuto;
    ParamSpec membind = CountParam("membind", kLocal,
                                   "NUMA node every buffer is bound to (mbind); a list measures one matrix per node "
                                   "(the default where more than one node is online); local: first touch, the node "
                                   "each worker runs on",
                                   0, 4095);
    membind.word = kLocal;
    return OptionTable<LoadedOptions>()
        .Add(SizeParamNamed("size", "256M", "the latency worker's working set: one random cycle over its lines",
                            2 * kChaseLine),
             &LoadedOptions::size)
        .Add(delay, &LoadedOptions::delay)
        .Add(ChoiceParam("traffic", "read",
                         "what the load workers move: read, 3:1 / 2:1 / 1:1 (reads to writes), write, nt-write "
                         "(non-temporal stores), triad (a = b + s*c)",
                         TrafficKindNames()),
             &LoadedOptions::traffic, ParseTrafficKind)
        .Add(SizeParamNamed("load-size", "128M", "each load worker's buffer; far beyond the last level cache",
                            4 * kTrafficBurst),
             &LoadedOptions::load_size)
        .Add(PagesParam(), &LoadedOptions::pages, ParsePagePolicy)
        .Add(latency_cpu, &LoadedOptions::latency_cpu)
        .Add(TextParam("load-cpus", kAuto,
                       "CPUs with a load worker each, e.g. 1-7 or 1,3,5 (one list, not an axis); auto: every CPU "
                       "membench may run on but the latency CPU"),
             &LoadedOptions::load_cpus)
        .Add(membind, &LoadedOptions::membind)
        .Add(LatenciesParam("the latency worker's loads"), &LoadedOptions::latencies);
  }();
  return table;
}

struct LoadedCpus {
  int latency = 0;
  std::vector<int> load;  // empty when the point is idle
};

std::string AllowedText(const std::vector<int>& allowed) {
  return fmt::format("membench may run on CPUs {} (see taskset -p $$)", fmt::join(allowed, ","));
}

// The CPUs this thread could run on when loaded was first planned: the
// first Prepare pins the thread to the latency CPU, and the points planned
// or prepared after it must still see every CPU.
const std::vector<int>& AllowedCpusAtStart() {
  static const std::vector<int> allowed = sys::AllowedCpus();
  return allowed;
}

bool IsIdle(const LoadedOptions& options) { return options.delay.text == kIdle; }

// Which CPU measures and which carry load, checked against the CPUs this
// thread may run on.
LoadedCpus ResolveCpus(const LoadedOptions& options) {
  const std::vector<int>& allowed = AllowedCpusAtStart();
  if (allowed.empty()) throw Error("cannot read which CPUs this thread may run on (sched_getaffinity failed)");
  const auto is_allowed = [&](int cpu) { return std::find(allowed.begin(), allowed.end(), cpu) != allowed.end(); };
  LoadedCpus cpus;
  cpus.latency = options.latency_cpu.numeric ? static_cast<int>(options.latency_cpu.number) : allowed.front();
  if (!is_allowed(cpus.latency)) {
    throw Error(fmt::format("--latency-cpu {}: not a CPU membench may run on; {}", cpus.latency,
                            AllowedText(allowed)));
  }
  if (IsIdle(options)) return cpus;
  const std::string& load = options.load_cpus;
  if (load == kAuto) {
    std::copy_if(allowed.begin(), allowed.end(), std::back_inserter(cpus.load),
                 [&](int cpu) { return cpu != cpus.latency; });
    if (cpus.load.empty()) {
      throw Error(fmt::format("loaded needs a CPU for load workers besides the latency CPU {}; {}", cpus.latency,
                              AllowedText(allowed)));
    }
    return cpus;
  }
  try {
    cpus.load = ParseCpuList(load);
  } catch (const Error& e) {
    throw Error(fmt::format("--load-cpus {}: {} (write e.g. 1-3,8)", load, e.what()));
  }
  for (int cpu : cpus.load) {
    if (cpu == cpus.latency) {
      throw Error(fmt::format("--load-cpus {}: includes the latency CPU {}; a load worker there would take turns "
                              "with the latency worker instead of loading the memory beside it",
                              load, cpu));
    }
    if (!is_allowed(cpu)) {
      throw Error(fmt::format("--load-cpus {}: CPU {} is not one membench may run on; {}", load, cpu,
                              AllowedText(allowed)));
    }
  }
  std::sort(cpus.load.begin(), cpus.load.end());
  if (std::adjacent_find(cpus.load.begin(), cpus.load.end()) != cpus.load.end()) {
    throw Error(fmt::format("--load-cpus {}: names a CPU twice", load));
  }
  return cpus;
}

std::optional<int> NodeOf(const LoadedOptions& options) {
  if (!options.membind.numeric) return std::nullopt;
  return static_cast<int>(options.membind.number);
}

class LoadedWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const LoadedOptions options = Options().Read(point);
    const LoadedCpus cpus = ResolveCpus(options);
    latency_cpu_ = cpus.latency;
    size_ = options.size;
    const std::uint64_t size = size_;
    const std::optional<int> node = NodeOf(options);
    sys::PinCurrentThread(latency_cpu_);
    region_ = Buffer("latency chain", size, 0, options.pages);
    if (node) sys::BindToNode(region_.data(), size, *node);
    BuildChain(size);
    if (options.latencies == "on") {
      recorder_.Calibrate(static_cast<double>(kTimedChain));
      notes_.push_back(fmt::format("latencies=on: the latency worker's walk is timed {} loads at a time, one such "
                                   "run in {}, with two ordered {} reads ({}) around it",
                                   kTimedChain, kTimeEvery, sys::kCycleTimerName, sys::kOrderedTimerRead));
      notes_.push_back(recorder_.TimerNote());
    }

    if (!IsIdle(options)) {
      LoadTeamPlan plan;
      plan.cpus = cpus.load;
      plan.shape = options.traffic;
      plan.bytes_per_worker = options.load_size;
      plan.pages = options.pages;
      plan.node = node;
      const std::uint64_t delay_ns = options.delay.number;
      if (delay_ns != 0) {
        const double ticks_per_ns = sys::MeasureTscTicksPerNs(20'000'000);
        const auto blocks = static_cast<double>(BlocksPerStep(plan.shape));
        plan.delay_ticks_per_step = static_cast<std::uint64_t>(static_cast<double>(delay_ns) * blocks * ticks_per_ns);
      }
      requested_per_step_ = RequestedBytesPerStep(plan.shape);
      memory_per_step_ = MemoryBytesPerStep(plan.shape);
      load_ = std::make_unique<LoadTeam>(plan);
      notes_.push_back(fmt::format(
          "latency worker on CPU {} (the runner's thread: the counters are its own); {} load worker{} on CPU {}, "
          "{} of its own each; after every step (one 64 KiB burst per read and per write) a worker spins on the {} "
          "for the delay times the step's 4 KiB blocks; CPU times are membench's process, load workers included",
          latency_cpu_, cpus.load.size(), cpus.load.size() == 1 ? "" : "s", fmt::join(cpus.load, ","),
          FormatSize(plan.bytes_per_worker), sys::kCycleTimerName));
      notes_.push_back("load: " + load_->Describe());
      notes_.push_back(
          "load traffic at memory (est.) adds a write-allocate read for every line written with temporal stores; it "
          "assumes every block misses the caches, which holds while the load buffers are far larger than the last "
          "level cache; without uncore counters it is not measured");
      std::uint64_t largest_cache = 0;
      for (const auto& cache : sys::Cpu().caches) largest_cache = std::max(largest_cache, cache.size_bytes);
      if (largest_cache != 0 && plan.bytes_per_worker * cpus.load.size() < 4 * largest_cache) {
        notes_.push_back(fmt::format("the load buffers ({} in all) are less than 4x the {} cache CPUID reports: much "
                                     "of the load may stay in the caches; raise --load-size",
                                     FormatSize(plan.bytes_per_worker * cpus.load.size()), FormatSize(largest_cache)));
      }
    } else {
      notes_.push_back(fmt::format("idle: latency worker on CPU {} alone, no load workers", latency_cpu_));
    }
    if (node) notes_.push_back(fmt::format("every buffer bound to NUMA node {} (mbind MPOL_BIND)", *node));
  }

  void BeforeRun() override {
    // Another point's Prepare (interleaved order) may have pinned this
    // thread elsewhere.
    if (sys::CurrentCpu() != latency_cpu_) sys::PinCurrentThread(latency_cpu_);
    sink_ += ReadEveryPage(region_.data(), size_);
    if (load_) {
      load_->Start();
      steps_before_ = load_->StepsSoFar();
    }
  }

  void Run(std::uint64_t loops) override {
    if (recorder_.active()) {
      head_ = WalkChainTimed(head_, loops * kLoadsPerLoop, recorder_);
      return;
    }
    char* p = head_;
    const std::uint64_t loads = loops * kLoadsPerLoop;
    for (std::uint64_t i = 0; i < loads; ++i) p = *reinterpret_cast<char* volatile*>(p);
    head_ = p;
  }

  // Called after the clock stopped and before AfterRun: the load's steps
  // since the end of BeforeRun, a window a few microseconds wider than the
  // timed chase, read without touching the workers' lines while it ran.
  std::vector<std::uint64_t> TakeSideCounts() override {
    const std::uint64_t steps = load_ ? load_->StepsSoFar() - steps_before_ : 0;
    return {steps * requested_per_step_, steps * memory_per_step_};
  }

  void AfterRun() override {
    if (load_) load_->Stop();
  }

  std::uint64_t WorkPerLoop() const override { return kLoadsPerLoop; }

  std::vector<SideCount> SideCounts() const override {
    return {{"load traffic requested", WorkUnit::kBytes}, {"load traffic at memory (est.)", WorkUnit::kBytes}};
  }

  std::vector<PageProof> PageProofs() const override {
    std::vector<PageProof> proofs{region_.Proof()};
    if (load_) proofs.push_back(load_->Proof());
    return proofs;
  }
  std::vector<std::string> Notes() const override { return notes_; }
  std::optional<LatencyDistribution> Latencies() const override { return recorder_.Distribution(TimedChainWhat()); }

 private:
  // One random cycle over every line of the working set: no prefetcher
  // helps, so each load costs the latency of where its line is.
  void BuildChain(std::uint64_t size) {
    head_ = LinkChains(region_.data(), ChaseVisitOrder("random", size, kChaseLine, 0), 1).front();
  }

  int latency_cpu_ = 0;
  std::uint64_t size_ = 0;
  std::uint64_t sink_ = 0;  // keeps the page reads
  Buffer region_;
  char* head_ = nullptr;
  LatencyRecorder recorder_;
  std::unique_ptr<LoadTeam> load_;
  std::uint64_t requested_per_step_ = 0;
  std::uint64_t memory_per_step_ = 0;
  std::uint64_t steps_before_ = 0;
  std::vector<std::string> notes_;
};

WorkloadNeeds Needs(const Point& point) {
  const LoadedOptions options = Options().Read(point);
  const LoadedCpus cpus = ResolveCpus(options);  // bad CPUs are refused before anything runs
  if (const std::optional<int> node = NodeOf(options)) {
    if (HugetlbPageBytes(options.pages) != 0) {
      throw Error(
          fmt::format("--membind {} with --pages {}: hugetlb pages are taken from the pool when mapped, "
                      "before a binding could choose their node; bind with numactl --membind instead",
                      *node, PagePolicyName(options.pages)));
    }
    sys::RequireOnlineNode(*node);
  }
  const std::uint64_t load_bytes = options.load_size * cpus.load.size();
  const int buffers = 1 + static_cast<int>(cpus.load.size());
  return MemoryNeeds(options.pages, options.size + load_bytes, buffers);
}

// Where the machine has more than one NUMA node, the default is a matrix
// per node: the latency and the load's memory bound to each in turn.
std::string MachineDefault(const std::string& param, std::string& note) {
  if (param != "membind") return "";
  const std::vector<int> nodes = sys::OnlineNodes();
  if (nodes.size() < 2) return "";
  note = fmt::format("loaded: {} NUMA nodes online, so every buffer is bound to each in turn (--membind {}); "
                     "--membind local keeps first touch",
                     nodes.size(), fmt::join(nodes, ","));
  return fmt::format("{}", fmt::join(nodes, ","));
}

WorkloadInfo LoadedWorkloadInfo() {
  WorkloadInfo info;
  info.name = "loaded";
  info.summary = "loaded latency: a dependent chase while load workers on other CPUs move traffic (Intel MLC)";
  info.unit = WorkUnit::kLoads;
  info.rate_label = "loads";
  info.params = Options().specs();
  info.examples = {
      "membench run loaded",
      "membench run loaded --delay 0,50,100,200,500,1000,5000,idle --traffic read,1:1,nt-write",
      "membench run loaded --latency-cpu 0 --load-cpus 1-15 --membind 0,1",
  };
  info.needs = Needs;
  info.machine_default = MachineDefault;
  info.own_workers = true;
  info.make = MakeWorkload<LoadedWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(LoadedWorkloadInfo);

}  // namespace membench
