// File: tests/brief_report_test.cpp
// The brief text report (the default): the issue's targets on synthetic
// results shaped like the real runs - `run memcpy --size 64M --impl all`
// (8 points) in at most 25 lines, `--size 4K..1G:x4 --impl
// libc,movsb,avx2,nt` (44 points) in at most 60, no line wider than 100
// columns - and what a line a point must keep: the rate with its +- and
// CI, the page proof in a word, the paired ratio beside its point, each
// note once at the end, never a ratio across work units.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/units.h"
#include "report/page_word.h"
#include "report/rate_text.h"
#include "report/text_columns.h"
#include "report/text_report.h"
#include "report_checks.h"

namespace membench {
namespace {

// The long per-point notes of a real run: the same words under every
// point (the remap note) and one that only some points carry.
constexpr const char* kRemapNote =
    "remapped by default (--remap no keeps one mapping): the point was prepared afresh before every sample, "
    "warm-ups included: new memory, mapped while the old was held, behind a random spacer of 4 KiB pages "
    "(another place in the kernel's free lists), warmed by one untimed loop; so the interval includes where the "
    "buffers land in physical memory; the page proofs are the last preparation's";
constexpr const char* kPlacementNote =
    "all samples used one placement of the buffers in physical memory (mapped once): with 4 KiB pages another "
    "invocation gets other pages and other cache-set conflicts, which this interval does not include; --remap yes "
    "maps fresh memory before every sample";

constexpr const char* kNoPmu = "no hardware PMU on this machine (running in a VM without a virtual PMU?)";

EventStatus Status(const char* name, bool supported) {
  return SyntheticEvent(name, supported, supported ? "" : kNoPmu);
}

RunResult Machine() {
  RunResult r;
  r.tool_version = "9.9.9";
  r.command_line = "membench run memcpy";
  r.system.cpu_model = "Intel(R) Xeon(R) Processor";
  r.system.hypervisor = "KVM";
  r.system.kernel_release = "6.1.0";
  r.tsc_ghz = 2.3;
  r.interleaved = true;
  r.events = {Status("task-clock", true),  Status("context-switches", true), Status("cpu-migrations", true),
              Status("page-faults", true), Status("cycles", false),          Status("instructions", false),
              Status("branches", false),   Status("branch-misses", false)};
  r.notes = {
      "-r not given: 9 samples per point, the fewest rounds that give 7 paired comparisons an interval "
      "(the default is 5; -r N sets it)",
      "memory traffic not measured (no memory-controller PMU (uncore_imc*, amd_umc*) in "
      "/sys/bus/event_source/devices; virtual machines rarely have one): the 'traffic at memory' figures "
      "are estimates",
      "samples were taken round-robin over the points (--order interleaved), so drift of the machine "
      "spreads over all of them"};
  return r;
}

PageProof Proof(const char* region, const char* requested, const char* split, bool honoured = true) {
  PageProof p;
  p.region = region;
  p.requested = requested;
  p.split = split;
  p.honoured = honoured;
  p.text = std::string(region) + ": " + requested + " requested, " + split;
  return p;
}

// A point whose round k runs at `rate * (1 + wobble_k)` units per second.
Measurement Point(const std::string& workload, WorkUnit unit, std::vector<std::pair<std::string, ParamValue>> values,
                  double rate, int samples) {
  Measurement m;
  m.workload = workload;
  m.unit = unit;
  m.rate_label = unit == WorkUnit::kBytes ? "copied" : "";
  m.loops = 2;
  m.warmup_samples = 1;
  m.point.values = std::move(values);
  for (int k = 0; k < samples; ++k) {
    Sample s;
    s.wall_ns = 10'000'000;
    s.tsc_ticks = 23'000'000;
    s.user_ns = 9'000'000;
    s.loops = 2;
    s.work = static_cast<std::uint64_t>(rate * (1 + 0.01 * ((k * 7) % 5 - 2)) / 100);
    s.counters = {MakeCounterValue(10'000'000, 1, 1),
                  MakeCounterValue(4, 1, 1),
                  MakeCounterValue(0, 1, 1),
                  MakeCounterValue(0, 1, 1),
                  std::nullopt,
                  std::nullopt,
                  std::nullopt,
                  std::nullopt};
    m.samples.push_back(s);
  }
  m.page_proofs = {Proof("src", "default", "100.0% 4K"), Proof("dst", "default", "100.0% 4K")};
  return m;
}

ParamValue Size(std::uint64_t bytes) { return {FormatSize(bytes), bytes, true}; }
ParamValue Choice(const std::string& text) { return {text, 0, false}; }

std::vector<std::pair<std::string, ParamValue>> MemcpyPoint(std::uint64_t size, const std::string& impl) {
  return {{"size", Size(size)},          {"impl", Choice(impl)},      {"pages", Choice("default")},
          {"prefault", Choice("write")}, {"src-offset", Choice("0")}, {"dst-offset", Choice("0")}};
}

// run memcpy --size 64M --impl all: eight implementations, one size.
RunResult DefaultRun() {
  RunResult r = Machine();
  const char* impls[] = {"libc", "movsb", "movsq", "unrolled", "sse2", "avx2", "avx512", "nt"};
  double rate = 3.2e9;
  for (const char* impl : impls) {
    Measurement m = Point("memcpy", WorkUnit::kBytes, MemcpyPoint(64u << 20, impl), rate, 9);
    m.notes = {kRemapNote};
    r.measurements.push_back(m);
    rate *= 0.97;
  }
  return r;
}

// run memcpy --size 4K..1G:x4 --impl libc,movsb,avx2,nt: 44 points, the
// large ones with the placement note instead of the remap note.
RunResult Sweep(int samples = 9) {
  RunResult r = Machine();
  for (std::uint64_t size = 4096; size <= (std::uint64_t{4} << 30); size *= 4) {
    for (const char* impl : {"libc", "movsb", "avx2", "nt"}) {
      Measurement m = Point("memcpy", WorkUnit::kBytes, MemcpyPoint(size, impl),
                            4e11 / std::log2(static_cast<double>(size)), samples);
      m.notes = {size > (256u << 20) ? kPlacementNote : kRemapNote};
      r.measurements.push_back(m);
    }
  }
  return r;
}

// run zeropage --mode memcmp,stride --pages thp,4k: bytes in one mode,
// touches in the other.
RunResult Zeropage(int samples) {
  RunResult r = Machine();
  r.notes.clear();
  for (const char* mode : {"memcmp", "stride"}) {
    for (const char* pages : {"thp", "4k"}) {
      const bool bytes = std::string(mode) == "memcmp";
      Measurement m = Point("zeropage", bytes ? WorkUnit::kBytes : WorkUnit::kTouches,
                            {{"mode", Choice(mode)}, {"pages", Choice(pages)}, {"size", Size(8ull << 30)}},
                            bytes ? 17.5e9 : 30.6e6, samples);
      m.page_proofs = {
          Proof("region", pages, std::string(pages) == "thp" ? "100.0% huge zero page" : "100.0% zero page")};
      r.measurements.push_back(m);
    }
  }
  return r;
}

std::string Brief(const RunResult& r, const ReportStyle& style = {}) {
  std::ostringstream out;
  WriteTextReport(r, out, style);
  return out.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void ExpectFits(const std::string& text, std::size_t max_lines) {
  const std::vector<std::string> lines = Lines(text);
  EXPECT_LE(lines.size(), max_lines) << text;
  for (const std::string& line : lines) EXPECT_LE(line.size(), 100u) << line;
}

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(BriefReport, TheDefaultRunFitsTwentyFiveLinesOfAHundredColumns) {
  const std::string text = Brief(DefaultRun());
  ExpectFits(text, 25);
  EXPECT_EQ(text.find("Performance counter stats"), std::string::npos) << "the blocks are -v's";
  EXPECT_EQ(Count(text, "remapped by default"), 1u) << "a note of every point once, at the end:\n" << text;
  EXPECT_NE(text.find("-v (or membench report FILE -v) shows every counter"), std::string::npos);
}

TEST(BriefReport, AFortyFourPointSweepFitsSixtyLines) {
  const RunResult r = Sweep();
  ASSERT_EQ(r.measurements.size(), 44u);
  const std::string text = Brief(r);
  ExpectFits(text, 60);
  EXPECT_EQ(Count(text, "remapped by default"), 1u) << text;
  EXPECT_EQ(Count(text, "all samples used one placement"), 1u) << text;
  EXPECT_NE(text.find("# note (8 of 44 points): all samples used one placement"), std::string::npos) << text;
}

// With a PMU: cycles and instructions counted give cyc/B and IPC; where
// the line would pass 100 columns, the faults column goes (-v has it).
TEST(BriefReport, WithAPmuTheSweepStillFits) {
  RunResult r = Sweep(11);  // enough rounds for 33 comparisons' intervals
  r.system.hardware_pmu = true;
  r.events[4] = Status("cycles", true);
  r.events[5] = Status("instructions", true);
  for (Measurement& m : r.measurements) {
    for (Sample& s : m.samples) {
      s.counters[4] = MakeCounterValue(23'000'000, 1, 1);
      s.counters[5] = MakeCounterValue(46'000'000, 1, 1);
    }
  }
  const std::string text = Brief(r);
  ExpectFits(text, 60);
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\nsize +impl +GB/s +\+- +95% CI +cyc/B( +faults)? +IPC +pages +B/A +interval verdict\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\n4 KiB +libc .* 2\.00 +4K +base\n)"))) << text;
  EXPECT_EQ(text.find("TSC ticks"), std::string::npos) << "PMU cycles throughout: " << text;
}

TEST(BriefReport, HeaderSaysMachineFixedParametersAndSampling) {
  const std::vector<std::string> lines = Lines(Brief(DefaultRun()));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[0], "# membench 9.9.9: memcpy on Intel Xeon Processor (KVM VM), Linux 6.1.0; PMU: no");
  EXPECT_EQ(lines[1], "# size=64 MiB pages=default prefault=write src-offset=0 dst-offset=0");
  EXPECT_EQ(lines[2],
            "# 9 samples per point after up to 1 warm-up, interleaved in rounds; +-: relative SEM, as perf stat");
}

TEST(BriefReport, TheTagAndLabelsAsTheVerboseHeaderSaysThem) {
  RunResult r = DefaultRun();
  r.tag = "base";
  r.labels = {{"commit", "c-base"}};
  EXPECT_EQ(Lines(Brief(r))[1], "# tag: base; labels: commit=c-base");
}

TEST(BriefReport, OneLineAPointWithItsRateIntervalPagesAndRatio) {
  const std::string text = Brief(DefaultRun());
  // impl, GB/s, +-, 95% CI, TSC ticks per byte, faults, pages, B/A ...
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\nimpl +GB/s +\+- +95% CI +tsc/B +faults +pages +B/A +interval verdict\n)")))
      << text;
  EXPECT_TRUE(
      std::regex_search(text, std::regex(R"(\nlibc +3\.\d{3} +[\d.]+% +3\.\d{3}\.\.3\.\d{3} +[\d.]+ +0 +4K +base\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nmovsb +3\.\d{3} .* 4K +0\.970 +0\.970\.\.0\.970 +slower\n)")))
      << text;
  EXPECT_NE(text.find("tsc/B: TSC ticks (2.300 GHz), not core cycles (no PMU)"), std::string::npos) << text;
  EXPECT_NE(text.find("runs can differ by more (membench doctor --noise)"), std::string::npos) << text;
  EXPECT_NE(text.find("# not supported: cycles, instructions, branches, branch-misses: no hardware PMU"),
            std::string::npos)
      << text;
}

