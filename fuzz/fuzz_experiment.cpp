// File: fuzz/fuzz_experiment.cpp
// The experiment-file loader (TOML). Properties: what loads names a
// registered workload (or a command or lmsummary) for every run, with a
// positive repeat count; its parameters for this machine (quick or not, 1
// or 4096 CPUs) come out without an exception other than Error; loading
// the same text twice gives the same experiment.
#include <string>

#include "cli/experiment_file.h"
#include "core/error.h"
#include "engine/registry.h"
#include "fuzz_property.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = membench::fuzz::InputText(data, size);
  membench::Experiment experiment;
  try {
    experiment = membench::ParseExperiment(text, "fuzz.toml");
  } catch (const membench::Error&) {
    return 0;
  }
  const membench::Experiment again = membench::ParseExperiment(text, "fuzz.toml");
  Require(again.runs.size() == experiment.runs.size() && again.name == experiment.name, "loading is deterministic");
  for (const membench::ExperimentRun& run : experiment.runs) {
    Require(run.repeat >= 1 && run.quick_repeat >= 1 && run.replicates >= 1, "positive repeat counts");
    if (run.kind == membench::RunKind::kWorkload) {
      try {
        membench::FindWorkload(run.workload);
      } catch (const membench::Error&) {
        Require(false, "run names a registered workload: " + run.workload);
      }
    }
    // quick and full: the file's quick variant, its own scale, and --full.
    for (const auto& [quick, full] : {std::pair{false, false}, std::pair{true, false}, std::pair{false, true}}) {
      for (const int cpus : {1, 2, 4096}) {
        std::vector<std::string> notes;
        try {
          const auto params = membench::ParamsForMachine(run, quick, full, cpus, notes);
          if (run.kind == membench::RunKind::kCommand) membench::CommandFor(run, params);
        } catch (const membench::Error&) {
        }
      }
    }
  }
  return 0;
}
