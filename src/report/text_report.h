// File: report/text_report.h
// The text output. Brief by default (report/brief_report.h: a line a
// point, the run's notes once at its end, at most 100 columns); verbose
// (style.verbose, -v): a header that says what the figures mean, one block
// per measurement in the layout of perf stat -r, then a summary table of the
// matrix and the paired ratios, the notes every point shares once at the
// end. Plain ASCII, with the verdicts in colour where `colour` (a terminal
// that wants it).
#pragma once

#include <ostream>

#include "core/result.h"
#include "report/rate_text.h"
#include "report/report_style.h"

namespace membench {

void WriteTextReport(const RunResult& result, std::ostream& out, const ReportStyle& style = {});

// perf's precision for "avg +- sd seconds time elapsed": two significant
// digits of the standard error (tools/perf/util/stat-display.c).
int ElapsedPrecision(double sem_seconds);

// 1234567 -> "1,234,567"
std::string WithThousands(double value);

// A count per sample: whole counts with thousands separators, a mean of
// small counts with four significant digits (0.4444 faults, not 0).
std::string CountText(double count);

}  // namespace membench
