// File: sys/interrupt.h
// Ctrl-C, SIGTERM, SIGHUP and SIGQUIT. The first asks the run to stop
// between samples: what was measured is kept, reported and saved, and
// every setting is restored on the way out. A second ends membench at once,
// even in the middle of a long sample: the handler runs the registered
// emergency restores (sys/emergency_restore.h), then membench dies of the
// signal, and its children with it (they die with their parent,
// sys/child_process.h). An abort() restores them too; SIGPIPE is ignored.
#pragma once

#include <sys/types.h>

namespace membench::sys {

void InstallInterruptHandling();
// While `child` (a membench measuring one invocation, sys/membench_child.h)
// runs, every stop signal is passed on to it as it came, and only marks
// this process as asked to stop: it never ends it. A stop asked for before
// the call is passed on at once (as SIGINT). 0 ends the passing on.
void ForwardStopSignalsTo(pid_t child);
// Whether a stop was asked for, or the reader of `fd` given to
// StopWhenReaderGoes is gone (a child invocation's parent).
bool Interrupted();
// Whether, while stop signals were passed on to a child, one that must end
// the run in bounded time came: a SIGTERM, or a second stop signal.
bool HardStopAsked();
// From now on Interrupted() is also true once nobody reads the pipe `fd`
// writes to.
void StopWhenReaderGoes(int fd);

}  // namespace membench::sys
