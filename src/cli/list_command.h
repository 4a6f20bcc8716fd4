// File: cli/list_command.h
// `membench list workloads` and `list events`: what exists on this machine,
// and why something is unavailable (`list impls`: workloads/impl_params.h).
#pragma once

#include <ostream>
#include <string>

namespace membench {

void ListWorkloads(std::ostream& out);
void ListEvents(std::ostream& out);

}  // namespace membench
