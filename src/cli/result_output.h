// File: cli/result_output.h
// Result files on disk: checking, before a run, that --json can be
// written; saving a result as JSON (atomically); loading one back into the
// result model (for report and compare).
#pragma once

#include <string>

#include "core/result.h"

namespace membench {

// Throws Error when path (non-empty) cannot be written.
void CheckJsonPath(const std::string& path);

// Writes the JSON to path (nothing when path is empty) and says so on stderr.
void SaveJson(const RunResult& result, const std::string& path);

// What every measuring command ends with: the text report on stdout, the
// JSON where asked; returns the exit status (130 when interrupted).
int ReportAndSave(const RunResult& result, const std::string& json_path);

// Throws Error when the file cannot be read or is not a membench result.
RunResult LoadResult(const std::string& path);

}  // namespace membench
