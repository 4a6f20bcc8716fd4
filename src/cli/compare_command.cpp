// File: cli/compare_command.cpp
#include "cli/compare_command.h"

#include <iostream>

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "core/error.h"
#include "report/compare_report.h"
#include "sys/result_file.h"

namespace membench {

void AddCompareOptions(CLI::App& cmd, CompareArgs& args) {
  cmd.add_option("A", args.a, "the baseline result file (--json of a run)")->required();
  cmd.add_option("B", args.b, "the result file compared with it")->required();
  cmd.add_option("--ignore", args.ignore, "match measurements that differ only in this parameter (repeatable)")
      ->type_name("PARAM");
  cmd.add_option("--a", args.a_filter, "only A's measurements with PARAM=VALUE (repeatable)")->type_name("PARAM=VALUE");
  cmd.add_option("--b", args.b_filter, "only B's measurements with PARAM=VALUE (repeatable)")->type_name("PARAM=VALUE");
  cmd.add_option("--threshold", args.threshold, "smallest change in percent that counts as one (default 1)")
      ->type_name("PCT");
  cmd.add_option("--fail-on-regression", args.fail_on_regression,
                 "exit with status 3 when a rate got significantly slower by more than PCT percent")
      ->type_name("PCT");
  cmd.add_option("--json", args.json_path, "also write the comparison (schema membench-compare/1) to FILE")
      ->type_name("FILE");
}

int RunCompare(const CompareArgs& args) {
  CompareOptions options;
  options.ignore = args.ignore;
  options.a_filter = args.a_filter;
  options.b_filter = args.b_filter;
  options.threshold_pct = Percentage(args.threshold, "--threshold", false);
  const LoadedResult a = FiguresOf(LoadResult(args.a), args.a);
  const LoadedResult b = FiguresOf(LoadResult(args.b), args.b);
  const CompareResult result = CompareResults(a, b, options);
  WriteCompareText(result, a, b, options, std::cout);
  if (!args.json_path.empty()) {
    sys::WriteFileAtomically(args.json_path, CompareToJson(result, a, b, options).dump(2) + "\n");
  }
  if (!args.fail_on_regression.empty()) {
    const double limit = Percentage(args.fail_on_regression, "--fail-on-regression", false);
    const double worst = WorstRegressionPct(result);
    if (worst > limit) {
      std::cerr << "membench: regression: a rate is " << worst << "% slower (limit " << limit << "%)\n";
      return kRegressionStatus;
    }
  }
  return 0;
}

}  // namespace membench
