// File: sys/emergency_restore.h
// What a machine-wide change needs to be undone even when membench is ended
// by a second Ctrl-C or a SIGTERM during a long sample: the change's owner
// (a guard, sys/mthp.h, sys/tracefs.h) registers its undo here when it makes
// the change, and the signal handler runs every registered undo, newest
// first, before membench dies. The table is fixed and holds plain
// characters, so the handler needs nothing but open/write/close and
// umount2, all async-signal-safe. An undo runs only in the process that
// registered it, never in a forked worker that inherited the table.
#pragma once

#include <string>

namespace membench::sys {

class EmergencyRestore {
 public:
  EmergencyRestore() = default;
  // Registers "write `value` to the file at `path`" (a sysfs setting).
  // Throws Error when the table is full or the strings do not fit.
  static EmergencyRestore WriteFile(const std::string& path, const std::string& value);
  // Registers "unmount `path`".
  static EmergencyRestore Unmount(const std::string& path);

  EmergencyRestore(EmergencyRestore&& other) noexcept;
  EmergencyRestore& operator=(EmergencyRestore&& other) noexcept;
  EmergencyRestore(const EmergencyRestore&) = delete;
  EmergencyRestore& operator=(const EmergencyRestore&) = delete;
  // Unregisters: the owner has undone the change itself.
  ~EmergencyRestore();

 private:
  int slot_ = -1;
};

// Runs the undos this process registered, newest first. Async-signal-safe.
void RunEmergencyRestores() noexcept;

}  // namespace membench::sys
