// File: engine/separate_invocations.h
// A run measured in several separate processes (`run --invocations N`,
// three by default): membench runs itself again, once an invocation, with
// the same command line; each child measures every point (interleaved, as
// one run would) and hands its result back through a pipe; the parent
// merges them (core/invocation_merge.h) and reports and saves the one
// result. Each process is one draw of what a process gets (its address
// space, its physical pages, its state), which the samples inside one
// cannot show; pyperf runs its benchmarks in separate processes for the
// same reason. A stop signal ends the invocation under way as it would a
// run alone, and no later one starts.
// Doctor's reference runs are such separate invocations, each handing back
// its result through a temporary file (RunMembenchForResult).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

// Who this process is in such a run, read from its environment: the
// parent sets it for each child it starts.
struct InvocationRole {
  int index = 0;  // from 0
  int count = 1;
  std::string result_pipe;  // the file descriptor the child writes its result to
  // The loops the first invocation calibrated, by point label (none in the
  // first): later invocations sample with them (SamplingPlan).
  std::map<std::string, std::uint64_t> calibrated_loops;
};

// The role of this process when it is a child invocation; nullopt for a
// membench the user started.
std::optional<InvocationRole> ThisChildInvocation();

// In a child, before it measures: it dies with its parent, and stops
// between samples once the parent is gone (sys/membench_child.h).
void TieToParent(const InvocationRole& role);

// In a child: writes its result where the parent reads it; returns the
// child's exit status (0: written).
int HandBackResult(const RunResult& result, const InvocationRole& role);

// In the parent: runs the command line argv[0..argc) in `count` children,
// one after the other, and merges what they measured. A child that hands
// back no result ends the run: its error is on stderr already, and its
// status is in `status` (0 otherwise); the result then holds what the
// earlier invocations measured, nullopt when there were none.
std::optional<RunResult> MeasureInInvocations(int argc, char** argv, int count, int& status);

// Runs this membench with `args` (argv[1] on) and --json to a temporary
// file named membench-<purpose>-XXXXXX.json, waits, and returns the result
// it wrote; the file goes on every way out. Throws Error, naming `what`,
// when the run fails.
RunResult RunMembenchForResult(const std::vector<std::string>& args, const std::string& purpose,
                               const std::string& what);

}  // namespace membench
