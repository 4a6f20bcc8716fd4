// File: cli/exec_command.cpp
#include "cli/exec_command.h"

#include <fmt/format.h>

#include <iostream>

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "core/error.h"
#include "core/measurement_stats.h"
#include "core/result.h"
#include "report/json_report.h"
#include "report/text_report.h"
#include "sys/clock.h"
#include "sys/command.h"
#include "sys/events.h"
#include "sys/perf_counters.h"
#include "sys/process.h"
#include "sys/system_info.h"

namespace membench {
namespace {

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// One run of the command under the counters; throws on a failure the user
// did not ask to ignore.
Sample RunOnce(const ExecArgs& args, const std::vector<EventEncoding>& events, int index,
               std::vector<EventStatus>& statuses) {
  sys::HeldCommand command(args.command, args.show_output);
  sys::CounterGroup counters(events, sys::CountTarget{command.pid()});
  const std::uint64_t tsc0 = sys::ReadTsc();
  const sys::CommandOutcome outcome = command.Run();
  const std::uint64_t tsc1 = sys::ReadTsc();
  if (!args.ignore_status && (!outcome.exited || outcome.exit_status != 0)) {
    throw Error(fmt::format("'{}' ended with {} in run {}; --ignore-status keeps going", Joined(args.command),
                            outcome.Describe(), index + 1));
  }
  statuses = counters.statuses();
  Sample s;
  s.wall_ns = outcome.wall_ns;
  s.tsc_ticks = tsc1 - tsc0;
  s.user_ns = outcome.cpu.user_ns;
  s.system_ns = outcome.cpu.system_ns;
  s.loops = 1;
  s.work = 1;
  s.counters = counters.Read();
  return s;
}

}  // namespace

void AddExecOptions(CLI::App& cmd, ExecArgs& args) {
  cmd.add_option("-r,--repeat", args.repetitions, "runs of the command (default 5)")->type_name("N");
  cmd.add_option("--warmup", args.warmup, "untimed runs first (default 0)")->type_name("N");
  cmd.add_option("-e,--events", args.events, "counters, as for run (default: default)")->type_name("EVENTS");
  cmd.add_option("--json", args.json_path, "write the result (schema membench-result/1) to FILE")->type_name("FILE");
  cmd.add_flag("--show-output", args.show_output, "let the command's output through (default: /dev/null)");
  cmd.add_flag("--ignore-status", args.ignore_status, "keep going when the command fails or is killed");
  cmd.add_option("command", args.command, "the command and its arguments, after --");
}

int RunExec(const ExecArgs& args, int argc, char** argv) {
  if (args.command.empty()) throw Error("membench exec: no command given (membench exec [-r N] -- COMMAND [ARGS...])");
  const int runs = PositiveInt(args.repetitions, "-r", 1);
  const int warmup = PositiveInt(args.warmup, "--warmup", 0);
  const std::vector<EventEncoding> events = sys::ResolveEventList(args.events);
  if (!args.json_path.empty()) CheckJsonPathWritable(args.json_path);
  RunResult result;
  result.system = sys::CollectSystemInfo();
  StampResult(result, argc, argv);
  Measurement m;
  m.workload = "exec";
  m.work_unit = "runs";
  m.rate_label = "runs";
  m.point.values = {{"command", ParamValue{Joined(args.command), 0, false}}};
  m.loops = 1;
  m.fresh_state_each_sample = true;
  m.warmup_samples = warmup;
  m.notes.push_back("counted from the command's execve on, its children included (enable_on_exec, inherit); its "
                    "output went to " +
                    std::string(args.show_output ? "the terminal" : "/dev/null"));
  sys::InstallInterruptFlag();
  std::vector<EventStatus> statuses;
  for (int i = 0; i < warmup && !sys::Interrupted(); ++i) RunOnce(args, events, i, statuses);
  for (int i = 0; i < runs && !sys::Interrupted(); ++i) m.samples.push_back(RunOnce(args, events, i, statuses));
  result.events = statuses;
  result.interrupted = sys::Interrupted();
  if (!m.samples.empty()) result.measurements.push_back(std::move(m));
  result.tsc_ghz = EstimateTscGhz(result.measurements);
  WriteTextReport(result, std::cout);
  std::cout.flush();
  SaveJson(result, args.json_path);
  return result.interrupted ? 130 : 0;
}

}  // namespace membench
