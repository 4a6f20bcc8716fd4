// File: report/text_report.h
// The text output: a header that says what the figures mean, one block per
// measurement in the layout of perf stat -r, then a summary table of the
// matrix. Plain ASCII, with the verdicts in colour where `colour` (a
// terminal that wants it).
#pragma once

#include <ostream>

#include "core/result.h"
#include "report/report_style.h"

namespace membench {

void WriteTextReport(const RunResult& result, std::ostream& out, const ReportStyle& style = {});

// A rate as the report prints it: "9.812 GB/s", "1.904 Kpages/s".
std::string RateText(const Measurement& m, double per_second);
std::string RateText(WorkUnit unit, double per_second);

// perf's precision for "avg +- sd seconds time elapsed": two significant
// digits of the standard error (tools/perf/util/stat-display.c).
int ElapsedPrecision(double sem_seconds);

// 1234567 -> "1,234,567"
std::string WithThousands(double value);

}  // namespace membench
