// File: cli/setting_flag.cpp
#include "cli/setting_flag.h"

#include <map>

#include "core/error.h"
#include "core/kernel_setting.h"

namespace membench {

void AddSettingFlag(CLI::App& cmd, std::vector<std::string>& settings) {
  cmd.add_option("--setting", settings,
                 "vary a kernel setting as a treatment, e.g. transparent_hugepage/use_zero_page=0,1 (a path under "
                 "/sys/ or /proc/sys/, short under /sys/kernel/mm/ and /proc/sys/): set before each sample, the values "
                 "alternating round by round, put back at the end (root)")
      ->type_name("PATH=V1,V2")
      ->allow_extra_args(false);
}

std::vector<Point> SettingPoints(const std::vector<std::string>& flags) {
  if (flags.empty()) return {};
  std::vector<ParamSpec> specs;
  std::map<std::string, std::string> values;
  for (const std::string& flag : flags) {
    const auto [given, list] = ParseSettingFlag(flag);
    const std::string name = KernelSettingName(given);
    if (values.count(name) != 0) throw Error("--setting " + name + " is given twice");
    specs.push_back(KernelSettingParam(name, list));
    values[name] = list;
  }
  return ExpandMatrix(specs, values);
}

}  // namespace membench
