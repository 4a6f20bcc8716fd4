// File: sys/tracefs.cpp
#include "sys/tracefs.h"

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include "sys/files.h"
#include "sys/pause_point.h"

namespace membench::sys {
namespace {

constexpr const char* kMountPoint = "/sys/kernel/tracing";

}  // namespace

std::string TracefsRoot() {
  for (const char* root : {kMountPoint, "/sys/kernel/debug/tracing"}) {
    if (::access((std::string(root) + "/events").c_str(), R_OK | X_OK) == 0) return root;
  }
  return {};
}

TracefsMount::TracefsMount() {
  if (!TracefsRoot().empty() || !IsRoot() || ::access(kMountPoint, F_OK) != 0) return;
  if (::unshare(CLONE_NEWNS) != 0) return;
  // A new namespace's mounts still propagate to the machine's where they
  // are shared (systemd shares /): as slaves they receive the machine's
  // mounts and send none back.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0) return;
  if (::mount("nodev", kMountPoint, "tracefs", 0, nullptr) != 0) return;
  path_ = kMountPoint;
  PausePoint("tracefs-mounted");
}

}  // namespace membench::sys
