// File: cli/experiment_plan.h
// `membench experiment plan FILE`: before a day of reboots, the design of a
// kernel A/B that finds each run's effect 4 times in 5 at p < 0.05 under
// compare's own rule with the boot as the unit (core/boot_design.h): runs a
// boot, boots a kernel, alternated A B A B, and what it costs. The noise
// it designs from is split into within a boot (given, measured now by the
// plan in a stated number of minutes, read from saved results, or this
// host's doctor --noise floor) and between boots (given, or read from
// saved results spanning three boots or more of this host; else assumed,
// with the design shown across a range of it).
#pragma once

#include <string>

#include "cli/store_flags.h"

namespace membench {

struct ExperimentPlanArgs {
  std::string file;
  std::string effect;              // --effect PCT: for every run, in place of its effect_pct
  std::string threshold = "1";     // compare's --threshold
  std::string within_cv;           // --within-cv PCT
  std::string between_cv;          // --between-cv PCT
  std::string measure_minutes;     // --measure-minutes M: each run measured now for M minutes
  std::string boot_minutes = "3";  // a reboot, to the first run
  std::string run_minutes;         // --run-minutes M: one run's time, where not measured
  bool full = false;               // the runs at the thread's own scale
  std::string store;
};

int PlanExperiment(const ExperimentPlanArgs& args, int argc, char** argv);

}  // namespace membench
