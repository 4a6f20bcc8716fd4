// File: sys/pause_point.h
// Named moments of a run at which the kill-and-interrupt tests stop
// membench, to deliver a signal exactly there rather than at a guessed
// time: with MEMBENCH_PAUSE_AT=<name> (or <name>#<n>, the n-th time) in its
// environment, a process reaching that moment writes "membench: paused at
// <name> (pid N)" to standard error and stops itself (SIGSTOP); the test
// signals it and lets it go on (SIGCONT). Each process counts its own
// moments. Without the variable a pause point does nothing.
#pragma once

namespace membench::sys {

// The moments: "calibration", "sample" (a point's timed sample about to
// start), "barrier" (a worker about to
// arrive, the lead waiting for it),
// "mthp-set", "setting-set" (a --setting value written), "tracefs-mounted", "json-write" (the temporary written, not
// yet renamed), "store-save" (inside the transaction, before the commit).
void PausePoint(const char* name);

}  // namespace membench::sys
