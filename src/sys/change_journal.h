// File: sys/change_journal.h
// What membench has changed on the machine and not yet put back, kept on
// disk: one small file per change (core/change_record.h) in the state
// directory, written before the change is made and removed once it is
// undone. A membench ended by SIGKILL runs no handler: its files stay, and
// the next membench finds them (FindLeftoverChanges), says what was left
// and how to put it back, and `membench restore` does. The directory is
// $MEMBENCH_STATE_DIR, else /run/membench for root (a tmpfs, emptied at
// boot just as the settings are reset), else $XDG_RUNTIME_DIR/membench,
// else ~/.local/state/membench/changes. Other users look in /run/membench
// too: what a killed `sudo membench` left changes their measurements.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "core/change_record.h"

namespace membench::sys {

std::string ChangeJournalDirectory();

// The record of one change, for its owner's lifetime. Move-only; the record
// is removed when the entry goes, but only by the process that wrote it (a
// forked worker that inherited the object leaves it alone).
class JournalEntry {
 public:
  JournalEntry() = default;
  // Writes the record (the boot id is filled in) before the caller makes
  // the change. Throws Error, naming the directory and how to choose
  // another, when it cannot be written.
  static JournalEntry Record(ChangeRecord record);

  JournalEntry(JournalEntry&& other) noexcept;
  // Only onto an empty entry (checked): one holding a record would drop it.
  JournalEntry& operator=(JournalEntry&& other) noexcept;
  JournalEntry(const JournalEntry&) = delete;
  JournalEntry& operator=(const JournalEntry&) = delete;
  ~JournalEntry();

  // The record's file, for the signal handler to unlink once it has undone
  // the change (sys/emergency_restore.h).
  const std::string& file() const { return file_; }
  // Lets go of the record without removing it: the change could not be
  // undone, and the next membench is to find it.
  void Keep() noexcept { file_.clear(); }

 private:
  void Remove() noexcept;
  std::string file_;
  pid_t owner_ = 0;
};

// A change whose membench is gone without putting it back.
struct LeftoverChange {
  ChangeRecord record;
  std::string file;  // its record
  pid_t pid = 0;     // of the membench that made it
  // kWriteFile: the setting now. When it is neither what membench set nor
  // what it found, someone has changed it since, and restoring it would
  // undo their change.
  std::string current;
  bool changed_since = false;
};

// The leftovers of membench processes that are gone, newest first (only
// records this user or root wrote). Records whose change
// is no longer in effect (already put back by hand, a setting or mount
// reset by a reboot, a file removed) are deleted on the way: they are no
// longer news.
std::vector<LeftoverChange> FindLeftoverChanges();

// Puts one leftover back and deletes its record; the failure's text when it
// cannot (not root, the file busy, a run using the mTHP settings).
std::optional<std::string> UndoLeftover(const LeftoverChange& leftover);
// Deletes a leftover's record without undoing it: a setting someone has
// changed since is theirs now.
void ForgetLeftover(const LeftoverChange& leftover);

}  // namespace membench::sys
