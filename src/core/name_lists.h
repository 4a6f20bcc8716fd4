// File: core/name_lists.h
// Membership in a short list of names (parameters, events, kinds): the
// lists are a handful long, so a linear search says it best.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace membench {

inline bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace membench
