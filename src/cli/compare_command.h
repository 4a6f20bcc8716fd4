// File: cli/compare_command.h
// `membench compare A B`, `membench compare A1 A2 A3 vs B1 B2 B3`: two
// sides of results - files, stored runs or tags - compared figure by
// figure (runs as the unit where a side has several), below what differs
// between their machines.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "cli/result_selector.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"

namespace membench {

struct CompareArgs {
  std::vector<std::string> results;  // A B, or A1 A2 ... vs B1 B2 ...
  std::vector<std::string> ignore;
  std::vector<std::string> a_filter;
  std::vector<std::string> b_filter;
  std::string threshold;  // empty: 1%, or the noise floor with one run a side
  std::string fail_on_regression;
  std::string json_path;  // --json: a second destination of the JSON
  std::string store;
  std::string target;  // --target PCT: the change the power figures plan for
  bool wide = false;
  bool bisect = false;  // exit as git bisect run reads it
  std::string format = "text";
  std::string output;  // -o; "": standard output
  ReportStyle style;   // -v, --unit
};

// Adds the compare subcommand's options to cmd.
void AddCompareOptions(CLI::App& cmd, CompareArgs& args);

// Two sides compared as compare does - the noise floor applied where a side
// has one run, the machines' differences above the verdicts - and printed.
struct ComparedSides {
  LoadedResult a;
  LoadedResult b;
  CompareOptions options;
  CompareResult result;
};
ComparedSides CompareSides(const SelectedRuns& a, const SelectedRuns& b, CompareOptions options,
                           const std::string& store_flag, std::ostream& out);

// Exit status: 0, or kRegressionStatus when --fail-on-regression trips;
// with --bisect, git bisect run's: kBisectGood, kBisectBad, kBisectSkip,
// and kBisectStop for an error (the bisection cannot go on).
int RunCompare(const CompareArgs& args);

inline constexpr int kRegressionStatus = 3;
inline constexpr int kBisectGood = 0;
inline constexpr int kBisectBad = 1;
inline constexpr int kBisectSkip = 125;
inline constexpr int kBisectStop = 128;

}  // namespace membench
