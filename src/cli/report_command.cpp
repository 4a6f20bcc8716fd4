// File: cli/report_command.cpp
#include "cli/report_command.h"

#include "cli/result_output.h"
#include "engine/os.h"

namespace membench {

void AddReportOptions(CLI::App& cmd, ReportArgs& args) {
  cmd.add_option("FILE", args.files, "result files (--json of run, exec or lmsummary)")->required();
  AddReportFlags(cmd, args.format, args.output, args.style, ResultFormats());
}

int RunReport(const ReportArgs& args) {
  // Every file is read before anything is written: a bad one is an error
  // on its own, not half a report.
  std::vector<RunResult> results;
  for (const std::string& path : args.files) {
    for (RunResult& result : os::LoadResults(path)) results.push_back(std::move(result));
  }
  if (!args.output.empty()) os::CheckWritable(args.output, "-o");
  PrintResults(results, args.format, args.style, args.output);
  return 0;
}

}  // namespace membench
