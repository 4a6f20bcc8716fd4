// File: core/numa_placement.cpp
#include "core/numa_placement.h"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>
#include <fmt/ranges.h>


namespace membench {

std::string NumaPlacement::MemoryRequest() const {
  if (membind) return fmt::format("membind {}", *membind);
  if (!interleave.empty()) return fmt::format("interleave {}", fmt::join(interleave, ","));
  return "";
}

std::string NodeSplit(const std::map<int, std::uint64_t>& node_pages) {
  std::uint64_t total = 0;
  for (const auto& [node, pages] : node_pages) total += pages;
  if (total == 0) return "none present";
  std::vector<std::string> parts;
  for (const auto& [node, pages] : node_pages) {
    const double pct = 100.0 * static_cast<double>(pages) / static_cast<double>(total);
    parts.push_back(pages == total ? fmt::format("{} 100%", node) : fmt::format("{} {:.1f}%", node, pct));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

void JudgeNodes(PageProof& proof, const NumaPlacement& placement) {
  if (!placement.memory_placed()) return;
  proof.nodes_requested = placement.MemoryRequest();
  if (proof.node_pages.empty()) {
    proof.text += fmt::format("; nodes: not readable ({} requested)", proof.nodes_requested);
    return;
  }
  std::uint64_t total = 0;
  for (const auto& [node, pages] : proof.node_pages) total += pages;
  const std::vector<int> asked = placement.membind ? std::vector<int>{*placement.membind} : placement.interleave;
  std::uint64_t elsewhere = 0;
  for (const auto& [node, pages] : proof.node_pages) {
    if (std::find(asked.begin(), asked.end(), node) == asked.end()) elsewhere += pages;
  }
  std::vector<std::string> faults;
  if (elsewhere != 0) faults.push_back(fmt::format("{} of {} sampled pages on other nodes", elsewhere, total));
  if (!placement.interleave.empty() && total != 0) {
    const double even = static_cast<double>(total) / static_cast<double>(asked.size());
    for (const int node : asked) {
      const auto found = proof.node_pages.find(node);
      const std::uint64_t pages = found == proof.node_pages.end() ? 0 : found->second;
      if (static_cast<double>(pages) < kInterleaveEvenShare * even) {
        faults.push_back(fmt::format("node {} has {} pages, under half of an even share", node, pages));
      }
    }
  }
  proof.text += fmt::format("; nodes: {} ({} requested)", NodeSplit(proof.node_pages), proof.nodes_requested);
  if (!faults.empty()) {
    proof.nodes_honoured = false;
    proof.text += fmt::format(" NOT HONOURED: {}", fmt::join(faults, "; "));
  }
}

}  // namespace membench
