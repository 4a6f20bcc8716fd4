// File: tests/report_test.cpp
// Golden-regex tests of the text report and structure tests of the JSON,
// built from a synthetic result (Google Benchmark's output_test idea): the
// layout perf stat users read must not drift silently.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "core/error.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/csv_report.h"
#include "report/latency_steps.h"
#include "report/loaded_result.h"
#include "report/mail_report.h"
#include "report/metadata_diff.h"
#include "report/noise_floor_json.h"
#include "report/text_columns.h"
#include "report/text_report.h"
#include "report/verdict_colour.h"
#include "report_checks.h"

namespace membench {
namespace {

RunResult SyntheticResult() {
  RunResult r;
  r.tool_version = "9.9.9";
  r.command_line = "membench run memcpy";
  r.system.cpu_model = "Test CPU";
  r.system.kernel_release = "6.99";
  r.system.cpu_features = {"sse2", "invariant_tsc"};
  r.system.thp = {{"enabled", "madvise"}, {"defrag", "madvise"}};
  r.tsc_ghz = 2.0;
  r.events = {SyntheticEvent("task-clock", true),
              SyntheticEvent("page-faults", true),
              SyntheticEvent("cycles", false, "no PMU here"),
              SyntheticEvent("instructions", true),
              SyntheticEvent("branches", false, "no PMU here"),
              SyntheticEvent("context-switches", true)};
  Measurement m;
  m.workload = "memcpy";
  m.unit = WorkUnit::kBytes;
  m.rate_label = "copied";
  m.loops = 10;
  m.warmup_samples = 1;
  m.loops_calibrated = true;
  ParamValue size{"64 MiB", 64u << 20, true};
  m.point.values = {{"size", size}, {"impl", {"movsb", 0, false}}};
  for (int i = 0; i < 3; ++i) {
    Sample s;
    s.wall_ns = 100'000'000 + i * 1'000'000;
    s.tsc_ticks = static_cast<std::uint64_t>(s.wall_ns) * 2;
    s.user_ns = 90'000'000;
    s.system_ns = 10'000'000;
    s.loops = 10;
    s.work = 10 * (64u << 20);
    s.counters = {MakeCounterValue(static_cast<std::uint64_t>(s.wall_ns), 1, 1),
                  MakeCounterValue(16384, 1, 1),
                  std::nullopt,
                  MakeCounterValue(500'000'000, 1000, 500),
                  std::nullopt,
                  MakeCounterValue(static_cast<std::uint64_t>(i == 0 ? 1 : 0), 1, 1)};
    m.samples.push_back(s);
  }
  PageProof proof;
  proof.region = "dst";
  proof.split = "100% 2M";
  proof.text = "dst: thp requested, 100% 2M (64 MiB resident)";
  m.page_proofs = {proof};
  r.measurements = {m, m};
  r.measurements[1].point.values[1].second.text = "avx2";
  return r;
}

// The verbose report (-v): perf stat's blocks, the summary, the paired table.
constexpr ReportStyle kVerbose{.verbose = true};

std::string Text() {
  std::ostringstream out;
  WriteTextReport(SyntheticResult(), out, kVerbose);
  return out.str();
}

void ExpectLine(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (std::regex_match(line, re)) return;
  }
  ADD_FAILURE() << "no line matches /" << pattern << "/ in:\n" << text;
}

// A mail is plain ASCII in 80 columns.
void ExpectMailShaped(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), kMailColumns) << line;
    for (const char c : line) EXPECT_GE(static_cast<signed char>(c), 0) << "not ASCII: " << line;
  }
}

// The summary first (paired ratios, a line per point), the counters not
// supported named once; -v adds perf stat's block per point.
TEST(MailReport, OneRunMatchesTheGoldenFileIn80AsciiColumns) {
  RunResult r = SyntheticResult();
  r.interleaved = true;
  std::ostringstream out;
  WriteMailRun(r, out, {.verbose = true});
  ExpectMailShaped(out.str());
  ExpectGolden(out.str(), "synthetic_run.mail");
  EXPECT_NE(out.str().find("cycles and branches <not supported>: no PMU here."), std::string::npos) << out.str();
  EXPECT_EQ(CountOf(out.str(), "<not supported>"), 1u) << out.str();
  EXPECT_NE(out.str().find("instructions 50%"), std::string::npos) << "multiplexing is said: " << out.str();
  EXPECT_NE(out.str().find("[50% running]"), std::string::npos) << "and in the block: " << out.str();
  EXPECT_LT(out.str().find("Paired ratios"), out.str().find("(3 samples):")) << out.str();
}

