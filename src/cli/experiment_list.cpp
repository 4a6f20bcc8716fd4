// File: cli/experiment_list.cpp
#include "cli/experiment_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include "cli/experiment_file.h"
#include "cli/help_format.h"
#include "core/error.h"
#include "engine/os.h"

#ifndef MEMBENCH_SOURCE_EXPERIMENTS
#error "MEMBENCH_SOURCE_EXPERIMENTS is set by CMakeLists.txt"
#endif

namespace membench {
namespace {

// As --help: a listing reads in a terminal beside another.
constexpr std::size_t kListColumns = kHelpColumns;

// "109 s", "3 min 24 s".
std::string Duration(int seconds) {
  if (seconds < 60) return fmt::format("{} s", seconds);
  return seconds % 60 == 0 ? fmt::format("{} min", seconds / 60)
                           : fmt::format("{} min {} s", seconds / 60, seconds % 60);
}

}  // namespace

std::string ExperimentsDirectory() {
  const std::string installed = os::ExecutableDirectory() + "/../share/membench/experiments";
  for (const std::string& place : {installed, std::string(MEMBENCH_SOURCE_EXPERIMENTS)}) {
    if (os::PathExists(place)) return std::filesystem::path(place).lexically_normal().string();
  }
  return "";
}

int ListExperiments() {
  const std::string folder = ExperimentsDirectory();
  if (folder.empty()) {
    throw Error(
        fmt::format("no experiments found in {}/../share/membench/experiments or {} (reinstall membench, "
                    "or run one from a file: membench experiment run FILE)",
                    os::ExecutableDirectory(), MEMBENCH_SOURCE_EXPERIMENTS));
  }
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() == ".toml") files.push_back(entry.path().lexically_normal().string());
  }
  std::sort(files.begin(), files.end());
  fmt::print("# {} experiments in {}\n# run one with: membench experiment run FILE [--quick]\n", files.size(), folder);
  std::vector<Experiment> experiments;
  std::set<std::string> machines;
  for (const std::string& path : files) {
    experiments.push_back(LoadExperiment(path));
    if (experiments.back().duration_s > 0) machines.insert(experiments.back().duration_measured_on);
  }
  // The shipped files were timed on one machine: it is named once, below.
  const bool one_machine = machines.size() == 1;
  for (const Experiment& experiment : experiments) {
    std::string took = "no duration recorded (duration_s)";
    if (experiment.duration_s > 0) {
      took = "a full run took " + Duration(experiment.duration_s) +
             (one_machine ? "" : " (" + experiment.duration_measured_on + ")");
    }
    fmt::print("\n{}\n", experiment.path);
    for (const std::string& line : WrapWords(experiment.question, kListColumns - 2)) fmt::print("  {}\n", line);
    fmt::print("  {} run{}; {}\n", experiment.runs.size(), experiment.runs.size() == 1 ? "" : "s", took);
  }
  if (one_machine) {
    fmt::print("\n");
    const std::string text = "Durations as recorded in each file: " + *machines.begin() + ".";
    for (const std::string& line : WrapWords(text, kListColumns)) fmt::print("{}\n", line);
  }
  fmt::print("--quick runs fewer samples on smaller sizes: a smoke test of a file.\n");
  return 0;
}

}  // namespace membench
