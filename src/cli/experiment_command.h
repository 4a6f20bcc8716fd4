// File: cli/experiment_command.h
// `membench experiment run FILE`: an experiment file's runs, one after
// another, each printed and saved as `membench run` would, then the
// experiment's table - one row per comparison along each run's treatment,
// with the ratio B/A, its interval and a verdict.
#pragma once

#include <string>
#include <vector>

#include "cli/store_flags.h"
#include "report/report_style.h"

namespace membench {

struct ExperimentArgs {
  std::string file;
  bool quick = false;  // the file's quick variant: fewer samples, smaller sizes
  bool full = false;   // the thread's scale: no run scaled down to this machine's CPUs
  SaveFlags save;      // each run saved with labels experiment=NAME and run=TITLE
  // The runs' report: text on standard output is printed run by run; any
  // other, or -o, is one report of every run, written at the end.
  std::string format = "text";
  std::string output;  // -o; "": standard output
  ReportStyle style;   // -v, --unit
};

int RunExperiment(const ExperimentArgs& args, int argc, char** argv);

// `membench experiment report FILE --a TAG --b TAG [--full]`: where the treatment is
// the kernel itself, the file's runs saved under two tags (one kernel each,
// `experiment run --tag`) compared run by run as compare does - several
// saved runs a side make the run the unit - then one table of the rates,
// without a verdict where a side's pages were not those of the question.
struct ExperimentReportArgs {
  std::string file;
  std::string a_tag;
  std::string b_tag;
  bool full = false;  // the runs saved by experiment run --full, not those at this machine's scale
  std::string store;
  std::vector<std::string> sessions;  // --session ID, each: only the results of those experiment runs
  std::string since;                  // --since TIME: only results started then or later
  bool mixed_versions = false;        // pool results of different versions of the file's runs
};

int ReportExperiment(const ExperimentReportArgs& args);

}  // namespace membench
