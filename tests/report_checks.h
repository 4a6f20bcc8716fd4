// File: tests/report_checks.h
// Checks of rendered reports: golden files (a layout change must be
// deliberate) and counts of what a page holds.
#pragma once

#include <string>

#include "core/result.h"

namespace membench {

// Compares `text` with tests/golden/NAME byte for byte;
// MEMBENCH_UPDATE_GOLDEN=1 rewrites the file after a deliberate change, and
// fails instead where the file already holds `text` or the test has failed
// for another reason.
void ExpectGolden(const std::string& text, const std::string& name);

// How often `what` occurs in `text`, without overlaps.
std::size_t CountOf(const std::string& text, const std::string& what);

// An event of a synthetic result: counted in user and kernel mode where
// supported, else not, for `reason`.
EventStatus SyntheticEvent(const char* name, bool supported, const char* reason = "");

}  // namespace membench
