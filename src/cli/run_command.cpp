// File: cli/run_command.cpp
#include "cli/run_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

#include "cli/flag_values.h"
#include "cli/lmsummary_command.h"
#include "cli/result_output.h"
#include "cli/setting_flag.h"
#include "cli/workload_points.h"
#include "core/cpu_list.h"
#include "core/error.h"
#include "core/kernel_setting.h"
#include "core/node_matrix.h"
#include "core/paired.h"
#include "core/suggest.h"
#include "engine/invocation.h"
#include "engine/placement.h"
#include "engine/registry.h"
#include "engine/separate_invocations.h"
#include "engine/workers.h"

namespace membench {
namespace {

struct CommonRunFlags {
  std::string repetitions;  // "": kDefaultRepetitions, or the rounds the paired comparisons need
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
  std::string min_runs;  // "": PrecisionGoal's pilot, at most --max-runs
  std::string max_runs;  // "": kDefaultMaxRuns
  std::string max_time;  // "": kDefaultMaxSeconds
  std::string memory_traffic = "auto";
  std::string paired_by;
  std::vector<std::string> settings;  // --setting PATH=V1,V2, each
  std::string invocations;  // "": kDefaultInvocations, or 1 with --precision
  bool force = false;
  bool quiet = false;
  bool profile = false;
};

// A run is three separate processes by default, of two samples a point
// each: about the time five samples in one took (each process pays its own
// warm-up and calibration), with three draws of what a process gets.
constexpr int kDefaultInvocations = 3;
constexpr int kDefaultRepetitionsEach = 2;
// One invocation (--invocations 1, --precision) takes as many as one did.
constexpr int kDefaultRepetitions = 5;
constexpr int kDefaultMaxRuns = 100;
constexpr int kDefaultMaxSeconds = 60;

bool HasParam(const WorkloadInfo& info, const std::string& name) {
  return std::any_of(info.params.begin(), info.params.end(), [&](const ParamSpec& p) { return p.name == name; });
}

// An example of --paired-by in this workload's own parameters: two choice
// parameters of two values each, paired along pages or impl where the
// workload has them (their values share a work unit; zeropage's modes, say,
// do not). Words that stand for other values (default, all) would not show
// what is paired.
std::string PairedByExample(const WorkloadInfo& info) {
  std::vector<std::pair<std::string, std::string>> lists;  // name, "a,b"
  for (const ParamSpec& p : info.params) {
    if (p.kind != ParamKind::kChoice) continue;
    std::vector<std::string> values;
    for (const std::string& choice : p.choices) {
      if (choice != "default" && choice != "all" && values.size() < 2) values.push_back(choice);
    }
    if (values.size() == 2) lists.emplace_back(p.name, values[0] + "," + values[1]);
  }
  if (lists.size() < 2) return "";
  auto along = lists.begin();
  for (const char* preferred : {"impl", "pages"}) {
    const auto found = std::find_if(lists.begin(), lists.end(), [&](const auto& l) { return l.first == preferred; });
    if (found != lists.end()) along = found;
  }
  const auto other = along == lists.begin() ? lists.begin() + 1 : lists.begin();
  return fmt::format(", e.g. --{} {} --{} {} --paired-by {}", other->first, other->second, along->first, along->second,
                     along->first);
}

// What is counted and where it runs, for a workload's run and lmsummary
// alike; only a workload's run has workers to place round-robin.
void AddCountingFlags(CLI::App& cmd, CommonRunFlags& f, bool with_workers) {
  cmd.add_option(
         "-e,--events", f.events,
         "counters (default: the set default): sets default (perf stat's), tlb, cache, branch, faults; perf names, "
         "libpfm4 names, tracepoints subsys:name; {a,b} groups; modifiers :u :k :uk")
      ->type_name("EVENTS");
  cmd.add_option("--cpu", f.cpus,
                 std::string("pin to these CPUs, e.g. 0 or 0,2-3") + (with_workers ? " (workers: round-robin)" : ""))
      ->type_name("CPUS");
}

// Where the result goes.
void AddResultFlags(CLI::App& cmd, CommonRunFlags& f) {
  cmd.add_option("--json", f.output.json_path, "also write the full result (schema membench-result/1) to FILE")
      ->type_name("FILE");
  AddReportFlags(cmd, f.output.format, f.output.report_path, f.output.style, ResultFormats());
  AddSaveFlags(cmd, f.output.save);
}

// A workload's own parameter wins over a common flag of the same name:
// clear's --order (the sample order is then --sample-order alone) and
// hackbench's --loops (its samples are one run each anyway).
void AddCommonRunFlags(CLI::App& cmd, CommonRunFlags& f, const WorkloadInfo& info) {
  const bool own_order = HasParam(info, "order");
  cmd.add_option("--invocations", f.invocations,
                 fmt::format("measure in N separate processes, one after the other, each every point (default {}; "
                             "1 with --precision); compare takes each as a run",
                             kDefaultInvocations))
      ->type_name("N");
  cmd.add_option("-r,--repeat", f.repetitions,
                 fmt::format("timed samples per point in each invocation (default {}, {} with one invocation, or as "
                             "many rounds as the paired comparisons need for a verdict)",
                             kDefaultRepetitionsEach, kDefaultRepetitions))
      ->type_name("N");
  cmd.add_option("--warmup", f.warmup,
                 "untimed warm-up samples per point (default 1; up to 10 more while samples keep getting faster)")
      ->type_name("N");
  if (!HasParam(info, "loops")) {
    cmd.add_option("--loops", f.loops, "loops per sample (default: calibrated so a sample lasts >= 50 ms)")
        ->type_name("N");
  }
  AddCountingFlags(cmd, f, true);
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
  cmd.add_option("--max-runs", f.max_runs,
                 fmt::format("with --precision: at most N samples (default {})", kDefaultMaxRuns))
      ->type_name("N");
  cmd.add_option(
         "--max-time", f.max_time,
         fmt::format("with --precision: at most S seconds of sampling per point (default {})", kDefaultMaxSeconds))
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
                 "the buffers land; no,yes measures both (default no)")
      ->type_name("no|yes");
  AddResultFlags(cmd, f);
  cmd.add_flag("--profile", f.profile,
               "where the time went: sample cycles (cpu-clock without a PMU) and keep each symbol's self share");
  cmd.add_flag("--force", f.force, "run sizes that do not fit in MemAvailable");
  cmd.add_flag("-q,--quiet", f.quiet, "no progress line on stderr (there is none when stderr is not a terminal)");
  AddSettingFlag(cmd, f.settings);
  cmd.add_option("--paired-by", f.paired_by,
                 "the parameter the paired ratios compare along (default: the first choice parameter that varies)" +
                     PairedByExample(info))
      ->type_name("PARAM");
}

// default_invocations: kDefaultInvocations for a workload, 1 for what has
// no --invocations (lmsummary).
RunOptions OptionsFrom(const CommonRunFlags& flags, int default_invocations) {
  RunOptions options;
  SamplingPlan& plan = options.sampling;
  if (!flags.precision.empty() && !flags.repetitions.empty()) {
    throw Error(
        "-r and --precision both set how many samples: give -r N for a fixed number, or --precision PCT "
        "to sample until the CI is that narrow, not both");
  }
  if (flags.precision.empty()) {
    for (const auto& [value, flag] :
         {std::pair{&flags.min_runs, "--min-runs"}, std::pair{&flags.max_runs, "--max-runs"},
          std::pair{&flags.max_time, "--max-time"}}) {
      if (!value->empty()) {
        throw Error(std::string(flag) + " bounds a --precision run: add --precision PCT, or leave " + flag + " out");
      }
    }
  }
  if (!flags.precision.empty() && !flags.invocations.empty() && flags.invocations != "1") {
    throw Error(
        "--precision samples one invocation until its interval is that narrow, which several invocations cannot "
        "share: give --invocations N for runs compare can take as its unit, or --precision PCT, not both");
  }
  options.invocations = !flags.invocations.empty() ? PositiveInt(flags.invocations, "--invocations", 1)
                        : flags.precision.empty()  ? default_invocations
                                                   : 1;
  plan.repetitions = !flags.repetitions.empty() ? PositiveInt(flags.repetitions, "-r", 1)
                     : options.invocations > 1  ? kDefaultRepetitionsEach
                                                : kDefaultRepetitions;
  plan.warmup = PositiveInt(flags.warmup, "--warmup", 0);
  if (!flags.loops.empty()) plan.loops = static_cast<std::uint64_t>(PositiveInt(flags.loops, "--loops", 1));
  plan.order = flags.order == "sequential" ? SampleOrder::kSequential : SampleOrder::kInterleaved;
  if (!flags.precision.empty()) {
    PrecisionGoal goal;
    goal.target_pct = Percentage(flags.precision, "--precision", true);
    goal.max_runs = flags.max_runs.empty() ? kDefaultMaxRuns : PositiveInt(flags.max_runs, "--max-runs", 2);
    goal.min_runs =
        flags.min_runs.empty() ? std::min(goal.min_runs, goal.max_runs) : PositiveInt(flags.min_runs, "--min-runs", 2);
    if (goal.max_runs < goal.min_runs) throw Error("--max-runs must not be below --min-runs");
    goal.max_seconds = flags.max_time.empty() ? kDefaultMaxSeconds : PositiveInt(flags.max_time, "--max-time", 1);
    plan.precision = goal;
  }
  if (!flags.cpus.empty()) options.cpus = ParseCpuList(flags.cpus);
  if (!flags.pressure.empty()) options.pressure = PositiveInt(flags.pressure, "--pressure", 0);
  options.force = flags.force;
  options.profile = flags.profile;
  options.quiet = flags.quiet;
  options.repetitions_given = !flags.repetitions.empty();
  options.paired_by = CanonicalParamName(flags.paired_by);
  options.memory_traffic = flags.memory_traffic == "on"    ? MemoryTrafficMode::kOn
                           : flags.memory_traffic == "off" ? MemoryTrafficMode::kOff
                                                           : MemoryTrafficMode::kAuto;
  return options;
}

int RunSummary(const CommonRunFlags& flags, const CommandLine& line) {
  const RunOptions options = OptionsFrom(flags, 1);
  CheckOutputs(flags.output);
  Invocation invocation(ResultKind::kLmSummary, line.argc, line.argv);
  invocation.UseEvents(flags.events);
  MeasureLmSummary(invocation, options);
  return ReportAndSave(invocation.Finish(), flags.output);
}

int RunWorkload(const WorkloadInfo& info, std::map<std::string, std::string> values, const CommonRunFlags& flags,
                const CommandLine& line) {
  RunOptions options = OptionsFrom(flags, kDefaultInvocations);
  const std::optional<InvocationRole> role = ThisChildInvocation();
  if (role) {
    TieToParent(*role);
    options.invocations = role->count;
    options.sampling.calibrated_loops = role->calibrated_loops;
  }
  if (!flags.procs.empty()) values[kProcsParam] = flags.procs;
  if (!flags.threads.empty()) values[kThreadsParam] = flags.threads;
  if (!flags.remap.empty()) values[kRemapParam] = flags.remap;
  if (!flags.cpus.empty() && values.count(kCpuNodeBindParam) != 0 && !HasParam(info, kCpuNodeBindParam)) {
    throw Error("--cpunodebind runs the workers on a node's CPUs, --cpu on the CPUs named: give one of them");
  }
  for (const std::string& setting : flags.settings) {
    auto [name, list] = ParseSettingFlag(setting);
    if (values.count(name) != 0) throw Error("--setting " + name + " is given twice");
    values[name] = list;
  }
  std::vector<std::string> notes;
  const std::vector<Point> points = WorkloadPoints(info, values, notes);
  if (!options.paired_by.empty()) CheckPairedBy(points, options.paired_by, info.UnitsOf(points));
  if (!role) CheckOutputs(flags.output);
  if (!role && options.invocations > 1) {
    // A point that cannot run here is refused before the first child starts.
    CheckPointsFit(info, points, options);
    int status = 0;
    std::optional<RunResult> result = MeasureInInvocations(line.argc, line.argv, options.invocations, status);
    if (!result) return status;
    result->paired_by = options.paired_by;
    return std::max(status, ReportAndSave(std::move(*result), flags.output));
  }
  Invocation invocation(ResultKind::kRun, line.argc, line.argv);
  for (const std::string& note : notes) invocation.Note(note);
  invocation.UseEvents(flags.events);
  invocation.Measure(info, points, options);
  RunResult result = invocation.Finish();
  result.paired_by = options.paired_by;
  if (role) return HandBackResult(result, *role);
  return ReportAndSave(std::move(result), flags.output);
}

// A parameter's help with its default named once: where the registry's
// text names it already (zeropage's size depends on the machine), as it
// says it.
std::string ParamHelp(const ParamSpec& p) {
  if (p.default_value.empty() || p.help.find("(default") != std::string::npos) return p.help;
  return p.help + (p.default_value == "default" ? " (default: default)" : " (default " + p.default_value + ")");
}

Command LmSummaryCommand() {
  auto flags = std::make_shared<CommonRunFlags>();
  Command c;
  c.name = "lmsummary";
  c.summary = "lmbench's summary rows (process, file & VM latencies, bandwidths), each with its noise";
  c.examples = {"membench run lmsummary", "membench run lmsummary -r 10 --json before.json",
                "membench run lmsummary --format json -o lmsummary.json"};
  c.add_options = [flags](CLI::App& cmd) {
    CommonRunFlags& f = *flags;
    cmd.add_option("-r,--repeat", f.repetitions,
                   fmt::format("timed samples per figure (default {})", kDefaultRepetitions))
        ->type_name("N");
    cmd.add_option("--warmup", f.warmup, "untimed warm-up samples per figure (default 1)")->type_name("N");
    AddCountingFlags(cmd, f, false);
    AddResultFlags(cmd, f);
  };
  c.run = [flags](const CommandLine& line) { return RunSummary(*flags, line); };
  c.measures = true;
  return c;
}

// `run matrix`: a run of chase or read over every pair of CPU node and
// memory node (core/node_matrix.h), reported as any run is, with its
// matrix after the table.
Command MatrixCommand() {
  auto flags = std::make_shared<CommonRunFlags>();
  auto what = std::make_shared<std::string>("latency");
  auto size = std::make_shared<std::string>();
  Command c;
  c.name = "matrix";
  c.summary = "node x node latency or bandwidth matrix, as Intel MLC's --latency_matrix and --bandwidth_matrix";
  c.examples = {"membench run matrix", "membench run matrix --what bandwidth --json bw.json",
                "membench run matrix --what latency --size 1G -r 5"};
  c.add_options = [flags, what, size](CLI::App& cmd) {
    cmd.add_option("--what", *what,
                   "latency: chase's random loads in 256 MiB, ns a load; bandwidth: read of 1 GiB per thread by as "
                   "many threads as the smallest CPU node has CPUs, GB/s (default latency)")
        ->check(CLI::IsMember({"latency", "bandwidth"}))
        ->type_name("latency|bandwidth");
    cmd.add_option("--size", *size, "the buffer (default 256M for latency, 1G for bandwidth)")->type_name("SIZE");
    AddCommonRunFlags(cmd, *flags, FindWorkload("read"));
  };
  c.run = [flags, what, size](const CommandLine& line) {
    NodeMatrixPlan plan = PlanNodeMatrix(*what, MachineNodes());
    if (!size->empty()) plan.values["size"] = *size;
    return RunWorkload(FindWorkload(plan.workload), plan.values, *flags, line);
  };
  c.measures = true;
  return c;
}

Command WorkloadCommand(const WorkloadInfo& info) {
  auto flags = std::make_shared<CommonRunFlags>();
  auto given = std::make_shared<std::map<std::string, std::string>>();
  Command c;
  c.name = info.name;
  c.summary = info.summary;
  c.examples = info.examples;
  c.add_options = [flags, given, &info](CLI::App& cmd) {
    for (const ParamSpec& p : info.params) {
      cmd.add_option("--" + p.name, (*given)[p.name], ParamHelp(p))
          ->type_name(p.kind == ParamKind::kChoice ? "NAMES" : (p.kind == ParamKind::kText ? "VALUE" : "LIST"));
    }
    // NUMA placement, for every workload that does not place its own.
    for (const char* name : kPlacementParams) {
      if (info.own_workers || HasParam(info, name)) continue;
      const ParamSpec p = PlacementParam(name);
      cmd.add_option("--" + p.name, (*given)[p.name], ParamHelp(p))
          ->type_name(p.kind == ParamKind::kText ? "NODES" : "LIST");
    }
    AddCommonRunFlags(cmd, *flags, info);
  };
  c.footnote =
      "Sizes take B, K/KB/KiB, M/MB/MiB, G/GB/GiB, T (all powers of 1024). Lists: a,b,c. Ranges:\n"
      "LO..HI (x2 steps), LO..HI:x4, LO..HI:+4K. Matrix: every combination of the lists.";
  c.run = [flags, given, &info](const CommandLine& line) {
    std::map<std::string, std::string> values;
    for (const auto& [name, value] : *given) {
      if (!value.empty()) values[name] = value;
    }
    return RunWorkload(info, values, *flags, line);
  };
  c.measures = true;
  return c;
}

}  // namespace

