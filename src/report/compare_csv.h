// File: report/compare_csv.h
// A comparison as CSV (RFC 4180), one row a figure compared (every row,
// the ones zero on both sides included, as the JSON keeps them): the point
// as compare shows it, the figure, each side's n, mean and standard
// deviation, the change, both tests' p-values, the 95% CI of B/A and the
// verdict. A figure a test did not run for is blank, never 0.
#pragma once

#include <ostream>

#include "report/compare_report.h"

namespace membench {

void WriteCompareCsv(const CompareResult& compared, std::ostream& out);

}  // namespace membench
