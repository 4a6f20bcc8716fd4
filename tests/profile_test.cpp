// File: tests/profile_test.cpp
// --profile on synthetic readings: the kernel's symbol table as
// /proc/kallsyms writes it, demangled names without their parameters,
// the self counts a sample keeps, the shares pooled over samples, the
// result file, and the lines the text report and compare print.
#include "core/profile.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/compare_report.h"
#include "report/loaded_result.h"
#include "report/profile_report.h"

namespace membench {
namespace {

constexpr const char* kKallsyms =
    "ffffffff81000000 T _stext\n"
    "ffffffff81e4c8a0 T clear_page_erms\n"
    "ffffffff81e4c8c0 t clear_page_rep\n"
    "ffffffff82600000 D some_data\n"
    "ffffffff81100000 W weak_function\n"
    "ffffffffc0a01000 t kvm_handler\t[kvm]\n"
    "garbage\n"
    "0000000000000000 T hidden_by_kptr_restrict\n";

TEST(Profile, KernelSymbolsResolveToTheTextSymbolBelowTheAddress) {
  const KernelSymbols symbols = KernelSymbols::Parse(kKallsyms);
  EXPECT_FALSE(symbols.empty());
  EXPECT_EQ(symbols.Resolve(0xffffffff81e4c8a0), "clear_page_erms");
  EXPECT_EQ(symbols.Resolve(0xffffffff81e4c8b7), "clear_page_erms");
  EXPECT_EQ(symbols.Resolve(0xffffffff81e4c8c4), "clear_page_rep");
  EXPECT_EQ(symbols.Resolve(0xffffffff81100010), "weak_function");  // input out of order
  EXPECT_EQ(symbols.Resolve(0xffffffffc0a01004), "kvm_handler");    // a module's, without [kvm]
  // Data symbols are no function: an address past clear_page_rep stays in it.
  EXPECT_EQ(symbols.Resolve(0xffffffff82600004), "clear_page_rep");
  EXPECT_EQ(symbols.Resolve(0x1000), std::nullopt);
  // Without the privilege to see addresses every one reads 0: no table.
  EXPECT_TRUE(KernelSymbols::Parse("0000000000000000 T clear_page_erms\n").empty());
  EXPECT_EQ(KernelSymbols::Parse("").Resolve(0xffffffff81e4c8a0), std::nullopt);
}

TEST(Profile, ADemangledNameLosesItsParameters) {
  EXPECT_EQ(WithoutParameters("membench::(anonymous namespace)::FillLoop(unsigned char*, unsigned long)"),
            "membench::(anonymous namespace)::FillLoop");
  EXPECT_EQ(WithoutParameters("ns::Fault::Run(unsigned long) const"), "ns::Fault::Run");
  EXPECT_EQ(WithoutParameters("void f<int>(std::function<void (int)>)"), "void f<int>");
  EXPECT_EQ(WithoutParameters("__memset_evex_unaligned_erms"), "__memset_evex_unaligned_erms");
  EXPECT_EQ(WithoutParameters("(broken"), "(broken");
  EXPECT_EQ(ShownSymbol("membench::(anonymous namespace)::FaultWorkload::Run"), "FaultWorkload::Run");
  EXPECT_EQ(ShownSymbol("clear_page_erms"), "clear_page_erms");
}

TEST(Profile, ASampleKeepsItsMostFrequentSymbolsAndSumsTheRest) {
  const std::map<std::string, std::int64_t> counts = {{"a", 50}, {"b", 30}, {"c", 5}, {"d", 4}, {kOtherSymbols, 1}};
  const auto kept = KeepMostFrequent(counts, 2);
  EXPECT_EQ(kept, (std::map<std::string, std::int64_t>{{"a", 50}, {"b", 30}, {kOtherSymbols, 10}}));
  EXPECT_EQ(KeepMostFrequent(counts, 10).at(kOtherSymbols), 1);
}

Sample Profiled(std::uint64_t samples, std::map<std::string, std::int64_t> self) {
  Sample s;
  s.wall_ns = 1'000'000;
  s.loops = 1;
  s.work = 1;
  s.profile_samples = samples;
  s.profile_self = std::move(self);
  return s;
}

TEST(Profile, SharesArePooledOverTheSamplesAndKeptInTheResultFile) {
  const std::vector<Sample> samples = {Profiled(100, {{"clear_page_erms", 60}, {"Run", 40}}),
                                       Profiled(300, {{"clear_page_erms", 150}, {"Run", 150}}), Sample{}};
  EXPECT_EQ(ProfileSampleCount(samples), 400u);
  const std::vector<SelfShare> shares = SelfShares(samples);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].symbol, "clear_page_erms");
  EXPECT_DOUBLE_EQ(shares[0].share, 210.0 / 400);
  // Per sample, in percent; a sample not profiled has none.
  EXPECT_EQ(SelfSharePerSample(samples, "Run"), (std::vector<double>{40, 50}));
  EXPECT_TRUE(SelfShares({Sample{}}).empty());

