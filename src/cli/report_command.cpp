// File: cli/report_command.cpp
#include "cli/report_command.h"

#include <iostream>

#include "cli/result_output.h"
#include "report/text_report.h"

namespace membench {

void AddReportOptions(CLI::App& cmd, ReportArgs& args) {
  cmd.add_option("FILE", args.files, "result files (--json of run, exec or lmsummary)")->required();
}

int RunReport(const ReportArgs& args) {
  // Every file is read before anything is printed: a bad one is an error
  // on its own, not half a report.
  std::vector<RunResult> results;
  for (const std::string& path : args.files) results.push_back(LoadResult(path));
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (i > 0) std::cout << "\n";
    WriteTextReport(results[i], std::cout);
  }
  return 0;
}

}  // namespace membench