// The kernel test robot's layout: key and value lines per point, base,
// %stddev, %change, a mark, new, %stddev, metric; footnotes below.
TEST(MailReport, AComparisonMatchesTheGoldenFileIn80AsciiColumns) {
  // Eight samples a side, B's 25% longer: a significant slowdown.
  RunResult base = SyntheticResult();
  for (Measurement& m : base.measurements) {
    for (int k = 0; k < 5; ++k) {
      Sample extra = m.samples[static_cast<std::size_t>(k % 3)];
      extra.wall_ns += (k + 3) * 1'000'000;
      m.samples.push_back(extra);
    }
  }
  RunResult slower = base;
  for (Measurement& m : slower.measurements) {
    for (Sample& s : m.samples) s.wall_ns = s.wall_ns * 5 / 4;
  }
  const std::vector<RunResult> a_runs = {base};
  const std::vector<RunResult> b_runs = {slower};
  const LoadedResult a = FiguresOf(a_runs, "base.json");
  const LoadedResult b = FiguresOf(b_runs, "new.json");
  CompareOptions options;
  options.floor_pct["memcpy"] = 1.0;  // recorded: one run a side may carry a verdict
  options.style.verbose = true;
  std::ostringstream out;
  WriteMailCompare(CompareResults(a, b, options), a, b, a_runs, b_runs, options, out);
  ExpectMailShaped(out.str());
  ExpectGolden(out.str(), "synthetic_compare.mail");
  EXPECT_NE(out.str().find("workload/impl:\n  memcpy/movsb\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("The same in every point: size=64 MiB\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("-20.0%  worse *"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("+0.0%  -"), std::string::npos) << "an unchanged figure: " << out.str();
  EXPECT_LT(out.str().find("Significant changes"), out.str().find("workload/impl:\n")) << out.str();
}

// The CSV of a known result, byte for byte.
TEST(CsvReport, MatchesTheGoldenFile) {
  std::ostringstream out;
  WriteCsvReport({SyntheticResult()}, out);
  ExpectGolden(out.str(), "synthetic.csv");
}

// An update that would change nothing is refused, so a forgotten
// MEMBENCH_UPDATE_GOLDEN cannot pass every golden test unexamined.
TEST(GoldenFiles, AnUpdateThatChangesNothingFails) {
  std::ostringstream out;
  WriteCsvReport({SyntheticResult()}, out);
  const bool was_set = std::getenv("MEMBENCH_UPDATE_GOLDEN") != nullptr;
  ::setenv("MEMBENCH_UPDATE_GOLDEN", "1", 1);
  EXPECT_NONFATAL_FAILURE(ExpectGolden(out.str(), "synthetic.csv"), "it already holds this output");
  if (!was_set) ::unsetenv("MEMBENCH_UPDATE_GOLDEN");
}

// RFC 4180 fields: one per column on every line; a comma or quote inside a
// value is quoted with the quote doubled; unsupported counters are blank.
TEST(CsvReport, QuotesFieldsAndKeepsEveryLineTheHeadersWidth) {
  RunResult r = SyntheticResult();
  r.measurements[0].point.values[1].second.text = "a \"b\", c";
  std::ostringstream out;
  WriteCsvReport({r, SyntheticResult()}, out);
  const std::string text = out.str();
  EXPECT_NE(text.find(",\"a \"\"b\"\", c\","), std::string::npos) << text;
  // Fields per line, reading quotes as RFC 4180 does.
  std::vector<std::size_t> widths;
  std::size_t fields = 1;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == ',') ++fields;
    if (c == '\n') {
      EXPECT_EQ(text[i - 1], '\r') << "lines end in CRLF";
      widths.push_back(fields);
      fields = 1;
    }
  }
  ASSERT_EQ(widths.size(), 1u + 2 * (2 * 3 + 2)) << text;  // header, then 2 results x 2 points x (3 samples + 1)
  for (const std::size_t w : widths) EXPECT_EQ(w, widths.front());
  EXPECT_NE(text.find("cycles,cycles running_pct"), std::string::npos);
  EXPECT_NE(text.find(",tsc-estimate,"), std::string::npos);
}

