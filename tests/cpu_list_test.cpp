// File: tests/cpu_list_test.cpp
#include "core/cpu_list.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace membench {
namespace {

TEST(ParseCpuList, ListsAndRanges) {
  EXPECT_EQ(ParseCpuList("0"), (std::vector<int>{0}));
  EXPECT_EQ(ParseCpuList("0,2-4,7"), (std::vector<int>{0, 2, 3, 4, 7}));
}

TEST(ParseCpuList, RejectsMalformed) {
  for (const char* bad : {"", "a", "1-", "-1", "3-1", "1,,2", "1.5"}) EXPECT_THROW(ParseCpuList(bad), Error) << bad;
}

}  // namespace
}  // namespace membench