  RunResult r;
  r.tool_version = "test";
  r.profile_event = "cpu-clock";
  r.profile_scope = "every CPU";
  Measurement m;
  m.workload = "fault";
  m.samples = samples;
  r.measurements.push_back(m);
  const RunResult back = ParseResult(ResultToJson(r).dump(), "test");
  EXPECT_EQ(back.profile_event, "cpu-clock");
  EXPECT_EQ(back.profile_scope, "every CPU");
  EXPECT_EQ(back.measurements[0].samples[1].profile_samples, 300u);
  EXPECT_EQ(back.measurements[0].samples[1].profile_self.at("Run"), 150);
}

// A fault run's invocation, profiled: 4 KiB pages spend their time in
// the fault path, THP in clearing; the fault loop's own share is the same
// on both sides.
RunResult ProfiledInvocation(bool thp, int jitter) {
  RunResult r;
  r.tool_version = "test";
  r.profile_event = "cpu-clock";
  Measurement m;
  m.workload = "fault";
  m.unit = WorkUnit::kBytes;
  m.loops = 1;
  m.point.values = {{"size", ParamValue{"64 MiB", 64u << 20, true}}};
  for (int i = 0; i < 4; ++i) {
    const std::int64_t clear = thp ? 550 + 10 * i + jitter : 50 + 5 * i + jitter;
    const std::int64_t loop = 300 + 7 * ((i + jitter) % 3);
    m.samples.push_back(Profiled(1000, {{"clear_page_erms", clear},
                                        {"membench::FaultWorkload::Run", loop},
                                        {"exc_page_fault", 1000 - clear - loop}}));
    m.samples.back().wall_ns = (thp ? 7'000'000 : 15'000'000) + 100'000 * (i + jitter);
    m.samples.back().work = 64 << 20;
  }
  r.measurements.push_back(m);
  return r;
}

TEST(Profile, TheTextNamesTheLargestSharesBrieflyAndListsThemWithVerbose) {
  RunResult r = ProfiledInvocation(true, 0);
  std::ostringstream brief;
  WriteProfileBrief(brief, r);
  EXPECT_EQ(brief.str(), "# profile, self (cpu-clock): fault: clear_page_erms 56%, FaultWorkload::Run 31%, "
                         "exc_page_fault 13%\n");
  std::ostringstream verbose;
  WriteProfileBlock(verbose, r, r.measurements[0]);
  EXPECT_NE(verbose.str().find("4,000 cpu-clock samples"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("56.5%      clear_page_erms"), std::string::npos) << verbose.str();
  r.profile_event.clear();
  std::ostringstream none;
  WriteProfileBrief(none, r);
  EXPECT_EQ(none.str(), "");
}

TEST(Profile, CompareShowsTheSharesThatChanged) {
  const LoadedResult a = FiguresOf({ProfiledInvocation(false, 0), ProfiledInvocation(false, 3),
                                    ProfiledInvocation(false, 7)}, "4k.json");
  const LoadedResult b = FiguresOf({ProfiledInvocation(true, 0), ProfiledInvocation(true, 3),
                                    ProfiledInvocation(true, 7)}, "thp.json");
  CompareOptions options;
  const CompareResult result = CompareResults(a, b, options);
  const auto row = [&](const std::string& figure) {
    for (const FigureRow& r : result.rows) {
      if (r.figure == figure) return r;
    }
    throw std::runtime_error("no row " + figure);
  };
  const FigureRow clear = row("self% clear_page_erms");
  EXPECT_TRUE(clear.profile_share);
  EXPECT_EQ(clear.comparison.finding, Finding::kChanged) << clear.comparison.verdict;
  EXPECT_EQ(clear.comparison.verdict.rfind("higher", 0), 0u) << clear.comparison.verdict;
  EXPECT_TRUE(RowShownBriefly(clear));
  EXPECT_FALSE(RowShownBriefly(row("self% FaultWorkload::Run")));
  std::ostringstream brief;
  WriteCompareText(result, a, b, options, {}, brief);
  EXPECT_NE(brief.str().find("self% clear_page_erms"), std::string::npos) << brief.str();
  EXPECT_EQ(brief.str().find("self% FaultWorkload::Run"), std::string::npos) << brief.str();
  EXPECT_NE(brief.str().find("# self% SYMBOL: --profile's share"), std::string::npos) << brief.str();
  options.style.verbose = true;
  std::ostringstream verbose;
  WriteCompareText(result, a, b, options, {}, verbose);
  EXPECT_NE(verbose.str().find("self% FaultWorkload::Run"), std::string::npos) << verbose.str();
}

}  // namespace
}  // namespace membench