// Every column as wide as its widest cell, figures right-aligned, no
// trailing blanks where the last cell is empty.
TEST(TextColumns, AlignsEveryRowAndRightAlignsFigures) {
  std::ostringstream out;
  WriteColumns(out, {"comparison", "B/A", "conditions"},
               {{"impl=movsb / libc", "1.2000", "size=4K"}, {"impl=nt / libc", "0.9", ""}}, {false, true, false});
  EXPECT_EQ(out.str(),
            "comparison            B/A  conditions\n"
            "impl=movsb / libc  1.2000  size=4K\n"
            "impl=nt / libc        0.9\n");
}

// Lines wrap at spaces to the width in characters: a comment goes on as a
// comment, colour escapes and "±" take no extra columns.
TEST(TextColumns, WrapsLongLinesAtSpacesCountingCharacters) {
  EXPECT_EQ(WrapLines("# one two three four\nshort\n", 12), "# one two\n#   three\n#   four\nshort\n");
  EXPECT_EQ(WrapLines("a=1 b=2 c=3\n", 7), "a=1 b=2\n  c=3\n");
  const std::string coloured = "± 1.0% \033[32mfaster\033[0m";
  EXPECT_EQ(WrapLines(coloured + "\n", 13), coloured + "\n");
  EXPECT_EQ(WrapLines("unbreakable-word-longer-than-width\n\n", 8), "unbreakable-word-longer-than-width\n\n");
}

// Green for better, red for worse, yellow for invocations that differ;
// words unchanged, and nothing at all without colour. The colour follows
// the finding: words that read "better" under a finding of worse are red.
TEST(VerdictColour, MarksBetterAndWorseOnlyWhenAsked) {
  EXPECT_EQ(ColouredVerdict("faster (better)", Finding::kBetter, true), "\033[32mfaster (better)\033[0m");
  EXPECT_EQ(ColouredVerdict("slower (worse)", Finding::kWorse, true), "\033[31mslower (worse)\033[0m");
  EXPECT_EQ(ColouredVerdict("better", Finding::kWorse, true), "\033[31mbetter\033[0m");
  EXPECT_EQ(ColouredVerdict("invocations differ", Finding::kInvocationsDiffer, true).rfind("\033[33m", 0), 0u);
  EXPECT_EQ(ColouredVerdict("no significant change", Finding::kNoChange, true), "no significant change");
  EXPECT_EQ(ColouredVerdict("inconclusive: faster", Finding::kInconclusive, true), "inconclusive: faster");
  EXPECT_EQ(ColouredVerdict("slower (worse)", Finding::kWorse, false), "slower (worse)");
}

TEST(TextReport, PerfStatLayout) {
  const std::string t = Text();
  ExpectLine(
      t,
      R"( Performance counter stats for 'memcpy size=64 MiB impl=movsb' \(3 runs, 10 loops each \(calibrated\), 1 warm-up\):)");
  ExpectLine(t, R"( +101\.00 msec task-clock +# +1\.000 CPUs utilized +\( \+- +0\.57% \))");
  ExpectLine(t, R"( +16,384 +page-faults +# +162\.218 K/sec +\( \+- +0\.00% \))");
  ExpectLine(t, R"( +<not supported> +cycles)");
  // Ran half of the enabled time: scaled x2, marked as perf did in 2012.
  ExpectLine(t, R"( +1,000,000,000 +instructions +\( \+- +0\.00% \)  \[50\.00%\])");
  ExpectLine(t, R"( +0\.101000 \+- 0\.000577 seconds time elapsed  \( \+- +0\.57% \))");
  ExpectLine(t, R"( +0\.090000000 seconds user)");
  ExpectLine(t, R"( +0\.010000000 seconds sys)");
  ExpectLine(t, R"( +[0-9.]+ GB/s +copied +# median .*\( \+- +0\.57% \))");
  // 2 TSC ticks per ns over 101 ms for 640 MiB.
  ExpectLine(t, R"( +0\.3010 +cycles/byte +# TSC estimate: 2\.000 GHz TSC ticks, not core cycles)");
  ExpectLine(t, R"( pages: dst: thp requested, 100% 2M \(64 MiB resident\))");
  // One switch in three samples: the mean keeps its decimals.
  ExpectLine(t, R"( +0\.33 +context-switches +# +3\.300 /sec +\( \+-100\.00% \))");
}

