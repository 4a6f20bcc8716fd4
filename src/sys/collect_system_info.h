// File: sys/collect_system_info.h
// Reading the machine a result is measured on (core/system_info.h): kernel,
// CPU, caches, THP settings, perf_event_paranoid, virtualisation, PMU.
#pragma once

#include <string>

#include "core/system_info.h"

namespace membench::sys {

SystemInfo CollectSystemInfo();

// "always [madvise] never" -> "madvise"
std::string SelectedSysfsChoice(const std::string& line);

}  // namespace membench::sys
