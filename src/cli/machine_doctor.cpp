// File: cli/machine_doctor.cpp
#include "cli/machine_doctor.h"

#include <fmt/format.h>

#include "core/machine_checks.h"
#include "engine/os.h"
#include "report/machine_checks_report.h"

namespace membench {

int RunMachineDoctor(bool json) {
  const MachineFacts facts = os::CollectMachineFacts();
  const std::vector<MachineCheck> checks = CheckMachine(facts);
  fmt::print("{}", json ? MachineChecksJson(facts.system, checks) : MachineChecksText(facts.system, checks));
  std::fflush(stdout);
  return 0;
}

}  // namespace membench
