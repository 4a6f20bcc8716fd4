// File: cli/experiment_runs.h
// An experiment file's runs made ready and measured, as `experiment run`
// measures them and `experiment plan` measures its pilot: each run's
// parameters for this machine, checked before anything runs, then
// measured into an Invocation.
#pragma once

#include <string>
#include <vector>

#include "cli/experiment_file.h"
#include "core/params.h"
#include "core/result.h"
#include "engine/exec_sampler.h"
#include "engine/invocation.h"
#include "engine/registry.h"

namespace membench {

// A run made ready before anything is measured: a bad run is found first.
struct PreparedRun {
  const ExperimentRun* run = nullptr;
  const WorkloadInfo* info = nullptr;  // a workload's run
  std::vector<Point> points;
  CommandRequest command;  // an exec run
  std::vector<std::string> notes;
  RunOptions options;
  std::string skipped;  // why an optional run is left out, "" when it runs
};

// Throws Error "FILE:LINE: run \"TITLE\": ..." for a run that cannot run
// here (an optional one is returned with `skipped` set instead).
PreparedRun Prepare(const Experiment& experiment, const ExperimentRun& run, bool quick, bool full, int cpus);

ResultKind KindOf(RunKind kind);

void MeasureRun(const PreparedRun& p, Invocation& invocation);

// The label `experiment run` gives its runs: quick runs are smoke tests,
// and the thread's scale is another experiment than this machine's.
std::string VariantLabel(bool quick, bool full);

}  // namespace membench
