// File: report/verdict_colour.h
// Better and worse in colour where a person reads them on a terminal:
// green for a finding of better, red for worse, yellow for two invocations
// that differ, the rest as it is. The colour follows the verdict's finding,
// not its words. The caller decides whether colour is wanted (a terminal,
// NO_COLOR unset); files and pipes get the plain words.
#pragma once

#include <string>

#include "core/hypothesis.h"

namespace membench {

std::string ColouredVerdict(const std::string& words, Finding finding, bool colour);

}  // namespace membench
