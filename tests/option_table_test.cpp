// File: tests/option_table_test.cpp
#include "core/option_table.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/page_policy.h"

namespace membench {
namespace {

struct CopyOptions {
  std::uint64_t size = 0;
  std::string impl;
  PagePolicy pages;
  ParamValue workers;
};

OptionTable<CopyOptions> Table() {
  return OptionTable<CopyOptions>()
      .Add(SizeParamNamed("size", "4K", "bytes copied", 1), &CopyOptions::size)
      .Add(ChoiceParam("impl", "movsb", "the kernel", {"movsb", "unrolled"}), &CopyOptions::impl)
      .Add(ChoiceParam("pages", "4k", "page size", {"4k", "thp"}), &CopyOptions::pages, ParsePagePolicy)
      .Add(TextParam("workers", "auto", "how many"), &CopyOptions::workers);
}

TEST(OptionTable, DeclaresItsParametersInTableOrder) {
  const auto table = Table();
  ASSERT_EQ(table.specs().size(), 4u);
  EXPECT_EQ(table.specs()[0].name, "size");
  EXPECT_EQ(table.specs()[0].kind, ParamKind::kSize);
  EXPECT_EQ(table.specs()[2].name, "pages");
  EXPECT_EQ(table.specs()[3].default_value, "auto");
}

TEST(OptionTable, ReadsEveryFieldOfAnExpandedPoint) {
  const auto table = Table();
  const std::vector<Point> points = ExpandMatrix(table.specs(), {{"size", "64K"}, {"pages", "thp"}});
  ASSERT_EQ(points.size(), 1u);
  const CopyOptions options = table.Read(points.front());
  EXPECT_EQ(options.size, 64u * 1024);
  EXPECT_EQ(options.impl, "movsb");
  EXPECT_EQ(options.pages.kind, PagePolicy::Kind::kThp);
  EXPECT_EQ(options.workers.text, "auto");
}

TEST(OptionTable, EachPointOfASweepReadsItsOwnValues) {
  const auto table = Table();
  const std::vector<Point> points = ExpandMatrix(table.specs(), {{"impl", "movsb,unrolled"}});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(table.Read(points[0]).impl, "movsb");
  EXPECT_EQ(table.Read(points[1]).impl, "unrolled");
}

TEST(OptionTable, APointOfAnotherWorkloadIsRefusedByName) {
  Point other;
  other.values.push_back({"size", ParamValue{"4 KiB", 4096, true}});
  try {
    Table().Read(other);
    FAIL() << "a point without impl was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'impl'"), std::string::npos) << e.what();
  }
}

// A field of the wrong kind would read 0, or lose a word, for every point.
TEST(OptionTable, AFieldOfTheWrongKindIsRefusedWhenTheTableIsBuilt) {
  EXPECT_THROW(OptionTable<CopyOptions>().Add(ChoiceParam("impl", "movsb", "the kernel", {"movsb"}),
                                              &CopyOptions::size),
               Error);
  EXPECT_THROW(OptionTable<CopyOptions>().Add(SizeParamNamed("size", "4K", "bytes", 1), &CopyOptions::impl), Error);
  ParamSpec workers = CountParam("workers", "auto", "how many", 1, 64);
  workers.word = "auto";
  EXPECT_THROW(OptionTable<CopyOptions>().Add(workers, &CopyOptions::size), Error);
  EXPECT_NO_THROW(OptionTable<CopyOptions>().Add(workers, &CopyOptions::workers));
}

}  // namespace
}  // namespace membench
