// File: report/compare_columns.h
// `compare A vs B vs C` (or `compare @base @p1 @p2`): several sides shown
// as columns against the first, as mmtests' compare-kernels shows a base
// kernel and several others. Each column is the base compared with that
// side as `compare BASE SIDE` would decide it (report/compare_report.h);
// this only lays the comparisons side by side.
#pragma once

#include <ostream>
#include <vector>

#include "report/compare_report.h"
#include "report/loaded_result.h"

namespace membench {

struct ComparedColumn {
  const LoadedResult* side;
  const CompareResult* result;  // the base against this side
};

// The rows compare A B would show without -v (with -v, all of them), each
// with the base's figure and, per column, the side's figure, its change
// and its verdict in a word.
void WriteCompareColumns(const LoadedResult& base, const std::vector<ComparedColumn>& columns, bool verbose,
                         std::ostream& out);

}  // namespace membench
