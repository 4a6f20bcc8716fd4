// File: core/work_unit.cpp
#include "core/work_unit.h"

#include <array>
#include <utility>

#include "core/error.h"

namespace membench {
namespace {

struct UnitNames {
  WorkUnit unit;
  std::string_view plural;
  std::string_view singular;
};

constexpr std::array<UnitNames, 15> kUnits = {{
    {WorkUnit::kBytes, "bytes", "byte"},
    {WorkUnit::kLoads, "loads", "load"},
    {WorkUnit::kTouches, "touches", "touch"},
    {WorkUnit::kPages, "pages", "page"},
    {WorkUnit::kFaults, "faults", "fault"},
    {WorkUnit::kMappings, "mappings", "mapping"},
    {WorkUnit::kSpawns, "spawns", "spawn"},
    {WorkUnit::kPairs, "pairs", "pair"},
    {WorkUnit::kMessages, "messages", "message"},
    {WorkUnit::kRuns, "runs", "run"},
    {WorkUnit::kCalls, "calls", "call"},
    {WorkUnit::kSwitches, "switches", "switch"},
    {WorkUnit::kRoundTrips, "round-trips", "round-trip"},
    {WorkUnit::kFiles, "files", "file"},
    {WorkUnit::kHops, "hops", "hop"},
}};

const UnitNames& NamesOf(WorkUnit unit) {
  for (const auto& names : kUnits) {
    if (names.unit == unit) return names;
  }
  throw Error("a work unit without a name");
}

}  // namespace

std::string_view UnitName(WorkUnit unit) { return NamesOf(unit).plural; }
std::string_view UnitSingular(WorkUnit unit) { return NamesOf(unit).singular; }

WorkUnit ParseWorkUnit(std::string_view name) {
  for (const auto& names : kUnits) {
    if (names.plural == name) return names.unit;
  }
  throw Error("unknown work unit '" + std::string(name) + "'");
}

}  // namespace membench
