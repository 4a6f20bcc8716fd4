// File: cli/history_command.h
// `membench history`: the runs kept in the store, listed and filtered, or
// with --changes the level shifts in each point's rate over them; and
// `history show|export|import|rm` to re-render, move and remove them.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "report/report_style.h"

namespace membench {

// One set of values for history and its subcommands: `history --store X
// show 1` and `history show 1 --store X` name the same store.
struct HistoryArgs {
  std::string store;
  std::string tag;
  std::string workload;
  std::string host;
  std::string limit;  // "": 20 listed, every run with --changes
  bool changes = false;
  std::vector<std::string> ignore;  // --changes: parameters left out of the match
  std::vector<std::string> runs;    // show, export, rm: ids, last, last~N, @TAG
  std::vector<std::string> files;   // import
  std::string json_path;            // export
  std::string format = "text";      // show
  std::string output;               // show: -o; "": standard output
  ReportStyle style;                // show: -v, --unit
};

// Each adds one command's options: history itself (the list), then its
// subcommands.
void AddHistoryListOptions(CLI::App& cmd, HistoryArgs& args);
void AddHistoryShowOptions(CLI::App& cmd, HistoryArgs& args);
void AddHistoryExportOptions(CLI::App& cmd, HistoryArgs& args);
void AddHistoryImportOptions(CLI::App& cmd, HistoryArgs& args);
void AddHistoryRemoveOptions(CLI::App& cmd, HistoryArgs& args);

// Before CLI11 parses `history ARGS` (from argv[first]): --changes with
// run ids, a subcommand or an option of show's is an Error saying what
// --changes takes (CLI11 would say only "not expected", or run the
// subcommand and drop --changes).
void CheckHistoryArguments(const CLI::App& history, int argc, char** argv, int first);

int ListHistory(const HistoryArgs& args);
int ListChanges(const HistoryArgs& args);
int ShowHistory(const HistoryArgs& args);
int ExportHistory(const HistoryArgs& args);
int ImportHistory(const HistoryArgs& args);
int RemoveHistory(const HistoryArgs& args);

}  // namespace membench
