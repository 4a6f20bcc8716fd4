// File: tests/numa_placement_test.cpp
// Page proofs' node counts judged against --membind and --interleave, on
// synthetic counts of one, two and four nodes: bound pages all on the node,
// interleaved pages on the nodes asked and near an even split.
#include <gtest/gtest.h>

#include "core/numa_placement.h"

namespace membench {
namespace {

PageProof ProofWith(std::map<int, std::uint64_t> nodes) {
  PageProof proof;
  proof.region = "dst";
  proof.text = "dst: default requested, 100.0% 4K";
  proof.node_pages = std::move(nodes);
  return proof;
}

TEST(NumaPlacement, NothingAskedLeavesTheProofAsItWas) {
  PageProof proof = ProofWith({{0, 10}, {1, 10}});
  JudgeNodes(proof, NumaPlacement{});
  EXPECT_TRUE(proof.nodes_honoured);
  EXPECT_EQ(proof.nodes_requested, "");
  EXPECT_EQ(proof.text, "dst: default requested, 100.0% 4K");
  NumaPlacement cpus_only;
  cpus_only.cpu_node = 1;
  EXPECT_FALSE(cpus_only.empty());
  JudgeNodes(proof, cpus_only);
  EXPECT_EQ(proof.nodes_requested, "");
}

TEST(NumaPlacement, BoundPagesMustAllBeOnTheNode) {
  NumaPlacement bind;
  bind.membind = 1;
  PageProof kept = ProofWith({{1, 4096}});
  JudgeNodes(kept, bind);
  EXPECT_TRUE(kept.nodes_honoured);
  EXPECT_EQ(kept.nodes_requested, "membind 1");
  EXPECT_NE(kept.text.find("nodes: 1 100% (membind 1 requested)"), std::string::npos) << kept.text;

  PageProof leaked = ProofWith({{0, 1}, {1, 4095}});
  JudgeNodes(leaked, bind);
  EXPECT_FALSE(leaked.nodes_honoured);
  EXPECT_TRUE(leaked.honoured);  // the page size is another question
  EXPECT_NE(leaked.text.find("NOT HONOURED: 1 of 4096 sampled pages on other nodes"), std::string::npos)
      << leaked.text;
}

TEST(NumaPlacement, InterleavedPagesMustSpreadOverTheNodesAsked) {
  NumaPlacement spread;
  spread.interleave = {0, 1, 2, 3};
  EXPECT_EQ(spread.MemoryRequest(), "interleave 0,1,2,3");
  PageProof even = ProofWith({{0, 1024}, {1, 1023}, {2, 1025}, {3, 1024}});
  JudgeNodes(even, spread);
  EXPECT_TRUE(even.nodes_honoured) << even.text;
  EXPECT_NE(even.text.find("nodes: 0 25.0%, 1 25.0%, 2 25.0%, 3 25.0%"), std::string::npos) << even.text;

  // Node 3 got none: the policy was not what placed them.
  PageProof lopsided = ProofWith({{0, 2000}, {1, 1000}, {2, 1096}});
  JudgeNodes(lopsided, spread);
  EXPECT_FALSE(lopsided.nodes_honoured);
  EXPECT_NE(lopsided.text.find("node 3 has 0 pages"), std::string::npos) << lopsided.text;
}

TEST(NumaPlacement, AProofWithoutNodeCountsSaysSo) {
  NumaPlacement bind;
  bind.membind = 0;
  PageProof unknown = ProofWith({});
  JudgeNodes(unknown, bind);
  EXPECT_TRUE(unknown.nodes_honoured);
  EXPECT_NE(unknown.text.find("nodes: not readable (membind 0 requested)"), std::string::npos) << unknown.text;
}

TEST(NumaPlacement, NodeSplitShowsEachNodesShare) {
  EXPECT_EQ(NodeSplit({}), "none present");
  EXPECT_EQ(NodeSplit({{0, 7}}), "0 100%");
  EXPECT_EQ(NodeSplit({{0, 1}, {1, 3}}), "0 25.0%, 1 75.0%");
}

}  // namespace
}  // namespace membench
