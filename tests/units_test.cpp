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
  for (const char* bad : {"", "12XB", "-1", "+4K", "K", "4  K", "4 ", " 4K", "1.5B", "4.M", ".5K", "1.0000000001K",
                          "99999999T", "18446744073709551616", "16383.999 TiB", "1.5.5K"}) {
    EXPECT_THROW(ParseSize(bad), Error) << bad;
  }
}

// What the reports print reads back as itself, decimals included where
// they come to whole bytes.
TEST(ParseSize, TakesWhatFormatSizePrints) {
  EXPECT_EQ(ParseSize("64 MiB"), 64ull << 20);
  EXPECT_EQ(ParseSize("1.5 KiB"), 1536u);
  EXPECT_EQ(ParseSize("4.5M"), 4718592u);
  EXPECT_EQ(ParseSize("0.25K"), 256u);
  EXPECT_EQ(ParseSize("2.000 GiB"), 2ull << 30);
  for (const std::uint64_t n : {0ull, 1ull, 1023ull, 1536ull, (1ull << 20) + 1, 3ull << 39, (1ull << 60) + 1,
                                (1ull << 60) + (1ull << 37), ~0ull}) {
    EXPECT_EQ(ParseSize(FormatSize(n)), n) << FormatSize(n);
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
  // Above 2^53 bytes a double would have rounded these to 1048576 TiB.
  EXPECT_EQ(FormatSize((1ull << 60) + 1), "1152921504606846977 B");
  EXPECT_EQ(FormatSize((1ull << 60) + (1ull << 37)), "1048576.125 TiB");
}

}  // namespace
}  // namespace membench
