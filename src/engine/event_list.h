// File: engine/event_list.h
// `membench list events`: every event a run can count, each opened for real
// so the list says whether this machine counts it; the named sets, the
// PMU's libpfm4 events, memory traffic and the tracepoints.
#pragma once

#include <ostream>

namespace membench {

void PrintEventList(std::ostream& out);

}  // namespace membench
