// File: cli/result_output.cpp
#include "cli/result_output.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "core/error.h"
#include "report/json_report.h"
#include "report/result_json.h"
#include "report/text_report.h"
#include "sys/environment.h"
#include "sys/files.h"
#include "sys/result_file.h"

namespace membench {
namespace {

// Where a result the store refused is kept when no --json was given.
std::string RescuePath() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  return fmt::format("{}/membench-unsaved-{:%Y%m%dT%H%M%S}-{}.json", sys::TemporaryDirectory(), fmt::gmtime(now),
                     ::getpid());
}

}  // namespace

void CheckOutputs(const OutputRequest& request) {
  if (!request.json_path.empty()) sys::CheckWritable(request.json_path, "--json");
  CheckSaveFlags(request.save);
}

void SaveJson(const RunResult& result, const std::string& path) {
  if (path.empty()) return;
  sys::WriteFileAtomically(path, ResultToJson(result).dump(2) + "\n");
  std::cerr << "membench: result written to " << path << "\n";
}

int SaveToStore(const RunResult& result, const OutputRequest& request) {
  if (!request.save.wanted()) return 0;
  try {
    auto store = OpenStoreNamed(request.save.store);
    const SaveOutcome saved = store->Save(result);
    std::cerr << fmt::format("membench: saved as run {} in {}{}{}\n", saved.id, store->name(),
                             result.tag.empty() ? "" : " with tag " + result.tag,
                             result.interrupted ? " (interrupted: what it measured)" : "");
    return 0;
  } catch (const Error& e) {
    std::cerr << "membench: error: the result was not saved: " << e.what() << "\n";
    if (!request.json_path.empty()) {
      std::cerr << "membench: it is in " << request.json_path << "; `membench history import "
                << request.json_path << "` saves it later\n";
      return 2;
    }
    const std::string rescue = RescuePath();
    try {
      sys::WriteFileAtomically(rescue, ResultToJson(result).dump(2) + "\n");
      std::cerr << "membench: kept it in " << rescue << "; `membench history import " << rescue
                << "` saves it later\n";
    } catch (const Error& also) {
      std::cerr << "membench: and it could not be kept in a file either: " << also.what() << "\n";
    }
    return 2;
  }
}

int ReportAndSave(RunResult result, const OutputRequest& request) {
  ApplyTagAndLabels(request.save, result);
  WriteTextReport(result, std::cout);
  std::cout.flush();
  SaveJson(result, request.json_path);
  const int store_status = SaveToStore(result, request);
  if (result.interrupted) return 130;
  return store_status;
}

RunResult LoadResult(const std::string& path) {
  const auto text = sys::ReadFile(path);
  if (!text) throw Error("cannot read " + path + " (no such file, or not readable)");
  return ParseResult(*text, path);
}

}  // namespace membench
