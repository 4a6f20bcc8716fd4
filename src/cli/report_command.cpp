// File: cli/report_command.cpp
#include "cli/report_command.h"

#include <iostream>
#include <sstream>

#include "cli/result_output.h"
#include "sys/atomic_file.h"
#include "sys/terminal.h"

namespace membench {

void AddReportOptions(CLI::App& cmd, ReportArgs& args) {
  cmd.add_option("FILE", args.files, "result files (--json of run, exec or lmsummary)")->required();
  AddReportFlags(cmd, args.format, args.output, args.style, ResultFormats());
}

int RunReport(const ReportArgs& args) {
  // Every file is read before anything is written: a bad one is an error
  // on its own, not half a report.
  std::vector<RunResult> results;
  for (const std::string& path : args.files) results.push_back(LoadResult(path));
  if (!args.output.empty()) sys::CheckWritable(args.output, "-o");
  std::ostringstream text;
  ReportStyle style = args.style;
  style.colour = args.output.empty() && sys::StdoutWantsColour();
  WriteReport(results, args.format, text, style);
  WriteReportText(text.str(), args.output);
  return 0;
}

}  // namespace membench
