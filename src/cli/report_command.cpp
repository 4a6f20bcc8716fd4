// File: cli/report_command.cpp
#include "cli/report_command.h"

#include <iostream>
#include <sstream>

#include "cli/result_output.h"
#include "sys/result_file.h"
#include "sys/terminal.h"

namespace membench {

void AddReportOptions(CLI::App& cmd, ReportArgs& args) {
  cmd.add_option("FILE", args.files, "result files (--json of run, exec or lmsummary)")->required();
  cmd.add_option("--format", args.format, ReportFormatHelp() + " (default text)")
      ->check(CLI::IsMember(kReportFormats));
  cmd.add_option("-o,--output", args.output, "write to FILE instead of standard output")->type_name("FILE");
  cmd.add_flag("-v,--verbose", args.verbose, "perf stat's full block for every point, every counter and note");
  cmd.add_option("--unit", args.unit, "byte rates in GB/s (10^9 B/s, default) or GiB/s (2^30 B/s, perf bench's)")
      ->check(CLI::IsMember({"GB/s", "GiB/s"}));
  cmd.footer(
      "\nExamples:\n  membench report r.json\n  membench report base.json patched.json --format csv -o runs.csv\n  membench report r.json --format html -o r.html\n");
}

int RunReport(const ReportArgs& args) {
  // Every file is read before anything is written: a bad one is an error
  // on its own, not half a report.
  std::vector<RunResult> results;
  for (const std::string& path : args.files) results.push_back(LoadResult(path));
  if (!args.output.empty()) sys::CheckWritable(args.output, "-o");
  std::ostringstream text;
  ReportStyle style;
  style.verbose = args.verbose;
  style.byte_rate_unit = ParseByteRateUnit(args.unit);
  style.colour = args.output.empty() && sys::StdoutWantsColour();
  WriteReport(results, args.format, text, style);
  if (args.output.empty()) {
    std::cout << text.str();
  } else {
    sys::WriteFileAtomically(args.output, text.str());
    std::cerr << "membench: report written to " << args.output << "\n";
  }
  return 0;
}

}  // namespace membench
