// File: sys/tracefs.h
// Where tracepoints are found (tracefs), and mounting it for a run that
// asks for tracepoints when it is not mounted: as root only, at the mount
// point the kernel provides, and unmounted again when the run ends (also
// on a second Ctrl-C or SIGTERM, sys/emergency_restore.h). Looking for it
// never mounts anything.
#pragma once

#include <string>

#include "sys/emergency_restore.h"

namespace membench::sys {

// The tracefs directory whose events/ is readable; empty when none is.
std::string TracefsRoot();

class TracefsMount {
 public:
  // Mounts tracefs when it is not reachable, membench is root and the
  // kernel has the mount point; does nothing otherwise.
  TracefsMount();
  TracefsMount(const TracefsMount&) = delete;
  TracefsMount& operator=(const TracefsMount&) = delete;
  ~TracefsMount();  // unmounts what it mounted
  // Whether this object mounted it (and will unmount it).
  bool mounted() const { return !path_.empty(); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  EmergencyRestore undo_;
};

}  // namespace membench::sys
