// File: report/latency_report.h
// Single latencies (core/latency_histogram.h) in the text reports: one
// table for the points that timed them, p50, p90, p99 and p99.9 and the
// number of timings, under a line that says what one timing was and what
// the timer's own cost was; and the CDF the HTML report draws.
#pragma once

#include <ostream>
#include <string>

#include "core/result.h"
#include "report/html_charts.h"

namespace membench {

// Nothing where no point timed single latencies.
void WriteLatencyDistributions(std::ostream& out, const RunResult& r);

// The CDF of every point that timed single latencies (x: ns, y: the share
// of timings at or below); none where no point did.
std::optional<CurveChart> LatencyCdfChart(const RunResult& r, const std::string& id);

}  // namespace membench
