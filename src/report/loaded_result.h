// File: report/loaded_result.h
// What compare reads of one side: the figures per sample of each
// measurement, normalised so results with different loop counts compare:
// the rate in work units per second and the time per loop (samples the
// clock saw take no time left out of both), every event counted in every
// sample, per loop. A side of several runs (files, a tag) keeps each run's
// samples apart, for measurements that share a workload and point, and so
// does a result of several invocations: each invocation is a run.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

namespace membench {

struct LoadedMeasurement {
  std::string workload;
  std::map<std::string, std::string> point;  // parameter -> value as text, numbers as such: what is matched
  // The values as the run printed them ("64 MiB"), in its order: what is shown.
  std::vector<std::pair<std::string, std::string>> shown_point;
  WorkUnit unit = WorkUnit::kBytes;
  // exec --rate-from: the rate is the program's printed figure, and the
  // time per loop its whole process's (with --time-from both are the
  // printed time's).
  bool time_of_process = false;
  // One list per run of the side, each with that run's samples.
  std::vector<std::vector<double>> rate;                                      // work units per second
  std::vector<std::vector<double>> ns_per_loop;                               // per sample
  std::map<std::string, std::vector<std::vector<double>>> counters_per_loop;  // counted in every sample only
  // The kernel's accounting (core/kernel_accounting.h) per loop: one list
  // per run of the samples that read it, each the values that changed.
  std::vector<std::vector<std::map<std::string, double>>> kernel_per_loop;
  // The kernel values that moved with the samples beyond the idle interval
  // (SummarizeKernelDeltas) in any of its results: the rest is the
  // machine's background, whose differences compare shows only with -v.
  std::set<std::string> kernel_moved;
  // --profile's self shares (core/profile.h), in percent: one list per run
  // of the samples that were profiled, each its symbols' shares.
  std::vector<std::vector<std::map<std::string, double>>> profile_share;
  // The boot each run was measured in (system.boot_id), one per run.
  std::vector<std::string> run_boot;
};

// Whether any sample of the measurement read the kernel's accounting.
bool ReadKernelAccounting(const LoadedMeasurement& m);
// Every kernel value that changed in any sample of the measurement.
std::vector<std::string> KernelValueNames(const LoadedMeasurement& m);
// One kernel value per loop, a list per run, 0 in the samples it did not
// change in; empty where no sample read the accounting.
std::vector<std::vector<double>> KernelValuePerLoop(const LoadedMeasurement& m, const std::string& name);

// The symbols whose self share, averaged over the profiled samples, is at
// least min_pct percent: the rows compare shows; most frequent first.
std::vector<std::string> ProfiledSymbols(const LoadedMeasurement& m, double min_pct);
// One symbol's self share in percent, a list per run, 0 in the samples it
// was not seen in; empty where no sample was profiled.
std::vector<std::vector<double>> SelfSharePerRun(const LoadedMeasurement& m, const std::string& symbol);

struct LoadedResult {
  std::string name;  // the file, "run 42", "@base (runs 3, 5)"
  int runs = 0;  // the invocations of its results
  // How many results: one means all its runs were taken back to back, and
  // share the machine's state of that moment.
  int results = 0;
  std::vector<std::string> command_lines;  // each distinct one once
  // The boots its results were measured in, each once, in order; "" for a
  // result that did not record its boot.
  std::vector<std::string> boots;
  // PooledByBoot: each "run" of the measurements is a boot's runs pooled,
  // and `runs` counts the boots.
  bool boot_is_the_unit = false;
  std::vector<LoadedMeasurement> measurements;
};

// `name` names the side in messages.
LoadedResult FiguresOf(const std::vector<RunResult>& results, const std::string& name);

// Whether every result of both sides recorded its boot, the sides share
// no boot (a kernel A/B), and each side spans two boots or more: a
// kernel's runs in one boot share its layout, its memory's state and its
// host's placement, so the boot, not the run, is the independent unit.
bool BootsAreTheUnit(const LoadedResult& a, const LoadedResult& b);
// Whether the sides were measured in different boots, every one recorded,
// and a side in one boot: the variation between boots, which separates the
// sides, cannot be seen in their runs.
bool OneBootASideApart(const LoadedResult& a, const LoadedResult& b);
// The side with each boot's runs pooled into one run: their samples
// together, so that the boot's estimate is its samples' (geometric) mean.
LoadedResult PooledByBoot(const LoadedResult& side);

// What measurements are matched by (compare's sides, history's runs): the
// workload and its parameters less the ignored ones, numbers as numbers,
// "memcpy impl=libc size=67108864".
std::string PointKey(const LoadedMeasurement& m, const std::vector<std::string>& ignore);
// The same key of a measurement as it was saved.
std::string PointKey(const Measurement& m, const std::vector<std::string>& ignore);

// The same point as people read it: sizes in KiB/MiB/GiB, in the run's
// order, "memcpy size=64 MiB impl=libc".
std::string ShownPoint(const LoadedMeasurement& m, const std::vector<std::string>& ignore);

}  // namespace membench
