// File: sys/test_hook.h
// Faults the tests inject into a real run, to see that membench catches
// them: with MEMBENCH_TEST_HOOK=<name> in its environment, the code at the
// hook of that name does the wrong thing on purpose. Without the variable
// a hook is never on.
#pragma once

namespace membench::sys {

// The hooks: "stream-corrupt-element" (STREAM's run writes one wrong
// element into its arrays, which validation must refuse).
bool TestHookOn(const char* name);

}  // namespace membench::sys
