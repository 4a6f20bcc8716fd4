// File: report/json_report.h
// The result as JSON, schema "membench-result/1": every sample with every
// counter's raw value, enabled and running time, the matrix point, the
// page-size proof, and the system metadata; any report can be rebuilt from
// it. Written to a temporary file and renamed, so a failed or interrupted
// run never leaves half a file behind.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"

namespace membench {

inline constexpr const char* kResultSchema = "membench-result/1";

nlohmann::json ResultToJson(const RunResult& result);

// Checks, before anything runs, that `path` can be written: creates and
// removes a temporary file beside it. Throws Error saying why not.
void CheckJsonPathWritable(const std::string& path);

void WriteJsonFile(const RunResult& result, const std::string& path);

}  // namespace membench
