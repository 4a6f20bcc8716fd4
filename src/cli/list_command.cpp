// File: cli/list_command.cpp
#include "cli/list_command.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "engine/registry.h"

namespace membench {
void ListWorkloads(std::ostream& out) {
  for (const auto& w : Workloads()) {
    fmt::print(out, "{:<10} {}\n", w.name, w.summary);
    for (const auto& p : w.params) fmt::print(out, "  --{:<12} (default {}) {}\n", p.name, p.default_value, p.help);
  }
}

}  // namespace membench
