// File: tests/params_test.cpp
#include "core/params.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace membench {
namespace {

ParamSpec Size() {
  ParamSpec p;
  p.name = "size";
  p.kind = ParamKind::kSize;
  p.default_value = "4K";
  p.min_value = 1;
  return p;
}

ParamSpec Impl() {
  ParamSpec p;
  p.name = "impl";
  p.default_value = "a";
  p.choices = {"alpha", "beta", "gamma"};
  p.unavailable_reason = [](const std::string& c) { return c == "gamma" ? std::string("needs avx9") : ""; };
  return p;
}

std::vector<std::uint64_t> Numbers(const std::vector<ParamValue>& values) {
  std::vector<std::uint64_t> out;
  for (const auto& v : values) out.push_back(v.number);
  return out;
}

std::string ErrorOf(const ParamSpec& spec, const std::string& text) {
  try {
    ExpandParam(spec, text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ExpandParam, GeometricRangeWithFactor) {
  const auto v = ExpandParam(Size(), "4K..1G:x4");
  ASSERT_EQ(v.size(), 10u);
  EXPECT_EQ(v.front().number, 4096u);
  EXPECT_EQ(v.back().number, 1ull << 30);
  EXPECT_EQ(v[1].text, "16 KiB");
}

TEST(ExpandParam, DefaultStepDoublesAndArithmeticStepAdds) {
  EXPECT_EQ(Numbers(ExpandParam(Size(), "1K..8K")), (std::vector<std::uint64_t>{1024, 2048, 4096, 8192}));
  EXPECT_EQ(Numbers(ExpandParam(Size(), "4K..16K:+4K")), (std::vector<std::uint64_t>{4096, 8192, 12288, 16384}));
}

TEST(ExpandParam, ListsMixItemsAndRanges) {
  EXPECT_EQ(Numbers(ExpandParam(Size(), "4K,1M..2M,7")), (std::vector<std::uint64_t>{4096, 1 << 20, 2 << 20, 7}));
}

TEST(ExpandParam, RejectsBadRangesWithSpecificErrors) {
  EXPECT_NE(ErrorOf(Size(), "1G..4K").find("larger than"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "4K..1G:x1").find("never reach"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "4K..1G:y2").find("bad step"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "0").find("too small"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "4K,,8K").find("empty item"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "1..100000:+1").find("more than"), std::string::npos);
  EXPECT_NE(ErrorOf(Size(), "12XB").find("--size"), std::string::npos);
}

TEST(ExpandParam, ChoicesAllSkipsUnavailableAndNamesSuggestTheClosest) {
  const auto all = ExpandParam(Impl(), "all");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].text, "alpha");
  EXPECT_EQ(all[1].text, "beta");
  EXPECT_NE(ErrorOf(Impl(), "bta").find("did you mean 'beta'"), std::string::npos);
  EXPECT_NE(ErrorOf(Impl(), "gamma").find("needs avx9"), std::string::npos);
}

TEST(ExpandParam, AWordStandsForAValueWithoutANumber) {
  ParamSpec delay = CountParam("delay", "0", "", 0, 1000);
  delay.word = "idle";
  const auto values = ExpandParam(delay, "0,100..200:+100,idle");
  ASSERT_EQ(values.size(), 4u);
  EXPECT_TRUE(values[2].numeric);
  EXPECT_EQ(values[3].text, "idle");
  EXPECT_FALSE(values[3].numeric);
  EXPECT_NE(ErrorOf(delay, "busy").find("--delay"), std::string::npos) << "any other word is still an error";
  EXPECT_NE(ErrorOf(delay, "busy").find("(or the word 'idle')"), std::string::npos) << "and names the word it takes";
  EXPECT_NE(ErrorOf(Size(), "idle"), "") << "a spec without a word takes none";
}

TEST(ExpandParam, TextIsOneValueCommasIncluded) {
  const ParamSpec cpus = TextParam("load-cpus", "auto", "");
  const auto values = ExpandParam(cpus, "1-3,8");
  ASSERT_EQ(values.size(), 1u) << "a CPU list is one value, not an axis";
  EXPECT_EQ(values[0].text, "1-3,8");
  EXPECT_FALSE(values[0].numeric);
  EXPECT_NE(ErrorOf(cpus, "").find("empty"), std::string::npos);
}

TEST(ExpandMatrix, CartesianProductFirstParameterSlowest) {
  const auto points = ExpandMatrix({Size(), Impl()}, {{"size", "4K,8K"}, {"impl", "alpha,beta"}});
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[0].Label(), "size=4 KiB impl=alpha");
  EXPECT_EQ(points[1].Label(), "size=4 KiB impl=beta");
  EXPECT_EQ(points[2].Label(), "size=8 KiB impl=alpha");
  EXPECT_EQ(points[3].at("impl").text, "beta");
}

// Found by fuzz_matrix: two lists of 10,000 values each were multiplied out
// (a hundred million points, gigabytes) before the limit refused them.
TEST(ExpandMatrix, RefusesTooManyPointsBeforeBuildingThem) {
  const ParamSpec count = CountParam("procs", "1", "", 1, 100000);
  try {
    ExpandMatrix({Size(), count}, {{"size", "1..10000:+1"}, {"procs", "1..10000:+1"}});
    FAIL() << "a 10^8-point matrix was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("100000000 points"), std::string::npos) << e.what();
  }
}

// Points of different workloads (lmsummary's) need not share parameters: one
// the other lacks differs, and nothing is looked up where it is missing.
TEST(VaryingParams, APointWithoutTheParameterDiffersInIt) {
  const auto points = ExpandMatrix({Size(), Impl()}, {{"size", "4K"}, {"impl", "alpha"}});
  Point other;
  other.values = {{"size", points[0].values[0].second}};
  EXPECT_EQ(VaryingParams({points[0], other}), std::vector<std::string>{"impl"});
  EXPECT_EQ(other.Find("impl"), nullptr);
}

TEST(ExpandMatrix, MissingParametersTakeTheirDefault) {
  ParamSpec impl = Impl();
  impl.default_value = "beta";
  const auto points = ExpandMatrix({Size(), impl}, {});
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].Label(), "size=4 KiB impl=beta");
}

}  // namespace
}  // namespace membench
