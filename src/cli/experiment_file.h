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
#include <optional>
#include <string>
#include <vector>

#include "core/program_figure.h"

namespace membench {

// "72 processes" on a 2-CPU machine: min(want, per_cpu x CPUs).
struct ScaleRule {
  std::string param;  // a count parameter: procs, threads, groups, ...
  int want = 0;
  int per_cpu = 0;
};

// What a run measures: a workload's matrix, lmbench's summary rows, or
// another program (exec: rt-tests' hackbench for seed 004).
enum class RunKind { kWorkload, kLmSummary, kCommand };

struct ExperimentRun {
  // What the store keys the run's saved results on: stable while its title
  // changes (run_id=ID; results saved before ids are matched by title).
  std::string id;
  std::string title;
  RunKind kind = RunKind::kWorkload;
  std::string workload;  // kWorkload
  // kCommand: the program and its arguments; "{groups}" stands for the
  // run's parameter groups, so scale rules reach the command line.
  std::vector<std::string> command;
  std::string missing_hint;  // kCommand: how to get the program
  // kCommand: its rate or time as the program prints it (exec --rate-from,
  // --time-from).
  std::optional<ProgramFigure> figure;
  // A run that cannot run here (a peer tool not installed, a kernel setting
  // this machine lacks or membench may not change) is left out, with why,
  // instead of stopping the experiment.
  bool optional = false;
  // Parameter -> value as the command line takes it ("4k,thp", "64M").
  std::map<std::string, std::string> params;
  std::map<std::string, std::string> quick_params;  // replace params with --quick
  std::string treatment;                            // "" : the default pairing
  int repeat = 5;
  int quick_repeat = 3;
  std::string events = "default";  // -e
  std::string cpus;                // --cpu
  // --pressure: processes streaming through twice the last-level cache
  // beside the run, so a machine with a large cache and few writers still
  // clears under the contention a big machine's neighbours made.
  int pressure = 0;
  std::vector<ScaleRule> scale;
  // Separate invocations of the whole run: each is saved as a run of its
  // own, and the table compares each with the first (an A/A check, as seed
  // 004 ran every kernel twice).
  int replicates = 1;
  // The kinds of page the question is about (core/page_proof.h's
  // kPageKinds): a treatment row whose side's pages were none of them gets
  // no verdict. Empty: any pages, so long as each side got what it asked.
  std::vector<std::string> pages_must_be;
  // Values of the kernel's accounting ("vmstat.thp_fault_alloc") the table
  // gives a row each beside every rate row, per loop: the kernel's own
  // evidence for what the rate compares (docs/kernel-accounting.md).
  std::vector<std::string> kernel_values;
  // Symbols (as --profile names them: "clear_page_erms") whose self share
  // the table gives a row each beside every rate row; the run is then
  // measured with --profile.
  std::vector<std::string> profile_symbols;
  // The change the run looks for, in percent, and where that figure comes
  // from (the thread and what it measured): what experiment plan designs
  // for. Not part of what is measured.
  std::optional<double> effect_pct;
  std::string effect_source;
  int line = 0;  // where [[run]] starts, for messages
};

struct Experiment {
  std::string path;
  std::string name;
  std::string seed;  // the founding thread's file, "" for other questions
  std::string question;
  // How long a full run took where it was measured (experiment list shows
  // it); 0 where none is recorded.
  int duration_s = 0;
  std::string duration_measured_on;  // the machine and date, required with duration_s
  std::vector<ExperimentRun> runs;
};

// Throws Error "FILE:LINE: KEY: what is wrong" for anything malformed.
Experiment ParseExperiment(const std::string& text, const std::string& path);
Experiment LoadExperiment(const std::string& path);

// A run's parameters for this machine: --quick's replacements, then the
// scale rules; each scaling adds a note ("procs: 72 scaled to 8 = 4 x 2 CPUs").
// full (--full): the counts the rules want, unscaled, each above this
// machine's scale with a note.
std::map<std::string, std::string> ParamsForMachine(const ExperimentRun& run, bool quick, bool full, int cpus,
                                                    std::vector<std::string>& notes);

// A command run's argv with its parameters put in for "{name}".
std::vector<std::string> CommandFor(const ExperimentRun& run, const std::map<std::string, std::string>& params);

}  // namespace membench
