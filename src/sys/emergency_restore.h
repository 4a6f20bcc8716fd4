// File: sys/emergency_restore.h
// What a machine-wide change needs to be undone even when membench is ended
// by a second Ctrl-C or a SIGTERM during a long sample: the change's owner
// (a guard, sys/mthp.h, sys/scratch_file_set.h) registers its undo here when it makes
// the change, and the signal handler runs every registered undo, newest
// first, before membench dies. The table is fixed and holds plain
// characters, so the handler needs nothing but open/write/close,
// getdents64, unlink and rmdir, all async-signal-safe. An undo runs only in the process that
// registered it, never in a forked worker that inherited the table. Every
// change is also recorded on disk (sys/change_journal.h), for the SIGKILL
// no handler sees; the handler deletes the record of what it undid.
#pragma once

#include <string>

#include "sys/change_journal.h"

namespace membench::sys {

class EmergencyRestore {
 public:
  EmergencyRestore() = default;
  // Registers "write `restore_value` back to the file at `path`" (a sysfs
  // setting about to be set to `set_value`). Throws Error when the table is
  // full, the strings do not fit or the record cannot be written.
  static EmergencyRestore WriteFile(const std::string& path, const std::string& restore_value,
                                    const std::string& set_value);
  // Registers "delete the file at `path`" (a temporary about to be written).
  static EmergencyRestore RemoveFile(const std::string& path);
  // Registers "delete the directory at `path` and the files in it" (scratch
  // files; a directory in it is left).
  static EmergencyRestore RemoveDirectory(const std::string& path);

  EmergencyRestore(EmergencyRestore&& other) noexcept;
  // Only onto an empty one (a default-constructed or finished one): one
  // that holds a change would forget it. Checked.
  EmergencyRestore& operator=(EmergencyRestore&& other) noexcept;
  EmergencyRestore(const EmergencyRestore&) = delete;
  EmergencyRestore& operator=(const EmergencyRestore&) = delete;
  // Unregisters: the owner has undone the change itself, and its record
  // goes too.
  ~EmergencyRestore();
  // Unregisters once the owner has tried to undo the change; when it could
  // not (a setting not written back, a file busy), the record stays for
  // the next membench to name.
  void Finish(bool undone);

 private:
  EmergencyRestore(int kind, const ChangeRecord& change, const std::string& value);
  int slot_ = -1;
  JournalEntry journal_;
};

// Runs the undos this process registered, newest first. Async-signal-safe.
void RunEmergencyRestores() noexcept;

}  // namespace membench::sys
