// File: engine/invocation.cpp
#include "engine/invocation.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "core/error.h"
#include "core/kernel_setting.h"
#include "core/measurement_stats.h"
#include "core/paired.h"
#include "core/units.h"
#include "engine/memory_traffic.h"
#include "engine/placement.h"
#include "engine/plan_checks.h"
#include "engine/setting_treatments.h"
#include "engine/team_sampler.h"
#include "engine/workers.h"
#include "engine/workload_sampler.h"
#include "sys/cache_pressure.h"
#include "sys/cgroup_limits.h"
#include "sys/clock.h"
#include "sys/collect_system_info.h"
#include "sys/cpu_features_mask.h"
#include "sys/events.h"
#include "sys/interrupt.h"
#include "sys/limits.h"
#include "sys/memory.h"
#include "sys/mthp.h"
#include "sys/perf_events.h"
#include "sys/process.h"
#include "sys/profiler.h"
#include "sys/read_kernel_accounting.h"
#include "sys/scratch_file.h"
#include "sys/terminal.h"
#include "sys/tracefs.h"

#ifndef MEMBENCH_VERSION
#error "MEMBENCH_VERSION is set by CMakeLists.txt"
#endif

namespace membench {

// The machine-wide changes the invocation holds for its whole length.
struct Invocation::Guards {
  std::unique_ptr<sys::TracefsMount> tracefs;
  SettingTreatments settings;
};

namespace {

class MonotonicClock : public Clock {
 public:
  std::int64_t NowNs() const override { return sys::MonotonicNs(); }
};

class SignalStop : public StopRequest {
 public:
  bool Requested() const override { return sys::Interrupted(); }
};

void AddNote(std::vector<std::string>& notes, std::string note) {
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

// A point's source together with what the point holds machine-wide while it
// is measured; the setting outlives the source, so the workload's memory is
// gone before the setting is put back. The kernel settings the point names
// are set again before each sample: interleaved, the other points' samples
// set their own values in between.
class GuardedSource : public SampleSource {
 public:
  GuardedSource(std::unique_ptr<sys::MthpSelection> setting, std::unique_ptr<SampleSource> source,
                SettingTreatments& settings, const Point& point)
      : setting_(std::move(setting)),
        source_(std::move(source)),
        settings_(settings),
        point_settings_(KernelSettingsOf(point)),
        placement_(PlacementOf(point)) {}
  void Describe(Measurement& m) const override { source_->Describe(m); }
  bool FreshStateEachSample() const override { return source_->FreshStateEachSample(); }
  // Each sample under the point's own placement: a remapped or fresh buffer
  // faults in its pages inside it.
  Sample Take(std::uint64_t loops) override {
    settings_.Apply(point_settings_);
    const ScopedPlacement placed(placement_);
    return source_->Take(loops);
  }
  // The page proofs probe as the samples ran, and are judged against the
  // placement asked for.
  void Finish(Measurement& m) override {
    settings_.Apply(point_settings_);
    {
      const ScopedPlacement placed(placement_);
      source_->Finish(m);
    }
    for (PageProof& proof : m.page_proofs) {
      JudgeNodes(proof, placement_);
      if (!proof.nodes_honoured) m.notes.push_back("NUMA placement NOT HONOURED: " + proof.text);
    }
  }

 private:
  std::unique_ptr<sys::MthpSelection> setting_;
  std::unique_ptr<SampleSource> source_;
  SettingTreatments& settings_;
  const std::vector<std::pair<std::string, std::string>> point_settings_;
  const NumaPlacement placement_;
};

class WorkloadOpener : public PointOpener {
 public:
  WorkloadOpener(const WorkloadInfo& info, const std::vector<EventEncoding>& events,
                 const std::vector<EventStatus>& expected, const std::vector<int>& cpus,
                 std::vector<std::string>& run_notes, MemoryTrafficMeter* memory, sys::Profiler* profiler,
                 SettingTreatments& settings)
      : info_(info),
        events_(events),
        expected_(expected),
        cpus_(cpus),
        run_notes_(run_notes),
        memory_(memory),
        profiler_(profiler),
        settings_(settings) {}

  std::unique_ptr<SampleSource> Open(const Point& point) override {
    std::unique_ptr<sys::MthpSelection> setting;
    if (const auto size = info_.NeedsOf(point).only_mthp_size) {
      setting = std::make_unique<sys::MthpSelection>(*size);
      for (const std::string& change : setting->changes()) {
        AddNote(run_notes_, "for the mTHP points membench set " + change + ", restored after each of them");
      }
    }
    // Before the workload is prepared: its first faults may be what the
    // setting is about.
    settings_.Apply(KernelSettingsOf(point));
    // The workload prepares its buffers, and a team's workers start, on the
    // point's node and under its memory policy, which they inherit.
    const ScopedPlacement placed(PlacementOf(point));
    std::unique_ptr<SampleSource> source;
    if (const auto workers = WorkersOf(point)) {
      source = std::make_unique<TeamSampler>(info_, point, *workers, cpus_, events_, expected_, memory_, profiler_);
    } else {
      source = std::make_unique<WorkloadSampler>(info_, point, events_, expected_, memory_, profiler_);
    }
    return std::make_unique<GuardedSource>(std::move(setting), std::move(source), settings_, point);
  }

 private:
  const WorkloadInfo& info_;
  const std::vector<EventEncoding>& events_;
  const std::vector<EventStatus>& expected_;
  const std::vector<int>& cpus_;
  std::vector<std::string>& run_notes_;
  MemoryTrafficMeter* memory_;
  sys::Profiler* profiler_;
  SettingTreatments& settings_;
};

class CommandOpener : public PointOpener {
 public:
  CommandOpener(const CommandRequest& request, const std::vector<EventEncoding>& events, const StopRequest& stop,
                sys::Profiler* profiler, SettingTreatments& settings)
      : request_(request), events_(events), stop_(stop), profiler_(profiler), settings_(settings) {}
  std::unique_ptr<SampleSource> Open(const Point& point) override {
    return std::make_unique<GuardedSource>(nullptr, std::make_unique<ExecSampler>(request_, events_, stop_, profiler_),
                                           settings_, point);
  }

 private:
  const CommandRequest& request_;
  const std::vector<EventEncoding>& events_;
  const StopRequest& stop_;
  sys::Profiler* profiler_;
  SettingTreatments& settings_;
};

MachineCapacity ReadCapacity(const std::vector<PointNeeds>& points) {
  MachineCapacity machine;
  machine.mem_available_bytes = sys::MemAvailableBytes();
  // A cgroup's memory.max kills or reclaims the run, and its memory.high
  // throttles it, long before the machine's memory runs out.
  const CgroupLimits cgroup = sys::ReadCgroupLimits();
  const std::optional<CgroupMemoryLeft>& left = cgroup.memory_left;
  if (left && (machine.mem_available_bytes == 0 || left->Bytes() < machine.mem_available_bytes)) {
    machine.mem_available_bytes = std::max<std::uint64_t>(left->Bytes(), 1);  // 0 would read as unknown
    machine.mem_available_source =
        fmt::format("under the memory limit of cgroup {}: {} {}, {} in use{}", left->group, left->limit_file,
                    FormatSizeApprox(left->limit), FormatSizeApprox(left->used),
                    left->group == (cgroup.path.empty() ? "/" : cgroup.path)
                        ? ""
                        : "; an ancestor of this process's group " + cgroup.path);
  }
  machine.process_limit = sys::ProcessLimit();
  machine.open_files_left = sys::OpenFilesLeft();
  for (const PointNeeds& p : points) {
    for (const auto& [page, unused] : p.each.hugetlb_pages) {
      const sys::HugetlbPool pool = sys::ReadHugetlbPool(page);
      if (pool.exists) machine.hugetlb_pools[page] = {pool.total_pages, pool.free_pages, pool.sysfs_dir};
    }
    if (p.each.scratch_disk_bytes > 0 && !machine.scratch_free_bytes) {
      machine.scratch_directory = sys::ScratchDirectory();
      machine.scratch_free_bytes = sys::FreeDiskBytes(machine.scratch_directory);
    }
  }
  return machine;
}

void AppendOutcome(SamplingOutcome outcome, RunResult& result) {
  for (auto& note : outcome.notes) AddNote(result.notes, std::move(note));
  for (auto& m : outcome.measurements) result.measurements.push_back(std::move(m));
  result.interleaved = result.interleaved || outcome.interleaved;
  if (!outcome.failure.empty() && result.failure.empty()) result.failure = outcome.failure;
}

}  // namespace

Invocation::Invocation(ResultKind kind, int argc, char** argv) : guards_(std::make_unique<Guards>()) {
  sys::InstallInterruptHandling();
  result_.kind = kind;
  result_.tool_version = MEMBENCH_VERSION;
  for (int i = 0; i < argc; ++i) result_.command_line += (i ? " " : "") + std::string(argv[i]);
  result_.started_at = fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                                   fmt::gmtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now())));
  result_.system = sys::CollectSystemInfo();
  if (const std::string mask = sys::CpuFeaturesMask(); !mask.empty()) {
    result_.notes.push_back(
        fmt::format("{}={}: these CPU features were hidden (a test hook), so the kernels that "
                    "need them were not run and the system's features leave them out",
                    sys::kCpuFeaturesMaskVariable, mask));
  }
}

