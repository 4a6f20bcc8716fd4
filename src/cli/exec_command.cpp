// File: cli/exec_command.cpp
#include "cli/exec_command.h"

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "cli/setting_flag.h"
#include "core/error.h"
#include "engine/invocation.h"

namespace membench {

void AddExecOptions(CLI::App& cmd, ExecArgs& args) {
  cmd.add_option("-r,--repeat", args.repetitions, "runs of the command (default 5)")->type_name("N");
  cmd.add_option("--warmup", args.warmup, "untimed runs first (default 0)")->type_name("N");
  cmd.add_option("-e,--events", args.events, "counters, as for run (default: the set default)")->type_name("EVENTS");
  cmd.add_option("--json", args.output.json_path, "also write the result (schema membench-result/1) to FILE")
      ->type_name("FILE");
  AddReportFlags(cmd, args.output.format, args.output.report_path, args.output.style, ResultFormats());
  cmd.add_flag("--show-output", args.show_output, "let the command's output through (default: /dev/null)");
  cmd.add_option("--rate-from", args.rate_from,
                 "the rate is the one the program prints, the first group of REGEX (one match a run), in UNIT: "
                 "GB/s (GB/sec), MB/s, GiB/s, ..., or runs/s, messages/s, ...; the process time is kept beside it")
      ->type_name("REGEX UNIT");
  cmd.add_option("--time-from", args.time_from,
                 "the time of a run is the one the program prints, the first group of REGEX (one match a run), in "
                 "UNIT: ns, us, ms or s; the process time is kept beside it")
      ->type_name("REGEX UNIT");
  cmd.add_flag("--ignore-status", args.ignore_status, "keep going when the command fails or is killed");
  cmd.add_flag("--profile", args.profile,
               "where the time went: sample cycles (cpu-clock without a PMU) and keep each symbol's self share");
  AddSaveFlags(cmd, args.output.save);
  AddSettingFlag(cmd, args.settings);
  cmd.add_option("command", args.command, "the command and its arguments, after --");
}

namespace {

std::optional<ProgramFigure> ProgramFigureOf(const ExecArgs& args) {
  if (args.rate_from && args.time_from) {
    throw Error("--rate-from and --time-from each say what a run's figure is: give one of them");
  }
  if (args.rate_from) return ParseProgramFigure(FigureKind::kRate, args.rate_from->first, args.rate_from->second);
  if (args.time_from) return ParseProgramFigure(FigureKind::kTime, args.time_from->first, args.time_from->second);
  return std::nullopt;
}

}  // namespace

int RunExec(const ExecArgs& args, int argc, char** argv) {
  if (args.command.empty()) throw Error("membench exec: no command given (membench exec [-r N] -- COMMAND [ARGS...])");
  RunOptions options;
  options.sampling.repetitions = PositiveInt(args.repetitions, "-r", 1);
  options.sampling.warmup = PositiveInt(args.warmup, "--warmup", 0);
  options.profile = args.profile;
  CheckOutputs(args.output);
  CommandRequest request{args.command, args.show_output, args.ignore_status, ProgramFigureOf(args)};
  Invocation invocation(ResultKind::kExec, argc, argv);
  invocation.UseEvents(args.events);
  invocation.MeasureCommand(request, options, SettingPoints(args.settings));
  return ReportAndSave(invocation.Finish(), args.output);
}

}  // namespace membench
