// File: core/machine_checks.h
// `membench doctor`'s check list: each setting of the machine that can
// disturb a memory measurement, judged from the facts read off it
// (core/machine_facts.h). Every line says the value, whether and how it
// can disturb a figure, and the command that fixes it; nothing is changed.
// pyperf's `system show` is the anchor; this goes further into memory
// management (THP daemons, KSM, free page reporting, the zero page, the
// kernel's allocation-time zeroing) because that is what membench measures.
#pragma once

#include <string>
#include <vector>

#include "core/machine_facts.h"

namespace membench {

enum class Standing {
  kGood,     // nothing to do
  kNote,     // worth knowing when reading a figure; no harm by itself
  kWarning,  // can change or spoil figures: fix it, or say so with the results
  kUnknown,  // could not be read
};

// "ok", "note", "WARN", "?"
const char* StandingLabel(Standing standing);
// "good", "note", "warning", "unknown": JSON's words.
const char* StandingName(Standing standing);

struct MachineCheck {
  std::string area;  // "cpu", "counters", "memory", "limits", "virtualisation", "load", "kernel", "caches"
  std::string name;  // "frequency governor"
  std::string value;
  Standing standing = Standing::kUnknown;
  std::string effect;  // how it can disturb a measurement, or why it does not
  std::string fix;     // a command that fixes it; "" when nothing is to be done
};

std::vector<MachineCheck> CheckMachine(const MachineFacts& facts);

}  // namespace membench
