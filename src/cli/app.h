// File: cli/app.h
// membench's command line, built from the command table
// (cli/command_table.h): parsing, usage errors, and what runs.
#pragma once

#include <string>
#include <vector>

namespace membench {

// Returns the process exit status: 0 success, 1 runtime failure, 2 bad
// input (one line on stderr), 130 interrupted (what was measured is still
// reported).
int RunCli(int argc, char** argv);

// `membench help TOPIC...`: exactly what `membench TOPIC... --help` prints.
int PrintHelp(const std::vector<std::string>& topic);

}  // namespace membench
