// File: cli/exec_command.h
// `membench exec [-r N] [-e EVENTS] -- COMMAND [ARGS...]`: perf stat -r for
// any program, with membench's noise figures, result model, JSON and
// compare. Counters follow the program and its children from its execve
// (enable_on_exec, inherit), so membench's own work is never counted.
// With --setting, the command runs once per value of a kernel setting, the
// values alternating run by run, as run --setting does for a workload.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/result_output.h"

namespace membench {

struct ExecArgs {
  std::string repetitions = "5";
  std::string warmup = "0";
  std::string events = "default";
  OutputRequest output;
  bool show_output = false;
  bool ignore_status = false;
  bool profile = false;  // --profile
  std::vector<std::string> settings;  // --setting PATH=V1,V2, each: a point per value
  std::optional<std::pair<std::string, std::string>> rate_from;  // REGEX UNIT
  std::optional<std::pair<std::string, std::string>> time_from;  // REGEX UNIT
  std::vector<std::string> command;
};

void AddExecOptions(CLI::App& cmd, ExecArgs& args);

// argc/argv: membench's own, for the result's command line.
int RunExec(const ExecArgs& args, int argc, char** argv);

}  // namespace membench
