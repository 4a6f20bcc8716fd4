// File: core/invocation_merge.h
// One result from the results of a run's invocations (`run --invocations
// N`: N separate processes, each measuring every point): each
// measurement's samples, invocation after invocation, every sample marked
// with the invocation that took it, so that compare can take the
// invocation as its unit and the paired ratios still pair round k of one
// point with round k of another.
#pragma once

#include <vector>

#include "core/result.h"

namespace membench {

// parts: the invocations' results in the order they ran, each of one
// invocation (its samples' marks are replaced). The first gives the run's
// stamp (start, machine, events, a point's first sample and proofs); notes
// are kept once each, in order of first appearance; a point the first
// invocation did not measure (it was interrupted) is added where a later
// one has it. Their idle intervals of kernel accounting are summed. The
// TSC rate is the median of theirs; interrupted or failed when any was.
// Empty parts give an empty result.
RunResult MergeInvocations(std::vector<RunResult> parts);

}  // namespace membench