std::vector<Command> RunCommands() {
  std::vector<Command> commands = {LmSummaryCommand(), MatrixCommand()};
  for (const WorkloadInfo& info : Workloads()) commands.push_back(WorkloadCommand(info));
  return commands;
}

void CheckRunArguments(const CLI::App& run, int argc, char** argv, int first) {
  if (first >= argc || argv[first][0] == '-') return;
  if (std::string(argv[first]) == "lmsummary" || std::string(argv[first]) == "matrix") return;
  const WorkloadInfo& info = FindWorkload(argv[first]);
  const CLI::App* cmd = run.get_subcommand(info.name);
  std::vector<std::string> known;
  for (const CLI::Option* opt : cmd->get_options()) {
    for (const auto& name : opt->get_lnames()) known.push_back("--" + name);
  }
  for (int i = first + 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") break;
    if (arg.rfind("--", 0) != 0) continue;
    arg = arg.substr(0, arg.find('='));
    if (std::find(known.begin(), known.end(), arg) != known.end()) continue;
    const std::string guess = ClosestName(arg, known);
    throw Error("unknown parameter '" + arg + "' for " + info.name +
                (guess.empty() ? "" : "; did you mean '" + guess + "'?") + " (see membench run " + info.name +
                " --help)");
  }
}

}  // namespace membench
