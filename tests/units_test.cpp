// File: tests/units_test.cpp
#include "core/units.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace membench {
namespace {

TEST(ParseSize, AcceptsEverySpellingAsPowersOf1024) {
  EXPECT_EQ(ParseSize("0"), 0u);
  EXPECT_EQ(ParseSize("100"), 100u);
  EXPECT_EQ(ParseSize("100B"), 100u);
  EXPECT_EQ(ParseSize("4K"), 4096u);
  EXPECT_EQ(ParseSize("4k"), 4096u);
  EXPECT_EQ(ParseSize("4KB"), 4096u);
  EXPECT_EQ(ParseSize("4KiB"), 4096u);
  EXPECT_EQ(ParseSize("64M"), 64ull << 20);
  EXPECT_EQ(ParseSize("64MB"), 64ull << 20);
  EXPECT_EQ(ParseSize("64MiB"), 64ull << 20);
  EXPECT_EQ(ParseSize("1G"), 1ull << 30);
  EXPECT_EQ(ParseSize("1gib"), 1ull << 30);
  EXPECT_EQ(ParseSize("2T"), 2ull << 40);
}

TEST(ParseSize, RejectsMalformedAndOverflowingInput) {
  for (const char* bad : {"", "12XB", "-1", "+4K", "4.5M", "K", "4 K", "99999999T", "18446744073709551616"}) {
    EXPECT_THROW(ParseSize(bad), Error) << bad;
  }
}

TEST(ParseSize, ErrorSaysWhatIsWrong) {
  try {
    ParseSize("12XB");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown unit 'xb'"), std::string::npos) << e.what();
  }
}

TEST(ParseCount, TakesDecimalSuffixes) {
  EXPECT_EQ(ParseCount("5"), 5u);
  EXPECT_EQ(ParseCount("4k"), 4000u);
  EXPECT_EQ(ParseCount("2M"), 2000000u);
  EXPECT_THROW(ParseCount("5x"), Error);
  EXPECT_THROW(ParseCount("-5"), Error);
}

TEST(FormatSize, UsesBinaryUnitsAndNeverPrintsTwoSizesAlike) {
  EXPECT_EQ(FormatSize(0), "0 B");
  EXPECT_EQ(FormatSize(100), "100 B");
  EXPECT_EQ(FormatSize(4096), "4 KiB");
  EXPECT_EQ(FormatSize(1536), "1.5 KiB");
  EXPECT_EQ(FormatSize(64ull << 20), "64 MiB");
  EXPECT_EQ(FormatSize(1ull << 30), "1 GiB");
  EXPECT_EQ(FormatSize((1ull << 20) + 1), "1048577 B");
}

}  // namespace
}  // namespace membench
