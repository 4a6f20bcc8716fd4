// File: core/result_encoder.h
// The result as JSON, schema "membench-result/1": every sample with every
// counter's difference (value, time enabled, time running, scaled), the
// matrix point, the page-size proof, the notes and the system metadata,
// with each measurement's statistics beside it for readers; any report can
// be rebuilt from it, and core/result_decoder.h loads it back into the same
// model. Files written before a field existed still load (it takes its
// default).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"

namespace membench {

inline constexpr const char* kResultSchema = "membench-result/1";

nlohmann::json ResultToJson(const RunResult& result);

// The names the file uses: "run", "exec", "lmsummary"; "us_per_op", ...
const char* ResultKindName(ResultKind kind);
const char* SummaryFigureName(SummaryFigure figure);

}  // namespace membench
