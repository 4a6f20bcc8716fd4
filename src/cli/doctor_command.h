// File: cli/doctor_command.h
// `membench doctor --noise`: a short real A/A on this machine - the same
// memcpy measured 2N times, alternate samples given to A and B - and what
// it says: A against B (which must be "no significant change"), the noise,
// its warnings, and the smallest change N runs a side can detect here, the
// figure that tells a kernel developer which -r to use.
#pragma once

#include "cli/store_flags.h"

namespace membench {

// argv: membench's own, for the result's command line.
// With --save, the A/A run goes into the history store.
// Then `invocations` separate runs of each reference point: this machine's
// noise floors, recorded for compare.
int RunNoiseDoctor(int runs_per_side, int invocations, const SaveFlags& save, int argc, char** argv);

}  // namespace membench
