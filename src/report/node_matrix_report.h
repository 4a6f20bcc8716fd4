// File: report/node_matrix_report.h
// A run whose points sweep --cpunodebind and --membind (`run matrix`, or
// any run so asked) as MLC's matrices: rows the CPUs' node, columns the
// memory's node; ns a load for chase, the byte rate for byte workloads,
// the time a unit otherwise; each cell the mean of its point's samples,
// whose spread and verdicts the table above gives.
#pragma once

#include <ostream>
#include <vector>

#include "core/measurement_stats.h"
#include "core/result.h"
#include "report/report_style.h"

namespace membench {

// Nothing where the points do not vary over both nodes.
void WriteNodeMatrices(std::ostream& out, const RunResult& r, const std::vector<MeasurementStats>& stats,
                       ByteRateUnit bytes);

}  // namespace membench
