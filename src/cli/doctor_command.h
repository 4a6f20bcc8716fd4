// File: cli/doctor_command.h
// `membench doctor --noise`: a short real A/A on this machine - the same
// memcpy measured 2N times, alternate samples given to A and B - and what
// it says: A against B (which must be "no significant change"), the noise,
// its warnings, and the smallest change N runs a side can detect here, the
// figure that tells a kernel developer which -r to use.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/store_flags.h"

namespace membench {

struct DoctorArgs {
  bool json = false;        // the check list as JSON
  bool noise = false;       // then the A/A and the noise floors
  bool self_test = false;   // the end-to-end checks of what CI cannot run (cli/self_test.h)
  std::string runs;         // "": 10
  std::string invocations;  // "": 5
  SaveFlags save;
};

void AddDoctorOptions(CLI::App& cmd, DoctorArgs& args);

// The check list, then with --noise the A/A and the noise floors; with
// --self-test, the self-test alone.
int RunDoctor(const DoctorArgs& args, int argc, char** argv);

// argv: membench's own, for the result's command line.
// With --save, the A/A run goes into the history store.
// Then `invocations` separate runs of each reference point: this machine's
// noise floors, recorded for compare.
int RunNoiseDoctor(int runs_per_side, int invocations, const SaveFlags& save, int argc, char** argv);

}  // namespace membench
