// File: cli/experiment_version.cpp
#include "cli/experiment_version.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cstdint>
#include <random>

namespace membench {
namespace {

// FNV-1a, 64 bits: stable across builds and machines, which std::hash is not.
std::uint64_t Fnv1a(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

// One field a line, each named, so that no two different runs write the
// same text.
std::string Canonical(const ExperimentRun& run) {
  std::string text = fmt::format("id={}\nkind={}\nworkload={}\n", run.id, static_cast<int>(run.kind), run.workload);
  text += fmt::format("command={}\n", fmt::join(run.command, "\x1f"));
  for (const auto& [name, value] : run.params) text += fmt::format("param {}={}\n", name, value);
  for (const auto& [name, value] : run.quick_params) text += fmt::format("quick {}={}\n", name, value);
  text += fmt::format("treatment={}\nrepeat={}\nquick_repeat={}\nevents={}\ncpus={}\npressure={}\n", run.treatment,
                      run.repeat, run.quick_repeat, run.events, run.cpus, run.pressure);
  for (const ScaleRule& rule : run.scale) text += fmt::format("scale {} {} {}\n", rule.param, rule.want, rule.per_cpu);
  // The symbols decide whether the run is profiled; which rows the report
  // shows (kernel_values, pages_must_be), how many results the run makes
  // (replicates) and whether it may be left out (optional) do not change
  // what a result measured.
  text += fmt::format("profiled={}\n", !run.profile_symbols.empty());
  if (run.figure) {
    text += fmt::format("figure {} {} {}\n", FigureKindName(run.figure->kind), run.figure->pattern, run.figure->unit);
  }
  return text;
}

}  // namespace

std::string RunsVersion(const Experiment& experiment) {
  std::string text;
  for (const ExperimentRun& run : experiment.runs) text += Canonical(run) + "\x1e";
  return fmt::format("{:016x}", Fnv1a(text));
}

std::string NewSessionId() {
  std::random_device random;
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  return fmt::format("{:%Y%m%dT%H%M%SZ}-{:06x}", fmt::gmtime(now), random() & 0xffffffu);
}

}  // namespace membench
