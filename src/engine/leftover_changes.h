// File: engine/leftover_changes.h
// What a killed membench left changed on the machine (sys/change_journal.h):
// a warning before every command that measures, and `membench restore`,
// which puts it back.
#pragma once

#include <ostream>

namespace membench {

// Prints, when there are leftovers, each with the command that puts it
// back, and the advice to run `membench restore`.
void WarnAboutLeftoverChanges(std::ostream& out);

// `membench restore [--dry-run]`: puts back every leftover; a setting
// someone has changed since is theirs: named, left as it is, and its
// record dropped. 0 when nothing is left, 1 when something could not be
// put back.
int RunRestore(bool dry_run);

}  // namespace membench
