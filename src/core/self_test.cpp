// File: core/self_test.cpp
#include "core/self_test.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace membench {
namespace {

SelfCheck Verdict(const std::string& name, bool passed, std::string detail) {
  return {name, passed ? CheckVerdict::kPassed : CheckVerdict::kFailed, std::move(detail)};
}

std::optional<std::size_t> EventIndex(const RunResult& result, const std::string& name) {
  for (std::size_t i = 0; i < result.events.size(); ++i) {
    if (result.events[i].name == name) return i;
  }
  return std::nullopt;
}

}  // namespace

SelfCheck JudgeHardwareCounters(const RunResult& result) {
  const std::string name = "hardware counters on a memcpy";
  const auto cycles = EventIndex(result, "cycles");
  const auto instructions = EventIndex(result, "instructions");
  if (!cycles || !instructions) return Verdict(name, false, "the run did not ask for cycles and instructions");
  for (const std::size_t e : {*cycles, *instructions}) {
    if (!result.events[e].supported) {
      return Verdict(name, false,
                     fmt::format("{} could not be opened: {}", result.events[e].name, result.events[e].reason));
    }
  }
  double cycles_sum = 0;
  double instructions_sum = 0;
  std::size_t samples = 0;
  bool multiplexed = false;
  for (const Measurement& m : result.measurements) {
    for (const Sample& s : m.samples) {
      if (s.counters.size() <= std::max(*cycles, *instructions)) {
        return Verdict(name, false, "a sample has no counter values");
      }
      const auto& c = s.counters[*cycles];
      const auto& i = s.counters[*instructions];
      if (!c || !i || !c->counted() || !i->counted() || c->raw == 0 || i->raw == 0) {
        return Verdict(name, false, "a sample counted no cycles or no instructions");
      }
      multiplexed |= c->running_ns < c->enabled_ns || i->running_ns < i->enabled_ns;
      cycles_sum += c->scaled;
      instructions_sum += i->scaled;
      ++samples;
    }
  }
  if (samples == 0) return Verdict(name, false, "the run took no samples");
  const double ipc = instructions_sum / cycles_sum;
  const bool sane = ipc > 0.01 && ipc < 16;
  return Verdict(
      name, sane,
      fmt::format("{} samples, {:.3g} cycles and {:.3g} instructions a sample, {:.2f} instructions a "
                  "cycle{}{}",
                  samples, cycles_sum / static_cast<double>(samples), instructions_sum / static_cast<double>(samples),
                  ipc, sane ? "" : " (outside 0.01..16: the counts are not what they say)",
                  multiplexed ? "; multiplexed (scaled by enabled/running time)" : ""));
}

SelfCheck JudgeNodePlacement(const RunResult& result, const std::string& name, const std::string& nodes_asked) {
  std::size_t proofs = 0;
  for (const Measurement& m : result.measurements) {
    for (const PageProof& proof : m.page_proofs) {
      ++proofs;
      if (proof.node_pages.empty())
        return Verdict(name, false, proof.region + ": the kernel named no node for its pages");
      if (!proof.nodes_honoured) return Verdict(name, false, proof.text);
    }
  }
  if (proofs == 0) return Verdict(name, false, "the run proved no buffer");
  return Verdict(
      name, true,
      fmt::format("{} buffer{} pages on nodes {}, as asked", proofs, proofs == 1 ? "'s" : "s'", nodes_asked));
}

SelfCheck JudgeHugetlb(const RunResult& result, const std::string& name) {
  std::size_t proofs = 0;
  for (const Measurement& m : result.measurements) {
    for (const PageProof& proof : m.page_proofs) {
      ++proofs;
      if (!proof.honoured || proof.split.find("hugetlb") == std::string::npos) {
        return Verdict(name, false, proof.text);
      }
    }
  }
  if (proofs == 0) return Verdict(name, false, "the run proved no buffer");
  return Verdict(name, true,
                 fmt::format("{} buffer{} in hugetlb pages, by the page proof", proofs, proofs == 1 ? "" : "s"));
}

SelfCheck FailedRun(const std::string& name, const std::string& why) { return {name, CheckVerdict::kFailed, why}; }

SelfCheck NotHere(const std::string& name, const std::string& why) { return {name, CheckVerdict::kNotHere, why}; }

std::string VerdictWord(CheckVerdict verdict) {
  switch (verdict) {
    case CheckVerdict::kPassed:
      return "passed";
    case CheckVerdict::kFailed:
      return "FAILED";
    case CheckVerdict::kNotHere:
      return "not here";
  }
  return "";
}

}  // namespace membench
