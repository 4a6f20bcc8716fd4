// File: tests/result_shapes_test.cpp
// Each run option that changes what a result holds (single latencies, the
// profile, the kernel's accounting, the node proof), end to end with what
// users get: the default three invocations, merged, at a size past the
// last-level cache (twice it, at least 64 MiB, at most 512 MiB), and the
// file read back (RunCommand does that for every result file).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/units.h"
#include "membench_process.h"
#include "sys/files.h"

namespace membench {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

// Twice the largest cache sysfs lists for CPU 0, within [64 MiB, 512 MiB].
std::uint64_t PastTheLastLevelCache() {
  std::uint64_t largest = 0;
  const std::filesystem::path caches = "/sys/devices/system/cpu/cpu0/cache";
  if (std::filesystem::exists(caches)) {
    for (const auto& index : std::filesystem::directory_iterator(caches)) {
      const auto size = sys::ReadFirstLine((index.path() / "size").string());
      if (size && !size->empty()) largest = std::max(largest, ParseSize(*size));
    }
  }
  return std::clamp<std::uint64_t>(2 * largest, 64 * kMiB, 512 * kMiB);
}

const std::string& Size() {
  static const std::string size = std::to_string(PastTheLastLevelCache() / kMiB) + "M";
  return size;
}

// `membench run ARGS -r 3` with its JSON, whose samples must come from all
// three invocations; null when the run failed (a test failure).
nlohmann::json RunWithTheDefaults(const std::string& args, const std::string& name) {
  const std::string path = TempPath(name + ".json");
  const Outcome run = Membench("run " + args + " -r 3 --json " + path);
  if (run.status != 0) {
    ADD_FAILURE() << args << "\n" << run.output;
    return nullptr;
  }
  const nlohmann::json result = ReadJson(path);
  EXPECT_EQ(result["invocations"].get<int>(), 3);
  std::set<int> invocations;
  for (const auto& m : result["measurements"]) {
    for (const auto& s : m["samples"]) invocations.insert(s["invocation"].get<int>());
  }
  EXPECT_EQ(invocations, (std::set<int>{0, 1, 2}));
  return result;
}

TEST(ResultShapes, LatenciesOfAChasePastTheCacheMergeAcrossInvocations) {
  const nlohmann::json result = RunWithTheDefaults("chase --size " + Size() + " --latencies on", "latencies-default");
  ASSERT_FALSE(result.is_null());
  const auto& latency = result["measurements"][0]["latency"];
  ASSERT_TRUE(latency.is_object()) << result["measurements"][0];
  EXPECT_GT(latency["count"].get<std::uint64_t>(), 1000u);
  const auto& p = latency["percentiles_ns"];
  EXPECT_GT(p["p50"].get<double>(), 0);
  EXPECT_LE(p["p50"].get<double>(), p["p99"].get<double>());
  // One grid: every bucket above the one before.
  double high = 0;
  for (const auto& bucket : latency["buckets"]) {
    EXPECT_GE(bucket[0].get<double>(), high) << latency["buckets"];
    high = bucket[1].get<double>();
  }
}

TEST(ResultShapes, AProfileOfFaultsPastTheCacheMergesAcrossInvocations) {
  const nlohmann::json result = RunWithTheDefaults("fault --size " + Size() + " --pages 4k --profile", "profile-default");
  ASSERT_FALSE(result.is_null());
  std::set<int> profiled;
  for (const auto& s : result["measurements"][0]["samples"]) {
    if (s["profile_samples"].get<std::uint64_t>() > 0) profiled.insert(s["invocation"].get<int>());
  }
  EXPECT_EQ(profiled, (std::set<int>{0, 1, 2})) << "every invocation's samples were profiled";
}

TEST(ResultShapes, TheKernelsAccountingOfEachInvocationIsKept) {
  const nlohmann::json result = RunWithTheDefaults("fault --size " + Size() + " --pages 4k", "kernel-default");
  ASSERT_FALSE(result.is_null());
  const std::int64_t pages = static_cast<std::int64_t>(PastTheLastLevelCache() / ::sysconf(_SC_PAGESIZE));
  for (const auto& s : result["measurements"][0]["samples"]) {
    ASSERT_TRUE(s["kernel_deltas"].contains("vmstat.pgfault")) << s;
    // Machine-wide: others can only add faults.
    EXPECT_GE(s["kernel_deltas"]["vmstat.pgfault"].get<std::int64_t>(), pages) << s["invocation"];
  }
}

TEST(ResultShapes, TheNodeProofOfEachInvocationIsKept) {
  const nlohmann::json result = RunWithTheDefaults("memset --size " + Size() + " --membind 0", "nodes-default");
  ASSERT_FALSE(result.is_null());
  ASSERT_FALSE(result["measurements"][0]["page_proof"].empty());
  for (const auto& proof : result["measurements"][0]["page_proof"]) {
    EXPECT_TRUE(proof["nodes_honoured"].get<bool>()) << proof["text"];
    EXPECT_EQ(proof["nodes_requested"], "membind 0") << proof;
    for (const auto& [node, pages] : proof["node_pages"].items()) EXPECT_EQ(node, "0") << proof;
  }
}

}  // namespace
}  // namespace membench
