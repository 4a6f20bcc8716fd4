// File: cli/experiment_command.cpp
#include "cli/experiment_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "cli/compare_command.h"
#include "cli/experiment_file.h"
#include "cli/experiment_pool.h"
#include "cli/experiment_runs.h"
#include "cli/experiment_table.h"
#include "cli/experiment_version.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "core/error.h"
#include "core/result_encoder.h"
#include "engine/invocation.h"
#include "engine/os.h"

namespace membench {

int ReportExperiment(const ExperimentReportArgs& args) {
  const Experiment experiment = LoadExperiment(args.file);
  const std::string version = RunsVersion(experiment);
  PoolFilter filter{VariantLabel(false, args.full), args.sessions, args.since.empty() ? "" : SinceTime(args.since)};
  ResultSelector selector(args.store);
  const std::vector<RunResult> tagged_a = selector.Select("@" + args.a_tag).results;
  const std::vector<RunResult> tagged_b = selector.Select("@" + args.b_tag).results;
  std::vector<std::pair<PooledRun, PooledRun>> pooled;
  for (const ExperimentRun& run : experiment.runs) {
    pooled.emplace_back(PoolRun(tagged_a, experiment, run, filter), PoolRun(tagged_b, experiment, run, filter));
  }
  std::vector<const RunResult*> pooled_a;
  std::vector<const RunResult*> pooled_b;
  for (const auto& [a, b] : pooled) {
    for (const RunResult& r : a.results) pooled_a.push_back(&r);
    for (const RunResult& r : b.results) pooled_b.push_back(&r);
  }
  std::vector<const RunResult*> both = pooled_a;
  both.insert(both.end(), pooled_b.begin(), pooled_b.end());
  const std::vector<std::string> version_notes = CheckVersions(both, version, args.mixed_versions);
  fmt::print("membench experiment {}: {}\nA = @{}, B = @{}{}\n", experiment.name, experiment.question, args.a_tag,
             args.b_tag, args.full ? ", the runs at the thread's own scale (--full)" : "");
  for (const auto& [tag, side] : {std::pair{&args.a_tag, &pooled_a}, std::pair{&args.b_tag, &pooled_b}}) {
    if (side->empty()) continue;
    for (const std::string& line : DescribePool(*tag, *side)) fmt::print("# {}\n", line);
  }
  for (const std::string& note : version_notes) fmt::print("# note: {}\n", note);
  std::vector<TableRow> rows;
  for (std::size_t i = 0; i < experiment.runs.size(); ++i) {
    const ExperimentRun& run = experiment.runs[i];
    const SelectedRuns a{fmt::format("@{} \"{}\"", args.a_tag, run.title), pooled[i].first.results};
    const SelectedRuns b{fmt::format("@{} \"{}\"", args.b_tag, run.title), pooled[i].second.results};
    fmt::print("\n## {}\n", run.title);
    for (const auto* notes : {&pooled[i].first.notes, &pooled[i].second.notes}) {
      for (const std::string& note : *notes) fmt::print("# note: {}\n", note);
    }
    if (a.results.empty() || b.results.empty()) {
      const std::string& missing = a.results.empty() ? args.a_tag : args.b_tag;
      fmt::print("not saved under @{}{}: membench experiment run {}{} --tag {}\n", missing,
                 args.sessions.empty() && args.since.empty() ? "" : " (in the sessions or dates asked for)", args.file,
                 args.full ? " --full" : "", missing);
      continue;
    }
    std::fflush(stdout);
    const ComparedSides compared = CompareSides(a, b, CompareOptions{}, args.store, std::cout);
    std::cout.flush();
    const std::vector<TableRow> run_rows = KernelRows(run.title, a.results.size(), b.results.size(), compared.result,
                                                      PointsOutOfQuestion(a.results, b.results, run.pages_must_be),
                                                      NamedRows{run.kernel_values, run.profile_symbols});
    rows.insert(rows.end(), run_rows.begin(), run_rows.end());
  }
  if (rows.empty()) {
    throw Error(fmt::format("no run of {} was saved under both @{} and @{}{}{}", args.file, args.a_tag, args.b_tag,
                            args.sessions.empty() ? "" : fmt::format(" in session {}", fmt::join(args.sessions, ", ")),
                            args.since.empty() ? "" : " since " + filter.since));
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
  // Every result saved by this call carries both: experiment report lists
  // what it pools by session, and pools one version of the runs.
  const std::string session = NewSessionId();
  const std::string version = RunsVersion(experiment);
  fmt::print("session {}, version {} of the file's runs\n", session, version);
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
        output.save.labels.push_back(fmt::format("{}={}", kExperimentLabel, experiment.name));
        output.save.labels.push_back(fmt::format("{}={}", kRunIdLabel, p.run->id));
        output.save.labels.push_back(fmt::format("{}={}", kRunTitleLabel, p.run->title));
        // A quick run is a smoke test: experiment report must not mix it with full ones.
        output.save.labels.push_back(fmt::format("{}={}", kVariantLabel, VariantLabel(args.quick, args.full)));
        output.save.labels.push_back(fmt::format("replicate={}", replicate));
        output.save.labels.push_back(fmt::format("{}={}", kSessionLabel, session));
        output.save.labels.push_back(fmt::format("{}={}", kVersionLabel, version));
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
