// File: cli/report_command.h
// `membench report FILE... [--format text|json|mail|csv|html] [-o OUT]`: saved results
// rendered as the runs that made them printed them (the result model
// round-trips through its JSON file), for mail, as one CSV table, or as
// one HTML page with charts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "report/report_style.h"

namespace membench {

struct ReportArgs {
  std::vector<std::string> files;
  std::string format = "text";
  std::string output;  // "": standard output
  ReportStyle style;   // -v, --unit
};

void AddReportOptions(CLI::App& cmd, ReportArgs& args);

int RunReport(const ReportArgs& args);

}  // namespace membench
