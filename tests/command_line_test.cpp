// File: tests/command_line_test.cpp
// The command line end to end (issue 39's "one command line"): every
// command's --help (its own examples, at most 100 columns, one default an
// option), `help TOPIC` equal to `TOPIC --help`, options that take several
// values beside positionals, empty values, contradictions and repeated
// keys refused, usage errors as one line with exit status 2, `membench`
// alone, `experiment list`, and -o / --format json on every command that
// prints results.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/experiment_file.h"
#include "engine/registry.h"
#include "membench_process.h"

namespace membench {
namespace {

constexpr std::size_t kHelpColumns = 100;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every command, as its path after `membench`; "" is membench itself.
std::vector<std::string> EveryCommand() {
  std::vector<std::string> commands = {"",
                                       "list",
                                       "run",
                                       "run lmsummary",
                                       "report",
                                       "compare",
                                       "history",
                                       "history show",
                                       "history export",
                                       "history import",
                                       "history rm",
                                       "exec",
                                       "experiment",
                                       "experiment list",
                                       "experiment run",
                                       "experiment report",
                                       "doctor",
                                       "restore",
                                       "help"};
  for (const WorkloadInfo& info : Workloads()) commands.push_back("run " + info.name);
  return commands;
}

std::string HelpOf(const std::string& command) { return command.empty() ? "--help" : command + " --help"; }

// The option lines of a help text, each with its wrapped continuation.
std::vector<std::string> OptionEntries(const std::string& help) {
  std::vector<std::string> entries;
  bool in_entry = false;
  for (const std::string& line : Lines(help)) {
    if (line.rfind("  -", 0) == 0) {
      entries.push_back(line);
      in_entry = true;
    } else if (in_entry && line.rfind(std::string(30, ' '), 0) == 0) {
      entries.back() += " " + line.substr(30);
    } else {
      in_entry = false;
    }
  }
  return entries;
}

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A usage error: exit status 2 and one line, "membench: error: ...".
void ExpectOneLineError(const Outcome& out, const std::string& args) {
  EXPECT_EQ(out.status, 2) << args << "\n" << out.output;
  EXPECT_EQ(Lines(out.output).size(), 1u) << args << "\n" << out.output;
  EXPECT_EQ(out.output.rfind("membench: error: ", 0), 0u) << args << "\n" << out.output;
}

// A small result file, made once for the tests that read one.
const std::string& ResultFile() {
  static const std::string path = [] {
    const std::string file = TempPath("one.json");
    const Outcome run = Membench("run memcpy --size 64K -r 2 --impl libc -q --json " + file);
    EXPECT_EQ(run.status, 0) << run.output;
    return file;
  }();
  return path;
}

TEST(CommandLine, EveryHelpShowsItsOwnExamplesInAHundredColumns) {
  for (const std::string& command : EveryCommand()) {
    const Outcome help = Membench(HelpOf(command));
    EXPECT_EQ(help.status, 0) << command << "\n" << help.output;
    for (const std::string& line : Lines(help.output)) {
      EXPECT_LE(line.size(), kHelpColumns) << command << ": " << line;
    }
    const auto examples = help.output.find("Examples:\n");
    ASSERT_NE(examples, std::string::npos) << command << "\n" << help.output;
    // Its own: each example is of this command, not membench's top-level ones.
    const std::string own = "  membench " + command;
    EXPECT_NE(help.output.find(own, examples), std::string::npos) << command << "\n" << help.output;
    for (const std::string& entry : OptionEntries(help.output)) {
      EXPECT_LE(Count(entry, "(default"), 1u) << command << ": " << entry;
    }
  }
}

// The --paired-by example is the workload's own: zeropage's parameters
// appear under zeropage only.
TEST(CommandLine, PairedByExampleUsesTheWorkloadsOwnParameters) {
  const Outcome memcpy = Membench("run memcpy --help");
  EXPECT_EQ(memcpy.output.find("--mode memcmp"), std::string::npos) << memcpy.output;
  EXPECT_NE(memcpy.output.find("--paired-by pages"), std::string::npos) << memcpy.output;
  const Outcome zeropage = Membench("run zeropage --help");
  EXPECT_NE(zeropage.output.find("--mode memcmp,stride --pages"), std::string::npos) << zeropage.output;
}

TEST(CommandLine, HelpTopicPrintsWhatHelpFlagPrints) {
  for (const std::string& command : EveryCommand()) {
    const Outcome topic = Membench("help " + command);
    const Outcome flag = Membench(HelpOf(command));
    EXPECT_EQ(topic.status, 0) << command;
    EXPECT_EQ(topic.output, flag.output) << command;
  }
  ExpectOneLineError(Membench("help run memcpyy"), "help run memcpyy");
  EXPECT_NE(Membench("help run memcpyy").output.find("did you mean memcpy?"), std::string::npos);
}

TEST(CommandLine, AnOptionOfSeveralValuesLeavesThePositionalsAlone) {
  const std::string& a = ResultFile();
  for (const std::string& args : {"compare --ignore impl " + a + " " + a, "compare " + a + " " + a + " --ignore impl",
                                  "compare --ignore impl --a impl=libc --b impl=libc " + a + " " + a}) {
    const Outcome out = Membench(args);
    EXPECT_EQ(out.status, 0) << args << "\n" << out.output;
    EXPECT_NE(out.output.find("# A: "), std::string::npos) << args << "\n" << out.output;
  }
}

TEST(CommandLine, AnEmptyValueIsAnErrorNamingTheOption) {
  const std::string& a = ResultFile();
  for (const auto& [args, option] :
       std::vector<std::pair<std::string, std::string>>{{"run memcpy --size 64K -r 2 --json ''", "--json"},
                                                        {"run memcpy --size 64K -r 2 --store ''", "--store"},
                                                        {"run memcpy --size 64K -r 2 -o ''", "--output"},
                                                        {"run memcpy --size 64K -r 2 --tag ''", "--tag"},
                                                        {"run memcpy --size 64K -r 2 --label ''", "--label"},
                                                        {"run memcpy --size '' -r 2", "--size"},
                                                        {"run memcpy --size 64K -r ''", "--repeat"},
                                                        {"report " + a + " -o ''", "--output"},
                                                        {"compare " + a + " " + a + " --ignore ''", "--ignore"},
                                                        {"history --store ''", "--store"},
                                                        {"exec -r 2 --json '' -- true", "--json"},
                                                        {"doctor --noise --tag ''", "--tag"}}) {
    const Outcome out = Membench(args);
    ExpectOneLineError(out, args);
    EXPECT_NE(out.output.find(option + " was given an empty value"), std::string::npos) << args << "\n" << out.output;
  }
  // --json= is CLI11's: a value missing, said so.
  const Outcome equals = Membench("run memcpy --size 64K --json=");
  ExpectOneLineError(equals, "--json=");
  EXPECT_NE(equals.output.find("--json needs a value"), std::string::npos) << equals.output;
}

TEST(CommandLine, AContradictionIsAnError) {
  const std::string same = TempPath("same.out");
  const std::string& a = ResultFile();
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"run memcpy --size 64K -r 3 --precision 1%", "-r and --precision both"},
           {"run memcpy --size 64K --max-runs 5", "--max-runs bounds a --precision run"},
           {"run memcpy --size 64K -r 2 --json " + same + " -o " + same, "--json and -o both name"},
           {"compare " + a + " " + a + " --json " + same + " -o " + same, "--json and -o both name"},
           {"doctor --json --noise", "--json prints the check list only"},
           {"doctor -r 5", "add --noise"},
           {"experiment run x.toml --format json", "give -o FILE"}}) {
    const Outcome out = Membench(args);
    ExpectOneLineError(out, args);
    EXPECT_NE(out.output.find(message), std::string::npos) << args << "\n" << out.output;
  }
}

