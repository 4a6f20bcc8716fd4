// File: tests/experiment_file_test.cpp
// Experiment files: what a good one becomes, and every mistake named with
// the file, the line and the key.
#include "cli/experiment_file.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.h"

namespace membench {
namespace {

std::string ErrorOf(const std::string& text) {
  try {
    ParseExperiment(text, "x.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

constexpr const char* kHeader = "name = \"n\"\nquestion = \"q?\"\n";

// A workload's params may vary a kernel setting, named by its path or its
// short name, and take it as the treatment.
TEST(ExperimentFile, AKernelSettingIsAParameterAndATreatment) {
  const Experiment e = ParseExperiment(std::string(kHeader) + R"([[run]]
id = "r10"
title = "huge zero page or allocated THP"
workload = "zeropage"
treatment = "/sys/kernel/mm/transparent_hugepage/use_zero_page"
params = { pages = "thp", "/sys/kernel/mm/transparent_hugepage/use_zero_page" = [1, 0] }
)",
                                       "x.toml");
  const ExperimentRun& run = e.runs.front();
  EXPECT_EQ(run.params.at("transparent_hugepage/use_zero_page"), "1,0");
  EXPECT_EQ(run.treatment, "transparent_hugepage/use_zero_page");
  EXPECT_NE(ErrorOf(std::string(kHeader) + R"([[run]]
id = "r11"
title = "t"
workload = "zeropage"
params = { "/etc/passwd" = 1 }
)"),
            "(no error)");
  EXPECT_NE(ErrorOf(std::string(kHeader) + R"([[run]]
id = "r12"
title = "t"
workload = "zeropage"
treatment = "vm/swappiness"
params = { pages = "thp" }
)")
                .find("a setting the params do not vary"),
            std::string::npos);
  EXPECT_NE(ErrorOf(std::string(kHeader) + R"([[run]]
id = "r13"
title = "t"
workload = "zeropage"
params = { "vm/swappiness" = 1, "/proc/sys/vm/swappiness" = 2 }
)")
                .find("given twice"),
            std::string::npos);
}

TEST(ExperimentFile, AGoodFileBecomesItsRuns) {
  const Experiment e = ParseExperiment(std::string(kHeader) + R"(seed = "001"
[[run]]
id = "r14"
title = "72 processes"
workload = "fault"
treatment = "pages"
repeat = 10
events = "faults"
cpu = "0"
pressure = 1
kernel_values = ["vmstat.thp_fault_alloc", "node0.numa_hit"]
profile_symbols = ["clear_page_erms"]
params = { case = "anon-w-seq", size = "64M", pages = ["thp", "4k"] }
quick = { repeat = 2, size = "8M" }
[[run.scale]]
param = "procs"
want = 72
per_cpu = 4
)",
                                       "x.toml");
  EXPECT_EQ(e.name, "n");
  EXPECT_EQ(e.seed, "001");
  ASSERT_EQ(e.runs.size(), 1u);
  const ExperimentRun& run = e.runs.front();
  EXPECT_EQ(run.line, 4);
  EXPECT_EQ(run.params.at("pages"), "thp,4k");
  EXPECT_EQ(run.treatment, "pages");
  EXPECT_EQ(run.repeat, 10);
  EXPECT_EQ(run.quick_repeat, 2);
  EXPECT_EQ(run.events, "faults");
  EXPECT_EQ(run.pressure, 1);
  EXPECT_EQ(run.kernel_values, (std::vector<std::string>{"vmstat.thp_fault_alloc", "node0.numa_hit"}));
  EXPECT_EQ(run.profile_symbols, (std::vector<std::string>{"clear_page_erms"}));
  std::vector<std::string> notes;
  auto params = ParamsForMachine(run, false, false, 2, notes);
  EXPECT_EQ(params.at("procs"), "8");
  EXPECT_EQ(params.at("size"), "64M");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "procs: the experiment's 72 scaled to 8 = min(72, 4 x 2 CPUs)");
  notes.clear();
  params = ParamsForMachine(run, true, false, 32, notes);
  EXPECT_EQ(params.at("procs"), "72");
  EXPECT_EQ(params.at("size"), "8M");
  EXPECT_TRUE(notes.empty()) << "nothing scaled on a machine big enough";
  params = ParamsForMachine(run, false, true, 2, notes);
  EXPECT_EQ(params.at("procs"), "72") << "--full: the thread's scale";
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "procs: the experiment's 72 as the thread had it (--full), 36 per CPU here");
}

TEST(ExperimentFile, EveryMistakeNamesTheFileLineAndKey) {
  const std::string run = "[[run]]\nid = \"r1\"\ntitle = \"t\"\nworkload = \"memcpy\"\n";
  EXPECT_EQ(ErrorOf(std::string(kHeader) + "nmae = 1\n" + run),
            "x.toml:3: nmae: unknown key; did you mean name? (known: name, seed, question, duration_s, "
            "duration_measured_on, run)");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + "duration_s = 60\n" + run),
            "x.toml:1: duration_measured_on: missing (a string)");
  EXPECT_EQ(ErrorOf("question = \"q\"\n" + run), "x.toml:1: name: missing (a string)");
  EXPECT_EQ(ErrorOf(std::string(kHeader)), "x.toml:1: run: an experiment needs at least one [[run]]");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + "repeat = \"5\"\n"), "x.toml:7: run[1].repeat: must be an integer");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + "repeat = 0\n"), "x.toml:7: run[1].repeat: 0 is outside 1..1000000");
  EXPECT_NE(ErrorOf(std::string(kHeader) + "[[run]]\nid = \"r2\"\ntitle = \"t\"\nworkload = \"memcopy\"\n")
                .find("x.toml:6: run[1].workload: unknown workload 'memcopy'"),
            std::string::npos);
  EXPECT_NE(ErrorOf(std::string(kHeader) + run + "params = { sise = \"4M\" }\n")
                .find("x.toml:7: run[1].params.sise: not a parameter of memcpy; did you mean size?"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + "params = { size = [[1]] }\n"),
            "x.toml:7: run[1].params.size: a list of strings or integers");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + "quick = { repeat = 1.5 }\n"),
            "x.toml:7: run[1].quick.repeat: must be an integer")
      << "the quick table's own line, not 0";
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + run), "x.toml:7: run[2].title: two runs titled t");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + run + "[[run.scale]]\nparam = \"procs\"\nwant = 72\n"),
            "x.toml:7: run[1].scale[1].per_cpu: missing (a scale rule needs want and per_cpu)");
  EXPECT_NE(ErrorOf(std::string(kHeader) + run + "kernel_values = [\"thp_fault_alloc\"]\n")
                .find("x.toml:7: run[1].kernel_values: each is vmstat.<name>, meminfo.<Name> or node<N>.<name>"),
            std::string::npos);
  EXPECT_NE(ErrorOf(std::string(kHeader) + run + "kernel_values = []\n")
                .find("x.toml:7: run[1].kernel_values: a list of values"),
            std::string::npos);
  EXPECT_NE(ErrorOf(std::string(kHeader) + run + "profile_symbols = [\"\"]\n")
                .find("run[1].profile_symbols: each is a symbol's name"),
            std::string::npos);
  EXPECT_EQ(ErrorOf("name = \"n\nquestion = 1"),
            "x.toml:1: Error while parsing string: unescaped control characters other than TAB (U+0009) are "
            "explicitly prohibited");
}

