// File: core/node_matrix.cpp
#include "core/node_matrix.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "core/numa_placement.h"

namespace membench {

NodeMatrixPlan PlanNodeMatrix(const std::string& what, const NodeTopology& topology) {
  if (topology.cpus_per_node.empty()) throw Error("run matrix: no NUMA node of this machine lists any CPU");
  std::vector<int> cpu_nodes;
  int fewest_cpus = 0;
  for (const auto& [node, cpus] : topology.cpus_per_node) {
    cpu_nodes.push_back(node);
    fewest_cpus = fewest_cpus == 0 ? cpus : std::min(fewest_cpus, cpus);
  }
  NodeMatrixPlan plan;
  plan.values[kCpuNodeBindParam] = fmt::format("{}", fmt::join(cpu_nodes, ","));
  plan.values[kMembindParam] = fmt::format("{}", fmt::join(topology.memory_nodes, ","));
  if (what == "latency") {
    plan.workload = "chase";
    plan.values["size"] = "256M";
    plan.values["pattern"] = "random";
  } else if (what == "bandwidth") {
    plan.workload = "read";
    plan.values["size"] = "1G";
    if (fewest_cpus > 1) plan.values["threads"] = std::to_string(fewest_cpus);
  } else {
    throw Error("run matrix --what " + what + ": latency (chase, ns a load) or bandwidth (read, GB/s)");
  }
  return plan;
}

std::vector<NodeMatrix> NodeMatricesOf(const std::vector<Measurement>& measurements) {
  std::vector<NodeMatrix> matrices;
  std::vector<Point> points;
  for (const Measurement& m : measurements) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    const Point& point = measurements[i].point;
    const ParamValue* cpu = point.Find(kCpuNodeBindParam);
    const ParamValue* memory = point.Find(kMembindParam);
    if (cpu == nullptr || memory == nullptr) continue;
    // The other parameters that vary, as the label of this point's matrix.
    std::vector<std::string> others;
    for (const std::string& name : varying) {
      const ParamValue* value = point.Find(name);
      if (name != kCpuNodeBindParam && name != kMembindParam && value != nullptr) {
        others.push_back(name + "=" + value->text);
      }
    }
    const std::string label = fmt::format("{}", fmt::join(others, " "));
    auto matrix = std::find_if(matrices.begin(), matrices.end(), [&](const NodeMatrix& m) { return m.label == label; });
    if (matrix == matrices.end()) {
      matrices.push_back(NodeMatrix{label, {}, {}, {}});
      matrix = matrices.end() - 1;
    }
    const int cpu_node = static_cast<int>(cpu->number);
    const int memory_node = static_cast<int>(memory->number);
    if (std::find(matrix->cpu_nodes.begin(), matrix->cpu_nodes.end(), cpu_node) == matrix->cpu_nodes.end()) {
      matrix->cpu_nodes.push_back(cpu_node);
    }
    if (std::find(matrix->memory_nodes.begin(), matrix->memory_nodes.end(), memory_node) ==
        matrix->memory_nodes.end()) {
      matrix->memory_nodes.push_back(memory_node);
    }
    matrix->cells[{cpu_node, memory_node}] = i;
  }
  for (NodeMatrix& m : matrices) {
    std::sort(m.cpu_nodes.begin(), m.cpu_nodes.end());
    std::sort(m.memory_nodes.begin(), m.memory_nodes.end());
  }
  return matrices;
}

}  // namespace membench
