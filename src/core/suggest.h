// File: core/suggest.h
// "Did you mean" for misspelt names (workloads, impls, parameters, events).
#pragma once

#include <string>
#include <vector>

namespace membench {

// The closest of `candidates` to `name` by case-insensitive edit distance,
// or "" when none is close enough to be a plausible typo.
std::string ClosestName(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace membench
