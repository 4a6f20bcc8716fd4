// File: cli/result_output.h
// Where a measuring command's result goes: the text report on stdout, the
// JSON file (--json, written atomically), the history store (--save). Both
// destinations are checked before the run spends minutes measuring; a
// store that fails at the end loses nothing: the result is printed, and
// written to --json or to a rescue file that `history import` takes.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/store_flags.h"
#include "core/result.h"
#include "report/report_style.h"

namespace membench {

struct OutputRequest {
  std::string json_path;
  SaveFlags save;
  std::string format = "text";  // of the report: text, mail, csv, html
  std::string report_path;      // "": standard output
  ReportStyle style;            // -v, --unit; colour is decided where the report goes
};

// The report formats, as --format takes them, and what each is.
inline const std::vector<std::string> kReportFormats = {"text", "mail", "csv", "html"};
std::string ReportFormatHelp();

// The results rendered in `format` (text in colour where style.colour).
void WriteReport(const std::vector<RunResult>& results, const std::string& format, std::ostream& out,
                 const ReportStyle& style);

// Throws Error when --json or -o cannot be written or the store cannot be opened.
void CheckOutputs(const OutputRequest& request);

// Writes the JSON file and saves into the store, where asked; returns 0,
// or 2 after saying on stderr what failed and where the result was kept.
int SaveResult(const RunResult& result, const OutputRequest& request);

// What every measuring command ends with: the tag and labels stamped, the
// report on stdout (or -o), the JSON and the store where asked; returns the
// exit status (130 when interrupted, else 2 when a destination failed).
int ReportAndSave(RunResult result, const OutputRequest& request);

// Throws Error when the file cannot be read or is not a membench result.
RunResult LoadResult(const std::string& path);

}  // namespace membench