Invocation::~Invocation() = default;

void Invocation::UseEvents(const std::string& list) {
  if (sys::NamesTracepoints(list) && !guards_->tracefs) {
    guards_->tracefs = std::make_unique<sys::TracefsMount>();
  }
  events_ = sys::ResolveEventList(list);
}

void Invocation::ProbeEvents(bool follow_tasks) {
  if (!result_.events.empty() || events_.empty()) return;
  const sys::PerfEventSet probe(events_, sys::CountTarget{0, follow_tasks});
  result_.events = probe.statuses();
}

void Invocation::Note(std::string note) { AddNote(result_.notes, std::move(note)); }

void Invocation::OpenMemoryTraffic(MemoryTrafficMode mode, const WorkloadInfo& info) {
  if (!memory_traffic_tried_) {
    memory_traffic_tried_ = true;
    memory_traffic_ = MemoryTrafficMeter::Open(mode, memory_traffic_missing_);
    if (memory_traffic_) {
      Note(
          "memory traffic measured around each timed sample by the memory controllers' counters, machine-wide "
          "(every process's traffic counts, the kernel's and devices' too, not membench's alone): " +
          memory_traffic_->source());
    }
  }
  // Said where it matters: for workloads with an estimate to stand in.
  if (!memory_traffic_ && !memory_traffic_missing_.empty() && info.traffic) {
    Note("memory traffic not measured (" + memory_traffic_missing_ +
         "): the 'traffic at memory' figures are estimates");
  }
}

