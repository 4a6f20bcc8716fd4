// File: cli/report_command.h
// `membench report FILE...`: a saved result rendered as the run that made
// it printed it (the result model round-trips through its JSON file).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace membench {

struct ReportArgs {
  std::vector<std::string> files;
};

void AddReportOptions(CLI::App& cmd, ReportArgs& args);

int RunReport(const ReportArgs& args);

}  // namespace membench
