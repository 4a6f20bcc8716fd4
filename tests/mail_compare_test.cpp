// File: tests/mail_compare_test.cpp
// The brief mail and compare outputs of issue 39: the summary first, a
// line per point, counters the machine cannot count named once, 80 ASCII
// columns, sizes in KiB/MiB/GiB, no row for a counter zero on both sides
// (the JSON keeps it), byte rates in GiB/s when asked.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/counter_math.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"
#include "report/mail_report.h"
#include "report/text_columns.h"
#include "report_checks.h"

namespace membench {
namespace {

// An interleaved memcpy run of 4 MiB over `impls`, `rounds` samples each,
// impl k copying (1 + k/10) times as fast as the first; four counters the
// machine cannot count, for two causes; context switches zero throughout.
RunResult InterleavedRun(const std::vector<std::string>& impls, int rounds = 9) {
  RunResult r;
  r.tool_version = "9.9.9";
  r.command_line = "membench run memcpy --size 4M --impl all";
  r.system.cpu_model = "Test CPU";
  r.system.kernel_release = "6.99";
  r.system.hypervisor = "KVM";
  r.system.thp = {{"enabled", "always"}};
  r.tsc_ghz = 2.0;
  r.interleaved = true;
  r.events = {SyntheticEvent("task-clock", true),
              SyntheticEvent("page-faults", true),
              SyntheticEvent("cycles", false, "no PMU in this VM"),
              SyntheticEvent("branches", false, "no PMU in this VM"),
              SyntheticEvent("LLC-loads", false, "no PMU in this VM"),
              SyntheticEvent("mem-loads", false, "unknown event name"),
              SyntheticEvent("context-switches", true)};
  for (std::size_t k = 0; k < impls.size(); ++k) {
    Measurement m;
    m.workload = "memcpy";
    m.unit = WorkUnit::kBytes;
    m.loops = 10;
    m.point.values = {{"size", {"4 MiB", 4u << 20, true}}, {"impl", {impls[k], 0, false}}};
    for (int i = 0; i < rounds; ++i) {
      Sample s;
      s.wall_ns = static_cast<std::int64_t>(1e7 / (1 + 0.1 * static_cast<double>(k))) + i * 10'000;
      s.tsc_ticks = static_cast<std::uint64_t>(s.wall_ns) * 2;
      s.loops = 10;
      s.work = 10 * (4u << 20);
      s.counters = {MakeCounterValue(static_cast<std::uint64_t>(s.wall_ns), 1, 1),
                    MakeCounterValue(1024, 1, 1),
                    std::nullopt,
                    std::nullopt,
                    std::nullopt,
                    std::nullopt,
                    MakeCounterValue(0, 1, 1)};
      m.samples.push_back(s);
    }
    PageProof proof;
    proof.region = "dst";
    proof.split = "100% 2M";
    proof.text = "dst: thp requested, 100% 2M (4 MiB resident)";
    m.page_proofs = {proof};
    r.measurements.push_back(m);
  }
  return r;
}

const std::vector<std::string> kEightImpls = {"libc", "movsb", "sse2", "avx2", "avx512", "nt", "rep", "loop"};

std::string Mail(const RunResult& r, const ReportStyle& style = {}) {
  std::ostringstream out;
  WriteMailRun(r, out, style);
  return out.str();
}

// Every line in 80 columns, plain ASCII.
void ExpectMailShaped(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), kMailColumns) << line;
    for (const char c : line) EXPECT_GE(static_cast<signed char>(c), 0) << "not ASCII: " << line;
  }
}

std::size_t Lines(const std::string& text) { return CountOf(text, "\n"); }

