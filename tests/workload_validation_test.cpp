// File: tests/workload_validation_test.cpp
// A point's values are checked together before anything runs (a workload's
// needs), whatever this CPU can run: the points are built here directly,
// past the matrix's check of which kernels the CPU has.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "engine/registry.h"
#include "kernels/kernel.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

// Every parameter at its default, except those given.
Point PointOf(const WorkloadInfo& workload, const std::vector<std::pair<std::string, ParamValue>>& given) {
  Point point;
  for (const ParamSpec& spec : workload.params) {
    ParamValue value = ExpandParam(spec, spec.default_value).front();
    for (const auto& [name, given_value] : given) {
      if (name == spec.name) value = given_value;
    }
    point.values.emplace_back(spec.name, value);
  }
  return point;
}

std::string RefusalOf(const WorkloadInfo& workload, const Point& point) {
  try {
    workload.needs(point);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// clzero (x86) and dc zva (arm64) write only zeros: a fill of another byte
// is refused when the point is checked, on a CPU with or without them.
TEST(WorkloadNeeds, AZeroOnlyKernelIsRefusedAnyOtherByte) {
  int zero_only = 0;
  for (const FillKernel& kernel : FillKernels()) {
    if (!kernel.zero_only) continue;
    ++zero_only;
    const ParamValue impl{std::string(kernel.name), 0, false};
    for (const char* name : {"memset", "clear"}) {
      const WorkloadInfo& workload = FindWorkload(name);
      EXPECT_NE(RefusalOf(workload, PointOf(workload, {{"impl", impl}, {"value", {"1", 1, true}}}))
                    .find(std::string(kernel.name) + " writes only zeros"),
                std::string::npos)
          << name << " " << kernel.name;
      EXPECT_EQ(RefusalOf(workload, PointOf(workload, {{"impl", impl}, {"value", {"0", 0, true}}})), "")
          << name << " " << kernel.name;
    }
  }
  EXPECT_GE(zero_only, 1) << "each instruction set has a zero-only fill (clzero, dc zva)";
}

}  // namespace
}  // namespace membench
