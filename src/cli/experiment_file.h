// File: cli/experiment_file.h
// Experiment files: one founding thread's experiment (or any question) as
// declarative TOML - its runs, the treatment each compares along, a quick
// variant for smoke tests, and the rules that scale a big machine's
// parameters (72 processes) to a small one. Every key is checked: an
// unknown key, a wrong type, an unknown workload or parameter, a treatment
// that is not one of the run's varying parameters is an error naming the
// file, the line and the key. Format: docs/experiments/README.md.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace membench {

// "72 processes" on a 2-CPU machine: min(want, per_cpu x CPUs).
struct ScaleRule {
  std::string param;  // a count parameter: procs, threads, groups, ...
  int want = 0;
  int per_cpu = 0;
};

struct ExperimentRun {
  std::string title;
  std::string workload;
  // Parameter -> value as the command line takes it ("4k,thp", "64M").
  std::map<std::string, std::string> params;
  std::map<std::string, std::string> quick_params;  // replace params with --quick
  std::string treatment;                            // "" : the default pairing
  int repeat = 5;
  int quick_repeat = 3;
  std::string events = "default";  // -e
  std::string cpus;                // --cpu
  std::vector<ScaleRule> scale;
  int line = 0;  // where [[run]] starts, for messages
};

struct Experiment {
  std::string path;
  std::string name;
  std::string seed;  // the founding thread's file, "" for other questions
  std::string question;
  std::vector<ExperimentRun> runs;
};

// Throws Error "FILE:LINE: KEY: what is wrong" for anything malformed.
Experiment ParseExperiment(const std::string& text, const std::string& path);
Experiment LoadExperiment(const std::string& path);

// A run's parameters for this machine: --quick's replacements, then the
// scale rules; each scaling adds a note ("procs: 72 scaled to 8 = 4 x 2 CPUs").
std::map<std::string, std::string> ParamsForMachine(const ExperimentRun& run, bool quick, int cpus,
                                                    std::vector<std::string>& notes);

}  // namespace membench
