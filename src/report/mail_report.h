// File: report/mail_report.h
// Results laid out to be pasted under a patch on a mailing list: plain
// ASCII, lines wrapped at spaces to 80 columns (a single word longer than
// that, such as a long path, stays whole), the summary first. A header
// with the command and the machine; for one run, the paired ratios
// (core/paired.h), then a line per point (rate, its standard error, the
// page proof in a word, faults and cycles), the counters the machine
// cannot count named once; for a comparison, the figures that changed
// significantly, then each point's rate in the kernel test robot's
// columns (base, %stddev, %change, mark, new, %stddev) with the conditions
// as footnotes. ReportStyle::verbose (-v) adds every figure of each point:
// perf stat's block for a run, the robot's table of every figure (time,
// counters, those zero on both sides too) for a comparison. Byte rates in
// ReportStyle::byte_rate_unit (GB/s or GiB/s, labelled).
#pragma once

#include <ostream>
#include <vector>

#include "core/result.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"
#include "report/report_style.h"

namespace membench {

inline constexpr std::size_t kMailColumns = 80;

void WriteMailRun(const RunResult& result, std::ostream& out, const ReportStyle& style = {});

// `a_runs` and `b_runs`: the sides' results, for their machines. The
// verbosity is options.style's; the byte-rate unit is the one
// CompareResults scaled the rates to.
void WriteMailCompare(const CompareResult& compared, const LoadedResult& a, const LoadedResult& b,
                      const std::vector<RunResult>& a_runs, const std::vector<RunResult>& b_runs,
                      const CompareOptions& options, std::ostream& out);

}  // namespace membench
