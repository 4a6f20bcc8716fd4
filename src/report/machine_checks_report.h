// File: report/machine_checks_report.h
// `membench doctor`'s check list for a person (grouped by area, a fix
// under each line that has one) and as JSON (schema membench-doctor/1:
// every check with its area, name, value, standing, effect and fix).
#pragma once

#include <string>
#include <vector>

#include "core/machine_checks.h"
#include "core/system_info.h"

namespace membench {

inline constexpr const char* kDoctorSchema = "membench-doctor/1";

std::string MachineChecksText(const SystemInfo& system, const std::vector<MachineCheck>& checks);
std::string MachineChecksJson(const SystemInfo& system, const std::vector<MachineCheck>& checks);

}  // namespace membench