TEST(CommandLine, ARepeatedLabelKeyIsAnError) {
  const std::string args = "run memcpy --size 64K -r 2 --label k=1 --label k=2 --store " + TempPath("labels.sqlite");
  const Outcome out = Membench(args);
  ExpectOneLineError(out, args);
  EXPECT_NE(out.output.find("--label k is given twice (k=1 and k=2)"), std::string::npos) << out.output;
}

TEST(CommandLine, UsageErrorsExitTwoWithOneLineSayingWhatToType) {
  const std::string& a = ResultFile();
  for (const auto& [args, advice] : std::vector<std::pair<std::string, std::string>>{
           {"frobnicate", "see membench --help"},
           {"histroy", "did you mean history?"},
           {"run", "e.g. membench run "},
           {"experiment", "e.g. membench experiment "},
           {"run memcpy -r", "--repeat needs a value"},
           {"run memcpy --order bogus", "see membench run memcpy --help"},
           {"run memcpy --json a.json --json b.json", "--json is given more than once"},
           {"list bogus", "see membench list --help"},
           {"history show", "see membench history show --help"},
           {"compare " + a, "A1 A2 vs B1 B2"},
           {"compare --format bogus " + a + " " + a, "see membench compare --help"},
           {"--bogus", "see membench --help"}}) {
    const Outcome out = Membench(args);
    ExpectOneLineError(out, args);
    EXPECT_NE(out.output.find(advice), std::string::npos) << args << "\n" << out.output;
  }
  EXPECT_EQ(Membench("--version").status, 0);
  EXPECT_EQ(Membench("compare --help").status, 0);
}

