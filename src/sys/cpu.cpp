// File: sys/cpu.cpp
#include "sys/cpu.h"

#include <unistd.h>

namespace membench::sys {

int OnlineCpuCount() { return static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN)); }

}  // namespace membench::sys