void Invocation::OpenProfiler(bool profile) {
  if (!profile || profiler_) return;
  profiler_ = std::make_unique<sys::Profiler>();
  result_.profile_event = profiler_->event();
  result_.profile_scope = profiler_->scope();
  Note(fmt::format("--profile: {} sampled {} times a second a CPU while each sample ran ({}); the rates include "
                   "the sampling's interrupts",
                   profiler_->event(), sys::kProfileSamplesPerSecond, profiler_->scope()));
}

bool Invocation::Interrupted() const { return sys::Interrupted(); }

// Once an invocation, before its first point: long enough to catch the
// machine's steady background (the page cache's writeback, other
// processes' faults), short beside a run.
void Invocation::ReadKernelIdle() {
  if (result_.kernel_idle) return;
  result_.kernel_idle = sys::MeasureIdleKernelAccounting(std::chrono::milliseconds(50));
}

namespace {

// A remapped point holds the old memory and a spacer of up to its size while
// the new is mapped (engine/workload_sampler.cpp): three times the point's
// memory at once.
WorkloadNeeds NeedsWithRemap(const WorkloadInfo& info, const Point& point) {
  WorkloadNeeds needs = info.NeedsOf(point);
  if (Remapped(info, point)) needs.memory_bytes *= 3;
  return needs;
}

struct PointsPlan {
  std::vector<PointNeeds> needs;
  RunResources resources;
  MachineCapacity machine;
};

// What the points need and the machine offers; throws Error when a point
// cannot run.
PointsPlan CheckedPlan(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options,
                       const std::vector<CacheLevel>& caches, std::size_t events) {
  if (info.own_workers && !options.cpus.empty()) {
    throw Error(
        fmt::format("--cpu: {} places its own workers; name their CPUs with its parameters (membench run {} "
                    "--help)",
                    info.name, info.name));
  }
  PointsPlan plan;
  for (const Point& point : points) {
    // A node this machine lacks, before any point of a sweep is measured.
    CheckPlacement(PlacementOf(point));
    const auto workers = WorkersOf(point);
    plan.needs.push_back({info.name + " " + point.Label(), workers ? workers->count : 1,
                          workers && workers->kind == WorkerKind::kThread, NeedsWithRemap(info, point)});
  }
  std::uint64_t largest_cache = 0;
  for (const auto& cache : caches) largest_cache = std::max(largest_cache, cache.size_bytes);
  plan.resources = {options.pressure, options.pressure > 0 ? PressureBufferBytes(largest_cache) : 0, events,
                    options.force};
  plan.machine = ReadCapacity(plan.needs);
  std::uint64_t files_together = 0;
  for (const PointNeeds& p : plan.needs) files_together += FileDescriptorsOf(p, plan.resources);
  if (files_together + kSpareFileDescriptors > plan.machine.open_files_left) {
    // The soft limit on open files is this process's own to raise.
    sys::RaiseOpenFileLimit();
    plan.machine.open_files_left = sys::OpenFilesLeft();
  }
  CheckEachPointFits(plan.needs, plan.machine, plan.resources);
  CheckSettingsAvailable(points, std::any_of(plan.needs.begin(), plan.needs.end(),
                                             [](const PointNeeds& p) { return p.each.only_mthp_size.has_value(); }));
  return plan;
}

}  // namespace

