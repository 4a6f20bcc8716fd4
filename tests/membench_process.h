// File: tests/membench_process.h
// Runs the real membench binary for the end-to-end tests.
#pragma once

#include <string>

namespace membench {

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

// Runs a shell command line, stderr with stdout.
Outcome RunCommand(const std::string& command);

// Runs `prefix membench args`; a prefix runs it as another user, say.
Outcome Membench(const std::string& args, const std::string& prefix = "");

// Whether THP is enabled for MADV_HUGEPAGE regions at all.
bool ThpAvailable();

}  // namespace membench