TEST(ExperimentFile, AnExecRunPutsItsParametersIntoTheCommand) {
  const Experiment e = ParseExperiment(std::string(kHeader) + R"([[run]]
id = "r15"
title = "hackbench"
exec = ["hackbench", "--groups", "{groups}", "--loops={loops}"]
missing = "apt-get install rt-tests"
params = { groups = 50, loops = 4000 }
replicates = 2
quick = { loops = 100 }
[[run.scale]]
param = "groups"
want = 50
per_cpu = 1
)",
                                       "x.toml");
  const ExperimentRun& run = e.runs.at(0);
  EXPECT_EQ(run.kind, RunKind::kCommand);
  EXPECT_EQ(run.replicates, 2);
  EXPECT_EQ(run.missing_hint, "apt-get install rt-tests");
  std::vector<std::string> notes;
  const auto params = ParamsForMachine(run, true, false, 2, notes);
  EXPECT_EQ(CommandFor(run, params), (std::vector<std::string>{"hackbench", "--groups", "2", "--loops=100"}));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("groups: the experiment's 50 scaled to 2"), std::string::npos) << notes[0];
}

TEST(ExperimentFile, AnExecRunTakesTheProgramsOwnRateOrTime) {
  const std::string exec = std::string(kHeader) + "[[run]]\nid = \"r3\"\ntitle = \"t\"\nexec = [\"perf\", \"bench\"]\n";
  const Experiment e = ParseExperiment(exec + "rate_from = [\"([0-9.]+) GB/sec\", \"GB/sec\"]\n", "x.toml");
  ASSERT_TRUE(e.runs.at(0).figure);
  EXPECT_EQ(e.runs.at(0).figure->kind, FigureKind::kRate);
  EXPECT_EQ(e.runs.at(0).figure->work_unit, WorkUnit::kBytes);
  EXPECT_EQ(ErrorOf(exec + "time_from = [\"x\"]\n"),
            "x.toml:7: run[1].time_from: must be [\"REGEX\", \"UNIT\"], as exec --time-from takes them");
  EXPECT_NE(ErrorOf(exec + "time_from = [\"([0-9.]+)\", \"hours\"]\n")
                .find("x.toml:7: run[1].time_from: --time-from: 'hours' is not a time unit"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(exec + "time_from = [\"a\", \"s\"]\nrate_from = [\"b\", \"GB/s\"]\n"),
            "x.toml:7: run[1].time_from: a run's figure is a rate or a time: give rate_from or time_from");
  EXPECT_EQ(ErrorOf(std::string(kHeader) +
                    "[[run]]\nid = \"r4\"\ntitle = \"t\"\nworkload = \"memcpy\"\nrate_from = [\"a\", \"GB/s\"]\n"),
            "x.toml:7: run[1].rate_from: only for exec runs");
}

TEST(ExperimentFile, ExecAndLmSummaryRunsRefuseWhatTheyCannotTake) {
  const std::string exec = "[[run]]\nid = \"r5\"\ntitle = \"t\"\nexec = [\"prog\", \"{n}\"]\n";
  EXPECT_EQ(ErrorOf(std::string(kHeader) + exec), "x.toml:6: run[1].exec: {n} has no value in params");
  EXPECT_NE(ErrorOf(std::string(kHeader) + exec + "params = { n = 1, m = 2 }\n")
                .find("x.toml:7: run[1].params.m: not a parameter of the exec command"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(std::string(kHeader) + exec + "params = { n = 1 }\ntreatment = \"n\"\n"),
            "x.toml:8: run[1].treatment: not for exec runs (one point each: compare replicates, or two kernels with "
            "experiment report)");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + "[[run]]\nid = \"r6\"\ntitle = \"t\"\nexec = []\n"),
            "x.toml:6: run[1].exec: must be a list of strings: the program and its arguments");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + exec + "params = { n = 1 }\npressure = 1\n"),
            "x.toml:8: run[1].pressure: only for a workload's run (run --pressure)");
  EXPECT_EQ(ErrorOf(std::string(kHeader) + exec + "workload = \"memcpy\"\n"),
            "x.toml:6: run[1].exec: a run has a workload or an exec command, not both");
  EXPECT_EQ(ErrorOf(std::string(kHeader) +
                    "[[run]]\nid = \"r7\"\ntitle = \"t\"\nworkload = \"lmsummary\"\nparams = { size = 1 }\n"),
            "x.toml:7: run[1].params: lmsummary's rows are fixed: no params");
  EXPECT_EQ(
      ErrorOf(std::string(kHeader) + "[[run]]\nid = \"r8\"\ntitle = \"t\"\nworkload = \"memcpy\"\nreplicates = 11\n"),
      "x.toml:7: run[1].replicates: at most 10");
  const Experiment e = ParseExperiment(
      std::string(kHeader) + "[[run]]\nid = \"r9\"\ntitle = \"t\"\nworkload = \"lmsummary\"\n", "x.toml");
  EXPECT_EQ(e.runs.at(0).kind, RunKind::kLmSummary);
}

TEST(ExperimentFile, TheShippedFilesLoad) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(MEMBENCH_SOURCE_DIR "/experiments")) {
    if (entry.path().extension() != ".toml") continue;
    ++files;
    EXPECT_NO_THROW(LoadExperiment(entry.path().string())) << entry.path();
  }
  EXPECT_GT(files, 0);
}

}  // namespace
}  // namespace membench
