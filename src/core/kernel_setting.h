// File: core/kernel_setting.h
// A kernel setting (a sysfs or procfs file: THP's enabled, defrag and
// use_zero_page, vm.compaction_proactiveness, kernel.numa_balancing, ...)
// varied as a treatment, as `run --setting PATH=V1,V2` and an experiment
// file's params give it. Among a point's parameters it is named by its
// path, shortened where that stays unambiguous: /sys/kernel/mm/ and
// /proc/sys/ are left off ("transparent_hugepage/use_zero_page",
// "vm/compaction_proactiveness"); any other path under /sys/ keeps its
// whole name. An ordinary parameter's name never holds a '/'.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/params.h"

namespace membench {

// Whether a parameter's name stands for a kernel setting.
bool IsKernelSetting(std::string_view name);

// The parameter's name for a setting given as a path or a short name.
// Throws Error for a path outside the memory system's settings (under
// /sys/kernel/mm/, /proc/sys/vm/, /proc/sys/kernel/, /sys/devices/system/cpu/
// and node/, /sys/block/), one spelled with "..", "." or "//", or
// characters a shell would read (membench prints the commands that set it).
std::string KernelSettingName(const std::string& given);

// The file a setting's parameter name stands for.
std::string KernelSettingPath(const std::string& name);

// A parameter's name as the user gave it, with a setting's path shortened.
std::string CanonicalParamName(const std::string& given);

// `--setting PATH=V1,V2`: the setting's name and its values as given.
// Throws Error for a missing '=', no values, or a value a shell would read.
std::pair<std::string, std::string> ParseSettingFlag(const std::string& text);

// The matrix parameter for a setting: one choice per value given.
ParamSpec KernelSettingParam(const std::string& name, const std::string& values);

// A point's settings: (path, value) in the point's order.
std::vector<std::pair<std::string, std::string>> KernelSettingsOf(const Point& point);

}  // namespace membench
