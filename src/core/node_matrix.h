// File: core/node_matrix.h
// Node-by-node matrices as Intel MLC prints them (--latency_matrix,
// --bandwidth_matrix): one row per node whose CPUs run the workers, one
// column per node the memory is on. `run matrix` plans one run of an
// existing workload whose points sweep --cpunodebind and --membind, and
// every report of such a run tabulates it, so the cells are measured and
// judged as any other point is.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

// The machine's nodes, as the kernel lists them.
struct NodeTopology {
  std::vector<int> memory_nodes;     // online nodes with memory (memory-only ones too)
  std::map<int, int> cpus_per_node;  // nodes with CPUs this process may use, and how many
};

// The run behind `run matrix --what WHAT`: a workload and its parameter
// values. latency: chase's idle random-access latency in a 256 MiB buffer
// (MLC's default buffer is 200 MB); bandwidth: read of 1 GiB a thread by as many
// threads as the smallest CPU node has CPUs (MLC loads every core of the
// node). Throws Error for another `what`, or a machine without CPU nodes.
struct NodeMatrixPlan {
  std::string workload;
  std::map<std::string, std::string> values;
};
NodeMatrixPlan PlanNodeMatrix(const std::string& what, const NodeTopology& topology);

// A run's points as matrices: one per combination of the other parameters
// (a size list gives a matrix a size). Cell (cpu node, memory node) is the
// index of the measurement; a point missing from the grid leaves its cell
// empty. Empty where the points do not vary over both --cpunodebind and
// --membind.
struct NodeMatrix {
  std::string label;  // the other parameters, "size=256 MiB"; "" where none vary
  std::vector<int> cpu_nodes;
  std::vector<int> memory_nodes;
  std::map<std::pair<int, int>, std::size_t> cells;
};
std::vector<NodeMatrix> NodeMatricesOf(const std::vector<Measurement>& measurements);

}  // namespace membench