TEST(MailRun, OpensWithThePairedRatiosThenALinePerPoint) {
  const std::string mail = Mail(InterleavedRun(kEightImpls));
  ExpectMailShaped(mail);
  const auto paired = mail.find("Paired ratios B/A");
  const auto first_point = mail.find("\nimpl ");
  ASSERT_NE(paired, std::string::npos) << mail;
  ASSERT_NE(first_point, std::string::npos) << mail;
  EXPECT_LT(paired, first_point) << mail;
  // Seven ratios against libc, faster by design; one line each.
  EXPECT_EQ(CountOf(mail, "impl=avx2 / libc"), 1u) << mail;
  EXPECT_EQ(CountOf(mail, "faster"), 7u) << mail;
  // One line per point, each with its rate and the page proof's word.
  for (const std::string& impl : kEightImpls) {
    EXPECT_NE(mail.find("\n" + impl + " "), std::string::npos) << impl << "\n" << mail;
  }
  EXPECT_EQ(CountOf(mail, " GB/s "), 8u) << mail;
  EXPECT_EQ(CountOf(mail, "  THP 100%  "), 8u) << mail;
  EXPECT_NE(mail.find("KVM VM"), std::string::npos) << mail;
  EXPECT_NE(mail.find("4 MiB in every point"), std::string::npos) << mail;
  // The 109 lines of an 8-impl run before issue 39, 32 of them <not supported>.
  EXPECT_LE(Lines(mail), 40u) << mail;
}

TEST(MailRun, NamesEachCounterItCannotCountOncePerCause) {
  for (const bool verbose : {false, true}) {
    const std::string mail = Mail(InterleavedRun(kEightImpls), {.verbose = verbose});
    ExpectMailShaped(mail);
    EXPECT_EQ(CountOf(mail, "<not supported>"), 2u) << mail;
    EXPECT_NE(mail.find("cycles, branches and LLC-loads <not supported>: no PMU in this VM."), std::string::npos)
        << mail;
    EXPECT_NE(mail.find("mem-loads <not supported>: unknown event name."), std::string::npos) << mail;
  }
}

TEST(MailRun, VerboseAddsEveryPointsBlockAfterTheSummary) {
  const RunResult r = InterleavedRun(kEightImpls);
  const std::string brief = Mail(r);
  const std::string verbose = Mail(r, {.verbose = true});
  ExpectMailShaped(verbose);
  EXPECT_EQ(brief.find("task-clock"), std::string::npos) << brief;
  EXPECT_EQ(verbose.compare(0, brief.size(), brief), 0) << "the summary opens the verbose mail too:\n" << verbose;
  EXPECT_EQ(CountOf(verbose, "task-clock"), 8u) << verbose;
  EXPECT_EQ(CountOf(verbose, "pages: dst: thp requested"), 8u) << verbose;
  EXPECT_GT(verbose.find("memcpy impl=nt (9 samples):"), verbose.find("Paired ratios")) << verbose;
}

// perf bench mem prints GiB/s (as "GB/sec"); --unit GiB/s compares with it.
TEST(MailRun, EachPointsNoteOnceAtTheEndWithHowManyPointsCarryIt) {
  RunResult r = InterleavedRun({"libc", "movsb", "nt"});
  for (Measurement& m : r.measurements) m.notes.push_back("remapped by default: every point says this");
  r.measurements[2].notes.push_back("non-temporal stores: only this point says this");
  const std::string mail = Mail(r);
  EXPECT_EQ(CountOf(mail, "every point says this"), 1u) << mail;
  EXPECT_NE(mail.find("\nnote: remapped by default: every point says this\n"), std::string::npos) << mail;
  EXPECT_NE(mail.find("\nnote (1 of 3 points): non-temporal stores"), std::string::npos) << mail;
  EXPECT_GT(mail.find("every point says this"), mail.find("\nnt ")) << "after the points: " << mail;
}

TEST(MailRun, ByteRatesInGiBPerSecondWhenAsked) {
  const RunResult r = InterleavedRun({"libc"}, 3);
  const std::string gb = Mail(r);
  const std::string gib = Mail(r, {.byte_rate_unit = ByteRateUnit::kGiBps});
  double bytes_per_s = 0;  // the mean of the samples' rates
  for (const Sample& sample : r.measurements.front().samples) {
    bytes_per_s += static_cast<double>(sample.work) / static_cast<double>(sample.wall_ns) * 1e9 / 3;
  }
  EXPECT_NE(gb.find(fmt::format("{:.3f} GB/s", bytes_per_s / 1e9)), std::string::npos) << gb;
  EXPECT_NE(gib.find(fmt::format("{:.3f} GiB/s", bytes_per_s / 1073741824.0)), std::string::npos) << gib;
  EXPECT_EQ(gib.find(" GB/s"), std::string::npos) << gib;
}

struct Sides {
  std::vector<RunResult> a_runs, b_runs;
  LoadedResult a, b;
};

