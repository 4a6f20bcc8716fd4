// File: cli/machine_doctor.h
// `membench doctor`: what this machine's settings can do to a measurement,
// each with the command that fixes it (core/machine_checks.h). Reads,
// never changes; under a second.
#pragma once

namespace membench {

// Prints the check list, as text or as JSON; returns the exit status.
int RunMachineDoctor(bool json);

}  // namespace membench
