// File: tests/help_and_list_test.cpp
// `membench --version`, `--help` and `membench list`: what a newcomer types first.
// End-to-end: the real binary, real mappings, real counters, real files; never speed.
#include <gtest/gtest.h>

#include <string>

#include "membench_process.h"

namespace membench {
namespace {

TEST(Cli, VersionAndHelpWithExamples) {
  const Outcome version = Membench("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_NE(version.output.find("membench 0."), std::string::npos);
  for (const char* cmd : {"--help", "list --help", "run --help", "run memcpy --help", "run memset --help"}) {
    const Outcome help = Membench(cmd);
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_NE(help.output.find("Examples:"), std::string::npos) << cmd;
  }
}

TEST(Cli, ListsWorkloadsImplsAndEvents) {
  EXPECT_NE(Membench("list workloads").output.find("memcpy"), std::string::npos);
  const Outcome impls = Membench("list impls");
  EXPECT_NE(impls.output.find("movsb"), std::string::npos);
  EXPECT_NE(impls.output.find("clzero"), std::string::npos);
  const Outcome events = Membench("list events");
  EXPECT_EQ(events.status, 0);
  EXPECT_NE(events.output.find("page-faults"), std::string::npos);
  EXPECT_NE(events.output.find("supported"), std::string::npos);
}

}  // namespace
}  // namespace membench
