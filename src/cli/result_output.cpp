// File: cli/result_output.cpp
#include "cli/result_output.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "report/json_report.h"

#ifndef MEMBENCH_VERSION
#error "MEMBENCH_VERSION is set by CMakeLists.txt"
#endif

namespace membench {

void StampResult(RunResult& result, int argc, char** argv) {
  result.tool_version = MEMBENCH_VERSION;
  result.command_line.clear();
  for (int i = 0; i < argc; ++i) result.command_line += (i ? " " : "") + std::string(argv[i]);
  result.started_at = fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::chrono::system_clock::to_time_t(
                                                               std::chrono::system_clock::now())));
}

void SaveJson(const RunResult& result, const std::string& path) {
  if (path.empty()) return;
  WriteJsonFile(result, path);
  std::cerr << "membench: result written to " << path << "\n";
}

}  // namespace membench
