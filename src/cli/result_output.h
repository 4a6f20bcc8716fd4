// File: cli/result_output.h
// Where a measuring command's result goes: the text report on stdout, the
// JSON file (--json, written atomically), the history store (--save). Both
// destinations are checked before the run spends minutes measuring; a
// store that fails at the end loses nothing: the result is printed, and
// written to --json or to a rescue file that `history import` takes.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/store_flags.h"
#include "core/result.h"
#include "report/report_style.h"

namespace membench {

struct OutputRequest {
  std::string json_path;
  SaveFlags save;
  std::string format = "text";  // of the report: text, json, mail, csv, html
  std::string report_path;      // "": standard output
  ReportStyle style;            // -v, --unit; colour is decided where the report goes
  // false: the caller reports the result later, with others (experiment
  // run -o): ReportAndSave then only saves it.
  bool print_report = true;
};

// A --format a command takes, and what it prints.
struct ReportFormat {
  std::string name;
  std::string help;
};

// The formats of a result's report (run, report, history show, exec,
// experiment run), as --format takes them.
std::vector<ReportFormat> ResultFormats();

// -o FILE, --format, -v and --unit: the same four, with the same help, on
// every command that prints results. style gets -v and --unit.
void AddReportFlags(CLI::App& cmd, std::string& format, std::string& path, ReportStyle& style,
                    const std::vector<ReportFormat>& formats);

// The results rendered in `format` (text in colour where style.colour);
// json: one result's membench-result/1 object, several in an array.
void WriteReport(const std::vector<RunResult>& results, const std::string& format, std::ostream& out,
                 const ReportStyle& style);

// Throws Error when --json or -o cannot be written or the store cannot be opened.
void CheckOutputs(const OutputRequest& request);
// The files alone: --json and -o writable, and not one file.
void CheckFileDestinations(const std::string& json_path, const std::string& report_path);

// Writes a finished report to `path`, or to standard output where it is "".
void WriteReportText(const std::string& text, const std::string& path);

// `membench report FILE` and `history show RUN`: the results rendered in
// `format` (colour only on a terminal) to `path`, or stdout where it is "".
void PrintResults(const std::vector<RunResult>& results, const std::string& format, ReportStyle style,
                  const std::string& path);

// Writes the JSON file and saves into the store, where asked; returns 0,
// or 2 after saying on stderr what failed and where the result was kept.
int SaveResult(const RunResult& result, const OutputRequest& request);

// What every measuring command ends with: the tag and labels stamped, the
// report on stdout (or -o), the JSON and the store where asked; returns the
// exit status (130 when interrupted, else 2 when a destination failed).
int ReportAndSave(RunResult result, const OutputRequest& request);

}  // namespace membench