// Without -r, an interleaved run takes as many rounds as its paired
// comparisons need for an interval at their corrected confidence (9 for
// seven), so the default run reaches verdicts instead of printing
// "inconclusive" once per row; the note says why there are more than asked.
void Invocation::DecideRepetitions(const std::vector<Point>& points, const RunOptions& options,
                                   const std::vector<WorkUnit>& units, SamplingPlan& plan) {
  if (plan.precision || plan.order != SampleOrder::kInterleaved) return;
  const std::size_t comparisons = PairedPoints(points, options.paired_by, units).size();
  if (comparisons == 0) return;
  // The rounds of every invocation are paired alike: together they need
  // the rounds one would.
  const int needed_in_all = static_cast<int>(RoundsNeeded(comparisons));
  const int needed = (needed_in_all + options.invocations - 1) / options.invocations;
  if (needed <= plan.repetitions) return;
  Note(fmt::format("-r not given: {} samples per point{}, the fewest rounds that give {} paired comparison{} an "
                   "interval (the default is {}; -r N sets it)",
                   needed, options.invocations > 1 ? fmt::format(" in each of {} invocations", options.invocations) : "",
                   comparisons, comparisons == 1 ? "" : "s", plan.repetitions));
  plan.repetitions = needed;
}

void CheckPointsFit(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options) {
  CheckedPlan(info, points, options, sys::CollectSystemInfo().caches, 0);
}

