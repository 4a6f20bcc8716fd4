// File: sys/membench_child.h
// membench run again, as one invocation of a run measured in separate
// processes (`run --invocations N`). The child leads a process group of
// its own, so a terminal's Ctrl-C reaches the parent alone, which passes
// every stop signal on to the child, once, while it runs: the child stops
// as a membench alone would (the first signal between samples, a second at
// once, its settings restored either way), and the parent outlives it to
// report what the invocations measured. The child dies with the parent.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sys/child_process.h"

namespace membench::sys {

// Runs this membench executable with `args` (argv[1] on) and `environment`
// added to this process's, and waits for it. Throws Error when it cannot
// be started.
ExitStatus RunMembenchChild(const std::vector<std::string>& args,
                            const std::vector<std::pair<std::string, std::string>>& environment);

}  // namespace membench::sys
