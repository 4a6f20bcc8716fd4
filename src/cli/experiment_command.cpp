// File: cli/experiment_command.cpp
#include "cli/experiment_command.h"

#include <fmt/format.h>

#include <array>
#include <iostream>
#include <set>

#include "cli/compare_command.h"
#include "cli/experiment_file.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/workload_points.h"
#include "core/cpu_list.h"
#include "core/error.h"
#include "core/hypothesis.h"
#include "core/paired.h"
#include "engine/invocation.h"
#include "engine/registry.h"
#include "sys/limits.h"

namespace membench {
namespace {

// A run made ready before anything is measured: a bad run is found first.
struct PreparedRun {
  const ExperimentRun* run = nullptr;
  const WorkloadInfo* info = nullptr;
  std::vector<Point> points;
  std::vector<std::string> notes;
  RunOptions options;
};

struct TableRow {
  std::string run;
  std::string comparison;
  std::string conditions;
  std::string ratio;
  std::string interval;
  std::string verdict;
};

std::vector<double> Rates(const Measurement& m) {
  std::vector<double> out;
  for (const Sample& s : m.samples) {
    if (const auto rate = RatePerSecond(s)) out.push_back(*rate);
  }
  return out;
}

// One row per pair along the treatment: paired ratios where the rounds
// were interleaved, else the unpaired comparison of the two points' rates.
std::vector<TableRow> RowsOf(const std::string& title, const RunResult& result) {
  std::vector<TableRow> rows;
  std::vector<Point> points;
  for (const Measurement& m : result.measurements) points.push_back(m.point);
  const std::vector<std::string> varying_list = VaryingParams(points);
  const std::set<std::string> varying(varying_list.begin(), varying_list.end());
  for (const PairedRatio& p : PairedRatios(result.measurements, result.paired_by)) {
    const Measurement& a = result.measurements[p.a];
    const Measurement& b = result.measurements[p.b];
    TableRow row;
    row.run = title;
    row.comparison = fmt::format("{}={} / {}", p.param, b.point.at(p.param).text, a.point.at(p.param).text);
    // The conditions that tell this row from the run's others; the rest
    // is the same in every row and the run's title says it.
    for (const auto& [name, value] : a.point.values) {
      if (name != p.param && varying.count(name) != 0) {
        row.conditions += (row.conditions.empty() ? "" : " ") + name + "=" + value.text;
      }
    }
    if (row.conditions.empty()) row.conditions = "-";
    if (result.interleaved) {
      row.ratio = p.rounds == 0 ? "n/a" : fmt::format("{:.3f}", p.median_ratio);
      row.interval = p.ci ? fmt::format("{:.3f}..{:.3f} ({:.1f}%)", p.ci->low, p.ci->high, p.confidence_pct) : "n/a";
      row.verdict = p.verdict + " (paired rounds)";
    } else {
      const Comparison c = Compare(Rates(a), Rates(b), Better::kHigher, 1.0);
      row.ratio = c.a.mean > 0 ? fmt::format("{:.3f}", c.b.mean / c.a.mean) : "n/a";
      row.interval = c.ratio_ci95 ? fmt::format("{:.3f}..{:.3f} (95%)", c.ratio_ci95->low, c.ratio_ci95->high) : "n/a";
      row.verdict = c.verdict + " (unpaired: measured one after another)";
    }
    rows.push_back(row);
  }
  return rows;
}

void PrintTable(const Experiment& experiment, const std::vector<TableRow>& rows,
                const std::array<const char*, 5>& headers = {"run", "comparison", "conditions", "B/A", "interval"}) {
  fmt::print("\n# {}: {}\n", experiment.name, experiment.question);
  if (rows.empty()) {
    fmt::print("no comparisons: no run varied a treatment\n");
    return;
  }
  std::size_t widths[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < 5; ++i) widths[i] = std::string(headers[i]).size();
  for (const TableRow& r : rows) {
    const std::string* cells[5] = {&r.run, &r.comparison, &r.conditions, &r.ratio, &r.interval};
    for (int i = 0; i < 5; ++i) widths[i] = std::max(widths[i], cells[i]->size());
  }
  fmt::print("{:<{}}  {:<{}}  {:<{}}  {:>{}}  {:<{}}  {}\n", headers[0], widths[0], headers[1], widths[1], headers[2],
             widths[2], headers[3], widths[3], headers[4], widths[4], "verdict");
  for (const TableRow& r : rows) {
    fmt::print("{:<{}}  {:<{}}  {:<{}}  {:>{}}  {:<{}}  {}\n", r.run, widths[0], r.comparison, widths[1], r.conditions,
               widths[2], r.ratio, widths[3], r.interval, widths[4], r.verdict);
  }
}

// The runs of `tag` that `experiment run` saved for this run of the file.
SelectedRuns RunsOf(ResultSelector& selector, const std::string& tag, const Experiment& experiment,
                    const ExperimentRun& run) {
  SelectedRuns all = selector.Select("@" + tag);
  SelectedRuns out;
  out.name = fmt::format("@{} \"{}\"", tag, run.title);
  for (RunResult& r : all.results) {
    const auto name = r.labels.find("experiment");
    const auto title = r.labels.find("run");
    const auto variant = r.labels.find("variant");
    if (name != r.labels.end() && name->second == experiment.name && title != r.labels.end() &&
        title->second == run.title && (variant == r.labels.end() || variant->second == "full")) {
      out.results.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace

int ReportExperiment(const ExperimentReportArgs& args) {
  const Experiment experiment = LoadExperiment(args.file);
  ResultSelector selector(args.store);
  fmt::print("membench experiment {}: {}\nA = @{}, B = @{}\n", experiment.name, experiment.question, args.a_tag,
             args.b_tag);
  std::vector<TableRow> rows;
  for (const ExperimentRun& run : experiment.runs) {
    fmt::print("\n## {}\n", run.title);
    const SelectedRuns a = RunsOf(selector, args.a_tag, experiment, run);
    const SelectedRuns b = RunsOf(selector, args.b_tag, experiment, run);
    if (a.results.empty() || b.results.empty()) {
      fmt::print("not saved under @{}: membench experiment run {} --tag {}\n",
                 a.results.empty() ? args.a_tag : args.b_tag, args.file, a.results.empty() ? args.a_tag : args.b_tag);
      continue;
    }
    std::fflush(stdout);
    const ComparedSides compared = CompareSides(a, b, CompareOptions{}, args.store, std::cout);
    std::cout.flush();
    for (const FigureRow& figure : compared.result.rows) {
      if (!figure.is_rate) continue;
      const Comparison& c = figure.comparison;
      TableRow row;
      row.run = run.title;
      row.comparison = fmt::format("{} vs {}", a.results.size(), b.results.size());
      row.conditions = figure.point;
      row.ratio = c.a.mean > 0 ? fmt::format("{:.3f}", c.b.mean / c.a.mean) : "n/a";
      row.interval = c.ratio_ci95 ? fmt::format("{:.3f}..{:.3f} (95%)", c.ratio_ci95->low, c.ratio_ci95->high) : "n/a";
      row.verdict = c.verdict;
      rows.push_back(row);
    }
  }
  if (rows.empty()) {
    throw Error(fmt::format("no run of {} was saved under both @{} and @{}", args.file, args.a_tag, args.b_tag));
  }
  PrintTable(experiment, rows, {"run", "runs A vs B", "point", "B/A", "interval"});
  return 0;
}

int RunExperiment(const ExperimentArgs& args, int argc, char** argv) {
  const Experiment experiment = LoadExperiment(args.file);
  const int cpus = sys::AllowedCpuCount();
  std::vector<PreparedRun> prepared;
  for (const ExperimentRun& run : experiment.runs) {
    PreparedRun p;
    p.run = &run;
    p.info = &FindWorkload(run.workload);
    try {
      p.points = WorkloadPoints(*p.info, ParamsForMachine(run, args.quick, cpus, p.notes), p.notes);
      if (!run.treatment.empty()) CheckPairedBy(p.points, run.treatment);
      p.options.sampling.repetitions = args.quick ? run.quick_repeat : run.repeat;
      if (!run.cpus.empty()) p.options.cpus = ParseCpuList(run.cpus);
      CheckPointsFit(*p.info, p.points, p.options);
    } catch (const Error& e) {
      throw Error(fmt::format("{}:{}: run \"{}\": {}", experiment.path, run.line, run.title, e.what()));
    }
    prepared.push_back(std::move(p));
  }
  fmt::print("membench experiment {}{}: {}\n{} run{}{}\n", experiment.name,
             experiment.seed.empty() ? "" : " (seed " + experiment.seed + ")", experiment.question, prepared.size(),
             prepared.size() == 1 ? "" : "s", args.quick ? ", quick variant (fewer samples, smaller sizes)" : "");
  std::vector<TableRow> rows;
  int status = 0;
  for (std::size_t i = 0; i < prepared.size(); ++i) {
    const PreparedRun& p = prepared[i];
    OutputRequest output;
    output.save = args.save;
    if (args.save.wanted()) {
      output.save.labels.push_back("experiment=" + experiment.name);
      output.save.labels.push_back("run=" + p.run->title);
      // A quick run is a smoke test: experiment report must not mix it with full ones.
      output.save.labels.push_back(std::string("variant=") + (args.quick ? "quick" : "full"));
    }
    CheckOutputs(output);
    fmt::print("\n## run {} of {}: {}\n", i + 1, prepared.size(), p.run->title);
    std::fflush(stdout);
    Invocation invocation(ResultKind::kRun, argc, argv);
    for (const std::string& note : p.notes) invocation.Note(note);
    invocation.UseEvents(p.run->events);
    invocation.Measure(*p.info, p.points, p.options);
    const bool interrupted = invocation.Interrupted();
    RunResult result = invocation.Finish();
    result.paired_by = p.run->treatment;
    const std::vector<TableRow> run_rows = RowsOf(p.run->title, result);
    rows.insert(rows.end(), run_rows.begin(), run_rows.end());
    status = std::max(status, ReportAndSave(std::move(result), output));
    if (interrupted) break;
  }
  PrintTable(experiment, rows);
  return status;
}

}  // namespace membench
