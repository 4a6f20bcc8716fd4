// File: sys/system_calls.h
// lmbench's lat_syscall and lat_sig operations, each done `count` times in
// a tight loop: the cheapest call into the kernel (getppid through
// syscall(), so no library caches it), a one-byte read of /dev/zero and
// write to /dev/null, stat and open+close of a file of its own, installing
// a signal handler, and a signal sent to the calling thread and handled.
// Every call's result is checked; a failure ends the loop with an Error.
#pragma once

#include <signal.h>

#include <cstdint>
#include <memory>
#include <string>

#include "sys/channel.h"
#include "sys/scratch_file_set.h"

namespace membench::sys {

enum class SystemCall { kNull, kRead, kWrite, kStat, kOpenClose, kSignalInstall, kSignalHandle };

class SystemCallLoop {
 public:
  // Opens /dev/zero or /dev/null, makes the file in `scratch_parent`, or
  // installs the SIGUSR1 handler, as `call` needs. Throws Error.
  SystemCallLoop(SystemCall call, const std::string& scratch_parent);
  SystemCallLoop(const SystemCallLoop&) = delete;
  SystemCallLoop& operator=(const SystemCallLoop&) = delete;
  // Puts SIGUSR1's previous disposition back.
  ~SystemCallLoop();

  void Run(std::uint64_t count);

 private:
  SystemCall call_;
  OwnedFd device_;
  std::unique_ptr<ScratchFileSet> file_;
  struct sigaction handler_ = {};
  struct sigaction previous_ = {};
  bool installed_ = false;
};

}  // namespace membench::sys
