// File: engine/sampler.cpp
#include "engine/sampler.h"

#include "sys/clock.h"

namespace membench {

TimedRun TimeRun(Workload& workload, sys::CounterGroup& counters, std::uint64_t loops, CpuTimeScope scope) {
  const auto cpu_times = scope == CpuTimeScope::kThread ? sys::ThreadCpuTimes : sys::ProcessCpuTimes;
  TimedRun run;
  const sys::CpuTimes cpu0 = cpu_times();
  counters.Start();
  run.start_ns = sys::MonotonicNs();
  run.tsc_start = sys::ReadTsc();
  workload.Run(loops);
  run.tsc_end = sys::ReadTsc();
  run.end_ns = sys::MonotonicNs();
  counters.Stop();
  const sys::CpuTimes cpu1 = cpu_times();
  Sample& s = run.sample;
  s.wall_ns = run.end_ns - run.start_ns;
  s.tsc_ticks = run.tsc_end - run.tsc_start;
  s.user_ns = cpu1.user_ns - cpu0.user_ns;
  s.system_ns = cpu1.system_ns - cpu0.system_ns;
  s.loops = loops;
  s.work = loops * workload.WorkPerLoop();
  s.counters = counters.Read();
  const double ns_per_tick = s.tsc_ticks == 0 ? 0 : static_cast<double>(s.wall_ns) / static_cast<double>(s.tsc_ticks);
  for (const std::uint64_t ticks : workload.TakePhaseTicks()) {
    s.phase_ns.push_back(static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick));
  }
  return run;
}

bool SplitCountersIfUnschedulable(sys::CounterGroup& counters, const Sample& sample, bool& already_split) {
  if (already_split || !counters.SplitIfUnschedulable(sample.counters)) return false;
  already_split = true;
  return true;
}

Sample SoloSampler::Take(std::uint64_t loops) {
  if (workload_.FreshStateEachSample()) workload_.PrepareSample();
  Sample s = TimeRun(workload_, counters_, loops, CpuTimeScope::kProcess).sample;
  if (SplitCountersIfUnschedulable(counters_, s, split_)) run_notes_.push_back(kSplitCountersNote);
  return s;
}

}  // namespace membench
