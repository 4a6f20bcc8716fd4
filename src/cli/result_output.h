// File: cli/result_output.h
// What every command that measures does with its RunResult: stamp it with
// the tool version, the command line and the start time, and save it as
// JSON where asked.
#pragma once

#include <string>

#include "core/result.h"

namespace membench {

void StampResult(RunResult& result, int argc, char** argv);

// Writes the JSON to path (nothing when path is empty) and says so on stderr.
void SaveJson(const RunResult& result, const std::string& path);

}  // namespace membench