TEST(CommandLine, MembenchAloneSuggestsThreeCommands) {
  const Outcome out = Membench("");
  EXPECT_EQ(out.status, 0) << out.output;
  EXPECT_LE(Lines(out.output).size(), 10u) << out.output;
  std::size_t commands = 0;
  for (const std::string& line : Lines(out.output)) commands += line.rfind("  membench ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(commands, 3u) << out.output;
}

TEST(CommandLine, ExperimentListNamesEachShippedExperimentWithItsQuestionAndDuration) {
  const Outcome out = Membench("experiment list");
  ASSERT_EQ(out.status, 0) << out.output;
  std::string flat = out.output;  // the questions are wrapped
  flat = std::regex_replace(flat, std::regex("\n  "), " ");
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(MEMBENCH_SOURCE_DIR) + "/experiments")) {
    if (entry.path().extension() != ".toml") continue;
    ++files;
    const Experiment experiment = LoadExperiment(entry.path().string());
    EXPECT_NE(out.output.find(entry.path().filename().string()), std::string::npos) << out.output;
    EXPECT_NE(flat.find(experiment.question), std::string::npos) << experiment.question << "\n" << out.output;
    EXPECT_GT(experiment.duration_s, 0) << entry.path();
  }
  EXPECT_GT(files, 0u);
  EXPECT_EQ(Count(out.output, "a full run took"), files) << out.output;
  for (const std::string& line : Lines(out.output)) EXPECT_LE(line.size(), kHelpColumns) << line;
}

nlohmann::json JsonIn(const std::string& path) { return ReadJson(path); }

TEST(CommandLine, EveryPrintingCommandTakesOutputAndJsonFormat) {
  const std::string store = TempPath("printing.sqlite");
  const std::string run_json = TempPath("run.json");
  Outcome out = Membench("run memcpy --size 64K -r 2 --impl libc -q --save --store " + store + " --format json -o " +
                         run_json + " -v --unit GiB/s");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(JsonIn(run_json)["schema"], "membench-result/1");

  const std::string report_json = TempPath("report.json");
  out = Membench("report " + run_json + " --format json -o " + report_json + " -v --unit GiB/s");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(JsonIn(report_json)["schema"], "membench-result/1");

  const std::string compare_json = TempPath("compare.json");
  out = Membench("compare " + run_json + " " + run_json + " --format json -o " + compare_json + " -v --unit GiB/s");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(JsonIn(compare_json)["schema"], "membench-compare/1");
  const std::string compare_csv = TempPath("compare.csv");
  out = Membench("compare " + run_json + " " + run_json + " --format csv -o " + compare_csv);
  ASSERT_EQ(out.status, 0) << out.output;
  const std::string csv = RunCommand("cat " + compare_csv).output;
  EXPECT_EQ(csv.rfind("point,figure,is_rate,a_n,a_mean,", 0), 0u) << csv;
  EXPECT_NE(csv.find("rate (GB/s)"), std::string::npos) << csv;

  const std::string show_json = TempPath("show.json");
  out = Membench("history show last --store " + store + " --format json -o " + show_json + " -v --unit GiB/s");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(JsonIn(show_json)["schema"], "membench-result/1");

  const std::string exec_json = TempPath("exec.json");
  out = Membench("exec -r 2 --format json -o " + exec_json + " -v --unit GiB/s -- true");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(JsonIn(exec_json)["schema"], "membench-result/1");

  const std::string experiment = TempPath("tiny.toml");
  std::ofstream(experiment)
      << "name = \"tiny\"\nquestion = \"libc or movsb for 64 KiB?\"\n[[run]]\nid = \"r1\"\ntitle = \"copy\"\n"
         "workload = \"memcpy\"\ntreatment = \"impl\"\nrepeat = 2\n"
         "params = { size = \"64K\", impl = [\"libc\", \"movsb\"] }\n";
  const std::string experiment_json = TempPath("experiment.json");
  out = Membench("experiment run " + experiment + " --format json -o " + experiment_json + " -v --unit GiB/s");
  ASSERT_EQ(out.status, 0) << out.output;
  const nlohmann::json runs = JsonIn(experiment_json);
  ASSERT_TRUE(runs.is_array()) << "an experiment's JSON is an array of its runs";
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0]["schema"], "membench-result/1");
}

// report's text to -o is the same as on standard output (no colour there).
TEST(CommandLine, ReportToAFileIsWhatItPrints) {
  const std::string& a = ResultFile();
  const std::string text = TempPath("report.txt");
  ASSERT_EQ(Membench("report " + a + " -o " + text).status, 0);
  std::ifstream in(text);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(written, Membench("report " + a).output);
}

}  // namespace
}  // namespace membench
