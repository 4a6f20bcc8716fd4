// File: tests/report_roundtrip_test.cpp
// End to end, with the real binary: a result file loads back into the
// model that printed it, so `membench report FILE` reproduces the run's
// text output byte for byte (golden tests over workloads that exercise
// every part of the report: interleaved points and paired ratios, latency
// steps, phases, workers, first-touch faults, exec and lmsummary); every
// note a run makes reaches both the text and the file; and where the work
// is done in child processes their CPU time is counted.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "membench_process.h"

namespace membench {
namespace {

// The report alone: stderr (the "result written" line) goes elsewhere.
Outcome StdoutOf(const std::string& args) {
  return RunCommand("{ " + std::string(MEMBENCH_BINARY) + " " + args + " 2>/dev/null; }");
}

struct Golden {
  const char* name;
  const char* args;
};

class ReportRoundTrip : public testing::TestWithParam<Golden> {};

TEST_P(ReportRoundTrip, ReproducesWhatTheRunPrinted) {
  const std::string path = TempPath(std::string(GetParam().name) + ".json");
  // JSON marks where --json goes (exec's command comes last).
  std::string args = GetParam().args;
  const auto mark = args.find("JSON");
  args = mark == std::string::npos ? args + " --json " + path : args.replace(mark, 4, "--json " + path);
  const Outcome run = StdoutOf(args);
  ASSERT_EQ(run.status, 0) << run.output;
  ASSERT_FALSE(run.output.empty());
  const Outcome report = StdoutOf("report " + path);
  ASSERT_EQ(report.status, 0) << report.output;
  EXPECT_EQ(report.output, run.output);
  std::remove(path.c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Workloads, ReportRoundTrip,
    testing::Values(Golden{"memcpy", "run memcpy --size 256K,1M --impl libc,movsb -r 6"},
                    Golden{"chase", "run chase --size 16K,64K,4M -r 2"},
                    Golden{"loaded", "run loaded --size 1M --load-size 256K --delay 0,1000,idle -r 2"},
                    Golden{"clear", "run clear --page 2M --size 8M --order forward,target-last -r 2"},
                    Golden{"fault", "run fault --size 16M --pages 4k --procs 2 -r 2"},
                    Golden{"zeropage", "run zeropage --size 64M --mode memcmp,stride -r 2"},
                    Golden{"hackbench", "run hackbench --groups 1 --fds 4 --loops 50 --mode process,thread -r 2"},
                    Golden{"exec", "exec -r 3 JSON -- true"}, Golden{"lmsummary", "run lmsummary -r 2"}),
    [](const testing::TestParamInfo<Golden>& golden) { return std::string(golden.param.name); });

// Result files written by the membench of an earlier version, with its
// defaults (tests/data/old/make-fixtures.sh), before separate invocations,
// single latencies, profiles and node proofs existed: decoded and
// re-rendered, each point's samples and mean rate as that membench wrote
// them.
TEST(ReportCommand, ResultFilesOfAnEarlierVersionAreReadAsWritten) {
  for (const char* name : {"result-memcpy.json", "result-chase.json"}) {
    SCOPED_TRACE(name);
    const std::string old_path = std::string(MEMBENCH_SOURCE_DIR) + "/tests/data/old/" + name;
    const nlohmann::json old = ReadJson(old_path);
    EXPECT_FALSE(old.contains("invocations")) << "a file from before separate invocations";
    const Outcome text = Membench("report " + old_path);
    ASSERT_EQ(text.status, 0) << text.output;
    const std::string json_path = TempPath(std::string("rewritten-") + name);
    const Outcome rewritten = Membench("report " + old_path + " --format json -o " + json_path);
    ASSERT_EQ(rewritten.status, 0) << rewritten.output;
    const nlohmann::json now = ReadJson(json_path);
    ASSERT_EQ(now["measurements"].size(), old["measurements"].size());
    for (std::size_t i = 0; i < old["measurements"].size(); ++i) {
      const auto& before = old["measurements"][i];
      const auto& after = now["measurements"][i];
      ASSERT_EQ(after["samples"].size(), before["samples"].size()) << i;
      for (std::size_t k = 0; k < before["samples"].size(); ++k) {
        for (const char* figure : {"wall_ns", "work", "loops"}) {
          EXPECT_EQ(after["samples"][k][figure], before["samples"][k][figure]) << i << " " << k << " " << figure;
        }
      }
      const double mean = before["stats"]["rate_per_second"]["mean"].get<double>();
      EXPECT_NEAR(after["stats"]["rate_per_second"]["mean"].get<double>(), mean, mean * 1e-12) << i;
      EXPECT_FALSE(after.contains("latency") && !after["latency"].is_null()) << "no latencies were measured";
      // The row of the point, named as the old run named it.
      const std::string label = before["point"].is_object() && before["point"].contains("impl")
                                    ? before["point"]["impl"].get<std::string>()
                                    : "";
      if (!label.empty()) {
        EXPECT_NE(text.output.find("\n" + label + " "), std::string::npos) << text.output;
      }
    }
  }
}

TEST(ReportCommand, RefusesWhatIsNotAResultAndNeedsAFile) {
  const std::string bad = TempPath("bad.json");
  std::ofstream(bad) << "{\"hello\": 1}";
  const Outcome not_ours = Membench("report " + bad);
  EXPECT_EQ(not_ours.status, 2);
  EXPECT_NE(not_ours.output.find("is not a membench result"), std::string::npos) << not_ours.output;
  const Outcome missing = Membench("report " + TempPath("absent.json"));
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("cannot read"), std::string::npos) << missing.output;
  EXPECT_NE(Membench("report").status, 0);
  std::remove(bad.c_str());
}

// A run's result as CSV in a file: a header, one line per sample and one
// per point's summary; an unknown format is refused.
TEST(ReportCommand, WritesCsvToAFile) {
  const std::string json = TempPath("csv_source.json");
  const std::string csv = TempPath("report.csv");
  ASSERT_EQ(Membench("run memset --size 64K --impl libc,stosb -r 2 --json " + json).status, 0);
  const Outcome written = Membench("report " + json + " --format csv -o " + csv);
  ASSERT_EQ(written.status, 0) << written.output;
  std::ifstream in(csv);
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  // Three invocations of two samples each.
  ASSERT_EQ(lines.size(), 1u + 2 * (6 + 1)) << written.output;
  EXPECT_EQ(lines[0].rfind("result,row,workload,label,size,impl,", 0), 0u) << lines[0];
  EXPECT_NE(lines[7].find(",summary,memset,"), std::string::npos) << lines[7];
  // The same result as a mail, and compared with itself as one: 80 columns.
  for (const std::string& command :
       {"report " + json + " --format mail", "compare " + json + " " + json + " --format mail"}) {
    const Outcome mail = Membench(command);
    ASSERT_EQ(mail.status, 0) << command << "\n" << mail.output;
    std::istringstream mail_lines(mail.output);
    for (std::string l; std::getline(mail_lines, l);) EXPECT_LE(l.size(), 80u) << command << ": " << l;
  }
  EXPECT_NE(Membench("compare " + json + " " + json + " --format mail").output.find("workload/"), std::string::npos);
  const Outcome unknown = Membench("report " + json + " --format xml");
  EXPECT_NE(unknown.status, 0);
  EXPECT_NE(unknown.output.find("xml"), std::string::npos) << unknown.output;
  std::remove(json.c_str());
  std::remove(csv.c_str());
}

// A run's report written where -o says, in the format asked, the JSON
// beside it; a directory or the JSON's own path as -o is refused before
// anything is measured.
TEST(ReportCommand, RunWritesItsHtmlReportToAFileAndRefusesPathsItCannotUse) {
  const std::string json = TempPath("html_source.json");
  const std::string html = TempPath("run.html");
  const Outcome run = Membench("run memset --size 64K --impl libc,stosb -r 2 --format html -o " + html + " --json " + json);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.output.find("<html"), std::string::npos) << "the page went to the file, not stdout";
  std::ifstream page(html);
  const std::string text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(text.find("impl=stosb"), std::string::npos);
  const Outcome rendered = Membench("report " + json + " --format html");
  ASSERT_EQ(rendered.status, 0) << rendered.output;
  EXPECT_NE(rendered.output.find("<svg class=\"chart intervals\""), std::string::npos) << "report renders it again";
  const Outcome directory = Membench("run memset --size 64K -r 2 --format html -o " + testing::TempDir());
  EXPECT_NE(directory.status, 0);
  EXPECT_NE(directory.output.find("is a directory"), std::string::npos) << directory.output;
  EXPECT_EQ(directory.output.find("GB/s"), std::string::npos) << "refused before measuring: " << directory.output;
  const Outcome same = Membench("run memset --size 64K -r 2 --format csv -o " + json + " --json " + json);
  EXPECT_NE(same.status, 0);
  EXPECT_NE(same.output.find("one would overwrite the other"), std::string::npos) << same.output;
  std::remove(json.c_str());
  std::remove(html.c_str());
}

// Defect 5: notes made before the run (the order decision, machine
// defaults) were overwritten by a later assignment. Every note in the file
// must be in the text, and the other way round.
TEST(Notes, EveryNoteReachesTheTextAndTheFile) {
  const std::string path = TempPath("notes.json");
  const Outcome run = StdoutOf("run memset --size 1M --impl libc,stosb --pressure 1 --loops 3 -r 2 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  const nlohmann::json result = ReadJson(path);
  std::vector<std::string> notes;
  for (const auto& note : result["notes"]) notes.push_back("# note: " + note.get<std::string>());
  // A note every point carries is printed once, at the end ("# note: ").
  const auto& ms = result["measurements"];
  for (const auto& m : ms) {
    for (const auto& note : m["notes"]) {
      const bool everywhere = std::all_of(ms.begin(), ms.end(), [&](const auto& other) {
        return std::find(other["notes"].begin(), other["notes"].end(), note) != other["notes"].end();
      });
      const std::string line = " note: " + note.get<std::string>();
      if (!everywhere || std::find(notes.begin(), notes.end(), line) == notes.end()) notes.push_back(line);
    }
  }
  EXPECT_GE(notes.size(), 2u);  // pressure and interleaving at least
  for (const auto& note : notes) EXPECT_NE(run.output.find(note + "\n"), std::string::npos) << note;
  std::size_t in_text = 0;
  for (std::size_t at = run.output.find("note: "); at != std::string::npos; at = run.output.find("note: ", at + 1)) {
    ++in_text;
  }
  EXPECT_EQ(in_text, notes.size()) << run.output;
  std::remove(path.c_str());
}

// Defect 4: RUSAGE_SELF misses the work of forked tasks: hackbench's
// senders and receivers as processes showed next to no CPU time. Their
// time is counted when they are reaped, and the report says so.
TEST(CpuTime, WorkDoneInChildProcessesIsCounted) {
  const std::string path = TempPath("cpu.json");
  const Outcome run = Membench("run hackbench --groups 1 --fds 5 --loops 400 --mode process -r 2 -v --json " + path);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("CPU time of membench's process, and the child processes reaped during the sample"),
            std::string::npos)
      << run.output;
  const nlohmann::json m = ReadJson(path)["measurements"][0];
  for (const auto& s : m["samples"]) {
    // 10,000 messages each way through sockets: tens of milliseconds of
    // system time at the least; the parent alone only waits.
    EXPECT_GE(s["user_ns"].get<std::int64_t>() + s["system_ns"].get<std::int64_t>(), 5'000'000) << s.dump();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace membench
