// File: sys/test_hook.cpp
#include "sys/test_hook.h"

#include <cstdlib>
#include <cstring>

namespace membench::sys {

bool TestHookOn(const char* name) {
  static const char* const wanted = std::getenv("MEMBENCH_TEST_HOOK");
  return wanted != nullptr && std::strcmp(wanted, name) == 0;
}

}  // namespace membench::sys
