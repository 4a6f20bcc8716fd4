// File: tests/report_checks.cpp
#include "report_checks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>

namespace membench {

void ExpectGolden(const std::string& text, const std::string& name) {
  const std::string path = std::string(MEMBENCH_SOURCE_DIR "/tests/golden/") + name;
  std::string expected;
  if (std::ifstream golden(path, std::ios::binary); golden) {
    expected.assign(std::istreambuf_iterator<char>(golden), std::istreambuf_iterator<char>());
  }
  if (std::getenv("MEMBENCH_UPDATE_GOLDEN") != nullptr) {
    // An update is a deliberate change: one that changes nothing, or that
    // would record the output of a test failing for another reason, is refused.
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << name << " not rewritten: this test fails for another reason; mend that first";
    } else if (text == expected) {
      ADD_FAILURE() << name << " not rewritten: it already holds this output (unset MEMBENCH_UPDATE_GOLDEN)";
    } else {
      std::ofstream(path, std::ios::binary) << text;
      std::cout << "rewrote " << path << ": read the diff before committing it\n";
    }
    return;
  }
  ASSERT_FALSE(expected.empty()) << path << " is missing or empty (MEMBENCH_UPDATE_GOLDEN=1 writes it)";
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