// B's libc 20% slower than A's; the other impls unchanged.
Sides SlowerLibc(const std::vector<std::string>& impls) {
  Sides s;
  s.a_runs = {InterleavedRun(impls)};
  s.b_runs = s.a_runs;
  for (Sample& sample : s.b_runs.front().measurements.front().samples) sample.wall_ns = sample.wall_ns * 5 / 4;
  s.a = FiguresOf(s.a_runs, "a.json");
  s.b = FiguresOf(s.b_runs, "b.json");
  return s;
}

// A floor recorded for memcpy: one run a side may carry a verdict.
CompareOptions Floored() {
  CompareOptions options;
  options.floor_pct["memcpy"] = 1.0;
  return options;
}

std::string MailCompare(const Sides& s, const CompareOptions& options) {
  std::ostringstream out;
  WriteMailCompare(CompareResults(s.a, s.b, options), s.a, s.b, s.a_runs, s.b_runs, options, out);
  return out.str();
}

TEST(MailCompare, OpensWithWhatChangedThenALinePerPointInMiB) {
  const Sides s = SlowerLibc(kEightImpls);
  const std::string mail = MailCompare(s, Floored());
  ExpectMailShaped(mail);
  const auto changed = mail.find("Significant changes, B against A:");
  const auto every = mail.find("Every point's rate (GB/s):");
  ASSERT_NE(changed, std::string::npos) << mail;
  ASSERT_NE(every, std::string::npos) << mail;
  EXPECT_LT(changed, every) << mail;
  // The one point that changed; its rate, not the time per loop (the rate's inverse).
  const std::string what_changed = mail.substr(changed, every - changed);
  EXPECT_TRUE(std::regex_search(what_changed, std::regex(R"(\nmemcpy/libc +rate \(GB/s\) .* worse \*)"))) << mail;
  EXPECT_EQ(what_changed.find("time (ns/loop)"), std::string::npos) << mail;
  EXPECT_EQ(what_changed.find("avx2"), std::string::npos) << mail;
  // The parameters that vary name the points; the rest are said once, sizes in MiB.
  EXPECT_EQ(CountOf(mail, "The same in every point: size=4 MiB\n"), 1u) << mail;
  EXPECT_EQ(mail.find("4194304"), std::string::npos) << mail;
  EXPECT_NE(mail.find("\nworkload/impl "), std::string::npos) << mail;
  for (const std::string& impl : kEightImpls) {
    EXPECT_EQ(CountOf(mail.substr(every), "\nmemcpy/" + impl + " "), 1u) << impl << "\n" << mail;
  }
  EXPECT_EQ(mail.find("context-switches"), std::string::npos) << "zero on both sides, and not -v: " << mail;
  EXPECT_LE(Lines(mail), 40u) << mail;
}

TEST(MailCompare, VerboseAddsEveryFigureTheZeroCountersToo) {
  const Sides s = SlowerLibc({"libc", "avx2"});
  CompareOptions options;
  options.floor_pct["memcpy"] = 1.0;  // recorded: one run a side may carry a verdict
  options.style.verbose = true;
  const std::string mail = MailCompare(s, options);
  ExpectMailShaped(mail);
  EXPECT_EQ(CountOf(mail, "context-switches /loop"), 2u) << mail;
  EXPECT_EQ(CountOf(mail, "time (ns/loop)"), 2u) << mail;
  EXPECT_GT(mail.find("workload/impl:\n  memcpy/avx2\n"), mail.find("Every point's rate")) << mail;
}

std::string CompareText(const Sides& s, const CompareOptions& options) {
  std::ostringstream out;
  WriteCompareText(CompareResults(s.a, s.b, options), s.a, s.b, options, {}, out);
  return out.str();
}

TEST(CompareText, NoRowForACounterZeroOnBothSidesUnlessVerbose) {
  const Sides s = SlowerLibc({"libc", "avx2"});
  const std::string brief = CompareText(s, {});
  // Named once, in the note; no row in either point.
  EXPECT_EQ(CountOf(brief, "context-switches"), 1u) << brief;
  EXPECT_NE(brief.find("# not shown where zero on both sides (-v shows them): context-switches /loop\n"),
            std::string::npos)
      << brief;
  CompareOptions verbose;
  verbose.floor_pct["memcpy"] = 1.0;  // recorded: one run a side may carry a verdict
  verbose.style.verbose = true;
  EXPECT_EQ(CountOf(CompareText(s, verbose), "context-switches /loop"), 2u);
  const CompareResult result = CompareResults(s.a, s.b, {});
  const nlohmann::json json = CompareToJson(result, s.a, s.b, {});
  std::size_t zero_rows = 0;
  for (const auto& row : json["rows"]) zero_rows += row["figure"] == "context-switches /loop";
  EXPECT_EQ(zero_rows, 2u) << "the JSON keeps every row";
}

