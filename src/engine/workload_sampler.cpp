// File: engine/workload_sampler.cpp
#include "engine/workload_sampler.h"

#include <fmt/format.h>

#include <random>

#include "core/page_policy.h"
#include "core/units.h"
#include "engine/workers.h"
#include "sys/clock.h"
#include "sys/memory.h"

namespace membench {

namespace {

sys::CpuTimes OwnCpuTimes(CpuTimeScope::Own own) {
  switch (own) {
    case CpuTimeScope::Own::kProcess:
      return sys::ProcessCpuTimes();
    case CpuTimeScope::Own::kThread:
      return sys::ThreadCpuTimes();
    case CpuTimeScope::Own::kNone:
      break;
  }
  return {};
}

// Memory of a random number of 4 KiB pages (never THP), up to `most` bytes,
// written, so that the pages a new preparation gets start at a random place
// in the kernel's free lists. Without it the kernel hands back the pages
// freed last, first, and the preparations cycle through the same few
// placements.
sys::MappedRegion PlacementSpacer(std::uint64_t most) {
  static thread_local std::mt19937_64 draw{std::random_device{}()};
  const std::uint64_t pages = std::uniform_int_distribution<std::uint64_t>(0, most / 4096)(draw);
  if (pages == 0) return {};
  sys::MappedRegion spacer = sys::MappedRegion::Map(pages * 4096, 4096, PagePolicy::k4k);
  sys::PrefaultRegion(spacer, sys::Prefault::kWrite);
  return spacer;
}

bool HugePages(PagePolicy policy) {
  return policy.kind == PagePolicy::Kind::kThp || policy.kind == PagePolicy::Kind::kMthp ||
         policy.kind == PagePolicy::Kind::kHugetlb;
}

// Measured with pagemap (16 MiB of THPs remapped 16 times, 3 runs each):
// with this spacer 14-15 of the 16 preparations got mostly the huge pages of
// an earlier one; with a spacer of up to as many huge pages, 12: the few
// huge pages freed go straight back to the same short lists.
// Its own note, so that the one every remapped point shares stays the same
// words, and a brief report prints each once.
constexpr const char* kHugePagesSpacerCaveat =
    "remapped huge pages may be the same pages again: the spacer moves where 4 KiB pages come from in the "
    "kernel's free lists, and leaves the lists huge pages come from as they were";

}  // namespace

TimedRun TimeRun(Workload& workload, CounterSet& counters, std::uint64_t loops, const CpuTimeScope& scope,
                 MemoryTrafficMeter* memory, KernelAccountingWindow* kernel) {
  const auto cpu_times = [&] { return OwnCpuTimes(scope.own); };
  TimedRun run;
  workload.BeforeRun();
  // Whatever BeforeRun set going is stopped however the sample ends, so no
  // load outlives a sample that threw.
  struct AfterRunGuard {
    Workload& workload;
    ~AfterRunGuard() { workload.AfterRun(); }
  } after_run{workload};
  if (kernel != nullptr) kernel->Open();
  const sys::CpuTimes cpu0 = cpu_times();
  const sys::CpuTimes children0 = scope.reaped_children ? sys::ReapedChildrenCpuTimes() : sys::CpuTimes{};
  if (memory != nullptr) memory->Start();
  counters.Start();
  run.start_ns = sys::MonotonicNs();
  const std::uint64_t tsc0 = sys::ReadTsc();
  workload.Run(loops);
  const std::uint64_t tsc1 = sys::ReadTsc();
  run.end_ns = sys::MonotonicNs();
  Sample& s = run.sample;
  s.counters = counters.Stop();
  const std::vector<std::optional<std::uint64_t>> memory_bytes =
      memory != nullptr ? memory->Stop() : std::vector<std::optional<std::uint64_t>>{};
  const sys::CpuTimes cpu1 = cpu_times();
  const sys::CpuTimes children1 = scope.reaped_children ? sys::ReapedChildrenCpuTimes() : sys::CpuTimes{};
  if (kernel != nullptr) kernel->Close(s);
  s.wall_ns = run.end_ns - run.start_ns;
  s.tsc_ticks = tsc1 - tsc0;
  s.user_ns = (cpu1.user_ns - cpu0.user_ns) + (children1.user_ns - children0.user_ns);
  s.system_ns = (cpu1.system_ns - cpu0.system_ns) + (children1.system_ns - children0.system_ns);
  s.loops = loops;
  s.work = loops * workload.WorkPerLoop();
  const double ns_per_tick = s.tsc_ticks == 0 ? 0 : static_cast<double>(s.wall_ns) / static_cast<double>(s.tsc_ticks);
  for (const std::uint64_t ticks : workload.TakePhaseTicks()) {
    s.phase_ns.push_back(static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick));
  }
  for (const std::uint64_t count : workload.TakeSideCounts()) s.side_counts.emplace_back(count);
  s.side_counts.insert(s.side_counts.end(), memory_bytes.begin(), memory_bytes.end());
  return run;
}

sys::CountTarget CountTargetFor(TaskCreation tasks) { return sys::CountTarget{0, tasks != TaskCreation::kNone}; }

