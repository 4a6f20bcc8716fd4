// File: tests/experiment_test.cpp
// `membench experiment run` end to end: a small experiment file's runs,
// its table of verdicts, its saved runs, and a bad file refused before
// anything runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
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
id = "r1"
title = "memset"
workload = "memset"
treatment = "impl"
repeat = 8
params = { size = "16K", impl = ["libc", "stosb"], pages = ["4k", "thp"] }
quick = { repeat = 2 }
[[run]]
id = "r2"
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
id = "r3"
title = "fine"
workload = "memset"
params = { size = "16K" }
[[run]]
id = "r4"
title = "too big"
workload = "memset"
params = { size = "999T" }
)");
  const Outcome out = Membench("experiment run " + file);
  EXPECT_EQ(out.status, 2) << out.output;
  EXPECT_EQ(out.output.find("## run 1"), std::string::npos) << "nothing may run: " << out.output;
  EXPECT_NE(out.output.find("bad.toml:8: run \"too big\": "), std::string::npos) << out.output;
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
id = "r5"
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

// A kernel A/B over several boots, as a lab runs it: the results of an
// exec run (its printed time), a workload's with kernel-value and profile
// rows, and lmbench's summary, each side from two boots and two sessions.
// One machine cannot reboot in a test, so the boots are written into the
// results (their boot ids and sessions) before they are imported: what is
// checked is the report over them, which is all that reads a boot.
TEST(Experiment, ReportOverSeveralBootsMakesTheBootTheUnitAndSaysWhatItPools) {
  const std::string file = WriteFile("boots.toml", R"toml(name = "boots"
question = "did the kernel change?"
[[run]]
id = "exec"
title = "printed time"
exec = ["sh", "-c", "echo Time: 0.010"]
time_from = ["Time: ([0-9.]+)", "s"]
repeat = 3
kernel_values = ["vmstat.pgfault"]
[[run]]
id = "faults"
title = "faults, profiled"
workload = "fault"
params = { size = "4M" }
repeat = 3
kernel_values = ["vmstat.pgfault"]
profile_symbols = ["clear_page_erms"]
[[run]]
id = "lm"
title = "lmbench summary"
workload = "lmsummary"
repeat = 3
)toml");
  const std::string measured = TempPath("boots.json");
  const Outcome run = Membench("experiment run " + file + " --tag measured --store " + TempPath("boots-1.sqlite") +
                               " --format json -o " + measured);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json results = ReadJson(measured);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["labels"]["run_id"], "exec");
  EXPECT_FALSE(results[0]["labels"]["session"].get<std::string>().empty());
  EXPECT_EQ(results[0]["labels"]["experiment_version"].get<std::string>().size(), 16u);
  EXPECT_FALSE(results[0]["system"]["boot_time"].get<std::string>().empty());
  const std::string store = TempPath("boots-2.sqlite");
  const auto import_as = [&](const std::string& tag, const std::string& boot, const std::string& version) {
    nlohmann::json copy = results;
    for (auto& result : copy) {
      result["tag"] = tag;
      result["system"]["boot_id"] = boot;
      result["labels"]["session"] = "session-" + boot;
      if (!version.empty()) result["labels"]["experiment_version"] = version;
    }
    const std::string path = TempPath(boot + ".json");
    std::ofstream(path) << copy.dump();
    const Outcome imported = Membench("history import " + path + " --store " + store);
    ASSERT_EQ(imported.status, 0) << imported.output;
  };
  for (const std::string tag : {"base", "patched"}) {
    for (const std::string boot : {"1", "2"}) import_as(tag, tag + "-boot-" + boot, "");
  }
  const std::string report_command = "experiment report " + file + " --a base --b patched --store " + store;
  const Outcome report = Membench(report_command);
  ASSERT_EQ(report.status, 0) << report.output;
  for (const std::string expected :
       {"# @base pools 6 results (6 invocations) from 2 sessions and 2 boots",
        "#   session session-base-boot-1: 3 results, boot base-boo", "# @patched pools 6 results",
        "the boot is the unit: each side spans several boots (A 2, B 2)", "## printed time", "## faults, profiled",
        "## lmbench summary", "pgfault /loop", "self% clear_page_erms"}) {
    EXPECT_NE(report.output.find(expected), std::string::npos) << expected << "\n" << report.output;
  }
  // A third session measured by a changed file: refused unless mixing is
  // asked for, and left out by naming the sessions to compare.
  import_as("patched", "patched-boot-3", "0123456789abcdef");
  const Outcome mixed = Membench(report_command);
  EXPECT_EQ(mixed.status, 2) << mixed.output;
  EXPECT_NE(mixed.output.find("2 versions of the file's runs"), std::string::npos) << mixed.output;
  EXPECT_NE(mixed.output.find("0123456789abcdef (session session-patched-boot-3)"), std::string::npos) << mixed.output;
  const Outcome allowed = Membench(report_command + " --mixed-versions");
  EXPECT_EQ(allowed.status, 0) << allowed.output;
  EXPECT_NE(allowed.output.find("--mixed-versions: results of 2 versions"), std::string::npos) << allowed.output;
  const Outcome chosen = Membench(report_command +
                                  " --session session-base-boot-1 --session session-base-boot-2"
                                  " --session session-patched-boot-1 --session session-patched-boot-2");
  EXPECT_EQ(chosen.status, 0) << chosen.output;
  EXPECT_NE(chosen.output.find("# @patched pools 6 results"), std::string::npos) << chosen.output;
  const Outcome since = Membench(report_command + " --since 2999-01-01");
  EXPECT_EQ(since.status, 2) << since.output;
  EXPECT_NE(since.output.find("not saved under @base (in the sessions or dates asked for)"), std::string::npos)
      << since.output;
}

