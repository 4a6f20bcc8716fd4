// File: sys/tracefs.cpp
#include "sys/tracefs.h"

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
  // Registered before mounting: a signal in between finds nothing to
  // unmount, which is harmless; the other way round it would leave it.
  EmergencyRestore undo = EmergencyRestore::Unmount(kMountPoint);
  if (::mount("nodev", kMountPoint, "tracefs", 0, nullptr) != 0) return;
  path_ = kMountPoint;
  undo_ = std::move(undo);
  PausePoint("tracefs-mounted");
}

TracefsMount::~TracefsMount() {
  if (mounted()) undo_.Finish(::umount2(path_.c_str(), 0) == 0);
}

}  // namespace membench::sys
