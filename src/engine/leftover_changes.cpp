// File: engine/leftover_changes.cpp
#include "engine/leftover_changes.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <iostream>

#include "sys/change_journal.h"
#include "sys/files.h"

namespace membench {
namespace {

std::string ChangedSinceText(const sys::LeftoverChange& leftover) {
  return fmt::format("it is now {}: someone has changed it since, so it is left as it is", leftover.current);
}

}  // namespace

void WarnAboutLeftoverChanges(std::ostream& out) {
  const auto leftovers = sys::FindLeftoverChanges();
  if (leftovers.empty()) return;
  fmt::print(out, "membench: warning: a membench that was killed left the machine changed:\n");
  for (const auto& leftover : leftovers) {
    fmt::print(out, "  {} (by pid {})\n", DescribeChange(leftover.record), leftover.pid);
    if (leftover.changed_since) {
      fmt::print(out, "    {}\n", ChangedSinceText(leftover));
    } else {
      fmt::print(out, "    to put it back: {}\n", RestoreCommand(leftover.record));
    }
  }
  fmt::print(out, "  run `membench restore` to put everything back\n");
}

int RunRestore(bool dry_run) {
  const auto leftovers = sys::FindLeftoverChanges();
  if (leftovers.empty()) {
    fmt::print("nothing to restore: no membench left a change behind ({})\n", sys::ChangeJournalDirectory());
    return 0;
  }
  int status = 0;
  for (const auto& leftover : leftovers) {
    const std::string what = DescribeChange(leftover.record);
    if (leftover.changed_since) {
      // Theirs now: the record goes, or it would block mTHP runs for good.
      fmt::print("left alone: {}; {}\n", what, ChangedSinceText(leftover));
      if (!dry_run) sys::ForgetLeftover(leftover);
      continue;
    }
    const std::string command = RestoreCommand(leftover.record);
    if (dry_run) {
      fmt::print("{}\n", command);
      continue;
    }
    if (const auto failure = sys::UndoLeftover(leftover)) {
      fmt::print(std::cerr, "membench: error: could not put back {} ({}): {}{}\n", what, command, *failure,
                 sys::IsRoot() ? "" : " (machine settings are root's: sudo membench restore)");
      status = 1;
      continue;
    }
    fmt::print("restored: {} ({})\n", what, command);
  }
  return status;
}

}  // namespace membench
