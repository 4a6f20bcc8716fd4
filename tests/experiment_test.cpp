// File: tests/experiment_test.cpp
// `membench experiment run` end to end: a small experiment file's runs,
// its table of verdicts, its saved runs, and a bad file refused before
// anything runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "membench_process.h"

namespace membench {
namespace {

// membench-helper, built beside membench: a program that returns at once.
std::string HelperPath() {
  const std::string binary = MEMBENCH_BINARY;
  return binary.substr(0, binary.rfind('/')) + "/membench-helper";
}

std::string WriteFile(const std::string& name, const std::string& text) {
  const std::string path = TempPath(name);
  std::ofstream(path) << text;
  return path;
}

TEST(Experiment, RunsEveryRunAndPrintsTheTable) {
  const std::string file = WriteFile("small.toml", R"(name = "small"
question = "stosb or libc for 16 KiB, with 4 KiB pages and with THP?"
[[run]]
title = "memset"
workload = "memset"
treatment = "impl"
repeat = 8
params = { size = "16K", impl = ["libc", "stosb"], pages = ["4k", "thp"] }
quick = { repeat = 2 }
[[run]]
title = "memcpy"
workload = "memcpy"
treatment = "pages"
repeat = 8
params = { size = "16K", impl = "libc", pages = ["4k", "thp"] }
)");
  const std::string store = TempPath("experiment.sqlite");
  const Outcome out = Membench("experiment run " + file + " --quick --tag exp1 --store " + store);
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_NE(out.output.find("membench experiment small: stosb or libc"), std::string::npos) << out.output;
  EXPECT_NE(out.output.find("## run 1 of 2: memset"), std::string::npos);
  EXPECT_NE(out.output.find("## run 2 of 2: memcpy"), std::string::npos);
  const auto table = out.output.find("# small: stosb or libc for 16 KiB");
  ASSERT_NE(table, std::string::npos) << out.output;
  const std::string rows = out.output.substr(table);
  EXPECT_NE(rows.find("memset  impl=stosb / libc  pages=4k"), std::string::npos) << rows;
  EXPECT_NE(rows.find("memset  impl=stosb / libc  pages=thp"), std::string::npos) << rows;
  EXPECT_NE(rows.find("memcpy  pages=thp / 4k"), std::string::npos) << rows;
  const Outcome history = Membench("history --tag exp1 --store " + store);
  EXPECT_NE(history.output.find("experiment run"), std::string::npos) << history.output;
  const Outcome shown = Membench("history show @exp1 --store " + store);
  EXPECT_NE(shown.output.find("experiment=small"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("run=memcpy"), std::string::npos) << shown.output;
}

TEST(Experiment, ABadRunIsRefusedBeforeAnythingRuns) {
  const std::string file = WriteFile("bad.toml", R"(name = "bad"
question = "q"
[[run]]
title = "fine"
workload = "memset"
params = { size = "16K" }
[[run]]
title = "too big"
workload = "memset"
params = { size = "999T" }
)");
  const Outcome out = Membench("experiment run " + file);
  EXPECT_EQ(out.status, 2) << out.output;
  EXPECT_EQ(out.output.find("## run 1"), std::string::npos) << "nothing may run: " << out.output;
  EXPECT_NE(out.output.find("bad.toml:7: run \"too big\": "), std::string::npos) << out.output;
  const Outcome missing = Membench("experiment run /nonexistent.toml");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("cannot read the experiment file /nonexistent.toml: No such file"), std::string::npos)
      << missing.output;
}

// A kernel A/B: the same file saved under two tags, compared run by run;
// two saved runs a side make the run the unit.
TEST(Experiment, ReportComparesTheRunsSavedUnderTwoTags) {
  const std::string file = WriteFile("ab.toml", R"(name = "ab"
question = "did memset change?"
[[run]]
title = "memset 16 KiB"
workload = "memset"
repeat = 3
params = { size = "16K" }
)");
  const std::string store = TempPath("ab.sqlite");
  for (const char* tag : {"base", "base", "patched", "patched"}) {
    const Outcome run = Membench("experiment run " + file + " --tag " + tag + " --store " + store);
    ASSERT_EQ(run.status, 0) << run.output;
  }
  const Outcome report = Membench("experiment report " + file + " --a base --b patched --store " + store);
  ASSERT_EQ(report.status, 0) << report.output;
  EXPECT_NE(report.output.find("runs: A 2 ("), std::string::npos) << report.output;
  const auto table = report.output.find("# ab: did memset change?");
  ASSERT_NE(table, std::string::npos) << report.output;
  EXPECT_NE(report.output.find("memset 16 KiB  2 vs 2", table), std::string::npos) << report.output;
  const Outcome missing = Membench("experiment report " + file + " --a base --b other --store " + store);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("no run tagged 'other'"), std::string::npos) << missing.output;
  // The thread's scale is another experiment: runs at this machine's scale are not its sides.
  const Outcome full = Membench("experiment report " + file + " --a base --b patched --full --store " + store);
  EXPECT_EQ(full.status, 2) << full.output;
  EXPECT_NE(full.output.find("not saved under @base: membench experiment run " + file + " --full --tag base"),
            std::string::npos)
      << full.output;
}

// A program run by exec, twice: each replicate is a run of its own, and
// the table compares the second with the first by time.
TEST(Experiment, AnExecRunIsTimedAndItsReplicatesCompared) {
  const std::string file = WriteFile("exec.toml", R"(name = "exec"
question = "how long does the helper take?"
[[run]]
title = "helper"
exec = ["{helper}"]
params = { helper = ")" + HelperPath() + R"(" }
repeat = 3
replicates = 2
)");
  const Outcome out = Membench("experiment run " + file);
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_NE(out.output.find("## run 1 of 1: helper, replicate 2 of 2"), std::string::npos) << out.output;
  const auto table = out.output.find("# exec: how long does the helper take?");
  ASSERT_NE(table, std::string::npos) << out.output;
  EXPECT_NE(out.output.find("helper  replicate 2 / 1 (A/A)", table), std::string::npos) << out.output;
  // A cell is "0.0013 s +-5.2%", or "0.0025 s -93.2%/+1362.4%" where its interval is lopsided.
  EXPECT_TRUE(std::regex_search(out.output.substr(table), std::regex(R"([0-9] s (\+-|-)[0-9])")))
      << "judged by its time: " << out.output;
}

// A program that is not installed stops the experiment before anything
// runs, with the file's hint on how to get it.
TEST(Experiment, AMissingProgramIsNamedWithHowToGetIt) {
  const std::string file = MEMBENCH_SOURCE_DIR "/experiments/004-slab-prefetch.toml";
  const Outcome out = Membench("experiment run " + file + " --quick", "PATH=/nonexistent ");
  EXPECT_EQ(out.status, 2) << out.output;
  EXPECT_EQ(out.output.find("## run 1"), std::string::npos) << "nothing may run: " << out.output;
  EXPECT_NE(out.output.find("run \"rt-tests hackbench, processes\": hackbench is not installed (not found in PATH): "
                            "hackbench is in Debian's rt-tests package (apt-get install rt-tests)"),
            std::string::npos)
      << out.output;
}

// An optional exec run (a peer tool beside membench's own runs) whose
// program is missing is left out, said once, and the rest runs.
TEST(Experiment, AnOptionalRunWhoseProgramIsMissingIsLeftOut) {
  const std::string file = WriteFile("optional.toml", R"(name = "optional"
question = "q?"
[[run]]
title = "ours"
workload = "memset"
repeat = 2
params = { size = "64K" }
[[run]]
title = "peer"
exec = ["no-such-peer-tool", "{n}"]
missing = "it is nowhere"
optional = true
params = { n = 1 }
)");
  const Outcome out = Membench("experiment run " + file);
  EXPECT_EQ(out.status, 0) << out.output;
  EXPECT_NE(out.output.find("# run \"peer\" left out: no-such-peer-tool is not installed; it is nowhere"),
            std::string::npos)
      << out.output;
  EXPECT_NE(out.output.find("## run 1 of 1: ours"), std::string::npos) << out.output;
}

// The smoke test of every shipped experiment: its quick variant runs and
// ends with its table (rt-tests' hackbench is a test dependency).
TEST(Experiment, EveryShippedExperimentRunsQuick) {
  for (const auto& entry : std::filesystem::directory_iterator(MEMBENCH_SOURCE_DIR "/experiments")) {
    if (entry.path().extension() != ".toml") continue;
    const Outcome out = Membench("experiment run " + entry.path().string() + " --quick");
    EXPECT_EQ(out.status, 0) << entry.path() << "\n" << out.output;
    EXPECT_NE(out.output.find("\nrun "), std::string::npos) << "no table: " << entry.path() << "\n" << out.output;
  }
}

}  // namespace
}  // namespace membench
