// File: cli/experiment_runs.cpp
#include "cli/experiment_runs.h"

#include <fmt/format.h>

#include "cli/lmsummary_command.h"
#include "cli/workload_points.h"
#include "core/cpu_list.h"
#include "core/error.h"
#include "core/paired.h"
#include "engine/os.h"

namespace membench {

PreparedRun Prepare(const Experiment& experiment, const ExperimentRun& run, bool quick, bool full, int cpus) {
  PreparedRun p;
  p.run = &run;
  try {
    const std::map<std::string, std::string> params = ParamsForMachine(run, quick, full, cpus, p.notes);
    p.options.sampling.repetitions = quick ? run.quick_repeat : run.repeat;
    if (!run.cpus.empty()) p.options.cpus = ParseCpuList(run.cpus);
    p.options.pressure = run.pressure;
    p.options.profile = !run.profile_symbols.empty();
    switch (run.kind) {
      case RunKind::kWorkload:
        p.info = &FindWorkload(run.workload);
        p.points = WorkloadPoints(*p.info, params, p.notes);
        if (!run.treatment.empty()) CheckPairedBy(p.points, run.treatment, p.info->UnitsOf(p.points));
        try {
          CheckPointsFit(*p.info, p.points, p.options);
        } catch (const Error& e) {
          if (!run.optional) throw;
          p.skipped = e.what();
        }
        break;
      case RunKind::kLmSummary:
        break;
      case RunKind::kCommand:
        p.command.argv = CommandFor(run, params);
        p.command.figure = run.figure;
        if (os::ProgramFound(p.command.argv.front())) break;
        if (run.optional) {
          p.skipped = fmt::format("{} is not installed{}", p.command.argv.front(),
                                  run.missing_hint.empty() ? "" : "; " + run.missing_hint);
        } else {
          throw Error(fmt::format("{} is not installed (not found in PATH){}", p.command.argv.front(),
                                  run.missing_hint.empty() ? "" : ": " + run.missing_hint));
        }
        break;
    }
  } catch (const Error& e) {
    throw Error(fmt::format("{}:{}: run \"{}\": {}", experiment.path, run.line, run.title, e.what()));
  }
  return p;
}

ResultKind KindOf(RunKind kind) {
  switch (kind) {
    case RunKind::kWorkload:
      return ResultKind::kRun;
    case RunKind::kLmSummary:
      return ResultKind::kLmSummary;
    case RunKind::kCommand:
      return ResultKind::kExec;
  }
  return ResultKind::kRun;
}

void MeasureRun(const PreparedRun& p, Invocation& invocation) {
  for (const std::string& note : p.notes) invocation.Note(note);
  invocation.UseEvents(p.run->events);
  switch (p.run->kind) {
    case RunKind::kWorkload:
      invocation.Measure(*p.info, p.points, p.options);
      break;
    case RunKind::kLmSummary:
      MeasureLmSummary(invocation, p.options);
      break;
    case RunKind::kCommand:
      invocation.MeasureCommand(p.command, p.options);
      break;
  }
}

std::string VariantLabel(bool quick, bool full) { return quick ? "quick" : full ? "thread-scale" : "full"; }

}  // namespace membench