TEST(TextReport, HeaderSaysWhatPlusMinusIsAndEachReasonOnce) {
  const std::string t = Text();
  ExpectLine(t, R"(# Values are means .*relative standard error of the mean.*)");
  ExpectLine(t, R"(# Counters count user\+kernel mode; only the timed region is counted\.)");
  ExpectLine(t, R"(# <not supported>: cycles, branches: no PMU here)");
}

TEST(TextReport, SummaryTableOfTheVaryingParameters) {
  const std::string t = Text();
  ExpectLine(t, R"(# memcpy summary \(3 runs per point\); size=64 MiB)");
  ExpectLine(t, R"(# GB/s = 10\^9 bytes/s .*)");
  ExpectLine(t, R"(impl +GB/s +\+- +median +cyc/B +faults/sample  pages obtained)");
  ExpectLine(t, R"(avx2 +6\.645 +0\.57% +6\.644 +0\.3010 +16,384  dst 100% 2M)");
}

TEST(TextReport, SaysWhenKernelCountingWasRefused) {
  RunResult r = SyntheticResult();
  r.system.perf_event_paranoid = 2;
  r.events[1].counted_modes = "user";
  r.events[1].kernel_not_permitted = true;
  std::ostringstream out;
  WriteTextReport(r, out, kVerbose);
  ExpectLine(out.str(),
             R"(# Counters count user\+kernel mode; user only: page-faults; only the timed region is counted\.)");
  ExpectLine(out.str(), R"(# note: kernel-mode counting is not permitted at perf_event_paranoid=2 .*)");
}

TEST(TextReport, PerfPrecisionAndThousands) {
  EXPECT_EQ(ElapsedPrecision(0.364), 3);  // perf: "6.360 +- 0.364"
  EXPECT_EQ(ElapsedPrecision(0.00058), 6);
  EXPECT_EQ(ElapsedPrecision(2.5), 2);
  EXPECT_EQ(WithThousands(0), "0");
  EXPECT_EQ(WithThousands(999), "999");
  EXPECT_EQ(WithThousands(1000), "1,000");
  EXPECT_EQ(WithThousands(1535468702), "1,535,468,702");
}

TEST(JsonReport, KeepsEverySampleAndCounterReading) {
  const nlohmann::json j = ResultToJson(SyntheticResult());
  EXPECT_EQ(j["schema"], "membench-result/1");
  EXPECT_EQ(j["tool"]["version"], "9.9.9");
  ASSERT_EQ(j["measurements"].size(), 2u);
  const auto& m = j["measurements"][0];
  EXPECT_EQ(m["point"]["size"], 64u << 20);
  EXPECT_EQ(m["point"]["impl"], "movsb");
  ASSERT_EQ(m["samples"].size(), 3u);
  const auto& c = m["samples"][0]["counters"];
  EXPECT_TRUE(c[2].is_null());
  EXPECT_EQ(c[3]["value"], 500000000u);
  EXPECT_EQ(c[3]["enabled_ns"], 1000u);
  EXPECT_EQ(c[3]["running_ns"], 500u);
  EXPECT_DOUBLE_EQ(c[3]["scaled"].get<double>(), 1e9);
  EXPECT_TRUE(m["stats"]["counters"][3]["multiplexed"].get<bool>());
  EXPECT_EQ(m["stats"]["cycles_source"], "tsc-estimate");
  EXPECT_EQ(j["events"][2]["reason"], "no PMU here");
  EXPECT_EQ(m["page_proof"][0]["region"], "dst");
}

// The bytes the memory controllers counted: side counts of their own kind,
// a sample whose counters failed left out, and the measured line beside the
// requested one in the text.
RunResult WithMeasuredTraffic() {
  RunResult r = SyntheticResult();
  for (Measurement& m : r.measurements) {
    m.traffic = ByteTraffic{2.0, 3.0, "read + write"};
    m.side_counts = {{"memory read (measured)", WorkUnit::kBytes, SideKind::kMemoryRead},
                     {"memory written (measured)", WorkUnit::kBytes, SideKind::kMemoryWrite}};
    for (Sample& s : m.samples) s.side_counts = {2 * s.work, s.work};
    m.samples[2].side_counts = {std::nullopt, std::nullopt};
  }
  return r;
}

