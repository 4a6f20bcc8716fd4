// File: report/csv_report.h
// Results as CSV (RFC 4180) for spreadsheets and pandas: one row per sample
// and one per measurement summary, told apart by the `row` column, with
// every parameter a column of its own and the units in the column names.
#pragma once

#include <ostream>
#include <vector>

#include "core/result.h"

namespace membench {

// One table for every result given (`result` numbers them from 1): their
// parameters and events are the union, blank where a result has none.
void WriteCsvReport(const std::vector<RunResult>& results, std::ostream& out);

}  // namespace membench
