// File: engine/team_sampler.cpp
#include "engine/team_sampler.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <sstream>
#include <thread>

#include "core/error.h"
#include "engine/kernel_accounting_window.h"
#include "sys/clock.h"
#include "sys/limits.h"
#include "sys/pause_point.h"
#include "sys/process.h"

namespace membench {
namespace {

// A counter reading in shared memory: CounterValue is plain data; nullopt
// becomes valid = 0.
struct SharedCount {
  std::uint32_t valid = 0;
  CounterValue value;
};

struct WorkerSlot {
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
  std::uint64_t tsc_ticks = 0;
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  std::uint64_t work = 0;
  SharedCount counts[kMaxTeamEvents];
  std::int64_t phase_ns[kMaxTeamPhases] = {};
  std::uint32_t phases = 0;
  std::uint64_t side_counts[kMaxTeamSideCounts] = {};
  std::uint32_t side_counted[kMaxTeamSideCounts] = {};  // 0: that count failed in this sample
  std::uint32_t sides = 0;
  char error[1024] = {};
  char counter_notes[2048] = {};  // the worker's counter problems of the round, one per line
};

// How often the lead, waiting for its workers, looks whether one died.
constexpr std::int64_t kLeadPollNs = 10'000'000;
// A release spin gives up after this long (a worker descheduled for good)
// and starts anyway; the start skew then says how late the others were.
constexpr std::int64_t kMaxSpinNs = 50'000'000;

// Thread workers share the process: its statics (the zero-page probe) are
// not for concurrent Prepare calls.
std::mutex g_prepare_mutex;

void RecordFailure(std::atomic<std::uint32_t>& failed, WorkerSlot& slot, const char* what) {
  std::strncpy(slot.error, what, sizeof slot.error - 1);
  failed.fetch_add(1);
}

}  // namespace

struct TeamSampler::Shared {
  std::atomic<std::uint32_t> round{0};  // the lead bumps it to start a round
  std::atomic<std::uint32_t> quit{0};
  std::atomic<std::uint32_t> lead_prepared{0};
  std::atomic<std::uint32_t> arrived{0};   // workers ready to be released this round
  std::atomic<std::uint32_t> released{0};  // the round whose workers have all arrived
  std::atomic<std::uint32_t> awake{0};     // released workers running, spinning until all are
  std::atomic<std::uint32_t> done{0};
  std::atomic<std::uint32_t> failed{0};
  std::uint64_t loops = 0;
  WorkerSlot& slot(int index) { return reinterpret_cast<WorkerSlot*>(this + 1)[index]; }
};

TeamSampler::TeamSampler(const WorkloadInfo& info, const Point& point, WorkerPlan plan, const std::vector<int>& cpus,
                         const std::vector<EventEncoding>& events, const std::vector<EventStatus>& expected,
                         MemoryTrafficMeter* memory, sys::Profiler* profiler)
    : info_(info),
      point_(point),
      plan_(plan),
      events_(events),
      expected_(expected),
      traffic_meter_(memory),
      profiler_(profiler),
      tasks_(info.NeedsOf(point).tasks),
      round_cpu_(plan.kind == WorkerKind::kThread && tasks_ != TaskCreation::kNone),
      lead_cpus_(cpus.empty() ? std::vector<int>{} : std::vector<int>{cpus[0]}),
      memory_(sizeof(Shared) + sizeof(WorkerSlot) * static_cast<std::size_t>(plan.count)) {
  if (events.size() > kMaxTeamEvents) {
    throw Error("at most " + std::to_string(kMaxTeamEvents) + " events can be counted with workers");
  }
  // Spinning workers that outnumber the CPUs they may run on would keep
  // the ones not yet awake from running.
  const int cpus_available = cpus.empty() ? sys::AllowedCpuCount() : static_cast<int>(cpus.size());
  yield_while_spinning_ = plan.count > cpus_available;
  shared_ = new (memory_.data()) Shared;
  for (int i = 0; i < plan.count; ++i) new (&shared_->slot(i)) WorkerSlot;
  try {
    // Fork before the lead maps anything: its buffers would otherwise be
    // shared copy-on-write with every worker, and its writes would fault.
    team_ = std::make_unique<sys::WorkerTeam>(
        plan.kind, plan.count, cpus, [this](int index) { WorkerMain(index); }, [this] { TellWorkersToQuit(); });
    {
      const sys::ScopedAffinity pin(lead_cpus_);
      std::lock_guard<std::mutex> lock(g_prepare_mutex);
      lead_ = info_.make();
      lead_->Prepare(point_);
    }
    lead_counters_ = std::make_unique<CounterSet>(events_, CountTargetFor(tasks_), expected_);
    shared_->lead_prepared.store(1);
    sys::FutexWakeAll(shared_->lead_prepared);
    shared_->done.fetch_add(1);
    LeadWaitFor(shared_->done, static_cast<std::uint32_t>(plan.count));
    ThrowIfFailed();
  } catch (...) {
    Stop();
    throw;
  }
}

TeamSampler::~TeamSampler() { Stop(); }

void TeamSampler::TellWorkersToQuit() {
  shared_->quit.store(1);
  for (const auto* word : {&shared_->round, &shared_->lead_prepared, &shared_->released}) sys::FutexWakeAll(*word);
}

void TeamSampler::Stop() {
  TellWorkersToQuit();
  if (team_) team_->Finish(5'000'000'000);
  team_.reset();
}

CpuTimeScope TeamSampler::WorkerCpuScope() const {
  if (plan_.kind == WorkerKind::kProcess) {
    return {CpuTimeScope::Own::kProcess, tasks_ == TaskCreation::kProcesses};
  }
  return {round_cpu_ ? CpuTimeScope::Own::kNone : CpuTimeScope::Own::kThread, false};
}

void TeamSampler::LeadWaitFor(const std::atomic<std::uint32_t>& word, std::uint32_t target) {
  for (std::uint32_t seen = word.load(); seen < target; seen = word.load()) {
    team_->Check();
    sys::FutexWait(word, seen, kLeadPollNs);
  }
}

void TeamSampler::ThrowIfFailed() {
  if (shared_->failed.load() == 0) return;
  for (int i = 0; i < plan_.count; ++i) {
    const WorkerSlot& slot = shared_->slot(i);
    if (slot.error[0] != 0) throw Error("worker " + std::to_string(i) + ": " + slot.error);
  }
  throw Error("a worker failed");
}

void TeamSampler::WorkerMain(int index) {
  Shared& shared = *shared_;
  WorkerSlot& slot = shared.slot(index);
  while (shared.lead_prepared.load() == 0 && shared.quit.load() == 0) sys::FutexWait(shared.lead_prepared, 0, -1);
  if (shared.quit.load() != 0) return;
  std::unique_ptr<Workload> workload;
  std::unique_ptr<CounterSet> counters;
  try {
    std::unique_lock<std::mutex> lock(g_prepare_mutex, std::defer_lock);
    if (plan_.kind == WorkerKind::kThread) lock.lock();
    workload = info_.make();
    workload->Prepare(point_);
    counters = std::make_unique<CounterSet>(events_, CountTargetFor(tasks_), expected_);
  } catch (const std::exception& e) {
    RecordFailure(shared.failed, slot, e.what());
  }
  shared.done.fetch_add(1);
  sys::FutexWakeAll(shared.done);
  // Idle between rounds: asleep until the lead starts the next one (or
  // quits); nothing polls.
  for (std::uint32_t seen = 0;;) {
    std::uint32_t round = shared.round.load();
    while (round == seen && shared.quit.load() == 0) {
      sys::FutexWait(shared.round, seen, -1);
      round = shared.round.load();
    }
    if (shared.quit.load() != 0 || !workload) return;
    seen = round;
    RunRound(index, round, *workload, *counters);
    shared.done.fetch_add(1);
    sys::FutexWakeAll(shared.done);
  }
}

void TeamSampler::RunRound(int index, std::uint32_t round, Workload& workload, CounterSet& counters) {
  Shared& shared = *shared_;
  WorkerSlot& slot = shared.slot(index);
  try {
    if (workload.FreshStateEachSample()) workload.PrepareSample();
  } catch (const std::exception& e) {
    RecordFailure(shared.failed, slot, e.what());
  }
  // The barrier: the lead arrives last. Once every other worker has
  // prepared its sample, it opens the round's window on the kernel's
  // accounting and takes the process's CPU time, then releases them: no
  // worker can start before either (not even one that stops spinning at
  // kMaxSpinNs, below), and no preparation is inside the window.
  const auto everyone = static_cast<std::uint32_t>(plan_.count);
  if (index == 0) {
    LeadWaitFor(shared.arrived, everyone - 1);
    round_kernel_.Open();
    if (round_cpu_) {
      round_cpu0_ = sys::ProcessCpuTimes();
      if (tasks_ == TaskCreation::kProcesses) round_cpu0_ += sys::ReapedChildrenCpuTimes();
    }
    shared.released.store(round);
    sys::FutexWakeAll(shared.released);
  } else {
    sys::PausePoint("barrier");
    shared.arrived.fetch_add(1);
    sys::FutexWakeAll(shared.arrived);
    for (std::uint32_t seen = shared.released.load(); seen != round; seen = shared.released.load()) {
      if (shared.quit.load() != 0) return;
      sys::FutexWait(shared.released, seen, -1);
    }
  }
  // Nobody starts before everybody is awake: the lead would otherwise be
  // running while the others still wake up.
  shared.awake.fetch_add(1);
  const std::int64_t spin_until = sys::MonotonicNs() + kMaxSpinNs;
  while (shared.awake.load() < everyone && shared.quit.load() == 0 && sys::MonotonicNs() < spin_until) {
    sys::SpinPause(yield_while_spinning_);
  }
  if (shared.failed.load() != 0 || shared.quit.load() != 0) return;
  try {
    const TimedRun run = TimeRun(workload, counters, shared.loops, WorkerCpuScope());
    slot.start_ns = run.start_ns;
    slot.end_ns = run.end_ns;
    slot.tsc_ticks = run.sample.tsc_ticks;
    slot.user_ns = run.sample.user_ns;
    slot.system_ns = run.sample.system_ns;
    slot.work = run.sample.work;
    slot.phases = static_cast<std::uint32_t>(std::min(run.sample.phase_ns.size(), kMaxTeamPhases));
    for (std::uint32_t p = 0; p < slot.phases; ++p) slot.phase_ns[p] = run.sample.phase_ns[p];
    slot.sides = static_cast<std::uint32_t>(std::min(run.sample.side_counts.size(), kMaxTeamSideCounts));
    for (std::uint32_t c = 0; c < slot.sides; ++c) {
      slot.side_counted[c] = run.sample.side_counts[c].has_value() ? 1 : 0;
      slot.side_counts[c] = run.sample.side_counts[c].value_or(0);
    }
    for (std::size_t i = 0; i < kMaxTeamEvents; ++i) {
      const bool have = i < run.sample.counters.size() && run.sample.counters[i].has_value();
      slot.counts[i] = have ? SharedCount{1, *run.sample.counters[i]} : SharedCount{};
    }
  } catch (const std::exception& e) {
    // The barrier is behind us: the lead finds the failure after the round.
    RecordFailure(shared.failed, slot, e.what());
  }
  // Every counter problem of the round, one per line, as far as the slot holds.
  std::string notes;
  for (const std::string& note : counters.TakeNotes()) {
    if (notes.size() + note.size() + 1 >= sizeof slot.counter_notes) break;  // whole lines only
    notes += note + "\n";
  }
  std::strncpy(slot.counter_notes, notes.c_str(), sizeof slot.counter_notes - 1);
}

void TeamSampler::Describe(Measurement& m) const {
  DescribeWorkloadPoint(info_, point_, *lead_, traffic_meter_ != nullptr, m);
  if (m.side_counts.size() > kMaxTeamSideCounts) {
    throw Error(fmt::format("{} keeps {} side counts; a team carries at most {}", info_.name, m.side_counts.size(),
                            kMaxTeamSideCounts));
  }
  const std::string children = tasks_ == TaskCreation::kProcesses ? ", and the child processes they reaped" : "";
  if (plan_.kind == WorkerKind::kProcess) {
    m.cpu_time_scope = "the worker processes, each its own, summed" + children;
  } else if (round_cpu_) {
    m.cpu_time_scope =
        "membench's process (every thread: the workers and the tasks they created) from the release "
        "of the workers to the end of the last one" +
        children;
  } else {
    m.cpu_time_scope = "the worker threads, each its own, summed";
  }
  m.notes.push_back(fmt::format(
      "{} worker {}, {}, each with its own memory and counters, released together by a barrier (each spins until "
      "all are awake); rate = all workers' work / wall time of the parallel region",
      plan_.count, plan_.kind == WorkerKind::kProcess ? "processes" : "threads",
      lead_cpus_.empty() ? "unpinned" : "pinned round-robin to --cpu"));
}

Sample TeamSampler::Take(std::uint64_t loops) {
  const sys::ScopedAffinity pin(lead_cpus_);
  Shared& shared = *shared_;
  shared.loops = loops;
  shared.arrived.store(0);
  shared.awake.store(0);
  shared.done.store(0);
  // The memory controllers and the kernel's accounting count machine-wide:
  // read by the lead around the round, so every worker's timed region is
  // inside. The controllers' window holds the workers' preparation too;
  // the accounting's opens once all are prepared (RunRound), before any
  // starts.
  if (traffic_meter_ != nullptr) traffic_meter_->Start();
  round_kernel_ = KernelAccountingWindow(profiler_);
  const std::uint32_t round = shared.round.fetch_add(1) + 1;
  sys::FutexWakeAll(shared.round);
  RunRound(0, round, *lead_, *lead_counters_);
  shared.done.fetch_add(1);
  LeadWaitFor(shared.done, static_cast<std::uint32_t>(plan_.count));
  const std::vector<std::optional<std::uint64_t>> memory_bytes =
      traffic_meter_ != nullptr ? traffic_meter_->Stop() : std::vector<std::optional<std::uint64_t>>{};
  ThrowIfFailed();

  Sample s;
  s.loops = loops;
  if (round_cpu_) {
    sys::CpuTimes round_cpu1 = sys::ProcessCpuTimes();
    if (tasks_ == TaskCreation::kProcesses) round_cpu1 += sys::ReapedChildrenCpuTimes();
    s.user_ns = round_cpu1.user_ns - round_cpu0_.user_ns;
    s.system_ns = round_cpu1.system_ns - round_cpu0_.system_ns;
  }
  round_kernel_.Close(s);
  std::int64_t first_start = shared.slot(0).start_ns;
  std::int64_t last_start = first_start;
  std::int64_t last_end = shared.slot(0).end_ns;
  const std::size_t events = events_.size();
  std::vector<CounterValue> sums(events);
  std::vector<bool> all_counted(events, true);
  for (int i = 0; i < plan_.count; ++i) {
    WorkerSlot& slot = shared.slot(i);
    first_start = std::min(first_start, slot.start_ns);
    last_start = std::max(last_start, slot.start_ns);
    last_end = std::max(last_end, slot.end_ns);
    s.worker_wall_ns.push_back(slot.end_ns - slot.start_ns);
    s.tsc_ticks += slot.tsc_ticks;
    s.user_ns += slot.user_ns;
    s.system_ns += slot.system_ns;
    s.work += slot.work;
    s.phase_ns.resize(std::max<std::size_t>(s.phase_ns.size(), slot.phases));
    for (std::uint32_t p = 0; p < slot.phases; ++p) s.phase_ns[p] += slot.phase_ns[p];
    s.side_counts.resize(std::max<std::size_t>(s.side_counts.size(), slot.sides), std::uint64_t{0});
    for (std::uint32_t c = 0; c < slot.sides; ++c) {
      // A count one worker could not take leaves the sum unknown.
      if (slot.side_counted[c] == 0) s.side_counts[c].reset();
      if (s.side_counts[c]) *s.side_counts[c] += slot.side_counts[c];
    }
    for (std::size_t e = 0; e < events; ++e) {
      all_counted[e] = all_counted[e] && slot.counts[e].valid != 0;
      sums[e] += slot.counts[e].value;
    }
    std::istringstream lines(slot.counter_notes);
    for (std::string line; std::getline(lines, line);) {
      const std::string note = "worker " + std::to_string(i) + ": " + line;
      if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(note);
    }
    slot.counter_notes[0] = 0;
  }
  s.wall_ns = last_end - first_start;
  s.start_skew_ns = last_start - first_start;
  for (std::size_t e = 0; e < events; ++e) {
    s.counters.push_back(all_counted[e] ? std::optional<CounterValue>(sums[e]) : std::nullopt);
  }
  if (traffic_meter_ != nullptr) {
    // After exactly the workload's own counts, as Describe names them.
    s.side_counts.resize(lead_->SideCounts().size());
    s.side_counts.insert(s.side_counts.end(), memory_bytes.begin(), memory_bytes.end());
  }
  return s;
}

void TeamSampler::Finish(Measurement& m) {
  m.page_proofs = lead_->PageProofs();
  m.latency = lead_->Latencies();
  for (auto& note : lead_->Notes()) m.notes.push_back(std::move(note));
  for (auto& note : notes_) m.notes.push_back(std::move(note));
  if (traffic_meter_ != nullptr) {
    for (auto& note : traffic_meter_->TakeNotes()) m.notes.push_back(std::move(note));
  }
}

}  // namespace membench
