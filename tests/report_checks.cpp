// File: tests/report_checks.cpp
#include "report_checks.h"

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

std::size_t CountOf(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

EventStatus SyntheticEvent(const char* name, bool supported, const char* reason) {
  EventStatus s;
  s.name = name;
  s.supported = supported;
  s.reason = reason;
  s.counted_modes = supported ? "user+kernel" : "";
  return s;
}

}  // namespace membench
