// File: core/result_decoder.h
// A result file (schema membench-result/1) loaded back into the result
// model, so `membench report FILE` renders what the run printed and compare
// reads what the run measured. Anything that is not such a file - not JSON,
// no schema, another schema, a missing or mistyped field, a number that is
// not finite - is an Error naming the file and the field. Fields that older
// files lack take their defaults.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

// `text` is the file's contents; `origin` names it in errors.
RunResult ParseResult(const std::string& text, const std::string& origin);

// A file of one result, or of several (a JSON array of them, as `report
// --format json` writes for several runs).
std::vector<RunResult> ParseResults(const std::string& text, const std::string& origin);

}  // namespace membench
