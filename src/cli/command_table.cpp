// File: cli/command_table.cpp
// The table itself. Each entry binds its options to values of its own (a
// shared_ptr the entry's two functions hold), so an entry reads as one
// unit: what it is called, what it is for, how it is used, what it takes.
#include "cli/command_table.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/app.h"
#include "cli/compare_command.h"
#include "cli/doctor_command.h"
#include "cli/exec_command.h"
#include "cli/experiment_command.h"
#include "cli/experiment_list.h"
#include "cli/experiment_plan.h"
#include "cli/history_command.h"
#include "cli/list_command.h"
#include "cli/report_command.h"
#include "cli/result_output.h"
#include "cli/run_command.h"
#include "engine/event_list.h"
#include "engine/leftover_changes.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

// What `membench` alone suggests: a check, a first measurement, and where
// to look next.
struct FirstCommand {
  std::string command;
  std::string why;
};
const std::vector<FirstCommand> kFirstCommands = {
    {"membench doctor", "is this machine fit to measure on?"},
    {"membench run memcpy --size 64M", "a first measurement: every memcpy this CPU has"},
    {"membench list workloads", "what else membench measures"},
};

Command Entry(std::string name, std::string summary, std::vector<std::string> examples) {
  Command c;
  c.name = std::move(name);
  c.summary = std::move(summary);
  c.examples = std::move(examples);
  return c;
}

int PrintFirstCommands() {
  fmt::print(
      "membench: a laboratory for Linux memory-system performance experiments\n\nThree commands to try "
      "first:\n");
  for (const FirstCommand& first : kFirstCommands) fmt::print("  {:<34}{}\n", first.command, first.why);
  fmt::print("\nmembench --help lists every command; membench help COMMAND explains one.\n");
  return 0;
}

Command CommandList() {
  auto what = std::make_shared<std::string>("workloads");
  Command c = Entry("list", "what exists on this machine, and why something is unavailable",
                    {"membench list workloads", "membench list impls", "membench list events"});
  c.add_options = [what](CLI::App& cmd) {
    cmd.add_option("what", *what, "workloads (the default), impls or events")
        ->check(CLI::IsMember({"workloads", "impls", "events"}));
  };
  c.run = [what](const CommandLine&) {
    if (*what == "impls") {
      PrintImplTable(std::cout);
    } else if (*what == "events") {
      PrintEventList(std::cout);
    } else {
      ListWorkloads(std::cout);
    }
    return 0;
  };
  return c;
}

Command CommandRun() {
  Command c = Entry(
      "run", "run a workload over its parameter matrix",
      {"membench run memcpy --size 64M --impl all -r 5", "membench run memset --size 1G --prefault none --pages 4k,thp",
       "membench run memcpy --size 4K..1G:x4 --impl all --format html -o memcpy.html"});
  c.subcommands = RunCommands();
  return c;
}

Command CommandReport() {
  auto args = std::make_shared<ReportArgs>();
  Command c = Entry("report", "render saved results (--json of a run) as text, JSON, mail, CSV or HTML",
                    {"membench report r.json", "membench report r.json -v --unit GiB/s",
                     "membench report base.json patched.json --format csv -o runs.csv",
                     "membench report r.json --format html -o r.html"});
  c.add_options = [args](CLI::App& cmd) { AddReportOptions(cmd, *args); };
  c.run = [args](const CommandLine&) { return RunReport(*args); };
  return c;
}

Command CommandCompare() {
  auto args = std::make_shared<CompareArgs>();
  Command c =
      Entry("compare", "compare two results (files, stored runs, @tags): verdict, p-values, CI of B/A",
            {"membench compare before.json after.json", "membench compare @base @patched",
             "membench compare last~1 last", "membench compare a.json b.json --threshold 2 --fail-on-regression 5",
             "membench compare r.json r.json --ignore impl --a impl=libc --b impl=nt",
             "membench compare a.json b.json --format json -o ab.json"});
  c.add_options = [args](CLI::App& cmd) { AddCompareOptions(cmd, *args); };
  c.run = [args](const CommandLine&) { return RunCompare(*args); };
  return c;
}

