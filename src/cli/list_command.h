// File: cli/list_command.h
// `membench list workloads`: what exists on this machine, and why something is
// unavailable (`list impls`: workloads/impl_params.h; `list events`:
// engine/event_list.h).
#pragma once

#include <ostream>
#include <string>

namespace membench {

void ListWorkloads(std::ostream& out);

}  // namespace membench
