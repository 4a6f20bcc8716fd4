// File: cli/list_command.h
// `membench list [workloads|impls|events]`: what exists on this machine, and
// why something is unavailable.
#pragma once

#include <ostream>
#include <string>

namespace membench {

void ListWorkloads(std::ostream& out);
void ListImpls(std::ostream& out);
void ListEvents(std::ostream& out);

}  // namespace membench
