// File: engine/team_sampler.cpp
#include "engine/team_sampler.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>

#include "core/error.h"
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
  char error[1024] = {};
};

// How long one futex sleep lasts before the sleeper looks at the workers
// (or at the quit flag) again.
constexpr std::int64_t kPollNs = 10'000'000;

// Thread workers share the process: its statics (the zero-page probe, the
// mTHP settings) are not for concurrent Prepare calls.
std::mutex g_prepare_mutex;

}  // namespace

struct TeamSampler::Shared {
  std::atomic<std::uint32_t> round{0};
  std::atomic<std::uint32_t> quit{0};
  std::atomic<std::uint32_t> lead_prepared{0};
  std::atomic<std::uint32_t> arrived{0};
  std::atomic<std::uint32_t> done{0};
  std::atomic<std::uint32_t> failed{0};
  std::uint64_t loops = 0;
  WorkerSlot& slot(int index) { return reinterpret_cast<WorkerSlot*>(this + 1)[index]; }
};

ParamSpec WorkerCountParam(const std::string& name) {
  return CountParam(name, "1",
                    name == kProcsParam ? "worker processes (fork), all timed together" : "worker threads, all timed together",
                    1, 4096);
}

std::optional<WorkerPlan> WorkersOf(const Point& point) {
  for (const auto& [name, value] : point.values) {
    if (name == kProcsParam) return WorkerPlan{sys::WorkerKind::kProcess, static_cast<int>(value.number)};
    if (name == kThreadsParam) return WorkerPlan{sys::WorkerKind::kThread, static_cast<int>(value.number)};
  }
  return std::nullopt;
}

