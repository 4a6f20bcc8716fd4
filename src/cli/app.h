// File: cli/app.h
// membench's command line: list, run, and their --help with examples.
#pragma once

namespace membench {

// Returns the process exit status: 0 success, 1 runtime failure, 2 bad
// input, 130 interrupted (what was measured is still reported).
int RunCli(int argc, char** argv);

}  // namespace membench