WorkloadSampler::WorkloadSampler(const WorkloadInfo& info, const Point& point, const std::vector<EventEncoding>& events,
                                 const std::vector<EventStatus>& expected, MemoryTrafficMeter* memory,
                                 sys::Profiler* profiler)
    : info_(info),
      point_(point),
      needs_(info.NeedsOf(point)),
      workload_(info.make()),
      cpu_scope_{CpuTimeScope::Own::kProcess, needs_.tasks == TaskCreation::kProcesses},
      counters_(events, CountTargetFor(needs_.tasks), expected),
      traffic_meter_(memory),
      profiler_(profiler),
      remap_(Remapped(info, point)),
      remap_by_default_(RemappedByDefault(info, point)) {
  workload_->Prepare(point_);
  // Such a workload maps its memory afresh for every sample anyway.
  if (remap_by_default_ && workload_->FreshStateEachSample()) remap_ = remap_by_default_ = false;
}

void WorkloadSampler::Remap() {
  // The new memory is mapped while the old is still held, behind a spacer:
  // pages freed a moment before would come straight back, in the same
  // placement, and preparations would cycle through a few sets of pages.
  sys::MappedRegion spacer = PlacementSpacer(needs_.memory_bytes);
  std::unique_ptr<Workload> fresh = info_.make();
  fresh->Prepare(point_);
  spacer = sys::MappedRegion();
  if (auto latencies = workload_->Latencies()) {
    if (!replaced_latencies_) replaced_latencies_.emplace();
    MergeLatencies(*replaced_latencies_, *latencies);
  }
  // The spacer and the old memory go before the warming loop: on this
  // project's VMs, unmapping tens of MiB makes the next touch of every page
  // of the process cost about 6 us in the hypervisor, uncounted by the guest
  // (its page tables are freed, and the host's shadow of them with them),
  // and a 64 MiB copy timed after it ran at a tenth of its rate.
  workload_ = std::move(fresh);
  if (!workload_->FreshStateEachSample()) {
    workload_->BeforeRun();
    workload_->Run(1);
    workload_->AfterRun();
    // The warming loop's phase times and side counts belong to no sample.
    workload_->TakePhaseTicks();
    workload_->TakeSideCounts();
  }
}

void DescribeWorkloadPoint(const WorkloadInfo& info, const Point& point, const Workload& workload, bool metered,
                           Measurement& m) {
  const WorkloadInfo::PointUnit unit = info.UnitOf(point);
  m.unit = unit.unit;
  m.rate_label = unit.rate_label;
  if (info.traffic) m.traffic = info.traffic(point);
  m.phases = workload.Phases();
  m.side_counts = workload.SideCounts();
  if (metered) {
    for (SideCount& side : MemoryTrafficSideCounts()) m.side_counts.push_back(std::move(side));
  }
}

void WorkloadSampler::Describe(Measurement& m) const {
  DescribeWorkloadPoint(info_, point_, *workload_, traffic_meter_ != nullptr, m);
  m.cpu_time_scope = cpu_scope_.reaped_children ? "membench's process, and the child processes reaped during the sample"
                                                : "membench's process";
}

Sample WorkloadSampler::Take(std::uint64_t loops) {
  if (remap_ && taken_) Remap();
  taken_ = true;
  if (workload_->FreshStateEachSample()) workload_->PrepareSample();
  KernelAccountingWindow kernel(profiler_);
  return TimeRun(*workload_, counters_, loops, cpu_scope_, traffic_meter_, &kernel).sample;
}

void WorkloadSampler::Finish(Measurement& m) {
  m.page_proofs = workload_->PageProofs();
  m.latency = replaced_latencies_;
  if (auto latencies = workload_->Latencies()) {
    if (!m.latency) m.latency.emplace();
    MergeLatencies(*m.latency, *latencies);
  }
  for (auto& note : workload_->Notes()) m.notes.push_back(std::move(note));
  for (auto& note : counters_.TakeNotes()) m.notes.push_back(std::move(note));
  if (traffic_meter_ != nullptr) {
    for (auto& note : traffic_meter_->TakeNotes()) m.notes.push_back(std::move(note));
  }
  // Last: reports read the workload's own notes first. The same words for
  // every point (no size, no count of preparations: the block's header has
  // the samples and warm-ups), so a report can print them once for the run.
  if (remap_) {
    m.notes.push_back(fmt::format(
        "{}: the point was prepared afresh before every sample, warm-ups included: new memory, mapped while the "
        "old was held, behind a random spacer of 4 KiB pages (another place in the kernel's free lists), warmed "
        "by one untimed loop; so the interval includes where the buffers land in physical memory; the page "
        "proofs are the last preparation's",
        remap_by_default_ ? "remapped by default (--remap no keeps one mapping)" : "remap=yes"));
    if (HugePages(PagePolicyOf(point_))) m.notes.push_back(kHugePagesSpacerCaveat);
    return;
  }
  const std::uint64_t memory = needs_.memory_bytes;
  if (!workload_->FreshStateEachSample() && memory >= kPlacementMatters) {
    m.notes.push_back(
        "all samples used one placement of the buffers in physical memory (mapped once): with 4 KiB pages "
        "another invocation gets other pages and other cache-set conflicts, which this interval does not include; "
        "--remap yes maps fresh memory before every sample");
    // A note of its own, so that the one above reads the same under every
    // point and a report prints it once.
    if (info_.placement_varies && memory > kRemapByDefaultUpTo) {
      m.notes.push_back(fmt::format("not remapped by default above {} of buffers: there it costs seconds a sample",
                                    FormatSize(kRemapByDefaultUpTo)));
    }
  }
}

}  // namespace membench
