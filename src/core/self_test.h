// File: core/self_test.h
// `membench doctor --self-test`: the end-to-end checks of the paths no CI
// machine exercises (docs/testing.md), run on the user's machine where it
// has them. Each check's verdict is decided here from a real run's result,
// so the rules are unit-tested with synthetic results; cli/self_test.cpp
// decides which checks this machine can run and runs them.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

enum class CheckVerdict { kPassed, kFailed, kNotHere };

struct SelfCheck {
  std::string name;  // "hardware counters on a memcpy"
  CheckVerdict verdict = CheckVerdict::kNotHere;
  std::string detail;  // what was seen, or why the check cannot run here
};

// cycles and instructions counted in every sample of every measurement,
// never multiplexed away, and instructions per cycle within (0.01, 16).
SelfCheck JudgeHardwareCounters(const RunResult& result);

// Every buffer's node proof honoured, and its pages on the nodes asked for
// (`nodes_asked`, as --membind or --interleave took it).
SelfCheck JudgeNodePlacement(const RunResult& result, const std::string& name, const std::string& nodes_asked);

// Every buffer's page proof honoured and in hugetlb pages.
SelfCheck JudgeHugetlb(const RunResult& result, const std::string& name);

// A check that ran but could not be judged: the run failed.
SelfCheck FailedRun(const std::string& name, const std::string& why);
SelfCheck NotHere(const std::string& name, const std::string& why);

// "passed", "FAILED", "not here".
std::string VerdictWord(CheckVerdict verdict);

}  // namespace membench