TeamSampler::TeamSampler(const WorkloadInfo& info, const Point& point, WorkerPlan plan, const std::vector<int>& cpus,
                         const std::vector<EventEncoding>& events, Workload& lead,
                         sys::CounterGroup& lead_counters, std::vector<std::string>& run_notes)
    : info_(info),
      point_(point),
      plan_(plan),
      events_(events),
      lead_(lead),
      lead_counters_(lead_counters),
      run_notes_(run_notes),
      lead_cpus_(cpus.empty() ? std::vector<int>{} : std::vector<int>{cpus[0]}),
      memory_(sizeof(Shared) + sizeof(WorkerSlot) * static_cast<std::size_t>(plan.count)) {
  if (events.size() > kMaxTeamEvents) {
    throw Error("at most " + std::to_string(kMaxTeamEvents) + " events can be counted with workers");
  }
  shared_ = new (memory_.data()) Shared;
  for (int i = 0; i < plan.count; ++i) new (&shared_->slot(i)) WorkerSlot;
  try {
    // Fork before the lead maps anything: its buffers would otherwise be
    // shared copy-on-write with every worker, and its writes would fault.
    team_ = std::make_unique<sys::WorkerTeam>(plan.kind, plan.count, cpus, [this](int index) { WorkerMain(index); });
    {
      // The lead prepares first: machine-wide settings (mTHP sizes) are then
      // in place, taken by the run that owns them, before any worker maps.
      const sys::ScopedAffinity pin(lead_cpus_);
      std::lock_guard<std::mutex> lock(g_prepare_mutex);
      lead_.Prepare(point_);
    }
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

void TeamSampler::Stop() {
  shared_->quit.store(1);
  for (const auto* word : {&shared_->round, &shared_->lead_prepared, &shared_->arrived}) sys::FutexWakeAll(*word);
  if (team_) team_->Finish(5'000'000'000);
  team_.reset();
}

void TeamSampler::LeadWaitFor(const std::atomic<std::uint32_t>& word, std::uint32_t target) {
  for (std::uint32_t seen = word.load(); seen < target; seen = word.load()) {
    team_->Check();
    sys::FutexWait(word, seen, kPollNs);
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

namespace {

void RecordFailure(std::atomic<std::uint32_t>& failed, WorkerSlot& slot, const char* what) {
  std::strncpy(slot.error, what, sizeof slot.error - 1);
  failed.fetch_add(1);
}

}  // namespace

void TeamSampler::WorkerMain(int index) {
  Shared& shared = *shared_;
  WorkerSlot& slot = shared.slot(index);
  while (shared.lead_prepared.load() == 0) {
    if (shared.quit.load() != 0) return;
    sys::FutexWait(shared.lead_prepared, 0, kPollNs);
  }
  std::unique_ptr<Workload> workload;
  std::unique_ptr<sys::CounterGroup> counters;
  try {
    std::unique_lock<std::mutex> lock(g_prepare_mutex, std::defer_lock);
    if (plan_.kind == sys::WorkerKind::kThread) lock.lock();
    workload = info_.make();
    workload->Prepare(point_);
    counters = std::make_unique<sys::CounterGroup>(events_);
  } catch (const std::exception& e) {
    RecordFailure(shared.failed, slot, e.what());
  }
  shared.done.fetch_add(1);
  sys::FutexWakeAll(shared.done);
  bool split = false;
  for (std::uint32_t seen = 0;;) {
    std::uint32_t round = shared.round.load();
    while (round == seen && shared.quit.load() == 0) {
      sys::FutexWait(shared.round, seen, kPollNs);
      round = shared.round.load();
    }
    if (shared.quit.load() != 0 || !workload) return;
    seen = round;
    RunRound(index, *workload, *counters, split);
    shared.done.fetch_add(1);
    sys::FutexWakeAll(shared.done);
  }
}

void TeamSampler::RunRound(int index, Workload& workload, sys::CounterGroup& counters, bool& split) {
  Shared& shared = *shared_;
  WorkerSlot& slot = shared.slot(index);
  try {
    if (workload.FreshStateEachSample()) workload.PrepareSample();
  } catch (const std::exception& e) {
    RecordFailure(shared.failed, slot, e.what());
  }
  // The barrier: the last to arrive releases the others.
  const auto everyone = static_cast<std::uint32_t>(plan_.count);
  if (shared.arrived.fetch_add(1) + 1 == everyone) {
    sys::FutexWakeAll(shared.arrived);
  } else {
    for (std::uint32_t seen = shared.arrived.load(); seen < everyone; seen = shared.arrived.load()) {
      if (shared.quit.load() != 0) return;
      if (index == 0) team_->Check();
      sys::FutexWait(shared.arrived, seen, kPollNs);
    }
  }
  if (shared.failed.load() != 0) return;
  const TimedRun run = TimeRun(workload, counters, shared.loops, CpuTimeScope::kThread);
  slot.start_ns = run.start_ns;
  slot.end_ns = run.end_ns;
  slot.tsc_ticks = run.tsc_end - run.tsc_start;
  slot.user_ns = run.sample.user_ns;
  slot.system_ns = run.sample.system_ns;
  slot.work = run.sample.work;
  slot.phases = static_cast<std::uint32_t>(std::min(run.sample.phase_ns.size(), kMaxTeamPhases));
  for (std::uint32_t p = 0; p < slot.phases; ++p) slot.phase_ns[p] = run.sample.phase_ns[p];
  for (std::size_t i = 0; i < run.sample.counters.size() && i < kMaxTeamEvents; ++i) {
    const auto& reading = run.sample.counters[i];
    slot.counts[i] = reading ? SharedCount{1, *reading} : SharedCount{};
  }
  if (SplitCountersIfUnschedulable(counters, run.sample, split) && index == 0) run_notes_.push_back(kSplitCountersNote);
}

Sample TeamSampler::Take(std::uint64_t loops) {
  const sys::ScopedAffinity pin(lead_cpus_);
  Shared& shared = *shared_;
  shared.loops = loops;
  shared.arrived.store(0);
  shared.done.store(0);
  shared.round.fetch_add(1);
  sys::FutexWakeAll(shared.round);
  RunRound(0, lead_, lead_counters_, lead_split_);
  shared.done.fetch_add(1);
  LeadWaitFor(shared.done, static_cast<std::uint32_t>(plan_.count));
  ThrowIfFailed();

  Sample s;
  s.loops = loops;
  std::int64_t first_start = shared.slot(0).start_ns;
  std::int64_t last_end = shared.slot(0).end_ns;
  const std::size_t events = events_.size();
  std::vector<CounterValue> sums(events);
  std::vector<bool> all_counted(events, true);
  for (int i = 0; i < plan_.count; ++i) {
    const WorkerSlot& slot = shared.slot(i);
    first_start = std::min(first_start, slot.start_ns);
    last_end = std::max(last_end, slot.end_ns);
    s.worker_wall_ns.push_back(slot.end_ns - slot.start_ns);
    s.tsc_ticks += slot.tsc_ticks;
    s.user_ns += slot.user_ns;
    s.system_ns += slot.system_ns;
    s.work += slot.work;
    s.phase_ns.resize(std::max<std::size_t>(s.phase_ns.size(), slot.phases));
    for (std::uint32_t p = 0; p < slot.phases; ++p) s.phase_ns[p] += slot.phase_ns[p];
    for (std::size_t e = 0; e < events; ++e) {
      all_counted[e] = all_counted[e] && slot.counts[e].valid != 0;
      sums[e].raw += slot.counts[e].value.raw;
      sums[e].enabled_ns += slot.counts[e].value.enabled_ns;
      sums[e].running_ns += slot.counts[e].value.running_ns;
    }
  }
  s.wall_ns = last_end - first_start;
  for (std::size_t e = 0; e < events; ++e) {
    if (all_counted[e]) {
      s.counters.emplace_back(sums[e]);
    } else {
      s.counters.emplace_back(std::nullopt);
    }
  }
  return s;
}

}  // namespace membench
