// File: cli/result_output.cpp
#include "cli/result_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "core/error.h"
#include "core/result_encoder.h"
#include "engine/os.h"
#include "report/csv_report.h"
#include "report/html_report.h"
#include "report/mail_report.h"
#include "report/text_report.h"

namespace membench {
namespace {

// A command line or host name need not be UTF-8; the file must be.
std::string JsonText(const RunResult& result) {
  return ResultToJson(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Keeps a result no destination took in a file `history import` takes.
void Rescue(const RunResult& result) {
  try {
    const std::string path = os::CreateUniqueTemporaryFile("membench-unsaved-", ".json");
    os::WriteFileAtomically(path, JsonText(result));
    std::cerr << "membench: kept it in " << path << "; `membench history import " << path << "` saves it later\n";
  } catch (const Error& also) {
    std::cerr << "membench: and it could not be kept in a file either: " << also.what() << "\n";
  }
}

// Returns false, after saying why, when the store did not take the result.
bool SaveIntoStore(const RunResult& result, const SaveFlags& save) {
  try {
    auto store = OpenStoreNamed(save.store);
    const SaveOutcome saved = store->Save(result, false, [] { os::PausePoint("store-save"); });
    std::cerr << fmt::format("membench: saved as run {} in {}{}{}\n", saved.id, store->name(),
                             result.tag.empty() ? "" : " with tag " + result.tag,
                             result.interrupted ? " (interrupted: what it measured)" : "");
    return true;
  } catch (const std::exception& e) {
    std::cerr << "membench: error: the result was not saved: " << e.what() << "\n";
    return false;
  }
}

// Returns false, after saying why, when the file could not be written.
bool WriteJson(const RunResult& result, const std::string& path) {
  try {
    os::WriteFileAtomically(path, JsonText(result));
    std::cerr << "membench: result written to " << path << "\n";
    return true;
  } catch (const std::exception& e) {
    std::cerr << "membench: error: " << e.what() << "\n";
    return false;
  }
}

}  // namespace

std::vector<ReportFormat> ResultFormats() {
  return {{"text", "as perf stat prints"},
          {"json", "the whole result, schema membench-result/1 (several: an array)"},
          {"mail", "plain ASCII in 80 columns, to paste under a patch"},
          {"csv", "one row per sample and per summary, RFC 4180"},
          {"html", "one self-contained file with SVG charts"}};
}

void AddReportFlags(CLI::App& cmd, std::string& format, std::string& path, ReportStyle& style,
                    const std::vector<ReportFormat>& formats) {
  std::vector<std::string> names;
  std::string help;
  for (const ReportFormat& f : formats) {
    names.push_back(f.name);
    help += fmt::format("{}{}: {}", help.empty() ? "" : "; ", f.name, f.help);
  }
  cmd.add_option("-o,--output", path, "write the report to FILE instead of standard output")->type_name("FILE");
  cmd.add_option("--format", format, "the report (default text). " + help)
      ->check(CLI::IsMember(names))
      ->type_name("FORMAT");
  cmd.add_flag("-v,--verbose", style.verbose,
               "perf stat's full block for every point, every counter and note (default: a line a point)");
  cmd.add_option_function<std::string>(
         "--unit", [&style](const std::string& unit) { style.byte_rate_unit = ParseByteRateUnit(unit); },
         "byte rates in GB/s (10^9 B/s, the default) or GiB/s (2^30 B/s, as perf bench prints)")
      ->check(CLI::IsMember({"GB/s", "GiB/s"}))
      ->type_name("UNIT");
}

void WriteReport(const std::vector<RunResult>& results, const std::string& format, std::ostream& out,
                 const ReportStyle& style) {
  if (format == "json") {
    nlohmann::json json = nlohmann::json::array();
    for (const RunResult& result : results) json.push_back(ResultToJson(result));
    if (results.size() == 1) json = json.front();
    out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else if (format == "csv") {
    WriteCsvReport(results, out);
  } else if (format == "html") {
    WriteHtmlRuns(results, out, style.byte_rate_unit);
  } else {
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (i > 0) out << "\n";
      if (format == "mail") {
        WriteMailRun(results[i], out, style);
      } else {
        WriteTextReport(results[i], out, style);
      }
    }
  }
}

void CheckFileDestinations(const std::string& json_path, const std::string& report_path) {
  if (!json_path.empty()) os::CheckWritable(json_path, "--json");
  if (!report_path.empty()) os::CheckWritable(report_path, "-o");
  if (!json_path.empty() && json_path == report_path) {
    throw Error("--json and -o both name " + json_path + ": one would overwrite the other; give two files");
  }
}

void CheckOutputs(const OutputRequest& request) {
  CheckFileDestinations(request.json_path, request.report_path);
  CheckSaveFlags(request.save);
}

void WriteReportText(const std::string& text, const std::string& path) {
  if (path.empty()) {
    std::cout << text;
    std::cout.flush();
    return;
  }
  os::WriteFileAtomically(path, text);
  std::cerr << "membench: report written to " << path << "\n";
}

void PrintResults(const std::vector<RunResult>& results, const std::string& format, ReportStyle style,
                  const std::string& path) {
  std::ostringstream text;
  style.colour = path.empty() && os::StdoutWantsColour();
  WriteReport(results, format, text, style);
  WriteReportText(text.str(), path);
}

int SaveResult(const RunResult& result, const OutputRequest& request) {
  // Each destination is tried whatever became of the other; a result
  // that reached neither goes to a rescue file.
  const bool want_json = !request.json_path.empty();
  const bool want_store = request.save.wanted();
  const bool json_written = want_json && WriteJson(result, request.json_path);
  const bool stored = want_store && SaveIntoStore(result, request.save);
  if ((!want_json || json_written) && (!want_store || stored)) return 0;
  if (json_written) {
    std::cerr << "membench: it is in " << request.json_path << "; `membench history import " << request.json_path
              << "` saves it later\n";
  } else if (!stored) {
    Rescue(result);
  }
  return 2;
}

int ReportAndSave(RunResult result, const OutputRequest& request) {
  ApplyTagAndLabels(request.save, result);
  // The measurement is done: a report that cannot be rendered or written
  // must not lose it, so the JSON and the store are still tried.
  int status = 0;
  try {
    if (request.print_report) PrintResults({result}, request.format, request.style, request.report_path);
  } catch (const std::exception& e) {
    std::cerr << "membench: error: the report was not written: " << e.what() << "\n";
    status = 2;
  }
  const int saved = SaveResult(result, request);
  status = std::max(status, saved);
  if (!result.failure.empty()) {
    const bool kept = saved == 0 && (request.save.wanted() || !request.json_path.empty());
    std::cerr << "membench: error: the run stopped early: " << result.failure
              << " (what was measured before is reported" << (kept ? " and saved" : "") << ")\n";
    status = 2;
  }
  // An interrupted run says so first; the messages above say what else failed.
  return result.interrupted ? 130 : status;
}

}  // namespace membench
