// File: report/verdict_colour.h
// Better and worse in colour where a person reads them on a terminal:
// green for a verdict that says better (or faster), red for worse (or
// slower), yellow for two invocations that differ, the rest as it is. The caller decides whether colour is wanted
// (a terminal, NO_COLOR unset); files and pipes get the plain words.
#pragma once

#include <string>

namespace membench {

std::string ColouredVerdict(const std::string& verdict, bool colour);

}  // namespace membench
