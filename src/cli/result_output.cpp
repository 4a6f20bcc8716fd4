// File: cli/result_output.cpp
#include "cli/result_output.h"

#include <iostream>

#include "core/error.h"
#include "report/json_report.h"
#include "report/result_json.h"
#include "report/text_report.h"
#include "sys/files.h"
#include "sys/result_file.h"

namespace membench {

void CheckJsonPath(const std::string& path) {
  if (!path.empty()) sys::CheckWritable(path, "--json");
}

void SaveJson(const RunResult& result, const std::string& path) {
  if (path.empty()) return;
  sys::WriteFileAtomically(path, ResultToJson(result).dump(2) + "\n");
  std::cerr << "membench: result written to " << path << "\n";
}

int ReportAndSave(const RunResult& result, const std::string& json_path) {
  WriteTextReport(result, std::cout);
  std::cout.flush();
  SaveJson(result, json_path);
  return result.interrupted ? 130 : 0;
}

RunResult LoadResult(const std::string& path) {
  const auto text = sys::ReadFile(path);
  if (!text) throw Error("cannot read " + path + " (no such file, or not readable)");
  return ParseResult(*text, path);
}

}  // namespace membench
