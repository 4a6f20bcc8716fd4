// File: report/machine_checks_report.cpp
#include "report/machine_checks_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace membench {

std::string MachineChecksText(const SystemInfo& system, const std::vector<MachineCheck>& checks) {
  std::string out = fmt::format("membench doctor: {}, {} ({} CPUs), Linux {}{}\n", system.hostname, system.cpu_model,
                                system.online_cpus, system.kernel_release, system.root ? ", as root" : "");
  std::size_t name_width = 0;
  for (const MachineCheck& check : checks) name_width = std::max(name_width, check.name.size());
  std::string area;
  int warnings = 0, notes = 0;
  for (const MachineCheck& check : checks) {
    if (check.area != area) {
      area = check.area;
      out += "\n" + area + "\n";
    }
    warnings += check.standing == Standing::kWarning;
    notes += check.standing == Standing::kNote;
    out += fmt::format("  {:<5} {:<{}}  {}\n", StandingLabel(check.standing), check.name, name_width, check.value);
    out += fmt::format("        {}\n", check.effect);
    if (!check.fix.empty()) out += fmt::format("        fix: {}\n", check.fix);
  }
  out += fmt::format(
      "\n{} warning{}, {} note{}. Nothing was changed: the fixes are commands for you to run (as root), and a "
      "setting you keep is worth stating beside the results.\n",
      warnings, warnings == 1 ? "" : "s", notes, notes == 1 ? "" : "s");
  return out;
}

std::string MachineChecksJson(const SystemInfo& system, const std::vector<MachineCheck>& checks) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const MachineCheck& check : checks) {
    list.push_back({{"area", check.area},
                    {"name", check.name},
                    {"value", check.value},
                    {"standing", StandingName(check.standing)},
                    {"effect", check.effect},
                    {"fix", check.fix}});
  }
  const nlohmann::ordered_json doc = {
      {"schema", kDoctorSchema}, {"host", system.hostname}, {"kernel", system.kernel_release},
      {"cpu", system.cpu_model}, {"root", system.root},     {"checks", list}};
  return doc.dump(2) + "\n";
}

}  // namespace membench