Command CommandHistory() {
  // One set of values for history and its subcommands (history_command.h).
  auto args = std::make_shared<HistoryArgs>();
  Command c =
      Entry("history", "runs kept in the store: list, level shifts (--changes), show, export, import, rm",
            {"membench history", "membench history --tag base --workload fault", "membench history show 42",
             "membench history --changes --workload memcpy --tag nightly", "membench history export 42 --json r.json"});
  c.add_options = [args](CLI::App& cmd) { AddHistoryListOptions(cmd, *args); };
  c.run = [args](const CommandLine&) { return args->changes ? ListChanges(*args) : ListHistory(*args); };
  Command show = Entry("show", "the report of stored runs, as they printed it, or in another format",
                       {"membench history show 42", "membench history show last -v",
                        "membench history show @base --format csv -o base.csv"});
  show.add_options = [args](CLI::App& cmd) { AddHistoryShowOptions(cmd, *args); };
  show.run = [args](const CommandLine&) { return ShowHistory(*args); };
  Command export_run =
      Entry("export", "write a stored run as a result file (membench-result/1)",
            {"membench history export 42 --json r.json", "membench history export last --json last.json"});
  export_run.add_options = [args](CLI::App& cmd) { AddHistoryExportOptions(cmd, *args); };
  export_run.run = [args](const CommandLine&) { return ExportHistory(*args); };
  Command import_files =
      Entry("import", "save result files into the store (identical ones once)",
            {"membench history import r.json", "membench history import *.json --store postgresql://bench@db/fleet"});
  import_files.add_options = [args](CLI::App& cmd) { AddHistoryImportOptions(cmd, *args); };
  import_files.run = [args](const CommandLine&) { return ImportHistory(*args); };
  Command remove = Entry("rm", "remove stored runs", {"membench history rm 42", "membench history rm 41 42 last"});
  remove.add_options = [args](CLI::App& cmd) { AddHistoryRemoveOptions(cmd, *args); };
  remove.run = [args](const CommandLine&) { return RemoveHistory(*args); };
  c.subcommands = {show, export_run, import_files, remove};
  return c;
}

Command CommandExec() {
  auto args = std::make_shared<ExecArgs>();
  Command c = Entry("exec", "perf stat -r for any program: repeated runs, counters, noise",
                    {"membench exec -r 5 -- true", "membench exec -r 20 -- hackbench -g 50 -l 4000",
                     "membench exec -r 10 --json a.json -- make -j2"});
  c.measures = true;
  c.add_options = [args](CLI::App& cmd) { AddExecOptions(cmd, *args); };
  c.run = [args](const CommandLine& line) { return RunExec(*args, line.argc, line.argv); };
  return c;
}

Command CommandExperiment() {
  Command c = Entry("experiment", "run an experiment file: its runs, then a table of verdicts along each treatment",
                    {"membench experiment list", "membench experiment run experiments/002-memcpy-prefault.toml --quick",
                     "membench experiment report experiments/001-clear-huge-page.toml --a base --b patched"});
  auto run_args = std::make_shared<ExperimentArgs>();
  Command run = Entry("run", "run every run of FILE and print the experiment's table",
                      {"membench experiment run experiments/002-memcpy-prefault.toml",
                       "membench experiment run experiments/000-huge-zero-page.toml --quick",
                       "membench experiment run experiments/001-clear-huge-page.toml --tag patched",
                       "membench experiment run experiments/002-memcpy-prefault.toml --format json -o runs.json"});
  run.measures = true;
  run.add_options = [run_args](CLI::App& cmd) {
    ExperimentArgs& args = *run_args;
    cmd.add_option("file", args.file, "the experiment (TOML; membench experiment list names the shipped ones)")
        ->required()
        ->type_name("FILE");
    cmd.add_flag("--quick", args.quick, "the file's quick variant: fewer samples and smaller sizes, for a smoke test");
    cmd.add_flag("--full", args.full,
                 "the thread's own scale: counts (groups, procs) not scaled down to this machine's CPUs, however long "
                 "that takes");
    AddReportFlags(cmd, args.format, args.output, args.style, ResultFormats());
    AddSaveFlags(cmd, args.save,
                 "; each run is labelled experiment=NAME, run_id=ID, run=TITLE, session=ID and "
                 "experiment_version=HASH");
  };
  run.run = [run_args](const CommandLine& line) { return RunExperiment(*run_args, line.argc, line.argv); };
  auto report_args = std::make_shared<ExperimentReportArgs>();
  Command report = Entry(
      "report", "compare FILE's runs saved under two tags (a kernel each), run by run",
      {"membench experiment run experiments/001-clear-huge-page.toml --tag base", "  (reboot into the patched kernel)",
       "membench experiment run experiments/001-clear-huge-page.toml --tag patched",
       "membench experiment report experiments/001-clear-huge-page.toml --a base --b patched"});
  report.add_options = [report_args](CLI::App& cmd) {
    ExperimentReportArgs& args = *report_args;
    cmd.add_option("file", args.file, "the experiment (TOML)")->required()->type_name("FILE");
    cmd.add_option("--a", args.a_tag, "the baseline's tag (experiment run --tag)")->required()->type_name("TAG");
    cmd.add_option("--b", args.b_tag, "the other side's tag")->required()->type_name("TAG");
    cmd.add_flag("--full", args.full, "compare the runs saved by experiment run --full (the thread's own scale)");
    cmd.add_option("--session", args.sessions,
                   "only the results of this experiment run (its session, as it printed; repeatable: one a tag)")
        ->type_name("ID");
    cmd.add_option("--since", args.since, "only results started at TIME (UTC) or later: 2026-12-07, 2026-12-07T14:30")
        ->type_name("TIME");
    cmd.add_flag("--mixed-versions", args.mixed_versions,
                 "pool results measured by different versions of the file's runs (refused otherwise)");
    AddStoreFlag(cmd, args.store);
  };
  report.run = [report_args](const CommandLine&) { return ReportExperiment(*report_args); };
  auto plan_args = std::make_shared<ExperimentPlanArgs>();
  Command plan = Entry(
      "plan", "the runs a boot and boots a kernel that find each run's effect, and what they cost, before any reboot",
      {"membench experiment plan experiments/001-clear-huge-page.toml --measure-minutes 2",
       "membench experiment plan FILE --effect 3 --within-cv 1.3 --between-cv 0.5"});
  plan.measures = true;
  plan.add_options = [plan_args](CLI::App& cmd) {
    ExperimentPlanArgs& args = *plan_args;
    cmd.add_option("file", args.file, "the experiment (TOML)")->required()->type_name("FILE");
    cmd.add_option("--effect", args.effect, "the change each run looks for, in percent (default: its effect_pct)")
        ->type_name("PCT");
    cmd.add_option("--threshold", args.threshold, "compare's smallest change called (default 1)")->type_name("PCT");
    cmd.add_option("--within-cv", args.within_cv, "the run-to-run CV within a boot, where known")->type_name("PCT");
    cmd.add_option("--between-cv", args.between_cv, "the CV of a boot's level between boots, where known")
        ->type_name("PCT");
    cmd.add_option("--measure-minutes", args.measure_minutes,
                   "measure each run's within-boot noise now, for M minutes a run (three runs at least)")
        ->type_name("M");
    cmd.add_option("--boot-minutes", args.boot_minutes, "a reboot, to the first run (default 3)")->type_name("M");
    cmd.add_option("--run-minutes", args.run_minutes, "one run's time, where not measured or saved")->type_name("M");
    cmd.add_flag("--full", args.full, "plan the runs at the thread's own scale (experiment run --full)");
    AddStoreFlag(cmd, args.store);
  };
  plan.run = [plan_args](const CommandLine& line) { return PlanExperiment(*plan_args, line.argc, line.argv); };
  Command list = Entry("list", "the shipped experiments: each one's question and how long a full run takes",
                       {"membench experiment list"});
  list.run = [](const CommandLine&) { return ListExperiments(); };
  c.subcommands = {list, run, report, plan};
  return c;
}

