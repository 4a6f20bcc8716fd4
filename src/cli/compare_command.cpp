// File: cli/compare_command.cpp
#include "cli/compare_command.h"

#include <iostream>

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/store_flags.h"
#include "core/error.h"
#include "report/compare_report.h"
#include "report/metadata_diff.h"
#include "sys/result_file.h"

namespace membench {

void AddCompareOptions(CLI::App& cmd, CompareArgs& args) {
  cmd.add_option("A", args.a, "the baseline: a result file, a stored run's id, @TAG (every run with it), last, last~N")
      ->required();
  cmd.add_option("B", args.b, "what is compared with it, named the same ways")->required();
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
  AddStoreFlag(cmd, args.store);
}

int RunCompare(const CompareArgs& args) {
  CompareOptions options;
  options.ignore = args.ignore;
  options.a_filter = args.a_filter;
  options.b_filter = args.b_filter;
  options.threshold_pct = Percentage(args.threshold, "--threshold", false);
  ResultSelector selector(args.store);
  const SelectedRuns runs_a = selector.Select(args.a);
  const SelectedRuns runs_b = selector.Select(args.b);
  const LoadedResult a = FiguresOf(runs_a.results, runs_a.name);
  const LoadedResult b = FiguresOf(runs_b.results, runs_b.name);
  const CompareResult result = CompareResults(a, b, options);
  const auto differences = DifferingMetadata(runs_a.results, runs_b.results);
  WriteCompareText(result, a, b, options, differences, std::cout);
  if (!args.json_path.empty()) {
    nlohmann::json json = CompareToJson(result, a, b, options);
    json["metadata_differences"] = MetadataDifferencesToJson(differences);
    sys::WriteFileAtomically(args.json_path, json.dump(2) + "\n");
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
