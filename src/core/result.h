// File: core/result.h
// The result model: everything one invocation measured, with the conditions
// it was measured under. Reports, the JSON file and comparisons are built
// from it alone, and the JSON file loads back into it (core/result_decoder.h),
// so a report re-rendered from a file is the report the run printed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "core/event_spec.h"
#include "core/kernel_accounting.h"
#include "core/latency_histogram.h"
#include "core/page_proof.h"
#include "core/params.h"
#include "core/program_figure.h"
#include "core/system_info.h"
#include "core/work_unit.h"

namespace membench {

// What a side count is: the workload's own, or the bytes the memory
// controllers' counters measured (engine/memory_traffic.h).
enum class SideKind { kWorkload, kMemoryRead, kMemoryWrite };
// "workload", "memory-read", "memory-write"; and back (nullopt for none).
const char* SideKindName(SideKind kind);
std::optional<SideKind> SideKindFromName(const std::string& name);

// A count kept beside the work (loaded: the bytes its load workers moved
// while the latency worker was timed; the memory traffic measured around
// each sample), reported as a rate over each sample's wall time.
struct SideCount {
  std::string name;  // "load traffic requested"
  WorkUnit unit = WorkUnit::kBytes;
  SideKind kind = SideKind::kWorkload;
};

// The bytes one unit of a byte workload's work moves (memcpy's rate counts
// bytes copied; each is read once and written once): what the program's
// loads and stores ask for, and an estimate of what the memory moves when
// every line misses the caches (a temporal store reads its line first,
// a non-temporal one does not). Where the memory controllers' counters
// measure the traffic, it is in the side counts (SideKind::kMemoryRead).
struct ByteTraffic {
  double requested_per_unit = 0;
  // Estimated; none where the work reuses what it touches (drawn calls
  // repeat loop after loop), so that lines missing the caches is no model.
  std::optional<double> memory_per_unit;
  std::string how;  // "read + write; temporal stores read each line first"
};

struct Sample {
  // Which of the run's invocations (separate processes) took it, from 0
  // (RunResult::invocations).
  int invocation = 0;
  std::int64_t wall_ns = 0;
  std::uint64_t tsc_ticks = 0;
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
  std::uint64_t loops = 0;
  std::uint64_t work = 0;  // units of work in this sample
  // With workers: wall_ns spans the parallel region (first start to last
  // end), work and CPU times are summed, each worker's own time is here,
  // and how far apart their starts were.
  std::vector<std::int64_t> worker_wall_ns;
  std::int64_t start_skew_ns = 0;
  // Time in each of the workload's phases (Measurement::phases), summed over
  // the workers.
  std::vector<std::int64_t> phase_ns;
  std::vector<std::optional<CounterValue>> counters;  // one per RunResult::events entry
  // One per Measurement::side_counts entry; nullopt where it could not be
  // counted in this sample (a counter that failed).
  std::vector<std::optional<std::uint64_t>> side_counts;
  // The kernel's accounting (core/kernel_accounting.h): how each value that
  // moved changed from just before the timed region to just after it (a
  // team's: from when every worker has prepared to when the last is done;
  // a command's: from its release to its reaping), over a window of
  // kernel_window_ns; 0 where it was not read.
  std::map<std::string, std::int64_t> kernel_deltas;
  std::int64_t kernel_window_ns = 0;
  // Under --profile (core/profile.h): the profiling samples taken while the
  // timed region ran, and how many landed in each symbol (its self count),
  // the most frequent kept; 0 and empty where the sample was not profiled.
  std::uint64_t profile_samples = 0;
  std::map<std::string, std::int64_t> profile_self;
  // Under exec --rate-from/--time-from (Measurement::program_figure): the
  // figure the program printed, as work units per second: the sample's
  // rate. wall_ns and the CPU times stay its whole process's.
  std::optional<double> program_rate;
};

// Work per second in one sample (the program's own figure where it printed
// one); nullopt when no time elapsed (a clock too coarse for the sample):
// such a rate is unknown, not zero, and is left out of every statistic.
std::optional<double> RatePerSecond(const Sample& sample);

// How `membench run lmsummary` shows a measurement: a row of lmbench's
// summary sections.
enum class SummaryFigure {
  kMicrosPerOp,     // 1e6 / rate: µs per spawn, mapping, fault
  kMicrosPerFault,  // wall time per page fault (first-touch points)
  kMegabytesPerSecond,
};

struct SummaryRow {
  std::string section;  // "Processes - times in microseconds"
  std::string label;    // "fork proc"
  SummaryFigure figure = SummaryFigure::kMicrosPerOp;
};

struct Measurement {
  std::string workload;
  WorkUnit unit = WorkUnit::kBytes;
  std::string rate_label;  // "copied": what the rate line says the bytes were
  Point point;
  std::uint64_t loops = 0;
  int warmup_samples = 0;
  bool loops_calibrated = false;
  bool fresh_state_each_sample = false;
  // Whose CPU time user_ns and system_ns are: "membench's process", "each
  // worker's thread, summed", with "and the processes it reaped" where the
  // work is done in child processes.
  std::string cpu_time_scope;
  std::vector<std::string> phases;     // names for Sample::phase_ns
  std::vector<SideCount> side_counts;  // what Sample::side_counts count
  std::optional<ByteTraffic> traffic;  // byte workloads: the bytes behind the rate
  // Single latencies where the workload timed them (--latencies on), over
  // every sample, warm-ups included.
  std::optional<LatencyDistribution> latency;
  std::vector<Sample> samples;
  // The very first sample of the point, before any warm-up (one loop): the
  // cold pass, faults included where the workload's memory was untouched.
  std::optional<Sample> first_sample;
  std::vector<PageProof> page_proofs;
  std::vector<std::string> notes;
  // Under --precision: the goal, whether the samples reached it, and how
  // many of them were the pilot whose spread sets the reported interval
  // (core/precision.h; 0 in results of versions without a pilot).
  std::optional<double> precision_target_pct;
  bool precision_reached = false;
  int precision_pilot_runs = 0;
  std::optional<SummaryRow> summary_row;  // lmsummary's row
  // exec's rate taken from the program's own output (Sample::program_rate).
  std::optional<ProgramFigure> program_figure;
};

// What produced the result, and so how its text report reads.
enum class ResultKind { kRun, kExec, kLmSummary };

struct RunResult {
  ResultKind kind = ResultKind::kRun;
  std::string tool_version;
  std::string command_line;
  std::string started_at;  // ISO 8601 UTC
  // What the user called the run (--tag, --label KEY=VALUE): the side of an
  // A/B it belongs to, and free-form facts such as the commit under test.
  std::string tag;
  std::map<std::string, std::string> labels;
  SystemInfo system;
  double tsc_ghz = 0;  // measured over the samples: TSC ticks per ns
  std::vector<EventStatus> events;
  std::vector<std::string> notes;  // run-wide (counter fallbacks, settings changed, ...)
  std::vector<Measurement> measurements;
  // The kernel's accounting across idle intervals, one an invocation,
  // summed: what the machine's other work adds to each sample's deltas.
  std::optional<KernelIdleInterval> kernel_idle;
  // Under --profile: the event sampled ("cycles", or "cpu-clock" without a
  // PMU) and whose samples were kept; "" where nothing was profiled.
  std::string profile_event;
  std::string profile_scope;
  bool interleaved = false;  // round k of every measurement was taken together
  // How many separate processes measured it (`run --invocations`), each
  // with its own address space, physical pages and process state: one
  // draw of those each. Their samples follow one another in every
  // measurement, each marked with its invocation.
  int invocations = 1;
  // The parameter the paired ratios compare along (--paired-by); "" for the
  // default, the first choice parameter that varies.
  std::string paired_by;
  bool interrupted = false;
  // What ended the run before it was done, after something was measured (a
  // worker killed, a command gone); "" when nothing did.
  std::string failure;
};

}  // namespace membench