std::size_t Invocation::Measure(const WorkloadInfo& info, const std::vector<Point>& points, const RunOptions& options,
                                const std::optional<SummaryRow>& row) {
  const PointsPlan checked = CheckedPlan(info, points, options, result_.system.caches, events_.size());
  const std::vector<PointNeeds>& needs = checked.needs;
  const RunResources& resources = checked.resources;
  const MachineCapacity& machine = checked.machine;
  SamplingPlan plan = options.sampling;
  const OrderDecision order = DecideOrder(plan.order, needs, machine, resources);
  plan.order = order.order;
  if (!order.note.empty()) Note(order.note);
  if (!options.repetitions_given) DecideRepetitions(points, options, info.UnitsOf(points), plan);
  if (!points.empty()) ProbeEvents(info.NeedsOf(points.front()).tasks != TaskCreation::kNone);
  OpenMemoryTraffic(options.memory_traffic, info);

  // Started before the pinning, so they are not confined to --cpu.
  std::optional<sys::CachePressure> pressure;
  if (options.pressure > 0) {
    pressure.emplace(options.pressure, resources.pressure_bytes_each);
    Note(
        fmt::format("{} pressure process{} streamed through {} each (twice the largest cache reported), reading and "
                    "writing every line, for the whole run",
                    options.pressure, options.pressure == 1 ? "" : "es", FormatSize(resources.pressure_bytes_each)));
  }
  // After the pressure processes start: every process started later
  // inherits the sampling, and they are no part of what is measured. Only
  // run and exec profile, each with one call, so no later call's pressure
  // processes come after it.
  OpenProfiler(options.profile);
  guards_->settings.Hold(points);
  // With the pressure processes running: they are part of the machine the
  // samples run on.
  ReadKernelIdle();
  const sys::AffinityRestorer restore_affinity;
  const sys::ScopedAffinity affinity(options.cpus);
  const sys::ProgressLine progress(options.quiet);
  WorkloadOpener opener(info, events_, result_.events, options.cpus, result_.notes, memory_traffic_.get(),
                        profiler_.get(), guards_->settings);
  const MonotonicClock clock;
  const SignalStop stop;
  const std::size_t before = result_.measurements.size();
  SamplingOutcome outcome;
  try {
    outcome = SamplePoints(info.name, points, opener, plan, clock, stop,
                           [&](const Progress& now) { progress.Show(ProgressText(now)); });
  } catch (const Error& failure) {
    // Before this call's first sample, but after earlier calls measured
    // (lmsummary's rows): what they measured is kept, as within a call.
    if (result_.measurements.empty()) throw;
    outcome.failure = failure.what();
    outcome.stopped = true;
  }
  AppendOutcome(std::move(outcome), result_);
  for (std::size_t i = before; i < result_.measurements.size(); ++i) result_.measurements[i].summary_row = row;
  if (pressure) {
    if (const int died = pressure->DiedEarly(); died > 0) {
      Note(fmt::format("{} pressure process{} died during the run: part of the run had less pressure", died,
                       died == 1 ? "" : "es"));
    }
  }
  return result_.measurements.size() - before;
}

std::size_t Invocation::MeasureCommand(const CommandRequest& request, const RunOptions& options,
                                       const std::vector<Point>& settings) {
  Point command;
  command.values = {{"command", ParamValue{JoinedCommand(request.argv), 0, false}}};
  // A printed figure is another measurement than the process's time: its
  // results never pool or compare with the plain command's.
  if (const auto& figure = request.figure) {
    command.values.emplace_back(std::string(FigureKindName(figure->kind)),
                                ParamValue{fmt::format("'{}' {}", figure->pattern, figure->unit), 0, false});
  }
  std::vector<Point> points;
  for (const Point& setting : settings) {
    Point point = command;
    point.values.insert(point.values.end(), setting.values.begin(), setting.values.end());
    points.push_back(std::move(point));
  }
  if (points.empty()) points.push_back(command);
  CheckSettingsAvailable(points, false);
  ProbeEvents(true);
  OpenProfiler(options.profile);
  guards_->settings.Hold(points);
  ReadKernelIdle();
  const SignalStop stop;
  CommandOpener opener(request, events_, stop, profiler_.get(), guards_->settings);
  SamplingPlan plan = options.sampling;
  plan.extend_warmup = false;
  plan.loops.reset();
  const MonotonicClock clock;
  const std::size_t before = result_.measurements.size();
  AppendOutcome(SamplePoints("exec", points, opener, plan, clock, stop), result_);
  return result_.measurements.size() - before;
}

RunResult Invocation::Finish() {
  if (guards_->tracefs && guards_->tracefs->mounted()) {
    Note("membench mounted tracefs at " + guards_->tracefs->path() +
         " for the tracepoints, in a mount namespace of its own: the rest of the machine never saw it");
  }
  guards_->tracefs.reset();
  if (profiler_) {
    for (std::string& note : profiler_->TakeNotes()) Note(std::move(note));
  }
  for (std::string& note : guards_->settings.Release()) Note(std::move(note));
  result_.interrupted = sys::Interrupted();
  result_.tsc_ghz = EstimateTscGhz(result_.measurements);
  return std::move(result_);
}

}  // namespace membench
