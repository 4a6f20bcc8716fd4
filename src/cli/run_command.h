// File: cli/run_command.h
// `membench run WORKLOAD`, `membench run lmsummary` and `membench run
// matrix` (a node x node run of chase or read): one command per
// workload of the registry, with the workload's own parameters, the flags
// every run shares (-r, --precision, -e, --json, -o ...), and the
// workload's examples in its --help.
#pragma once

#include <string>
#include <vector>

#include "cli/command_table.h"

namespace membench {

// lmsummary and matrix first, then every workload of the registry.
std::vector<Command> RunCommands();

// Before parsing `membench run WORKLOAD ARGS`: an unknown workload, or an
// --option the workload does not take, is an error with the closest name.
// `run` is the run command as built; `first` indexes the word after run.
void CheckRunArguments(const CLI::App& run, int argc, char** argv, int first);

}  // namespace membench
