// File: tests/html_report_test.cpp
// The HTML report's pieces with synthetic numbers: scales and ticks, each
// chart's elements, and the page of a known result byte for byte (a golden
// file), self-contained and escaped. tests/html_browser_test.cpp renders a
// real run's page in a real browser.
#include <gtest/gtest.h>

#include <limits>
#include <regex>
#include <sstream>
#include <tuple>

#include "report_checks.h"
#include "report/html_charts.h"
#include "report/html_report.h"
#include "report/svg_plot.h"

namespace membench {
namespace {

TEST(SvgPlot, EscapesEveryCharacterMarkupGivesAMeaningTo) {
  EXPECT_EQ(XmlEscape(R"(<a href="x">&'</a>)"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(XmlEscape("size=4 KiB"), "size=4 KiB");
}

TEST(SvgPlot, NumbersHaveAtMostTwoDecimalsAndNoTrailingZeros) {
  EXPECT_EQ(SvgNumber(12), "12");
  EXPECT_EQ(SvgNumber(12.5), "12.5");
  EXPECT_EQ(SvgNumber(1.23456), "1.23");
  EXPECT_EQ(SvgNumber(-0.001), "0");
  EXPECT_EQ(SvgNumber(std::numeric_limits<double>::quiet_NaN()), "0");
}

TEST(SvgPlot, ScalesMapTheEndsOntoThePixelsLinearlyOrByTheLogarithm) {
  const AxisScale linear{0, 100, 50, 250, false};
  EXPECT_DOUBLE_EQ(linear.Map(0), 50);
  EXPECT_DOUBLE_EQ(linear.Map(50), 150);
  EXPECT_DOUBLE_EQ(linear.Map(100), 250);
  const AxisScale log{1024, 1 << 30, 0, 200, true};
  EXPECT_DOUBLE_EQ(log.Map(1024), 0);
  EXPECT_NEAR(log.Map(1 << 20), 100, 1e-9) << "halfway in log terms";
  const AxisScale flat{5, 5, 0, 100, false};
  EXPECT_DOUBLE_EQ(flat.Map(5), 50) << "one value sits in the middle";
}

TEST(SvgPlot, LinearTicksAreOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_EQ(LinearTicks(0, 100, 5), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(LinearTicks(0, 1, 4), (std::vector<double>{0, 0.5, 1}));
  EXPECT_EQ(LinearTicks(-10, 10, 4), (std::vector<double>{-10, -5, 0, 5, 10}));
  EXPECT_EQ(LinearTicks(3, 3, 5), (std::vector<double>{3}));
}

TEST(SvgPlot, LogTicksAddTwoAndFiveOnlyOverFewDecades) {
  EXPECT_EQ(LogTicks(1, 100), (std::vector<double>{1, 2, 5, 10, 20, 50, 100}));
  EXPECT_EQ(LogTicks(0.5, 5000), (std::vector<double>{1, 10, 100, 1000}));
  EXPECT_TRUE(LogTicks(0, 10).empty());
}

TEST(SvgPlot, LogTicksWithinOneDecadeTakeEveryDigit) {
  EXPECT_EQ(LogTicks(3, 5), (std::vector<double>{3, 4, 5}));
}

TEST(SvgPlot, PowerOfTwoTicksThinOutToTheLimit) {
  EXPECT_EQ(PowerOfTwoTicks(4096, 65536, 10), (std::vector<double>{4096, 8192, 16384, 32768, 65536}));
  const auto thinned = PowerOfTwoTicks(4096, 1ull << 30, 10);
  EXPECT_LE(thinned.size(), 10u);
  EXPECT_EQ(thinned.front(), 4096);
  EXPECT_EQ(SizeTickLabel(thinned.front()), "4 KiB");
  EXPECT_EQ(SizeTickLabel(1ull << 30), "1 GiB");
}

TEST(SvgPlot, ValueTicksUseShortPrefixes) {
  EXPECT_EQ(ValueTickLabel(0.5), "0.5");
  EXPECT_EQ(ValueTickLabel(20), "20");
  EXPECT_EQ(ValueTickLabel(15000), "15k");
  EXPECT_EQ(ValueTickLabel(3e6), "3M");
  EXPECT_EQ(ValueTickLabel(2.5e9), "2.5G");
}

CurveChart TwoCurves() {
  CurveChart chart;
  chart.id = "t-size";
  chart.caption = "rates <of> two & more";
  chart.x_label = "size (log scale)";
  chart.y_label = "rate (GB/s)";
  for (const char* name : {"impl=a", "impl=b"}) {
    Curve c{name, {}};
    for (double x = 4096; x <= 1 << 20; x *= 4) c.points.push_back({x, 10, 9, 11, "tip"});
    chart.curves.push_back(c);
  }
  chart.markers = {{32768, "L1d 32 KiB", "cache-size"}, {1ull << 40, "L3 1 TiB", "cache-size"}};
  return chart;
}

TEST(HtmlCharts, ACurveChartHasAxesABandAndALineAPointPerSizeAndALegendEntryPerCurve) {
  const std::string svg = RenderCurveChart(TwoCurves());
  EXPECT_EQ(CountOf(svg, "<polygon class=\"ci-band\""), 2u);
  EXPECT_EQ(CountOf(svg, "<polyline class=\"curve\""), 2u);
  EXPECT_EQ(CountOf(svg, "<circle "), 2u * 5u);
  EXPECT_EQ(CountOf(svg, "class=\"legend-entry\""), 2u);
  EXPECT_NE(svg.find(">impl=b</text>"), std::string::npos);
  EXPECT_NE(svg.find("class=\"axis x\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"axis y\""), std::string::npos);
  EXPECT_NE(svg.find(">4 KiB</text>"), std::string::npos) << "sizes label the x axis";
  EXPECT_NE(svg.find(">rate (GB/s)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">L1d 32 KiB</text>"), std::string::npos);
  EXPECT_EQ(svg.find("L3 1 TiB"), std::string::npos) << "a marker beyond the sizes is left out";
  EXPECT_NE(svg.find("rates &lt;of&gt; two &amp; more"), std::string::npos) << "the caption is escaped";
  EXPECT_NE(svg.find("<title>tip</title>"), std::string::npos);
}

TEST(HtmlCharts, TheYAxisStartsAtZeroUnlessLogarithmic) {
  CurveChart chart = TwoCurves();
  EXPECT_NE(RenderCurveChart(chart).find(">0</text>"), std::string::npos);
  chart.y_log = true;
  EXPECT_EQ(RenderCurveChart(chart).find(">0</text>"), std::string::npos);
}

TEST(HtmlCharts, AForestPlotColoursEachRowByItsVerdictAroundTheLineOfNoChange) {
  IntervalChart chart;
  chart.id = "t-forest";
  chart.x_label = "B/A";
  chart.reference = 1;
  chart.threshold_pct = 2;
  chart.rows = {{"faster one", 1.2, 1.1, 1.3, IntervalKind::kBetter, "1.200 faster"},
                {"slower one", 0.8, 0.7, 0.9, IntervalKind::kWorse, "0.800 slower"},
                {"same", 1.0, 0.95, 1.05, IntervalKind::kNoChange, "1.000 no significant change"},
                {"unknown", 1.1, std::nullopt, std::nullopt, IntervalKind::kInconclusive, "inconclusive"}};
  const std::string svg = RenderIntervalChart(chart);
  EXPECT_NE(svg.find("class=\"chart forest\""), std::string::npos);
  EXPECT_EQ(CountOf(svg, "class=\"reference\""), 1u);
  EXPECT_EQ(CountOf(svg, "class=\"threshold\""), 2u);
  EXPECT_EQ(CountOf(svg, "<g class=\"row better\">"), 1u);
  EXPECT_EQ(CountOf(svg, "<g class=\"row worse\">"), 1u);
  EXPECT_EQ(CountOf(svg, "<g class=\"row no-change\">"), 1u);
  EXPECT_EQ(CountOf(svg, "<g class=\"row inconclusive\">"), 1u);
  EXPECT_EQ(CountOf(svg, "class=\"ci\""), 3u) << "no bar where there is no interval";
  EXPECT_NE(svg.find("fill=\"white\""), std::string::npos) << "the inconclusive dot is hollow";
}

TEST(HtmlCharts, StripsPlaceEachSampleByItsDeviationFromTheMedianInTheOrderTaken) {
  StripChart chart;
  chart.id = "t-strips";
  chart.rows = {{"quiet", {100, 100, 100}, "n=3", ""}, {"drifting", {90, 100, 110}, "n=3, drift up", "rises"}};
  const std::string svg = RenderStripChart(chart);
  EXPECT_EQ(CountOf(svg, "class=\"sample\""), 6u);
  EXPECT_NE(svg.find("<title>sample 1: -10.00%</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>sample 3: +10.00%</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>rises</title>"), std::string::npos);
  // Within a row, later samples sit lower: the drifting row's cy values rise.
  const std::regex cy(R"re(cy="([0-9.]+)"[^>]*><title>sample (\d): ([+-][0-9.]+)%)re");
  std::vector<double> drifting_cy;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), cy); it != std::sregex_iterator(); ++it) {
    if ((*it)[3].str() != "+0.00") drifting_cy.push_back(std::stod((*it)[1].str()));
  }
  ASSERT_EQ(drifting_cy.size(), 2u);
  EXPECT_LT(drifting_cy[0], drifting_cy[1]);
}

TEST(HtmlCharts, OneWildSampleDoesNotFlattenEveryOtherStrip) {
  StripChart chart;
  chart.id = "t-wild";
  for (int row = 0; row < 20; ++row) chart.rows.push_back({"row", {99, 100, 101, 100}, "", ""});
  chart.rows.push_back({"wild", {5, 100, 100, 100}, "", ""});
  const std::string svg = RenderStripChart(chart);
  EXPECT_EQ(CountOf(svg, "class=\"sample clipped\""), 1u);
  EXPECT_NE(svg.find("<title>sample 1: -95.00%</title>"), std::string::npos) << "its value on hover";
  EXPECT_EQ(svg.find(">-50%</text>"), std::string::npos) << "the axis spans the quiet rows: " << svg;
}

TEST(HtmlCharts, LongLabelsAreCutWithTheWholeOnHover) {
  CurveChart chart = TwoCurves();
  chart.curves[0].name = std::string(60, 'x');
  const std::string svg = RenderCurveChart(chart);
  EXPECT_NE(svg.find(std::string(27, 'x') + "...<title>" + std::string(60, 'x') + "</title>"), std::string::npos);
}

// A run of two workloads: memcpy over sizes in rounds (curves, paired
// ratios), chase over sizes (latency), hackbench at one point (rates).
RunResult ChartedResult() {
  RunResult r;
  r.tool_version = "9.9.9";
  r.command_line = "membench run memcpy --label note=<b>&";
  r.started_at = "2026-12-02T00:00:00Z";
  r.system.cpu_model = "Test CPU";
  r.system.kernel_release = "6.99";
  r.system.online_cpus = 2;
  r.system.mem_total_bytes = 1ull << 34;
  r.system.caches = {{"L1d", 32 << 10}, {"L2", 1 << 20}};
  r.tsc_ghz = 2.0;
  r.interleaved = true;
  EventStatus cycles;
  cycles.name = "cycles";
  cycles.reason = "no PMU here";
  r.events = {cycles};
  r.notes = {"a run-wide note"};
  auto measurement = [](const std::string& workload, WorkUnit unit, std::vector<std::pair<std::string, ParamValue>> p,
                        double ns_per_unit) {
    Measurement m;
    m.workload = workload;
    m.unit = unit;
    m.point.values = std::move(p);
    const std::uint64_t work = m.point.values.front().second.numeric ? m.point.values.front().second.number : 1000;
    for (int i = 0; i < 9; ++i) {
      Sample s;
      s.work = work;
      s.loops = 1;
      s.wall_ns = static_cast<std::int64_t>(static_cast<double>(work) * ns_per_unit * (1 + 0.01 * (i % 3)));
      s.tsc_ticks = static_cast<std::uint64_t>(s.wall_ns) * 2;
      s.counters = {std::nullopt};
      m.samples.push_back(s);
    }
    return m;
  };
  for (const std::uint64_t size : {4096ull, 65536ull, 1048576ull}) {
    const ParamValue v{std::to_string(size / 1024) + " KiB", size, true};
    Measurement a = measurement("memcpy", WorkUnit::kBytes, {{"size", v}, {"impl", {"libc", 0, false}}}, 0.05);
    Measurement b = measurement("memcpy", WorkUnit::kBytes, {{"size", v}, {"impl", {"movsb", 0, false}}}, 0.04);
    PageProof proof;
    proof.region = "dst";
    proof.requested = "thp";
    proof.split = "100% 4K";
    proof.method = "pagemap";
    proof.honoured = false;
    a.page_proofs = b.page_proofs = {proof};
    r.measurements.push_back(a);
    r.measurements.push_back(b);
  }
  for (const std::uint64_t size : {16384ull, 1048576ull, 67108864ull}) {
    const ParamValue v{std::to_string(size / 1024) + " KiB", size, true};
    r.measurements.push_back(measurement("chase", WorkUnit::kLoads, {{"size", v}}, size > 1048576 ? 80.0 : 1.5));
  }
  Measurement hackbench = measurement("hackbench", WorkUnit::kMessages, {{"mode", {"process", 0, false}}}, 4000);
  hackbench.notes = {"hackbench -g 20"};
  r.measurements.push_back(hackbench);
  return r;
}

std::string ChartedPage() {
  std::ostringstream out;
  WriteHtmlRuns({ChartedResult()}, out);
  return out.str();
}

TEST(HtmlReport, APageIsSelfContainedWithNoScriptNoLinkNoExternalResource) {
  const std::string page = ChartedPage();
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("src="), std::string::npos);
  EXPECT_EQ(page.find("url("), std::string::npos);
  // The only address is the SVG namespace's name, which is never fetched.
  EXPECT_EQ(CountOf(page, "http"), CountOf(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_NE(page.find("membench run memcpy --label note=&lt;b&gt;&amp;"), std::string::npos)
      << "the command line is escaped";
  EXPECT_EQ(page.find("<b>"), std::string::npos);
}

TEST(HtmlReport, EachWorkloadGetsTheChartItsPointsCallFor) {
  const std::string page = ChartedPage();
  EXPECT_NE(page.find("id=\"r1-w1-size\""), std::string::npos) << "memcpy over sizes: curves";
  EXPECT_NE(page.find(">impl=movsb</text>"), std::string::npos) << "one legend entry per impl";
  EXPECT_NE(page.find(">rate (GB/s, 10^9 bytes per second)</text>"), std::string::npos);
  EXPECT_NE(page.find(">L1d 32 KiB</text>"), std::string::npos);
  EXPECT_NE(page.find("id=\"r1-w2-size\""), std::string::npos) << "chase over sizes: latency";
  EXPECT_NE(page.find(">ns per load (log scale)</text>"), std::string::npos);
  EXPECT_NE(page.find("class=\"marker latency-step\""), std::string::npos) << "the step to 64 MiB is marked";
  EXPECT_NE(page.find("id=\"r1-w3-rates\""), std::string::npos) << "hackbench at one point: its rate with a CI";
  EXPECT_EQ(CountOf(page, "-samples\""), 3u) << "every workload's samples as strips";
  EXPECT_NE(page.find("id=\"r1-paired\""), std::string::npos) << "the interleaved rounds' paired ratios";
  EXPECT_EQ(CountOf(page, "<g class=\"row better\">"), 3u) << "movsb is 1.25x faster at every size";
  EXPECT_NE(page.find("dst pages: thp requested, 100% 4K (pagemap): NOT as requested"), std::string::npos);
  EXPECT_NE(page.find("a run-wide note"), std::string::npos);
  EXPECT_NE(page.find("&lt;not supported&gt;"), std::string::npos) << "an event the machine lacks says so";
  EXPECT_NE(page.find("TSC estimate"), std::string::npos) << "how cycles were obtained";
}

TEST(HtmlReport, EveryTextTheUserOrTheMachineGaveIsEscaped) {
  RunResult r = ChartedResult();
  r.tag = "<tag>";
  r.labels = {{"commit", "<label>"}};
  r.system.hostname = "<host>";
  r.notes.push_back("<note>");
  r.measurements[0].point.values[1].second.text = "<impl>";
  r.measurements.back().notes.push_back("<point-note>");
  std::ostringstream out;
  WriteHtmlRuns({r}, out);
  for (const std::string raw : {"<tag>", "<label>", "<host>", "<note>", "<impl>", "<point-note>"}) {
    EXPECT_EQ(out.str().find(raw), std::string::npos) << raw;
    EXPECT_NE(out.str().find("&lt;" + raw.substr(1, raw.size() - 2) + "&gt;"), std::string::npos) << raw;
  }
}

TEST(HtmlReport, AnEmptyAnInterruptedAndAnLmbenchSummaryResultEachRender) {
  RunResult empty;
  empty.command_line = "membench run memcpy";
  std::ostringstream none;
  WriteHtmlRuns({empty}, none);
  EXPECT_NE(none.str().find("no measurements"), std::string::npos);
  EXPECT_NE(none.str().find("</html>"), std::string::npos);

  RunResult stopped = ChartedResult();
  stopped.interrupted = true;
  stopped.kind = ResultKind::kLmSummary;
  stopped.measurements.back().summary_row = SummaryRow{"Communication bandwidths in MB/s", "hackbench", {}};
  std::ostringstream out;
  WriteHtmlRuns({stopped}, out);
  EXPECT_NE(out.str().find("Interrupted: what was measured before the stop."), std::string::npos);
  EXPECT_NE(out.str().find("<pre class=\"lmsummary\">"), std::string::npos) << "lmbench's rows as it prints them";
}

TEST(HtmlReport, ALatencyIntervalReachingZeroRateIsUnboundedAbove) {
  RunResult r = ChartedResult();
  Measurement& chase = r.measurements[6];
  ASSERT_EQ(chase.workload, "chase");
  chase.samples.resize(2);
  chase.samples[1].wall_ns = chase.samples[0].wall_ns * 100;
  std::ostringstream out;
  WriteHtmlRuns({r}, out);
  EXPECT_NE(out.str().find(" .. unbounded), 2 samples"), std::string::npos);
}

TEST(HtmlCharts, ALinearXAxisStartsAtZeroAndLabelsValues) {
  CurveChart chart = TwoCurves();
  chart.x_log = false;
  chart.curves[0].points = {{0, 100, 95, 105, "idle"}, {12.5, 110, 100, 120, "loaded"}};
  chart.curves.resize(1);
  const std::string svg = RenderCurveChart(chart);
  EXPECT_EQ(svg.find(">4 KiB</text>"), std::string::npos) << "no size ticks";
  EXPECT_NE(svg.find(">10</text>"), std::string::npos) << svg;
}

// A sample of a million loads taking `wall_ns`.
Sample MillionLoads(std::int64_t wall_ns) {
  Sample s;
  s.work = 1'000'000;
  s.loops = 1;
  s.wall_ns = wall_ns;
  s.counters = {std::nullopt};
  return s;
}

std::string PageOf(const RunResult& r) {
  std::ostringstream out;
  WriteHtmlRuns({r}, out);
  return out.str();
}

// loaded's delays become a curve of latency against the load's bandwidth,
// with its table and the knee named, in place of the per-point chart.
TEST(HtmlReport, LoadedPointsDrawLatencyAgainstBandwidth) {
  RunResult r = ChartedResult();
  r.measurements.clear();
  const std::vector<std::tuple<std::string, double, double>> curve = {
      {"0", 35e9, 260}, {"100", 30e9, 106}, {"500", 10e9, 101}, {"idle", 0, 100}};
  for (const auto& [delay, bytes_per_s, ns] : curve) {
    Measurement m;
    m.workload = "loaded";
    m.unit = WorkUnit::kLoads;
    const bool idle = delay == "idle";
    m.point.values = {{"delay", {delay, idle ? 0 : std::stoull(delay), !idle}}};
    m.side_counts = {{"load traffic requested", WorkUnit::kBytes}, {"load traffic at memory (est.)", WorkUnit::kBytes}};
    for (int i = 0; i < 4; ++i) {
      Sample s = MillionLoads(static_cast<std::int64_t>(ns * 1e6 * (1 + 0.001 * i)));
      const auto bytes = static_cast<std::uint64_t>(bytes_per_s * static_cast<double>(s.wall_ns) / 1e9);
      s.side_counts = {bytes, 2 * bytes};
      m.samples.push_back(s);
    }
    r.measurements.push_back(m);
  }
  const std::string page = PageOf(r);
  EXPECT_NE(page.find(">load traffic requested (GB/s)</text>"), std::string::npos);
  EXPECT_NE(page.find("<h3>Loaded latency</h3>"), std::string::npos);
  EXPECT_NE(page.find("100 (knee)"), std::string::npos) << page;
  EXPECT_NE(page.find(">knee</text>"), std::string::npos);
  EXPECT_EQ(page.find("-rates\""), std::string::npos) << "no per-point chart beside the curve";
}

TEST(HtmlReport, ChaseChainsGetTheParallelismTable) {
  RunResult r = ChartedResult();
  r.measurements.clear();
  for (const int chains : {1, 4}) {
    Measurement m;
    m.workload = "chase";
    m.unit = WorkUnit::kLoads;
    m.point.values = {{"chains", {std::to_string(chains), 0, false}}};
    // 100 ns a load alone, 40 with 4 chains.
    for (int i = 0; i < 3; ++i) m.samples.push_back(MillionLoads(chains == 1 ? 100'000'000 : 40'000'000));
    r.measurements.push_back(m);
  }
  const std::string page = PageOf(r);
  EXPECT_NE(page.find("<h3>Memory-level parallelism</h3>"), std::string::npos);
  EXPECT_NE(page.find(">2.50</td>"), std::string::npos) << "implied MLP of 4 chains: 100 / 40";
}

// The page of a known result, byte for byte: a layout change is deliberate
// (MEMBENCH_UPDATE_GOLDEN=1 rewrites it).
TEST(HtmlReport, MatchesTheGoldenFile) { ExpectGolden(ChartedPage(), "charted.html"); }

}  // namespace
}  // namespace membench

namespace membench {
namespace {

// zeropage --mode memcmp,stride: bytes compared in one mode, touches in the
// other. Each unit gets its own panel and axis: no stride point at 0 on a
// GB/s axis, and no paired ratio of touches over bytes.
RunResult TwoUnits() {
  RunResult r;
  r.command_line = "membench run zeropage --mode memcmp,stride";
  r.interleaved = true;
  for (const char* mode : {"memcmp", "stride"}) {
    Measurement m;
    m.workload = "zeropage";
    const bool bytes = std::string(mode) == "memcmp";
    m.unit = bytes ? WorkUnit::kBytes : WorkUnit::kTouches;
    m.point.values = {{"mode", {mode, 0, false}}};
    for (int i = 0; i < 9; ++i) {
      Sample s;
      s.wall_ns = 1'000'000;
      s.work = bytes ? 17'000'000 + 1000 * static_cast<std::uint64_t>(i) : 30'000 + static_cast<std::uint64_t>(i);
      s.loops = 1;
      m.samples.push_back(s);
    }
    r.measurements.push_back(m);
  }
  return r;
}

TEST(HtmlReport, EachWorkUnitHasItsOwnPanelAndAxis) {
  std::ostringstream out;
  WriteHtmlRuns({TwoUnits()}, out, ByteRateUnit::kGiBps);
  const std::string page = out.str();
  EXPECT_NE(page.find("<h2>zeropage: bytes</h2>"), std::string::npos) << page;
  EXPECT_NE(page.find("<h2>zeropage: touches</h2>"), std::string::npos) << page;
  EXPECT_NE(page.find(">rate (GiB/s, 2^30 bytes per second)</text>"), std::string::npos);
  EXPECT_NE(page.find(">rate (touches/s)</text>"), std::string::npos);
  EXPECT_EQ(page.find("id=\"r1-paired\""), std::string::npos) << "no ratio across units";
  EXPECT_NE(page.find("None: mode changes the work unit (memcmp: bytes, stride: touches)"), std::string::npos);
}

}  // namespace
}  // namespace membench
