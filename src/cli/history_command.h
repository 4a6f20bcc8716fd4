// File: cli/history_command.h
// `membench history`: the runs kept in the store, listed and filtered; and
// `history show|export|import|rm` to re-render, move and remove them.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace membench {

struct HistoryArgs {
  std::string store;
  std::string tag;
  std::string workload;
  std::string host;
  std::string limit = "20";
  std::vector<std::string> runs;   // show, export, rm: ids, last, last~N, @TAG
  std::vector<std::string> files;  // import
  std::string json_path;           // export
  CLI::App* show = nullptr;
  CLI::App* export_run = nullptr;
  CLI::App* import_files = nullptr;
  CLI::App* remove = nullptr;
};

// Adds the history command's options and its subcommands to cmd.
void AddHistoryOptions(CLI::App& cmd, HistoryArgs& args);

int RunHistory(const HistoryArgs& args);

}  // namespace membench