TEST(JsonReport, MeasuredTrafficRoundTripsWithItsKindAndGaps) {
  const RunResult r = WithMeasuredTraffic();
  const nlohmann::json j = ResultToJson(r);
  const auto& m = j["measurements"][0];
  EXPECT_EQ(m["side_counts"][0]["kind"], "memory-read");
  EXPECT_EQ(m["side_counts"][1]["kind"], "memory-write");
  EXPECT_TRUE(m["samples"][2]["side_counts"][0].is_null());
  const RunResult back = ParseResult(j.dump(), "test");
  const Measurement& b = back.measurements[0];
  EXPECT_EQ(b.side_counts[1].kind, SideKind::kMemoryWrite);
  EXPECT_EQ(b.samples[0].side_counts[0], r.measurements[0].samples[0].side_counts[0]);
  EXPECT_FALSE(b.samples[2].side_counts[1].has_value());
  EXPECT_EQ(ResultToJson(back).dump(), j.dump());

  nlohmann::json bad = j;
  bad["measurements"][0]["side_counts"][0]["kind"] = "dram-magic";
  EXPECT_THROW(ParseResult(bad.dump(), "bad.json"), Error);
}

// Found by fuzz_result and fuzz_store_import: a file whose second point
// lacked a parameter (or belonged to a renamed workload) loaded, then every
// report of it, and the store's import, ended in "internal: parameter
// missing".
TEST(ResultLoader, RefusesPointsOfOneRunWithDifferentParameters) {
  nlohmann::json j = ResultToJson(SyntheticResult());
  j["measurements"][1]["params"].erase(1);  // impl
  j["measurements"][1]["workload"] = "memset";
  try {
    ParseResult(j.dump(), "odd.json");
    FAIL() << "loaded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("measurements[1].point names the parameters (size)"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("of the same run names (size, impl)"), std::string::npos) << e.what();
  }
  // lmsummary's workloads each have their own parameters.
  j["kind"] = "lmsummary";
  EXPECT_NO_THROW(ParseResult(j.dump(), "summary.json"));
}

// Found by fuzz_result: a file with loops_per_sample 0 made the bytes per
// loop infinite, cast to an integer (undefined behaviour, UBSan's report).
TEST(TextReport, ZeroLoopsPerSampleShowsNoBytesPerLoop) {
  RunResult r = SyntheticResult();
  r.measurements[0].loops = 0;
  std::ostringstream out;
  WriteTextReport(r, out, kVerbose);
  ExpectLine(out.str(), R"( +640 MiB +per sample +# \? per loop)");
}

TEST(TextReport, MeasuredTrafficBesideTheRequestedAndTheEstimate) {
  std::ostringstream out;
  WriteTextReport(WithMeasuredTraffic(), out, kVerbose);
  const std::string text = out.str();
  // 3 bytes a byte copied in both samples that were counted.
  ExpectLine(text, R"( +[0-9.]+ GB/s +traffic at memory \(measured\) +# measured machine-wide: 3\.00 bytes per byte )"
                   R"(copied \(2\.00 read, 1\.00 written\))");
  ExpectLine(text, R"( +[0-9.]+ GB/s +memory read \(measured\) +# median .*)");

  // Counted in no sample: unknown, never 0 B/s, and no measured line.
  RunResult none = WithMeasuredTraffic();
  for (Measurement& m : none.measurements) {
    for (Sample& s : m.samples) s.side_counts = {std::nullopt, std::nullopt};
  }
  std::ostringstream none_out;
  WriteTextReport(none, none_out, kVerbose);
  ExpectLine(none_out.str(), R"( +- +memory written \(measured\) +# not counted in any sample \(see the notes\))");
  EXPECT_EQ(none_out.str().find("traffic at memory (measured)"), std::string::npos);
}

}  // namespace
}  // namespace membench

namespace membench {
namespace {

TEST(LatencySteps, FindsTheKneesOfALatencyCurve) {
  // L1 up to 32 KiB, L2 to 1 MiB, then DRAM; given out of order.
  const std::vector<LatencyPoint> curve = {{4u << 20, 40.0},  {16u << 10, 1.2}, {64u << 10, 4.0},
                                           {256u << 10, 4.3}, {32u << 10, 1.3}, {16u << 20, 90.0}};
  const auto steps = FindLatencySteps(curve);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].from_bytes, 32u << 10);
  EXPECT_EQ(steps[0].to_bytes, 64u << 10);
  EXPECT_NEAR(steps[0].ratio, 4.0 / 1.3, 1e-12);
  EXPECT_EQ(steps[1].from_bytes, 256u << 10);
  EXPECT_EQ(steps[2].to_bytes, 16u << 20);
  EXPECT_TRUE(FindLatencySteps({}).empty());
  EXPECT_TRUE(FindLatencySteps({{4096, 0}, {8192, 5}}).empty());  // no baseline
}