// A point is named by what varies; the rest is said once, sizes in MiB.
TEST(CompareText, PointsShowSizesInMiBAndWhatVariesAlone) {
  const Sides s = SlowerLibc({"libc", "avx2"});
  const std::string text = CompareText(s, {});
  EXPECT_NE(text.find("\n# the same in every point: size=4 MiB\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nmemcpy impl=libc\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("4194304"), std::string::npos) << text;
  // With everything varying, the whole point heads its rows, in the run's order.
  Sides two_sizes = s;
  two_sizes.b_runs.front().measurements.back().point.values.front().second = {"1 GiB", 1u << 30, true};
  two_sizes.a_runs.front().measurements.back().point.values.front().second = {"1 GiB", 1u << 30, true};
  two_sizes.a = FiguresOf(two_sizes.a_runs, "a.json");
  two_sizes.b = FiguresOf(two_sizes.b_runs, "b.json");
  const std::string both = CompareText(two_sizes, {});
  EXPECT_NE(both.find("\nmemcpy size=1 GiB impl=avx2\n"), std::string::npos) << both;
  EXPECT_NE(both.find("\nmemcpy size=4 MiB impl=libc\n"), std::string::npos) << both;
  // The JSON matches by the numbers and shows the sizes.
  const nlohmann::json json = CompareToJson(CompareResults(s.a, s.b, {}), s.a, s.b, {});
  EXPECT_EQ(json["rows"][0]["point"], "memcpy impl=avx2 size=4194304");
  EXPECT_EQ(json["rows"][0]["shown"], "memcpy size=4 MiB impl=avx2");
}

TEST(CompareText, ByteRatesInGiBPerSecondWhenAsked) {
  const Sides s = SlowerLibc({"libc"});
  CompareOptions gib;
  gib.floor_pct["memcpy"] = 1.0;  // recorded: one run a side may carry a verdict
  gib.style.byte_rate_unit = ByteRateUnit::kGiBps;
  const CompareResult in_gb = CompareResults(s.a, s.b, {});
  const CompareResult in_gib = CompareResults(s.a, s.b, gib);
  EXPECT_EQ(in_gb.rows.front().figure, "rate (GB/s)");
  EXPECT_EQ(in_gib.rows.front().figure, "rate (GiB/s)");
  EXPECT_NEAR(in_gib.rows.front().comparison.a.mean * 1073741824.0, in_gb.rows.front().comparison.a.mean * 1e9, 1.0);
  EXPECT_NEAR(in_gib.rows.front().comparison.change_pct, in_gb.rows.front().comparison.change_pct, 1e-9);
  EXPECT_NE(CompareText(s, gib).find("rate (GiB/s)"), std::string::npos);
  EXPECT_NE(MailCompare(s, gib).find("Every point's rate (GiB/s):"), std::string::npos);
}

// Four significant digits whatever the size, large ones with a prefix.
TEST(CompactNumber, FourSignificantDigits) {
  EXPECT_EQ(CompactNumber(6.4567), "6.457");
  EXPECT_EQ(CompactNumber(0.0375), "0.03750");
  EXPECT_EQ(CompactNumber(1638.4), "1638");
  EXPECT_EQ(CompactNumber(9999.7), "10.00k");
  EXPECT_EQ(CompactNumber(43349.1), "43.35k");
  EXPECT_EQ(CompactNumber(1.04e7), "10.40M");
  EXPECT_EQ(CompactNumber(1e8), "100.0M");
  EXPECT_EQ(CompactNumber(-2.5e9), "-2.500G");
  EXPECT_EQ(CompactNumber(6.177e-05), "6.177e-05");
  EXPECT_EQ(CompactNumber(0), "0");
}

}  // namespace
}  // namespace membench
