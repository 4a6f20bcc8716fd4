// File: core/parallelism.cpp
#include "core/parallelism.h"

#include <algorithm>
#include <map>

namespace membench {

std::vector<ParallelismRow> MemoryParallelism(const std::vector<Measurement>& measurements,
                                              const std::vector<double>& rates) {
  std::vector<Point> points;
  for (const Measurement& m : measurements) points.push_back(m.point);
  const std::vector<std::string> varying = VaryingParams(points);
  if (std::find(varying.begin(), varying.end(), "chains") == varying.end()) return {};
  // Group by the other varying parameters, in the order first seen.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    if (measurements[i].unit != WorkUnit::kLoads || rates[i] <= 0) continue;
    std::string conditions;
    for (const std::string& name : varying) {
      if (name != "chains") conditions += (conditions.empty() ? "" : " ") + name + "=" + points[i].at(name).text;
    }
    if (!groups.count(conditions)) order.push_back(conditions);
    groups[conditions].push_back(i);
  }
  std::vector<ParallelismRow> rows;
  for (const std::string& conditions : order) {
    std::vector<std::size_t>& group = groups[conditions];
    const auto chains_of = [&](std::size_t i) { return std::stoi(points[i].at("chains").text); };
    std::sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) { return chains_of(a) < chains_of(b); });
    if (group.size() < 2 || chains_of(group.front()) != 1) continue;
    const double one_chain_latency_ns = 1e9 / rates[group.front()];
    for (const std::size_t i : group) {
      const int k = chains_of(i);
      const double ns_per_load = 1e9 / rates[i];
      rows.push_back({conditions, k, ns_per_load, k * ns_per_load, one_chain_latency_ns / ns_per_load});
    }
  }
  return rows;
}

}  // namespace membench