TEST(BriefReport, VerboseKeepsTheBlocksAndMovesNotesOfEveryPointToTheEnd) {
  const std::string text = Brief(DefaultRun(), ReportStyle{.verbose = true});
  EXPECT_EQ(Count(text, "Performance counter stats"), 8u);
  EXPECT_NE(text.find("seconds time elapsed"), std::string::npos);
  EXPECT_NE(text.find("# memcpy summary"), std::string::npos);
  EXPECT_NE(text.find("# paired ratios of the interleaved rounds"), std::string::npos);
  EXPECT_EQ(Count(text, "remapped by default"), 1u) << text;
  EXPECT_GT(text.find("remapped by default"), text.find("# paired ratios")) << "at the end";
}

TEST(BriefReport, NoRatioAcrossWorkUnits) {
  const std::string text = Brief(Zeropage(9));
  ExpectFits(text, 25);
  // Paired along pages, each mode against its own thp point: never
  // touches/s over GB/s.
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nmemcmp +thp +17\.\d+ GB/s .* base\n)"))) << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nstride +4k +30\.\d+ Mtouches/s .* 1\.000 )"))) << text;
  EXPECT_NE(text.find("\n# not paired along mode: it changes the work unit\n"), std::string::npos) << text;
  EXPECT_NE(text.find("huge zero"), std::string::npos) << text;
}

