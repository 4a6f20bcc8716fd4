// File: cli/setting_flag.h
// `--setting PATH=V1,V2`, as run and exec take it: a kernel setting
// (core/kernel_setting.h) varied as a treatment.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "core/params.h"

namespace membench {

void AddSettingFlag(CLI::App& cmd, std::vector<std::string>& settings);

// The points of the settings alone, every combination of their values,
// the last setting varying fastest: an exec run's points. Empty where none
// is given. Throws Error for a malformed flag or a setting given twice.
std::vector<Point> SettingPoints(const std::vector<std::string>& flags);

}  // namespace membench
