// File: tests/golden_file.cpp
#include "golden_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace membench {

void ExpectGolden(const std::string& text, const std::string& name) {
  const std::string path = std::string(MEMBENCH_SOURCE_DIR "/tests/golden/") + name;
  if (std::getenv("MEMBENCH_UPDATE_GOLDEN") != nullptr) std::ofstream(path, std::ios::binary) << text;
  std::ifstream golden(path, std::ios::binary);
  ASSERT_TRUE(golden) << path;
  const std::string expected((std::istreambuf_iterator<char>(golden)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, expected) << name;
}

}  // namespace membench
