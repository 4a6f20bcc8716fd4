// File: report/mail_report.h
// Results laid out to be pasted under a patch on a mailing list: plain
// ASCII, lines wrapped at spaces to 80 columns (a single word longer than
// that, such as a long path, stays whole). A header with the command, the machine,
// the kernel and the settings that matter; for one run, a compact perf-stat
// block per point; for a comparison, the kernel test robot's layout (base,
// %stddev, %change, new, %stddev, metric) with a better/worse mark and a
// significance mark per row, each point's parameters as a '/'-joined key
// line and value line, and the conditions as footnotes.
#pragma once

#include <ostream>
#include <vector>

#include "core/result.h"
#include "report/compare_report.h"
#include "report/report_style.h"
#include "report/result_file.h"

namespace membench {

inline constexpr std::size_t kMailColumns = 80;

void WriteMailRun(const RunResult& result, std::ostream& out, const ReportStyle& style = {});

// `a_runs` and `b_runs`: the sides' results, for their machines.
void WriteMailCompare(const CompareResult& compared, const LoadedResult& a, const LoadedResult& b,
                      const std::vector<RunResult>& a_runs, const std::vector<RunResult>& b_runs,
                      const CompareOptions& options, std::ostream& out);

}  // namespace membench
