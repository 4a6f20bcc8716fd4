// File: tests/node_matrix_test.cpp
// `run matrix` on fake topologies (one node; two; four with a node of
// memory alone; none with CPUs), and a run's points read back as node x
// node matrices and printed as MLC prints them.
#include <gtest/gtest.h>

#include <sstream>

#include "core/error.h"
#include "core/node_matrix.h"
#include "core/numa_placement.h"
#include "report/node_matrix_report.h"

namespace membench {
namespace {

TEST(NodeMatrix, APlanSweepsEveryCpuNodeAndEveryMemoryNode) {
  const NodeMatrixPlan one = PlanNodeMatrix("latency", NodeTopology{{0}, {{0, 2}}});
  EXPECT_EQ(one.workload, "chase");
  EXPECT_EQ(one.values.at(kCpuNodeBindParam), "0");
  EXPECT_EQ(one.values.at(kMembindParam), "0");
  EXPECT_EQ(one.values.at("size"), "256M");
  EXPECT_EQ(one.values.count("threads"), 0u);

  // Node 3 is memory alone (CXL): a column, never a row.
  const NodeMatrixPlan four = PlanNodeMatrix("bandwidth", NodeTopology{{0, 1, 2, 3}, {{0, 8}, {1, 8}, {2, 6}}});
  EXPECT_EQ(four.workload, "read");
  EXPECT_EQ(four.values.at(kCpuNodeBindParam), "0,1,2");
  EXPECT_EQ(four.values.at(kMembindParam), "0,1,2,3");
  EXPECT_EQ(four.values.at("threads"), "6");  // the smallest CPU node's CPUs

  EXPECT_THROW(PlanNodeMatrix("latency", NodeTopology{{0}, {}}), Error);
  EXPECT_THROW(PlanNodeMatrix("power", NodeTopology{{0}, {{0, 1}}}), Error);
}

Measurement At(int cpu, int memory, const std::string& size = "256 MiB") {
  Measurement m;
  m.workload = "chase";
  m.unit = WorkUnit::kLoads;
  m.point.values = {{"size", ParamValue{size, 0, true}},
                    {kCpuNodeBindParam, ParamValue{std::to_string(cpu), static_cast<std::uint64_t>(cpu), true}},
                    {kMembindParam, ParamValue{std::to_string(memory), static_cast<std::uint64_t>(memory), true}}};
  return m;
}

TEST(NodeMatrix, PointsBecomeOneMatrixPerOtherParameterValue) {
  EXPECT_TRUE(NodeMatricesOf({Measurement{}}).empty());
  const std::vector<Measurement> two = {At(0, 0), At(0, 1), At(1, 0), At(1, 1)};
  const std::vector<NodeMatrix> one = NodeMatricesOf(two);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].label, "");
  EXPECT_EQ(one[0].cpu_nodes, (std::vector<int>{0, 1}));
  EXPECT_EQ(one[0].memory_nodes, (std::vector<int>{0, 1}));
  EXPECT_EQ(one[0].cells.at({1, 0}), 2u);

  const std::vector<NodeMatrix> sized = NodeMatricesOf({At(0, 0, "1 MiB"), At(0, 0, "1 GiB")});
  ASSERT_EQ(sized.size(), 2u);
  EXPECT_EQ(sized[1].label, "size=1 GiB");
}

TEST(NodeMatrix, TheReportPrintsRowsOfCpuNodesAndColumnsOfMemoryNodes) {
  RunResult r;
  r.measurements = {At(0, 0), At(0, 1), At(1, 0)};  // (1, 1) missing: its cell is "-"
  std::vector<MeasurementStats> stats(3);
  stats[0].rate.mean = 1e9 / 90.0;   // 90 ns a load
  stats[1].rate.mean = 1e9 / 140.0;  // remote
  stats[2].rate.mean = 1e9 / 141.0;
  std::ostringstream out;
  WriteNodeMatrices(out, r, stats, ByteRateUnit::kGBps);
  const std::string text = out.str();
  EXPECT_NE(text.find("# node x node: ns a load; rows: the workers' CPUs' node"), std::string::npos) << text;
  EXPECT_NE(text.find("cpu\\mem      0      1"), std::string::npos) << text;
  EXPECT_NE(text.find("0        90.00  140.0"), std::string::npos) << text;
  EXPECT_NE(text.find("1        141.0      -"), std::string::npos) << text;

  std::ostringstream none;
  WriteNodeMatrices(none, RunResult{}, {}, ByteRateUnit::kGBps);
  EXPECT_EQ(none.str(), "");
}

}  // namespace
}  // namespace membench