TEST(BriefReport, OnlyTheUnitChangingParameterVariesSoNoRatioAndWhy) {
  RunResult r = Zeropage(9);
  std::erase_if(r.measurements, [](const Measurement& m) { return m.point.at("pages").text == "4k"; });
  const std::string text = Brief(r);
  EXPECT_EQ(text.find("B/A "), std::string::npos) << text;
  EXPECT_NE(text.find("\n# no B/A: mode changes the work unit (memcmp: bytes, stride: touches) and nothing else "
                      "varies\n"),
            std::string::npos)
      << text;
  r.paired_by = "mode";
  const std::string asked = Brief(r, ReportStyle{.verbose = true});
  EXPECT_NE(asked.find("# no paired ratios: mode changes the work unit"), std::string::npos) << asked;
  EXPECT_EQ(asked.find("comparison "), std::string::npos) << asked;
}

TEST(BriefReport, GibPerSecondWhenAsked) {
  const std::string text = Brief(DefaultRun(), ReportStyle{.byte_rate_unit = ByteRateUnit::kGiBps});
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nimpl +GiB/s )"))) << text;
  // 3.2e9 B/s is 2.980 GiB/s.
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nlibc +2\.9\d\d )"))) << text;
  const std::string verbose = Brief(DefaultRun(), ReportStyle{.verbose = true, .byte_rate_unit = ByteRateUnit::kGiBps});
  EXPECT_NE(verbose.find("GiB/s      copied"), std::string::npos) << verbose;
  EXPECT_NE(verbose.find("GiB/s = 2^30 bytes/s"), std::string::npos) << verbose;
}