RunResult OnKernel(const std::string& release) {
  RunResult r;
  r.tool_version = "1.0";
  r.system.kernel_release = release;
  r.system.kernel_cmdline = "BOOT_IMAGE=/vmlinuz-" + release + " root=/dev/vda quiet";
  r.system.boot_id = "boot-" + release;
  r.system.thp = {{"enabled", "madvise"}};
  r.system.microcode = "0x10";
  return r;
}

TEST(MetadataDiff, AKernelABNamesTheKernelAndWarnsOfNothingElse) {
  RunResult a = OnKernel("6.1"), b = OnKernel("6.2");
  a.labels["commit"] = "abc";
  b.labels["commit"] = "def";
  const auto differences = DifferingMetadata({a, a}, {b});
  std::vector<std::string> fields;
  for (const auto& d : differences) {
    fields.push_back(d.field);
    EXPECT_TRUE(d.expected) << d.field;
  }
  // The image name in the command line follows the kernel: not a difference.
  EXPECT_EQ(fields, (std::vector<std::string>{"kernel_release", "boot_id", "label.commit"}));
  std::ostringstream out;
  WriteMetadataDifferences(differences, out);
  EXPECT_NE(out.str().find("A: 6.1"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("warning"), std::string::npos) << out.str();
}

TEST(MetadataDiff, WarnsWhenSomethingBesidesTheKernelDiffers) {
  RunResult a = OnKernel("6.1"), b = OnKernel("6.2"), b2 = OnKernel("6.2");
  b.system.thp["enabled"] = "always";
  b2.system.microcode = "0x11";
  b2.system.kernel_cmdline += " mitigations=off";
  std::ostringstream out;
  WriteMetadataDifferences(DifferingMetadata({a}, {b, b2}), out);
  EXPECT_NE(out.str().find("B: always | madvise"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("warning: besides the kernel, kernel_cmdline, microcode, thp.enabled differ"),
            std::string::npos)
      << out.str();
}

TEST(MetadataDiff, SaysSoWhenTheSidesAgree) {
  std::ostringstream out;
  WriteMetadataDifferences(DifferingMetadata({OnKernel("6.1")}, {OnKernel("6.1")}), out);
  EXPECT_NE(out.str().find("do not differ"), std::string::npos) << out.str();
}

TEST(NoiseFloor, IsWhatTwoSingleRunsExceedOnlyOneTimeInTwenty) {
  // Run means 100, 102, 98, 100: CV 1.633%; floor 1.96 * sqrt(2) * CV.
  const NoiseFloor floor = FloorOfRuns({{99, 101}, {101, 103}, {97, 99}, {100, 100}});
  EXPECT_EQ(floor.invocations, 4u);
  EXPECT_NEAR(floor.run_cv_pct, 1.633, 0.001);
  EXPECT_NEAR(floor.floor_pct, 1.96 * std::sqrt(2.0) * 1.633, 0.01);
  EXPECT_NEAR(floor.within_cv_pct, 1.2247, 0.001);  // pooled variance (2 + 2 + 2 + 0) / 4 around 100
  EXPECT_EQ(FloorOfRuns({{100, 101}, {}}).invocations, 1u);
  EXPECT_EQ(FloorOfRuns({{100, 101}, {}}).floor_pct, 0);
}

TEST(NoiseFloor, TheFileRoundTripsAndRefusesOthers) {
  NoiseFloor f;
  f.kind = "memcpy";
  f.point = "size=4 MiB impl=libc";
  f.invocations = 5;
  f.run_cv_pct = 2.5;
  f.within_cv_pct = 1.5;
  f.floor_pct = 6.93;
  f.measured_at = "2026-12-01T00:00:00Z";
  const NoiseFloorBook book = {{"host-a", {{"memcpy", f}}}};
  const NoiseFloorBook back = ParseNoiseFloors(NoiseFloorsToText(book), "file");
  EXPECT_EQ(NoiseFloorsToText(back), NoiseFloorsToText(book));
  EXPECT_THROW(ParseNoiseFloors("{\"schema\": \"membench-result/1\"}", "file"), Error);
  EXPECT_THROW(ParseNoiseFloors("not json", "file"), Error);
}

}  // namespace
}  // namespace membench
