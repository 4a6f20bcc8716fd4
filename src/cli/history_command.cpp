// File: cli/history_command.cpp
#include "cli/history_command.h"

#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "cli/flag_values.h"
#include "cli/result_output.h"
#include "cli/result_selector.h"
#include "cli/store_flags.h"
#include "core/error.h"
#include "report/json_report.h"
#include "report/text_report.h"
#include "sys/result_file.h"
#include "sys/terminal.h"

namespace membench {
namespace {

// "2026-12-01T04:15:46Z" as "2026-12-01 04:15".
std::string Minute(const std::string& iso) {
  if (iso.size() < 16) return iso;
  std::string out = iso.substr(0, 16);
  out[10] = ' ';
  return out;
}

}  // namespace

int ListHistory(const HistoryArgs& args) {
  HistoryFilter filter;
  filter.tag = args.tag;
  filter.workload = args.workload;
  filter.host = args.host;
  const int limit = PositiveInt(args.limit, "--limit", 0);
  // One more than shown, to know whether there are more.
  filter.limit = limit > 0 ? limit + 1 : 0;
  auto store = OpenStoreNamed(args.store);
  std::vector<StoredRun> runs = store->History(filter);
  const bool more = limit > 0 && runs.size() > static_cast<std::size_t>(limit);
  if (more) runs.erase(runs.begin());
  if (runs.empty()) {
    fmt::print("# store {}: no run{}; save one with membench run ... --save [--tag T]\n", store->name(),
               args.tag.empty() && args.workload.empty() && args.host.empty() ? " yet" : " matches");
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

int ShowHistory(const HistoryArgs& args) {
  if (!args.output.empty()) sys::CheckWritable(args.output, "-o");
  ResultSelector selector(args.store);
  std::vector<RunResult> results;
  for (const auto& name : args.runs) {
    if (name.rfind('@', 0) == 0) {
      for (auto& r : selector.Select(name).results) results.push_back(std::move(r));
    } else {
      results.push_back(selector.store().Load(selector.StoredId(name)));
    }
  }
  std::ostringstream text;
  ReportStyle style = args.style;
  style.colour = args.output.empty() && sys::StdoutWantsColour();
  WriteReport(results, args.format, text, style);
  WriteReportText(text.str(), args.output);
  return 0;
}

int ExportHistory(const HistoryArgs& args) {
  if (args.runs.size() != 1) throw Error("history export takes one run: membench history export ID --json FILE");
  ResultSelector selector(args.store);
  const std::int64_t id = selector.StoredId(args.runs.front());
  const RunResult result = selector.store().Load(id);
  sys::WriteFileAtomically(args.json_path, ResultToJson(result).dump(2) + "\n");
  std::cerr << fmt::format("membench: run {} written to {}\n", id, args.json_path);
  return 0;
}

int ImportHistory(const HistoryArgs& args) {
  // Every file is read before anything is saved: a bad one is an error on
  // its own, not half an import.
  std::vector<RunResult> results;
  for (const auto& path : args.files) results.push_back(LoadResult(path));
  auto store = OpenStoreNamed(args.store);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const SaveOutcome saved = store->Save(results[i], true);
    fmt::print("{}: {} run {}\n", args.files[i], saved.already_stored ? "already stored as" : "saved as", saved.id);
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
  cmd.add_option("-n,--limit", args.limit, "the N most recent (default 20; 0 for all)")->type_name("N");
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