TEST(BriefReport, AProgramsRunTimeInTheUnitThatFits) {
  RunResult r = Machine();
  r.kind = ResultKind::kExec;
  r.interleaved = false;
  Measurement m = Point("exec", WorkUnit::kRuns, {{"command", Choice("true")}}, 66.0, 5);
  m.page_proofs.clear();
  for (Sample& s : m.samples) {
    s.wall_ns = 15'142'600 + 1000 * static_cast<std::int64_t>(s.counters.size());
    s.work = 1;
    s.loops = 1;
  }
  r.measurements = {m};
  const std::string brief = Brief(r);
  EXPECT_TRUE(std::regex_search(brief, std::regex(R"(ms/run)"))) << brief;
  EXPECT_TRUE(std::regex_search(brief, std::regex(R"(\nexec +66\.\d+ .* 15\.\d\d )"))) << brief;
  const std::string verbose = Brief(r, ReportStyle{.verbose = true});
  EXPECT_TRUE(std::regex_search(verbose, std::regex(R"( 15\.\d\d      ms/run )"))) << verbose;
  EXPECT_EQ(verbose.find("ns/run"), std::string::npos) << verbose;
}

TEST(BriefReport, FlagsAndPageWordsSayWhatIsWrong) {
  RunResult r = DefaultRun();
  r.measurements[1].page_proofs = {Proof("dst", "thp", "100.0% 4K", false)};
  // A rising trend over the rounds.
  for (std::size_t k = 0; k < r.measurements[2].samples.size(); ++k) {
    r.measurements[2].samples[k].work = 30'000'000 + 1'000'000 * k;
  }
  const std::string text = Brief(r);
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nmovsb .* NOT thp )"))) << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nmovsq .* drift )"))) << text;
  EXPECT_NE(text.find("drift: the samples trend in the order taken"), std::string::npos) << text;
  EXPECT_NE(text.find("pages NOT x: the page size asked for was not obtained"), std::string::npos) << text;
  ExpectFits(text, 25);
}

