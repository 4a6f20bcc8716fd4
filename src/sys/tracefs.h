// File: sys/tracefs.h
// Where tracepoints are found (tracefs), and mounting it for a run that
// asks for tracepoints when it is not mounted: as root only, at the mount
// point the kernel provides, in a mount namespace of membench's own. The
// rest of the machine never sees the mount, two membench runs never share
// it, and it goes with the process however that ends (SIGKILL included):
// there is nothing to unmount and nothing to record. Looking for it never
// mounts anything.
#pragma once

#include <string>

namespace membench::sys {

// The tracefs directory whose events/ is readable; empty when none is.
std::string TracefsRoot();

class TracefsMount {
 public:
  // Mounts tracefs when it is not reachable, membench is root and the
  // kernel has the mount point; does nothing otherwise. Call it from the
  // thread that will open the tracepoints (before other threads start):
  // a mount namespace is a thread's, inherited by the threads and
  // processes it starts afterwards.
  TracefsMount();
  TracefsMount(const TracefsMount&) = delete;
  TracefsMount& operator=(const TracefsMount&) = delete;
  // Whether this object mounted it.
  bool mounted() const { return !path_.empty(); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace membench::sys
