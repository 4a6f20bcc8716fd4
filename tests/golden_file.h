// File: tests/golden_file.h
// Golden-file checks of the report formats: a layout change must be
// deliberate.
#pragma once

#include <string>

namespace membench {

// Compares `text` with tests/golden/NAME byte for byte;
// MEMBENCH_UPDATE_GOLDEN=1 rewrites the file after a deliberate change.
void ExpectGolden(const std::string& text, const std::string& name);

}  // namespace membench
