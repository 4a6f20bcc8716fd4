// File: tests/self_test_judge_test.cpp
// The verdicts of `membench doctor --self-test` on synthetic results: the
// paths CI machines lack (a PMU, two nodes, hugetlb pools) are judged by
// these rules on the machines that have them.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "core/counter_math.h"
#include "core/self_test.h"

namespace membench {
namespace {

RunResult CountedRun(std::uint64_t cycles, std::uint64_t instructions, std::uint64_t running_ns = 1000) {
  RunResult result;
  for (const char* name : {"cycles", "instructions"}) {
    EventStatus event;
    event.name = name;
    event.supported = true;
    result.events.push_back(event);
  }
  Measurement m;
  for (int i = 0; i < 3; ++i) {
    Sample s;
    s.counters = {MakeCounterValue(cycles, 1000, running_ns), MakeCounterValue(instructions, 1000, running_ns)};
    m.samples.push_back(s);
  }
  result.measurements.push_back(m);
  return result;
}

TEST(SelfTest, HardwareCountersPassWithASaneRatioAndSayWhenMultiplexed) {
  const SelfCheck sane = JudgeHardwareCounters(CountedRun(1'000'000, 2'500'000));
  EXPECT_EQ(sane.verdict, CheckVerdict::kPassed) << sane.detail;
  EXPECT_NE(sane.detail.find("2.50 instructions a cycle"), std::string::npos) << sane.detail;
  EXPECT_EQ(sane.detail.find("multiplexed"), std::string::npos) << sane.detail;
  const SelfCheck shared = JudgeHardwareCounters(CountedRun(1'000'000, 2'500'000, 500));
  EXPECT_EQ(shared.verdict, CheckVerdict::kPassed) << shared.detail;
  EXPECT_NE(shared.detail.find("multiplexed"), std::string::npos) << shared.detail;
}

TEST(SelfTest, HardwareCountersFailWhenNothingOrNonsenseWasCounted) {
  EXPECT_EQ(JudgeHardwareCounters(CountedRun(1'000'000, 0)).verdict, CheckVerdict::kFailed);
  EXPECT_EQ(JudgeHardwareCounters(CountedRun(1'000'000, 2'500'000, 0)).verdict, CheckVerdict::kFailed);
  EXPECT_EQ(JudgeHardwareCounters(CountedRun(10, 1'000'000)).verdict, CheckVerdict::kFailed);  // 100000 a cycle
  RunResult unsupported = CountedRun(1'000'000, 2'500'000);
  unsupported.events[0].supported = false;
  unsupported.events[0].reason = "no PMU";
  const SelfCheck refused = JudgeHardwareCounters(unsupported);
  EXPECT_EQ(refused.verdict, CheckVerdict::kFailed);
  EXPECT_NE(refused.detail.find("no PMU"), std::string::npos) << refused.detail;
  EXPECT_EQ(JudgeHardwareCounters(RunResult{}).verdict, CheckVerdict::kFailed);
}

RunResult ProvenRun(PageProof proof) {
  RunResult result;
  Measurement m;
  m.page_proofs.push_back(std::move(proof));
  result.measurements.push_back(m);
  return result;
}

TEST(SelfTest, NodePlacementNeedsEveryProofOnTheNodesAsked) {
  PageProof kept;
  kept.region = "dst";
  kept.node_pages = {{1, 64}};
  EXPECT_EQ(JudgeNodePlacement(ProvenRun(kept), "membind", "1").verdict, CheckVerdict::kPassed);
  PageProof leaked = kept;
  leaked.nodes_honoured = false;
  leaked.text = "dst: 50% on node 0";
  const SelfCheck failed = JudgeNodePlacement(ProvenRun(leaked), "membind", "1");
  EXPECT_EQ(failed.verdict, CheckVerdict::kFailed);
  EXPECT_EQ(failed.detail, "dst: 50% on node 0");
  PageProof unknown = kept;
  unknown.node_pages.clear();
  EXPECT_EQ(JudgeNodePlacement(ProvenRun(unknown), "membind", "1").verdict, CheckVerdict::kFailed);
  EXPECT_EQ(JudgeNodePlacement(RunResult{}, "membind", "1").verdict, CheckVerdict::kFailed);
}

TEST(SelfTest, HugetlbNeedsEveryBufferInHugetlbPages) {
  PageProof huge;
  huge.split = "100.0% hugetlb";
  EXPECT_EQ(JudgeHugetlb(ProvenRun(huge), "hugetlb").verdict, CheckVerdict::kPassed);
  // Each rule alone: a proof not honoured, or honoured but of other pages.
  PageProof refused = huge;
  refused.honoured = false;
  EXPECT_EQ(JudgeHugetlb(ProvenRun(refused), "hugetlb").verdict, CheckVerdict::kFailed);
  PageProof small = huge;
  small.split = "100.0% 4K";
  EXPECT_EQ(JudgeHugetlb(ProvenRun(small), "hugetlb").verdict, CheckVerdict::kFailed);
  EXPECT_EQ(JudgeHugetlb(RunResult{}, "hugetlb").verdict, CheckVerdict::kFailed);
}

TEST(SelfTest, VerdictWords) {
  EXPECT_EQ(VerdictWord(CheckVerdict::kPassed), "passed");
  EXPECT_EQ(VerdictWord(CheckVerdict::kFailed), "FAILED");
  EXPECT_EQ(VerdictWord(CheckVerdict::kNotHere), "not here");
}

}  // namespace
}  // namespace membench
