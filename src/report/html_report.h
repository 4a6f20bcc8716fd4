// File: report/html_report.h
// One self-contained HTML file (no network, no script, no external font:
// inline SVG and CSS) that opens offline in any browser. For a run: rate
// against size per series with its 95% CI band and the cache sizes marked
// (latency per load for chase, with its steps), or each point's rate with
// its CI where no size varies; the paired ratios of an interleaved run as a
// forest plot; every sample as a strip per point; the page proofs and
// notes beside the charts; the figures, the events and the machine in
// tables. For a comparison: a forest plot of B/A per rate, and the table.
#pragma once

#include <ostream>
#include <vector>

#include "core/result.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"
#include "report/report_style.h"

namespace membench {

// Byte rates in `bytes` (--unit: GB/s or GiB/s).
void WriteHtmlRuns(const std::vector<RunResult>& results, std::ostream& out, ByteRateUnit bytes = ByteRateUnit::kGBps);

void WriteHtmlCompare(const CompareResult& compared, const LoadedResult& a, const LoadedResult& b,
                      const std::vector<MetadataDifference>& differences, const CompareOptions& options,
                      std::ostream& out);

}  // namespace membench
