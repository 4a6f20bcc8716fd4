// File: cli/app.cpp
#include "cli/app.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <map>

#include "cli/compare_command.h"
#include "cli/doctor_command.h"
#include "cli/exec_command.h"
#include "cli/experiment_command.h"
#include "cli/flag_values.h"
#include "cli/history_command.h"
#include "cli/list_command.h"
#include "cli/lmsummary_command.h"
#include "cli/machine_doctor.h"
#include "cli/report_command.h"
#include "cli/result_output.h"
#include "cli/restore_command.h"
#include "cli/workload_points.h"
#include "core/cpu_list.h"
#include "core/error.h"
#include "core/paired.h"
#include "core/suggest.h"
#include "engine/invocation.h"
#include "engine/registry.h"
#include "engine/workers.h"
#include "report/text_report.h"

#ifndef MEMBENCH_VERSION
#error "MEMBENCH_VERSION is set by CMakeLists.txt"
#endif

namespace membench {
namespace {

struct CommonRunFlags {
  std::string repetitions;  // "": 5, or the rounds the run's paired comparisons need
  std::string warmup = "1";
  std::string loops;
  std::string events = "default";
  std::string cpus;
  OutputRequest output;
  std::string procs;
  std::string threads;
  std::string remap;
  std::string pressure;
  std::string order = "interleaved";
  std::string precision;
  std::string min_runs;  // default: PrecisionGoal's pilot, at most --max-runs
  std::string max_runs = "100";
  std::string max_time = "60";
  std::string paired_by;
  std::string memory_traffic = "auto";
  std::string unit = "GB/s";
  bool force = false;
  bool quiet = false;
};

bool HasParam(const WorkloadInfo& info, const std::string& name) {
  return std::any_of(info.params.begin(), info.params.end(), [&](const ParamSpec& p) { return p.name == name; });
}

// A workload's own parameter wins over a common flag of the same name:
// clear's --order (the sample order is then --sample-order alone) and
// hackbench's --loops (its samples are one run each anyway).
void AddCommonRunFlags(CLI::App& cmd, CommonRunFlags& f, const WorkloadInfo& info) {
  const bool own_order = HasParam(info, "order");
  cmd.add_option("-r,--repeat", f.repetitions,
                 "timed samples per point (default 5, or as many rounds as the paired comparisons need for a verdict)")
      ->type_name("N");
  cmd.add_option("--warmup", f.warmup,
                 "untimed warm-up samples per point (default 1; up to 10 more while samples keep getting faster)")
      ->type_name("N");
  if (!HasParam(info, "loops")) {
    cmd.add_option("--loops", f.loops, "loops per sample (default: calibrated so a sample lasts >= 50 ms)")
        ->type_name("N");
  }
  cmd.add_option("-e,--events", f.events,
                 "counters: sets default (perf stat's), tlb, cache, branch, faults; perf names, libpfm4 names, "
                 "tracepoints subsys:name; {a,b} groups; modifiers :u :k :uk")
      ->type_name("EVENTS");
  cmd.add_option("--cpu", f.cpus, "pin to these CPUs, e.g. 0 or 0,2-3 (workers: round-robin)")->type_name("CPUS");
  cmd.add_option("--procs", f.procs,
                 "worker processes (fork), released together, each with its own memory; a list sweeps, e.g. 1,2,4")
      ->type_name("LIST");
  cmd.add_option(own_order ? "--sample-order" : "--order,--sample-order", f.order,
                 "interleaved (default: samples round-robin over the points) or sequential (each point's in a row)")
      ->check(CLI::IsMember({"interleaved", "sequential"}))
      ->type_name("ORDER");
  cmd.add_option("--precision", f.precision,
                 "instead of -r: sample until the 95% CI of the mean rate is within +-PCT, e.g. 0.5%")
      ->type_name("PCT");
  cmd.add_option("--min-runs", f.min_runs,
                 "with --precision: at least N samples, whose spread sets the CI's width (default 10)")
      ->type_name("N");
  cmd.add_option("--max-runs", f.max_runs, "with --precision: at most N samples (default 100)")->type_name("N");
  cmd.add_option("--max-time", f.max_time, "with --precision: at most S seconds of sampling per point (default 60)")
      ->type_name("S");
  cmd.add_option("--pressure", f.pressure,
                 "N background processes streaming through a buffer twice the last-level cache during the run")
      ->type_name("N");
  cmd.add_option("--memory-traffic", f.memory_traffic,
                 "count the bytes the memory controllers moved in each sample, machine-wide (uncore IMC or AMD UMC "
                 "counters; root): auto (default: where the machine has them), on (or fail), off")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->type_name("WHEN");
  cmd.add_option("--threads", f.threads, "worker threads, released together, each with its own memory; a list sweeps")
      ->type_name("LIST");
  cmd.add_option("--remap", f.remap,
                 "yes: fresh memory before every sample (untimed), so the interval includes where in physical memory "
                 "the buffers land; no,yes measures both")
      ->type_name("no|yes");
  cmd.add_option("--json", f.output.json_path, "write the full result (schema membench-result/1) to FILE")
      ->type_name("FILE");
  cmd.add_option("--format", f.output.format, "the report: " + ReportFormatHelp() + " (default text)")
      ->check(CLI::IsMember(kReportFormats));
  cmd.add_option("-o,--output", f.output.report_path, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  AddSaveFlags(cmd, f.output.save);
  cmd.add_flag("--force", f.force, "run sizes that do not fit in MemAvailable");
  cmd.add_flag("-v,--verbose", f.output.style.verbose,
               "perf stat's full block for every point, every counter and note (default: a line a point)");
  cmd.add_option("--unit", f.unit, "byte rates in GB/s (10^9 B/s, default) or GiB/s (2^30 B/s, perf bench's)")
      ->check(CLI::IsMember({"GB/s", "GiB/s"}));
  cmd.add_flag("-q,--quiet", f.quiet, "no progress line on stderr (there is none when stderr is not a terminal)");
  cmd.add_option("--paired-by", f.paired_by,
                 "the parameter the paired ratios compare along (default: the first choice parameter that varies), "
                 "e.g. --mode memcmp,stride --pages thp,4k --paired-by pages")
      ->type_name("PARAM");
}

std::string Examples(const std::vector<std::string>& lines) {
  std::string out = "\nExamples:\n";
  for (const auto& l : lines) out += "  " + l + "\n";
  return out;
}

// Rejects unknown --options of a workload with the closest known one,
// before CLI11's generic "argument was not expected".
void CheckOptionNames(const CLI::App& cmd, int argc, char** argv, int first) {
  std::vector<std::string> known;
  for (const CLI::Option* opt : cmd.get_options()) {
    for (const auto& name : opt->get_lnames()) known.push_back("--" + name);
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") break;
    if (arg.rfind("--", 0) != 0) continue;
    arg = arg.substr(0, arg.find('='));
    if (std::find(known.begin(), known.end(), arg) != known.end()) continue;
    const std::string guess = ClosestName(arg, known);
    throw Error("unknown parameter '" + arg + "' for " + cmd.get_name() +
                (guess.empty() ? "" : "; did you mean '" + guess + "'?") + " (see membench run " + cmd.get_name() +
                " --help)");
  }
}

constexpr int kDefaultRepetitions = 5;

RunOptions OptionsFrom(const CommonRunFlags& flags) {
  RunOptions options;
  SamplingPlan& plan = options.sampling;
  plan.repetitions = flags.repetitions.empty() ? kDefaultRepetitions : PositiveInt(flags.repetitions, "-r", 1);
  plan.warmup = PositiveInt(flags.warmup, "--warmup", 0);
  if (!flags.loops.empty()) plan.loops = static_cast<std::uint64_t>(PositiveInt(flags.loops, "--loops", 1));
  plan.order = flags.order == "sequential" ? SampleOrder::kSequential : SampleOrder::kInterleaved;
  if (!flags.precision.empty()) {
    PrecisionGoal goal;
    goal.target_pct = Percentage(flags.precision, "--precision", true);
    goal.max_runs = PositiveInt(flags.max_runs, "--max-runs", 2);
    goal.min_runs =
        flags.min_runs.empty() ? std::min(goal.min_runs, goal.max_runs) : PositiveInt(flags.min_runs, "--min-runs", 2);
    if (goal.max_runs < goal.min_runs) throw Error("--max-runs must not be below --min-runs");
    goal.max_seconds = PositiveInt(flags.max_time, "--max-time", 1);
    plan.precision = goal;
  }
  if (!flags.cpus.empty()) options.cpus = ParseCpuList(flags.cpus);
  if (!flags.pressure.empty()) options.pressure = PositiveInt(flags.pressure, "--pressure", 0);
  options.force = flags.force;
  options.quiet = flags.quiet;
  options.repetitions_given = !flags.repetitions.empty();
  options.paired_by = flags.paired_by;
  options.memory_traffic = flags.memory_traffic == "on"    ? MemoryTrafficMode::kOn
                           : flags.memory_traffic == "off" ? MemoryTrafficMode::kOff
                                                           : MemoryTrafficMode::kAuto;
  return options;
}

int RunSummary(const CommonRunFlags& flags, int argc, char** argv) {
  const RunOptions options = OptionsFrom(flags);
  CheckOutputs(flags.output);
  Invocation invocation(ResultKind::kLmSummary, argc, argv);
  invocation.UseEvents(flags.events);
  MeasureLmSummary(invocation, options);
  return ReportAndSave(invocation.Finish(), flags.output);
}

int Run(const WorkloadInfo& info, std::map<std::string, std::string> values, const CommonRunFlags& flags, int argc,
        char** argv) {
  const RunOptions options = OptionsFrom(flags);
  if (!flags.procs.empty()) values[kProcsParam] = flags.procs;
  if (!flags.threads.empty()) values[kThreadsParam] = flags.threads;
  if (!flags.remap.empty()) values[kRemapParam] = flags.remap;
  std::vector<std::string> notes;
  const std::vector<Point> points = WorkloadPoints(info, values, notes);
  if (!flags.paired_by.empty()) CheckPairedBy(points, flags.paired_by, info.UnitsOf(points));
  CheckOutputs(flags.output);
  Invocation invocation(ResultKind::kRun, argc, argv);
  for (const std::string& note : notes) invocation.Note(note);
  invocation.UseEvents(flags.events);
  invocation.Measure(info, points, options);
  RunResult result = invocation.Finish();
  result.paired_by = flags.paired_by;
  OutputRequest output = flags.output;
  output.style.byte_rate_unit = ParseByteRateUnit(flags.unit);
  return ReportAndSave(std::move(result), output);
}

}  // namespace

int RunCli(int argc, char** argv) {
  CLI::App app{"membench: a laboratory for Linux memory-system performance experiments"};
  app.set_version_flag("--version", std::string("membench ") + MEMBENCH_VERSION);
  app.require_subcommand(1);
  app.footer(Examples({"membench list impls", "membench run memcpy --size 64M --impl all",
                       "membench run memset --size 4K..1G:x4 --impl stosb,nt -r 10 --json r.json"}));

  std::string what = "workloads";
  CLI::App* list = app.add_subcommand("list", "what exists on this machine, and why something is unavailable");
  list->add_option("what", what, "workloads, impls or events")->check(CLI::IsMember({"workloads", "impls", "events"}));
  list->footer(Examples({"membench list workloads", "membench list impls", "membench list events"}));

  CompareArgs compare_args;
  CLI::App* compare =
      app.add_subcommand("compare", "compare two results (files, stored runs, @tags): verdict, p-values, CI of B/A");
  AddCompareOptions(*compare, compare_args);
  compare->footer(
      Examples({"membench compare before.json after.json", "membench compare @base @patched",
                "membench compare last~1 last", "membench compare a.json b.json --threshold 2 --fail-on-regression 5",
                "membench compare r.json r.json --ignore impl --a impl=libc --b impl=nt"}));

  bool doctor_noise = false;
  std::string doctor_runs = "10";
  bool doctor_json = false;
  CLI::App* doctor =
      app.add_subcommand("doctor", "check this machine for measuring: its settings, and with --noise its noise floor");
  doctor->add_flag("--json", doctor_json, "the check list as JSON (schema membench-doctor/1) on stdout");
  doctor->add_flag("--noise", doctor_noise,
                   "after the check list, a short real A/A: noise, drift, the smallest change -r N can detect, and "
                   "this machine's noise floor between invocations");
  doctor->add_option("-r,--repeat", doctor_runs, "samples per side (default 10)")->type_name("N");
  std::string doctor_invocations = "5";
  doctor
      ->add_option("--invocations", doctor_invocations,
                   "separate runs of each reference point for the noise floor (default 5)")
      ->type_name("N");
  SaveFlags doctor_save;
  AddSaveFlags(*doctor, doctor_save, "; the noise floors are recorded there too");
  doctor->footer(Examples({"membench doctor", "membench doctor --json", "membench doctor --noise",
                           "membench doctor --noise -r 20 --invocations 10",
                           "membench doctor --noise --store postgresql://bench@db/fleet"}));

  ExperimentArgs experiment_args;
  CLI::App* experiment = app.add_subcommand(
      "experiment", "run an experiment file: its runs, then a table of verdicts along each treatment");
  experiment->require_subcommand(1);
  CLI::App* experiment_run =
      experiment->add_subcommand("run", "run every run of FILE and print the experiment's table");
  experiment_run->add_option("file", experiment_args.file, "the experiment (TOML; see experiments/)")
      ->required()
      ->type_name("FILE");
  experiment_run->add_flag("--quick", experiment_args.quick,
                           "the file's quick variant: fewer samples and smaller sizes, for a smoke test");
  AddSaveFlags(*experiment_run, experiment_args.save, "; each run is labelled experiment=NAME and run=TITLE");
  ExperimentReportArgs experiment_report_args;
  CLI::App* experiment_report =
      experiment->add_subcommand("report", "compare FILE's runs saved under two tags (a kernel each), run by run");
  experiment_report->add_option("file", experiment_report_args.file, "the experiment (TOML)")
      ->required()
      ->type_name("FILE");
  experiment_report->add_option("--a", experiment_report_args.a_tag, "the baseline's tag (experiment run --tag)")
      ->required()
      ->type_name("TAG");
  experiment_report->add_option("--b", experiment_report_args.b_tag, "the other side's tag")
      ->required()
      ->type_name("TAG");
  AddStoreFlag(*experiment_report, experiment_report_args.store);
  experiment_report->footer(Examples(
      {"membench experiment run experiments/001-clear-huge-page.toml --tag base", "  (reboot into the patched kernel)",
       "membench experiment run experiments/001-clear-huge-page.toml --tag patched",
       "membench experiment report experiments/001-clear-huge-page.toml --a base --b patched"}));
  experiment_run->footer(Examples({"membench experiment run experiments/002-memcpy-prefault.toml",
                                   "membench experiment run experiments/000-huge-zero-page.toml --quick",
                                   "membench experiment run experiments/001-clear-huge-page.toml --tag patched"}));

  HistoryArgs history_args;
  CLI::App* history = app.add_subcommand("history", "runs kept in the store: list, show, export, import, rm");
  AddHistoryOptions(*history, history_args);
  history->footer(Examples({"membench history", "membench history --tag base --workload fault",
                            "membench history show 42", "membench history export 42 --json r.json",
                            "membench history import r.json", "membench history rm 42"}));

  ReportArgs report_args;
  CLI::App* report = app.add_subcommand("report", "render saved results (--json of a run) as text, mail, CSV or HTML");
  AddReportOptions(*report, report_args);

  bool restore_dry_run = false;
  CLI::App* restore =
      app.add_subcommand("restore", "put back what a killed membench left changed (settings, mounts, scratch files)");
  restore->add_flag("--dry-run", restore_dry_run, "print the commands that would put it back; change nothing");

  ExecArgs exec_args;
  CLI::App* exec = app.add_subcommand("exec", "perf stat -r for any program: repeated runs, counters, noise");
  AddExecOptions(*exec, exec_args);
  exec->footer(Examples({"membench exec -r 5 -- true", "membench exec -r 20 -- hackbench -g 50 -l 4000",
                         "membench exec -r 10 --json a.json -- make -j2"}));

  CLI::App* run = app.add_subcommand("run", "run a workload over its parameter matrix");
  run->require_subcommand(1);
  run->footer(Examples({"membench run memcpy --size 64M --impl all -r 5",
                        "membench run memset --size 1G --prefault none --pages 4k,thp",
                        "membench run memcpy --size 4K..1G:x4 --impl all --format html -o memcpy.html"}));

  CommonRunFlags flags;
  CLI::App* summary = run->add_subcommand(
      "lmsummary", "lmbench's summary rows (process, file & VM latencies, bandwidths), each with its noise");
  summary->add_option("-r,--repeat", flags.repetitions, "timed samples per figure (default 5)")->type_name("N");
  summary->add_option("--warmup", flags.warmup, "untimed warm-up samples per figure (default 1)")->type_name("N");
  summary->add_option("-e,--events", flags.events, "counters, as for every workload (default: default)")
      ->type_name("EVENTS");
  summary->add_option("--cpu", flags.cpus, "pin to these CPUs")->type_name("CPUS");
  summary->add_option("--json", flags.output.json_path, "write every measurement (schema membench-result/1) to FILE")
      ->type_name("FILE");
  summary->add_option("--format", flags.output.format, "the report: " + ReportFormatHelp() + " (default text)")
      ->check(CLI::IsMember(kReportFormats));
  summary->add_option("-o,--output", flags.output.report_path, "write the report to FILE instead of standard output")
      ->type_name("FILE");
  AddSaveFlags(*summary, flags.output.save);
  summary->footer(Examples({"membench run lmsummary", "membench run lmsummary -r 10 --json before.json"}));
  std::map<std::string, std::string> given;
  std::map<std::string, CLI::App*> workload_cmds;
  for (const auto& info : Workloads()) {
    CLI::App* cmd = run->add_subcommand(info.name, info.summary);
    for (const auto& p : info.params) {
      cmd->add_option("--" + p.name, given[info.name + "/" + p.name], p.help + " (default " + p.default_value + ")")
          ->type_name(p.kind == ParamKind::kChoice ? "NAMES" : (p.kind == ParamKind::kText ? "VALUE" : "LIST"));
    }
    AddCommonRunFlags(*cmd, flags, info);
    cmd->footer(Examples(info.examples) +
                "\nSizes take B, K/KB/KiB, M/MB/MiB, G/GB/GiB, T (all powers of 1024). Lists: a,b,c. Ranges:\n"
                "LO..HI (x2 steps), LO..HI:x4, LO..HI:+4K. Matrix: every combination of the lists.\n");
    workload_cmds[info.name] = cmd;
  }

  try {
    // Name errors first, with a suggestion, before CLI11's generic messages.
    if (argc >= 3 && std::string(argv[1]) == "run" && argv[2][0] != '-' && std::string(argv[2]) != "lmsummary") {
      const WorkloadInfo& info = FindWorkload(argv[2]);
      CheckOptionNames(*workload_cmds.at(info.name), argc, argv, 3);
    }
    app.parse(argc, argv);
    if (list->parsed()) {
      if (what == "impls")
        ListImpls(std::cout);
      else if (what == "events")
        ListEvents(std::cout);
      else
        ListWorkloads(std::cout);
      return 0;
    }
    if (restore->parsed()) return RunRestore(restore_dry_run);
    // Every command that measures first says what a killed membench left:
    // it changes what is measured.
    if (experiment_run->parsed() || exec->parsed() || doctor->parsed() || run->parsed()) {
      WarnAboutLeftoverChanges(std::cerr);
    }
    if (compare->parsed()) return RunCompare(compare_args);
    if (history->parsed()) return RunHistory(history_args);
    if (experiment_run->parsed()) return RunExperiment(experiment_args, argc, argv);
    if (experiment_report->parsed()) return ReportExperiment(experiment_report_args);
    if (report->parsed()) return RunReport(report_args);
    if (exec->parsed()) return RunExec(exec_args, argc, argv);
    if (doctor->parsed()) {
      if (doctor_json && doctor_noise) {
        throw Error("membench doctor: --json prints the check list only; run --noise without --json");
      }
      const int checked = RunMachineDoctor(doctor_json);
      if (!doctor_noise || checked != 0) return checked;
      return RunNoiseDoctor(PositiveInt(doctor_runs, "-r", 2), PositiveInt(doctor_invocations, "--invocations", 2),
                            doctor_save, argc, argv);
    }
    if (summary->parsed()) return RunSummary(flags, argc, argv);
    for (const auto& info : Workloads()) {
      if (!workload_cmds.at(info.name)->parsed()) continue;
      std::map<std::string, std::string> values;
      for (const auto& p : info.params) {
        const std::string& v = given[info.name + "/" + p.name];
        if (!v.empty()) values[p.name] = v;
      }
      return Run(info, values, flags, argc, argv);
    }
    return 2;
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const Error& e) {
    std::cerr << "membench: error: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace membench
