// File: core/numa_placement.h
// Where a point's memory and CPU are placed: --membind NODE (every page from
// that node, or the fault fails), --interleave NODES (pages round-robin over
// them), --cpunodebind NODE (the workers run on that node's CPUs); and the
// judgement of a page proof's node counts (move_pages) against it, as the
// page proof judges page sizes: a page on a node that was not asked for is
// flagged, never reported as placed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/page_proof.h"

namespace membench {

// The point parameters a placement is read from (engine/placement.h).
inline constexpr const char* kMembindParam = "membind";
inline constexpr const char* kInterleaveParam = "interleave";
inline constexpr const char* kCpuNodeBindParam = "cpunodebind";
inline constexpr const char* kPlacementParams[] = {kMembindParam, kInterleaveParam, kCpuNodeBindParam};

struct NumaPlacement {
  std::optional<int> membind;
  std::vector<int> interleave;  // ascending, at least one node
  std::optional<int> cpu_node;

  bool memory_placed() const { return membind.has_value() || !interleave.empty(); }
  bool empty() const { return !memory_placed() && !cpu_node; }
  // "membind 0", "interleave 0-3", "" without a memory policy.
  std::string MemoryRequest() const;
};

// Interleaving counts as honoured when every node asked for has at least
// this share of an even split of the sampled pages: a region's first and
// last pages, and pages the kernel fell back on, may lean one way.
inline constexpr double kInterleaveEvenShare = 0.5;

// Records the request in the proof and judges its node counts: with
// --membind every sampled page on that node; with --interleave every page on
// one of the nodes and each node near its share. Appends "nodes: 0 100%"
// and what was not honoured to the proof's text, and clears
// nodes_honoured. A proof without node counts says so.
void JudgeNodes(PageProof& proof, const NumaPlacement& placement);

// "0 100%", "0 50.1%, 1 49.9%", for a proof's text and the reports.
std::string NodeSplit(const std::map<int, std::uint64_t>& node_pages);

}  // namespace membench