// experiment plan: each run's design from the noise it is given or
// measures now, with the between-boot noise assumed where no saved boots
// show it; a run with no effect or no known noise says how to give it.
TEST(Experiment, PlanDesignsEachRunsEffectFromTheNoiseItKnows) {
  const std::string file = WriteFile("plan.toml", R"(name = "plan"
question = "how many boots?"
[[run]]
id = "small"
title = "memset 16 KiB"
workload = "memset"
repeat = 3
params = { size = "16K" }
effect_pct = 5
effect_source = "a test's"
[[run]]
id = "unnamed"
title = "no effect named"
workload = "memset"
params = { size = "16K" }
[[run]]
id = "helper"
title = "a program"
exec = ["{helper}"]
params = { helper = ")" + HelperPath() + R"(" }
effect_pct = 5
effect_source = "a test's"
)");
  const std::string store = " --store " + TempPath("plan.sqlite");
  const Outcome given = Membench("experiment plan " + file + " --within-cv 2 --between-cv 0.5 --run-minutes 1" + store);
  ASSERT_EQ(given.status, 0) << given.output;
  for (const std::string expected :
       {"## memset 16 KiB [small]", "effect: +5.0% (effect_pct: a test's)",
        "within a boot: run-to-run CV 2.00% (--within-cv)", "between boots: CV 0.50% (--between-cv)",
        "## no effect named [unnamed]", "no effect named: give effect_pct"}) {
    EXPECT_NE(given.output.find(expected), std::string::npos) << expected << "\n" << given.output;
  }
  EXPECT_TRUE(std::regex_search(given.output, std::regex(R"(0\.50% \(given\) +[0-9]+ +[0-9]+ +[0-9.]+%  A B A B)")))
      << given.output;
  const Outcome measured = Membench("experiment plan " + file + " --measure-minutes 0.01" + store);
  ASSERT_EQ(measured.status, 0) << measured.output;
  EXPECT_NE(measured.output.find("(measured now: 3 runs in"), std::string::npos) << measured.output;
  EXPECT_NE(measured.output.find("between boots: unknown on this host"), std::string::npos) << measured.output;
  EXPECT_NE(measured.output.find("5.00% (assumed)"), std::string::npos) << measured.output;
  const Outcome unknown = Membench("experiment plan " + file + " --between-cv 1" + store);
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("no within-boot noise known for this run: give --measure-minutes M"), std::string::npos)
      << unknown.output;
  const Outcome small = Membench("experiment plan " + file + " --effect 0.5 --within-cv 1" + store);
  EXPECT_NE(small.output.find("no design can find it at --threshold 1%"), std::string::npos) << small.output;
  const Outcome bad = Membench("experiment plan " + file + " --effect lots" + store);
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--effect 'lots': the change the runs look for"), std::string::npos) << bad.output;
}

// A program run by exec, twice: each replicate is a run of its own, and
// the table compares the second with the first by time.
TEST(Experiment, AnExecRunIsTimedAndItsReplicatesCompared) {
  const std::string file = WriteFile("exec.toml", R"(name = "exec"
question = "how long does the helper take?"
[[run]]
id = "r6"
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
id = "r7"
title = "ours"
workload = "memset"
repeat = 2
params = { size = "64K" }
[[run]]
id = "r8"
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
