// File: cli/compare_command.cpp
#include "cli/compare_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/flag_values.h"
#include "cli/noise_floor_book.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/store_flags.h"
#include "core/error.h"
#include "core/noise_floor.h"
#include "engine/os.h"
#include "report/compare_columns.h"
#include "report/compare_csv.h"
#include "report/compare_report.h"
#include "report/html_report.h"
#include "report/mail_report.h"
#include "report/metadata_diff.h"

namespace membench {

void AddCompareOptions(CLI::App& cmd, CompareArgs& args) {
  cmd.add_option("RESULTS", args.results,
                 "A B, or A1 A2 ... vs B1 B2 ...: result files, stored runs' ids, @TAG (every run with it), last, "
                 "last~N; three sides or more (A B C, A1 A2 vs B1 vs C1 C2) are columns against the first")
      ->required();
  cmd.add_option("--ignore", args.ignore, "match measurements that differ only in this parameter (repeatable)")
      ->type_name("PARAM");
  cmd.add_option("--a", args.a_filter, "only A's measurements with PARAM=VALUE (repeatable)")->type_name("PARAM=VALUE");
  cmd.add_option("--b", args.b_filter, "only B's measurements with PARAM=VALUE (repeatable)")->type_name("PARAM=VALUE");
  cmd.add_option("--threshold", args.threshold,
                 "smallest change in percent that counts as one (default 1, or this machine's noise floor with one "
                 "run a side)")
      ->type_name("PCT");
  cmd.add_option("--fail-on-regression", args.fail_on_regression,
                 "exit with status 3 when a rate got significantly slower by more than PCT percent")
      ->type_name("PCT");
  cmd.add_option("--target", args.target,
                 "the change in percent to plan for: where a verdict is not a change, say how many invocations a "
                 "side would find one this large (default: the change seen)")
      ->type_name("PCT");
  cmd.add_flag("--bisect", args.bisect,
               "exit as git bisect run reads it: 0 no regression, 1 a rate slower beyond the threshold, 125 "
               "inconclusive (the commit is skipped), 128 an error (the bisection stops)");
  cmd.add_option("--json", args.json_path, "also write the comparison (schema membench-compare/1) to FILE")
      ->type_name("FILE");
  AddReportFlags(cmd, args.format, args.output, args.style,
                 {{"text", "verdicts as a table"},
                  {"json", "every figure compared, schema membench-compare/1"},
                  {"mail", "plain ASCII in 80 columns, the kernel test robot's layout, to paste under a patch"},
                  {"csv", "one row per figure compared, RFC 4180"},
                  {"html", "one self-contained page with a forest plot of B/A"}});
  cmd.add_flag("--wide", args.wide,
               "every column on one line a figure, the p-value and the CI of B/A included (wider than 100 columns)");
  AddStoreFlag(cmd, args.store);
}

namespace {

// "A B C": a side each; else the names between the lone "vs"s.
std::vector<std::vector<std::string>> SplitSides(const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> sides;
  if (std::find(names.begin(), names.end(), "vs") == names.end()) {
    if (names.size() < 2) {
      throw Error("compare takes two results (A B) or more (A B C: columns against A), or several a side separated "
                  "by a lone vs: A1 A2 vs B1 B2");
    }
    for (const std::string& name : names) sides.push_back({name});
    return sides;
  }
  sides.emplace_back();
  for (const std::string& name : names) {
    if (name == "vs") {
      sides.emplace_back();
    } else {
      sides.back().push_back(name);
    }
  }
  if (std::any_of(sides.begin(), sides.end(), [](const auto& side) { return side.empty(); })) {
    throw Error("compare: give results on both sides of every vs: A1 A2 vs B1 B2 (vs C1 C2)");
  }
  return sides;
}

SelectedRuns SelectSide(ResultSelector& selector, const std::vector<std::string>& names) {
  SelectedRuns side;
  for (const auto& name : names) {
    SelectedRuns one = selector.Select(name);
    side.name += (side.name.empty() ? "" : " ") + one.name;
    for (auto& r : one.results) side.results.push_back(std::move(r));
  }
  return side;
}

// The floors recorded for side A's host, for a comparison with one run,
// or one result of several runs, on a side.
void UseNoiseFloors(const SelectedRuns& a, bool one_result_a_side, const std::string& store_flag,
                    CompareOptions& options) {
  if (a.results.empty()) return;
  const std::string& host = a.results.front().system.hostname;
  const FoundFloors found = FindNoiseFloors(host, store_flag);
  std::string unread;
  for (const auto& why : found.unreadable) unread += "; not read: " + why;
  if (found.by_kind.empty()) {
    std::string places;
    for (const auto& place : found.looked_in) places += (places.empty() ? "" : " or ") + place;
    options.floor_note = "no noise floor recorded for host " + host + " in " + places +
                         " (membench doctor --noise records one)" + unread;
    if (one_result_a_side) {
      options.floor_note += fmt::format("; until then one result a side calls no change under {:.1f}%",
                                        FloorOfRunCv(kAssumedRunCvPct));
    }
    return;
  }
  std::map<std::string, std::string> kinds_by_source;
  for (const auto& [kind, found_floor] : found.by_kind) {
    const NoiseFloor& floor = found_floor.floor;
    options.floor_pct[kind] = floor.floor_pct;
    std::string& list = kinds_by_source[found_floor.source];
    list += fmt::format("{}{} {:.1f}% ({})", list.empty() ? "" : ", ", kind, floor.floor_pct, floor.measured_at);
  }
  std::string sources;
  for (const auto& [source, list] : kinds_by_source) {
    sources += fmt::format("{}{} in {}", sources.empty() ? "" : "; ", list, source);
  }
  options.floor_note = (options.threshold_given ? "--threshold given, in place of this machine's noise floor (which "
                                                 "lets one run a side give a verdict): "
                                               : "this machine's noise floor, the smallest change one run or one "
                                                 "result a side can call (membench doctor --noise; --threshold "
                                                 "overrides): ") +
                       sources + unread;
}

// Two sides compared as compare does, printing nothing.
ComparedSides DecideSides(const SelectedRuns& runs_a, const SelectedRuns& runs_b, CompareOptions options,
                          const std::string& store_flag) {
  ComparedSides sides{FiguresOf(runs_a.results, runs_a.name), FiguresOf(runs_b.results, runs_b.name), {}, {}};
  if (BootsAreTheUnit(sides.a, sides.b)) {
    sides.a = PooledByBoot(sides.a);
    sides.b = PooledByBoot(sides.b);
  } else if (OneBootASideApart(sides.a, sides.b) && sides.a.results > 1 && sides.b.results > 1) {
    options.drift_unseen_side = "one boot, measured apart from the other side's";
    options.drift_remedy = "alternate boots of the two kernels, A B A B, a few runs each; then the boot is the unit";
  }
  // Several runs a side: their own spread decides, and no floor is looked
  // up, unless a side is one result, whose runs cannot show the drift
  // between results.
  if (!RunsDecide(sides.a, sides.b) || DriftUnseen(sides.a, sides.b)) {
    UseNoiseFloors(runs_a, DriftUnseen(sides.a, sides.b), store_flag, options);
  }
  if (DriftUnseen(sides.a, sides.b)) options.assumed_floor_pct = FloorOfRunCv(kAssumedRunCvPct);
  sides.options = std::move(options);
  sides.result = CompareResults(sides.a, sides.b, sides.options);
  return sides;
}

}  // namespace

ComparedSides CompareSides(const SelectedRuns& runs_a, const SelectedRuns& runs_b, CompareOptions options,
                           const std::string& store_flag, std::ostream& out) {
  ComparedSides sides = DecideSides(runs_a, runs_b, std::move(options), store_flag);
  if (sides.options.html) {
    WriteHtmlCompare(sides.result, sides.a, sides.b, DifferingMetadata(runs_a.results, runs_b.results), sides.options,
                     out);
  } else if (sides.options.mail) {
    WriteMailCompare(sides.result, sides.a, sides.b, runs_a.results, runs_b.results, sides.options, out);
  } else {
    WriteCompareText(sides.result, sides.a, sides.b, sides.options, DifferingMetadata(runs_a.results, runs_b.results),
                     out);
  }
  return sides;
}

namespace {

// Three sides or more: each compared with the first, shown as columns.
int CompareColumns(const CompareArgs& args, const std::vector<std::vector<std::string>>& names,
                   const CompareOptions& options, ResultSelector& selector) {
  if (args.bisect || !args.fail_on_regression.empty()) {
    throw Error("--bisect and --fail-on-regression judge one A against one B: give two sides");
  }
  if (args.format != "text" && args.format != "json") {
    throw Error("compare of three sides or more prints text or json (--format " + args.format +
                " takes two sides)");
  }
  const SelectedRuns base = SelectSide(selector, names[0]);
  std::vector<ComparedSides> compared;
  for (std::size_t i = 1; i < names.size(); ++i) {
    compared.push_back(DecideSides(base, SelectSide(selector, names[i]), options, args.store));
  }
  std::vector<ComparedColumn> columns;
  nlohmann::json json = {{"schema", "membench-compare-sides/1"}, {"base", compared.front().a.name}};
  for (const ComparedSides& c : compared) {
    columns.push_back({&c.b, &c.result});
    json["comparisons"].push_back(
        {{"side", c.b.name}, {"comparison", CompareToJson(c.result, c.a, c.b, c.options)}});
  }
  const std::string json_text = json.dump(2) + "\n";
  std::ostringstream text;
  WriteCompareColumns(compared.front().a, columns, options.style.verbose, text);
  WriteReportText(args.format == "json" ? json_text : text.str(), args.output);
  if (!args.json_path.empty()) os::WriteFileAtomically(args.json_path, json_text);
  return 0;
}

int CompareAndDecide(const CompareArgs& args) {
  CompareOptions options;
  options.ignore = args.ignore;
  options.a_filter = args.a_filter;
  options.b_filter = args.b_filter;
  if (!args.threshold.empty()) options.threshold_pct = Percentage(args.threshold, "--threshold", false);
  options.threshold_given = !args.threshold.empty();
  if (!args.target.empty()) options.target_pct = Percentage(args.target, "--target", true);
  options.wide = args.wide;
  options.mail = args.format == "mail";
  options.html = args.format == "html";
  options.colour = args.output.empty() && os::StdoutWantsColour();
  options.style = args.style;
  options.style.colour = options.colour;
  const std::vector<std::vector<std::string>> sides = SplitSides(args.results);
  CheckFileDestinations(args.json_path, args.output);
  ResultSelector selector(args.store);
  if (sides.size() > 2) return CompareColumns(args, sides, options, selector);
  const SelectedRuns runs_a = SelectSide(selector, sides[0]);
  const SelectedRuns runs_b = SelectSide(selector, sides[1]);
  std::ostringstream rendered;
  const ComparedSides compared = CompareSides(runs_a, runs_b, options, args.store, rendered);
  const CompareResult& result = compared.result;
  const auto json_text = [&] {
    nlohmann::json json = CompareToJson(result, compared.a, compared.b, compared.options);
    json["metadata_differences"] = MetadataDifferencesToJson(DifferingMetadata(runs_a.results, runs_b.results));
    return json.dump(2) + "\n";
  };
  const auto csv_text = [&] {
    std::ostringstream csv;
    WriteCompareCsv(result, csv);
    return csv.str();
  };
  WriteReportText(args.format == "json"  ? json_text()
                  : args.format == "csv" ? csv_text()
                                         : rendered.str(),
                  args.output);
  if (!args.json_path.empty()) os::WriteFileAtomically(args.json_path, json_text());
  if (args.bisect) {
    switch (BisectOutcomeOf(result, compared.options.threshold_pct)) {
      case BisectOutcome::kRegression:
        std::cerr << "membench: bisect: bad (a rate is " << WorstRegressionPct(result) << "% slower)\n";
        return kBisectBad;
      case BisectOutcome::kInconclusive:
        std::cerr << "membench: bisect: skip (inconclusive: more invocations a side would decide)\n";
        return kBisectSkip;
      case BisectOutcome::kNoRegression:
        return kBisectGood;
    }
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

}  // namespace

int RunCompare(const CompareArgs& args) {
  if (args.bisect && !args.fail_on_regression.empty()) {
    throw Error("--bisect and --fail-on-regression both set the exit status: give one (--bisect uses --threshold)");
  }
  if (!args.bisect) return CompareAndDecide(args);
  // An error is no verdict on the commit: git bisect run stops on it.
  try {
    return CompareAndDecide(args);
  } catch (const Error& e) {
    std::cerr << "membench: error: " << e.what() << "\n";
    return kBisectStop;
  }
}

}  // namespace membench
