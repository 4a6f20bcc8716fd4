// File: cli/experiment_command.cpp
#include "cli/experiment_command.h"

#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "cli/compare_command.h"
#include "cli/experiment_file.h"
#include "cli/experiment_table.h"
#include "cli/lmsummary_command.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/workload_points.h"
#include "core/cpu_list.h"
#include "core/error.h"
#include "core/paired.h"
#include "core/result_encoder.h"
#include "engine/invocation.h"
#include "engine/os.h"
#include "engine/registry.h"

namespace membench {
namespace {

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

// The label `experiment run` gives its runs: quick runs are smoke tests,
// and the thread's scale is another experiment than this machine's.
std::string VariantLabel(bool quick, bool full) { return quick ? "quick" : full ? "thread-scale" : "full"; }

// The runs of `tag` that `experiment run` saved for this run of the file,
// in `variant` (VariantLabel).
SelectedRuns RunsOf(ResultSelector& selector, const std::string& tag, const Experiment& experiment,
                    const ExperimentRun& run, const std::string& variant) {
  SelectedRuns all = selector.Select("@" + tag);
  SelectedRuns out;
  out.name = fmt::format("@{} \"{}\"", tag, run.title);
  for (RunResult& r : all.results) {
    const auto name = r.labels.find("experiment");
    const auto title = r.labels.find("run");
    const auto label = r.labels.find("variant");
    // Runs saved before the label existed were of the file's own scale.
    const std::string saved_variant = label == r.labels.end() ? "full" : label->second;
    if (name != r.labels.end() && name->second == experiment.name && title != r.labels.end() &&
        title->second == run.title && saved_variant == variant) {
      out.results.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace

int ReportExperiment(const ExperimentReportArgs& args) {
  const Experiment experiment = LoadExperiment(args.file);
  ResultSelector selector(args.store);
  const std::string variant = VariantLabel(false, args.full);
  fmt::print("membench experiment {}: {}\nA = @{}, B = @{}{}\n", experiment.name, experiment.question, args.a_tag,
             args.b_tag, args.full ? ", the runs at the thread's own scale (--full)" : "");
  std::vector<TableRow> rows;
  for (const ExperimentRun& run : experiment.runs) {
    fmt::print("\n## {}\n", run.title);
    const SelectedRuns a = RunsOf(selector, args.a_tag, experiment, run, variant);
    const SelectedRuns b = RunsOf(selector, args.b_tag, experiment, run, variant);
    if (a.results.empty() || b.results.empty()) {
      const std::string& missing = a.results.empty() ? args.a_tag : args.b_tag;
      fmt::print("not saved under @{}: membench experiment run {}{} --tag {}\n", missing, args.file,
                 args.full ? " --full" : "", missing);
      continue;
    }
    std::fflush(stdout);
    const ComparedSides compared = CompareSides(a, b, CompareOptions{}, args.store, std::cout);
    std::cout.flush();
    const std::vector<TableRow> run_rows =
        KernelRows(run.title, a.results.size(), b.results.size(), compared.result,
                   PointsOutOfQuestion(a.results, b.results, run.pages_must_be), NamedRows{run.kernel_values, run.profile_symbols});
    rows.insert(rows.end(), run_rows.begin(), run_rows.end());
  }
  if (rows.empty()) {
    throw Error(fmt::format("no run of {} was saved under both @{} and @{}", args.file, args.a_tag, args.b_tag));
  }
  PrintExperimentTable(experiment.name + ": " + experiment.question, rows, "runs A vs B", os::StdoutWantsColour());
  return 0;
}

int RunExperiment(const ExperimentArgs& args, int argc, char** argv) {
  // The experiment's own lines and its table go to standard output: a
  // report in another format there would be mixed with them.
  const bool run_by_run = args.format == "text" && args.output.empty();
  if (!run_by_run && args.output.empty()) {
    throw Error("experiment run prints its table on standard output: give -o FILE for the " + args.format +
                " report of its runs");
  }
  if (!args.output.empty()) os::CheckWritable(args.output, "-o");
  if (args.quick && args.full) {
    throw Error("--quick runs a smoke test on smaller sizes, --full the thread's own scale: give one of them");
  }
  const Experiment experiment = LoadExperiment(args.file);
  const int cpus = os::AllowedCpuCount();
  std::vector<PreparedRun> prepared;
  std::vector<std::string> skipped;
  for (const ExperimentRun& run : experiment.runs) {
    PreparedRun p = Prepare(experiment, run, args.quick, args.full, cpus);
    if (p.skipped.empty()) {
      prepared.push_back(std::move(p));
    } else {
      skipped.push_back(fmt::format("# run \"{}\" left out: {}", run.title, p.skipped));
    }
  }
  fmt::print("membench experiment {}{}: {}\n{} run{}{}\n", experiment.name,
             experiment.seed.empty() ? "" : " (seed " + experiment.seed + ")", experiment.question, prepared.size(),
             prepared.size() == 1 ? "" : "s",
             args.quick  ? ", quick variant (fewer samples, smaller sizes)"
             : args.full ? ", at the thread's own scale (--full)"
                         : "");
  for (const std::string& line : skipped) fmt::print("{}\n", line);
  std::vector<TableRow> rows;
  std::vector<RunResult> reported;  // for the report at the end
  int status = 0;
  bool interrupted = false;
  for (std::size_t i = 0; i < prepared.size() && !interrupted; ++i) {
    const PreparedRun& p = prepared[i];
    std::optional<RunResult> first;
    for (int replicate = 1; replicate <= p.run->replicates && !interrupted; ++replicate) {
      OutputRequest output;
      output.save = args.save;
      output.format = args.format;
      output.style = args.style;
      output.print_report = run_by_run;
      if (args.save.wanted()) {
        output.save.labels.push_back("experiment=" + experiment.name);
        output.save.labels.push_back("run=" + p.run->title);
        // A quick run is a smoke test: experiment report must not mix it with full ones.
        output.save.labels.push_back("variant=" + VariantLabel(args.quick, args.full));
        output.save.labels.push_back(fmt::format("replicate={}", replicate));
      }
      CheckOutputs(output);
      fmt::print("\n## run {} of {}: {}{}\n", i + 1, prepared.size(), p.run->title,
                 p.run->replicates == 1 ? "" : fmt::format(", replicate {} of {}", replicate, p.run->replicates));
      std::fflush(stdout);
      Invocation invocation(KindOf(p.run->kind), argc, argv);
      MeasureRun(p, invocation);
      interrupted = invocation.Interrupted();
      RunResult result = invocation.Finish();
      result.paired_by = p.run->treatment;
      if (replicate == 1) {
        // lmbench's rows are different workloads, not points along a treatment.
        if (p.run->kind != RunKind::kLmSummary) {
          const std::vector<TableRow> run_rows =
              TreatmentRows(p.run->title, result, p.run->pages_must_be,
                            NamedRows{p.run->kernel_values, p.run->profile_symbols});
          rows.insert(rows.end(), run_rows.begin(), run_rows.end());
        }
        first = result;
      } else {
        const std::vector<TableRow> run_rows =
            ReplicateRows(p.run->title, *first, result, replicate,
                            NamedRows{p.run->kernel_values, p.run->profile_symbols});
        rows.insert(rows.end(), run_rows.begin(), run_rows.end());
      }
      if (!run_by_run) {
        reported.push_back(result);
        ApplyTagAndLabels(output.save, reported.back());
      }
      status = std::max(status, ReportAndSave(std::move(result), output));
    }
  }
  if (!run_by_run) {
    // An experiment has runs: its JSON is an array even where it has one.
    std::ostringstream report;
    if (args.format == "json") {
      nlohmann::json runs = nlohmann::json::array();
      for (const RunResult& r : reported) runs.push_back(ResultToJson(r));
      report << runs.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
      WriteReport(reported, args.format, report, args.style);
    }
    WriteReportText(report.str(), args.output);
  }
  PrintExperimentTable(experiment.name + ": " + experiment.question, rows, "comparison", os::StdoutWantsColour());
  return status;
}

}  // namespace membench