Command CommandDoctor() {
  auto args = std::make_shared<DoctorArgs>();
  Command c = Entry("doctor", "check this machine for measuring: its settings, and with --noise its noise floor",
                    {"membench doctor", "membench doctor --json", "membench doctor --noise",
                     "membench doctor --noise -r 20 --invocations 10",
                     "membench doctor --noise --store postgresql://bench@db/fleet", "membench doctor --self-test"});
  c.measures = true;
  c.add_options = [args](CLI::App& cmd) { AddDoctorOptions(cmd, *args); };
  c.run = [args](const CommandLine& line) { return RunDoctor(*args, line.argc, line.argv); };
  return c;
}

Command CommandRestore() {
  auto dry_run = std::make_shared<bool>(false);
  Command c = Entry("restore", "put back what a killed membench left changed (settings, mounts, scratch files)",
                    {"membench restore --dry-run", "sudo membench restore"});
  c.add_options = [dry_run](CLI::App& cmd) {
    cmd.add_flag("--dry-run", *dry_run, "print the commands that would put it back; change nothing");
  };
  c.run = [dry_run](const CommandLine&) { return RunRestore(*dry_run); };
  return c;
}

Command CommandHelp() {
  auto topic = std::make_shared<std::vector<std::string>>();
  Command c = Entry("help", "the help of a command, as COMMAND --help prints it",
                    {"membench help compare", "membench help run memcpy", "membench help history show"});
  c.add_options = [topic](CLI::App& cmd) {
    cmd.add_option("TOPIC", *topic, "a command, or run WORKLOAD (default: membench's own help)");
  };
  c.run = [topic](const CommandLine&) { return PrintHelp(*topic); };
  return c;
}

}  // namespace

Command MembenchCommand() {
  Command c = Entry("membench", "membench: a laboratory for Linux memory-system performance experiments", {});
  c.subcommands = {CommandRun(),  CommandList(),       CommandReport(), CommandCompare(), CommandHistory(),
                   CommandExec(), CommandExperiment(), CommandDoctor(), CommandRestore(), CommandHelp()};
  for (const FirstCommand& first : kFirstCommands) c.examples.push_back(first.command);
  c.run = [](const CommandLine&) { return PrintFirstCommands(); };
  return c;
}

}  // namespace membench
