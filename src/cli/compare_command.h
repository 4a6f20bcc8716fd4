// File: cli/compare_command.h
// `membench compare A B`: two results - files, stored runs or tags -
// compared figure by figure, below what differs between their machines.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace membench {

struct CompareArgs {
  std::string a;
  std::string b;
  std::vector<std::string> ignore;
  std::vector<std::string> a_filter;
  std::vector<std::string> b_filter;
  std::string threshold = "1";
  std::string fail_on_regression;
  std::string json_path;
  std::string store;
};

// Adds the compare subcommand's options to cmd.
void AddCompareOptions(CLI::App& cmd, CompareArgs& args);

// Exit status: 0, or kRegressionStatus when --fail-on-regression trips.
int RunCompare(const CompareArgs& args);

inline constexpr int kRegressionStatus = 3;

}  // namespace membench
