// File: cli/history_command.cpp
#include "cli/history_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <string_view>

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/store_flags.h"
#include "core/change_points.h"
#include "core/error.h"
#include "core/result_encoder.h"
#include "engine/os.h"
#include "report/change_points_report.h"
#include "report/point_history.h"
#include "report/text_report.h"

namespace membench {
namespace {

// "2026-12-01T04:15:46Z" as "2026-12-01 04:15".
std::string Minute(const std::string& iso) {
  if (iso.size() < 16) return iso;
  std::string out = iso.substr(0, 16);
  out[10] = ' ';
  return out;
}

// Runs history lists when --limit is not given.
constexpr int kListedRuns = 20;

HistoryFilter FilterOf(const HistoryArgs& args, int limit) {
  HistoryFilter filter;
  filter.tag = args.tag;
  filter.workload = args.workload;
  filter.host = args.host;
  filter.limit = limit;
  return filter;
}

// What history says when no stored run passes the filter.
void PrintNoRuns(const Store& store, const HistoryArgs& args) {
  fmt::print("# store {}: no run{}; save one with membench run ... --save [--tag T]\n", store.name(),
             args.tag.empty() && args.workload.empty() && args.host.empty() ? " yet" : " matches");
}

// "workload memset, tag nightly, matched ignoring impl".
std::string SelectionText(const HistoryArgs& args) {
  std::vector<std::string> parts;
  if (!args.workload.empty()) parts.push_back("workload " + args.workload);
  if (!args.tag.empty()) parts.push_back("tag " + args.tag);
  if (!args.host.empty()) parts.push_back("host " + args.host);
  if (!args.limit.empty() && args.limit != "0") parts.push_back("the " + args.limit + " most recent");
  if (!args.ignore.empty()) parts.push_back(fmt::format("matched ignoring {}", fmt::join(args.ignore, ", ")));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// What the compare each shift suggests needs to find the same runs and
// match the same points; a PostgreSQL store by its name without password.
std::string CompareFlags(const HistoryArgs& args, const Store& store) {
  std::string flags = args.store.empty() ? "" : "--store " + store.name();
  for (const std::string& param : args.ignore) flags += std::string(flags.empty() ? "" : " ") + "--ignore " + param;
  return flags;
}

}  // namespace

int ListHistory(const HistoryArgs& args) {
  const int limit = args.limit.empty() ? kListedRuns : PositiveInt(args.limit, "--limit", 0);
  auto store = OpenStoreNamed(args.store);
  // One more than shown, to know whether there are more.
  std::vector<StoredRun> runs = store->History(FilterOf(args, limit > 0 ? limit + 1 : 0));
  const bool more = limit > 0 && runs.size() > static_cast<std::size_t>(limit);
  if (more) runs.erase(runs.begin());
  if (runs.empty()) {
    PrintNoRuns(*store, args);
    return 0;
  }
  std::size_t host_width = 4, kernel_width = 6, tag_width = 3;
  for (const auto& r : runs) {
    host_width = std::max(host_width, r.host.size());
    kernel_width = std::max(kernel_width, r.kernel_release.size());
    tag_width = std::max(tag_width, r.tag.size());
  }
  fmt::print("# store {}: {} run{}{}\n", store->name(), runs.size(), runs.size() == 1 ? "" : "s",
             more ? " (the most recent; --limit 0 lists all)" : "");
  fmt::print("{:>6}  {:<16}  {:<{}}  {:<{}}  {:<{}}  {}\n", "id", "started (UTC)", "host", host_width, "kernel",
             kernel_width, "tag", tag_width, "command");
  for (const auto& r : runs) {
    fmt::print("{:>6}  {:<16}  {:<{}}  {:<{}}  {:<{}}  {}{}\n", r.id, Minute(r.started_at), r.host, host_width,
               r.kernel_release, kernel_width, r.tag.empty() ? "-" : r.tag, tag_width, r.command_line,
               r.interrupted ? "  (interrupted)" : "");
  }
  return 0;
}

int ListChanges(const HistoryArgs& args) {
  const int limit = args.limit.empty() ? 0 : PositiveInt(args.limit, "--limit", 0);
  auto store = OpenStoreNamed(args.store);
  std::vector<StoredRun> stored = store->History(FilterOf(args, limit));
  if (stored.empty()) {
    PrintNoRuns(*store, args);
    return 0;
  }
  // In the order the runs were made: an imported run may be older than
  // the runs saved before it.
  std::stable_sort(stored.begin(), stored.end(),
                   [](const StoredRun& a, const StoredRun& b) { return a.started_at < b.started_at; });
  ChangesReport report;
  report.store = store->name();
  report.selection = SelectionText(args);
  report.compare_flags = CompareFlags(args, *store);
  std::vector<RunResult> results;
  std::vector<std::string> names;
  for (const StoredRun& run : stored) {
    results.push_back(store->Load(run.id));
    names.push_back(fmt::format("run {}", run.id));
    report.runs.push_back({run.id, Minute(run.started_at), run.tag});
  }
  for (PointHistory& history : PointHistories(results, names, args.ignore, args.workload)) {
    std::vector<ChangePoint> changes = FindChangePoints(history.rates, report.options);
    report.points.push_back({std::move(history), std::move(changes)});
  }
  WriteChangesText(report, std::cout);
  return 0;
}

int ShowHistory(const HistoryArgs& args) {
  if (!args.output.empty()) os::CheckWritable(args.output, "-o");
  ResultSelector selector(args.store);
  std::vector<RunResult> results;
  for (const auto& name : args.runs) {
    if (name.rfind('@', 0) == 0) {
      for (auto& r : selector.Select(name).results) results.push_back(std::move(r));
    } else {
      results.push_back(selector.store().Load(selector.StoredId(name)));
    }
  }
  PrintResults(results, args.format, args.style, args.output);
  return 0;
}

int ExportHistory(const HistoryArgs& args) {
  if (args.runs.size() != 1) throw Error("history export takes one run: membench history export ID --json FILE");
  ResultSelector selector(args.store);
  const std::int64_t id = selector.StoredId(args.runs.front());
  const RunResult result = selector.store().Load(id);
  os::WriteFileAtomically(args.json_path, ResultToJson(result).dump(2) + "\n");
  std::cerr << fmt::format("membench: run {} written to {}\n", id, args.json_path);
  return 0;
}

int ImportHistory(const HistoryArgs& args) {
  // Every file is read before anything is saved: a bad one is an error on
  // its own, not half an import.
  std::vector<std::pair<std::string, RunResult>> results;  // the file each came from
  for (const auto& path : args.files) {
    for (RunResult& result : os::LoadResults(path)) results.emplace_back(path, std::move(result));
  }
  auto store = OpenStoreNamed(args.store);
  for (const auto& [path, result] : results) {
    const SaveOutcome saved = store->Save(result, true);
    fmt::print("{}: {} run {}\n", path, saved.already_stored ? "already stored as" : "saved as", saved.id);
  }
  return 0;
}

int RemoveHistory(const HistoryArgs& args) {
  ResultSelector selector(args.store);
  std::vector<std::int64_t> ids;
  for (const auto& name : args.runs) ids.push_back(selector.StoredId(name));
  for (const auto id : ids) {
    if (!selector.store().Remove(id)) {
      throw Error(fmt::format("store {} has no run {} (membench history lists them)", selector.store().name(), id));
    }
    fmt::print("removed run {}\n", id);
  }
  return 0;
}

void AddHistoryListOptions(CLI::App& cmd, HistoryArgs& args) {
  AddStoreFlag(cmd, args.store);
  cmd.add_option("--tag", args.tag, "only runs with this tag")->type_name("TAG");
  cmd.add_option("--workload", args.workload, "only runs that measured this workload")->type_name("NAME");
  cmd.add_option("--host", args.host, "only runs of this host (a shared PostgreSQL store holds many)")
      ->type_name("HOST");
  cmd.add_option("-n,--limit", args.limit, "the N most recent (default 20, with --changes all; 0 for all)")
      ->type_name("N");
  CLI::Option* changes = cmd.add_flag(
      "--changes", args.changes,
      "level shifts in each point's rate over the runs, oldest first (e-divisive means; docs/statistics.md)");
  cmd.add_option("--ignore", args.ignore,
                 "with --changes: measurements that differ only in this parameter are one point (repeatable)")
      ->type_name("PARAM")
      ->needs(changes);
}

void CheckHistoryArguments(const CLI::App& history, int argc, char** argv, int first) {
  if (std::find(argv + first, argv + argc, std::string_view("--changes")) == argv + argc) return;
  const auto subcommands = history.get_subcommands({});
  const auto is_subcommand = [&](const std::string& word) {
    return std::any_of(subcommands.begin(), subcommands.end(),
                       [&](const CLI::App* sub) { return sub->get_name() == word; });
  };
  const std::string usage =
      "membench history --changes [--workload W] [--tag T] [--host H] [--ignore PARAM] [-n N] [--store S]";
  for (int i = first; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;
    if (arg.rfind('-', 0) == 0) {
      const CLI::Option* opt = history.get_option_no_throw(arg.substr(0, arg.find('=')));
      if (opt == nullptr) {
        throw Error(
            fmt::format("{} does not go with history --changes, which prints one table a point: {}", arg, usage));
      }
      if (opt->get_expected_min() > 0 && arg.find('=') == std::string::npos) ++i;  // its value
    } else if (is_subcommand(arg)) {
      throw Error(fmt::format("--changes is history's own, not history {}'s: {}; or leave --changes out", arg, usage));
    } else {
      throw Error(
          fmt::format("history --changes takes no runs ('{}'): it reads every stored run the filters "
                      "select ({}); to compare two runs, membench compare A B",
                      arg, usage));
    }
  }
}

void AddHistoryShowOptions(CLI::App& cmd, HistoryArgs& args) {
  cmd.add_option("RUN", args.runs, "ids, last, last~N or @TAG")->required();
  AddReportFlags(cmd, args.format, args.output, args.style, ResultFormats());
  AddStoreFlag(cmd, args.store);
}

void AddHistoryExportOptions(CLI::App& cmd, HistoryArgs& args) {
  cmd.add_option("RUN", args.runs, "an id, last or last~N")->required();
  cmd.add_option("--json", args.json_path, "the file to write")->required()->type_name("FILE");
  AddStoreFlag(cmd, args.store);
}

void AddHistoryImportOptions(CLI::App& cmd, HistoryArgs& args) {
  cmd.add_option("FILE", args.files, "result files (--json of run, exec, lmsummary)")->required();
  AddStoreFlag(cmd, args.store);
}

void AddHistoryRemoveOptions(CLI::App& cmd, HistoryArgs& args) {
  cmd.add_option("RUN", args.runs, "ids, last or last~N")->required();
  AddStoreFlag(cmd, args.store);
}

}  // namespace membench