TEST(BriefReport, AnInterruptedOrFailedRunSaysSo) {
  RunResult r = DefaultRun();
  r.interrupted = true;
  EXPECT_NE(Brief(r).find("# interrupted: 8 measurements completed before Ctrl-C are shown above"), std::string::npos);
  r.interrupted = false;
  r.failure = "a worker was killed";
  EXPECT_NE(Brief(r).find("# stopped early: a worker was killed: 8 measurements completed before it"),
            std::string::npos);
}

TEST(BriefReport, ColourNeverWrapsARow) {
  const std::string plain = Brief(DefaultRun());
  const std::string coloured = Brief(DefaultRun(), ReportStyle{.colour = true});
  EXPECT_EQ(Lines(coloured).size(), Lines(plain).size()) << coloured;
  EXPECT_NE(coloured.find("\033[31mslower\033[0m\n"), std::string::npos) << coloured;
}

// A counter asked for with -e gets a column where it fits, with perf's
// mark where it was multiplexed.
TEST(BriefReport, RequestedCountersShowWithTheirMultiplexing) {
  RunResult r = DefaultRun();
  r.events.push_back(Status("dTLB-load-misses", true));
  for (Measurement& m : r.measurements) {
    for (Sample& s : m.samples) s.counters.push_back(MakeCounterValue(830, 100, 83));
  }
  const std::string text = Brief(r);
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(dTLB-load-misses)"))) << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nlibc .* 1,000 \[83%\] )"))) << text;
  EXPECT_NE(text.find("[n%]: multiplexed"), std::string::npos) << text;
  ExpectFits(text, 25);
}

TEST(PageWord, OneWordPerPointsProofs) {
  EXPECT_EQ(PageWord({}), "-");
  EXPECT_EQ(PageWord({Proof("src", "4k", "100.0% 4K"), Proof("dst", "4k", "100% 4K")}), "4K");
  EXPECT_EQ(PageWord({Proof("dst", "thp", "100% 2M")}), "THP 100%");
  EXPECT_EQ(PageWord({Proof("dst", "thp", "95.0% THP, 5.0% 4K")}), "THP 95%");
  EXPECT_EQ(PageWord({Proof("dst", "thp", "10.0% 2M, 90.0% 4K", false)}), "NOT thp");
  EXPECT_EQ(PageWord({Proof("src", "4k", "100.0% 4K"), Proof("dst", "thp", "100% 2M")}), "4K/THP 100%");
  EXPECT_EQ(PageWord({Proof("r", "thp", "100.0% huge zero page")}), "huge zero");
  PageProof unseen = Proof("dst", "mthp-64k", "unverified");
  unseen.verified = false;
  EXPECT_EQ(PageWord({unseen}), "unverified");
}

TEST(Significant, FourDigitsWithoutExponents) {
  EXPECT_EQ(Significant(9.8123), "9.812");
  EXPECT_EQ(Significant(98.123), "98.12");
  EXPECT_EQ(Significant(12345.6), "12346");
  EXPECT_EQ(Significant(0.098123), "0.09812");
  EXPECT_EQ(Significant(0.0), "0.000");
  EXPECT_EQ(Significant(1.23, 2), "1.2");
}

TEST(RateText, TimeAndBytesInTheUnitThatFits) {
  EXPECT_EQ(TimeText(15142600.35), "15.14 ms");
  EXPECT_EQ(TimeText(85.4), "85.40 ns");
  EXPECT_EQ(TimeText(2.5e9), "2.500 s");
  EXPECT_EQ(RateText(WorkUnit::kBytes, 2e9), "2.000 GB/s");
  EXPECT_EQ(RateText(WorkUnit::kBytes, 1073741824.0, ByteRateUnit::kGiBps), "1.000 GiB/s");
}

}  // namespace
}  // namespace membench
