// File: core/cpu_list.h
// CPU lists as taskset and perf take them: "0", "0,2", "0-3", "0-3,8".
#pragma once

#include <string_view>
#include <vector>

namespace membench {

// Throws Error for malformed lists and reversed ranges.
std::vector<int> ParseCpuList(std::string_view text);

}  // namespace membench
