// File: tests/html_browser_test.cpp
// The HTML report of a real run, opened in a real browser: headless
// Chromium parses the page, and its DOM must hold the charts, axes,
// legends and the figures the result file holds. A screenshot of the page
// is kept in the build directory (html-report.png) for people to look at.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/measurement_stats.h"
#include "engine/os.h"
#include "membench_process.h"
#include "report_checks.h"
#include "report/text_report.h"

namespace membench {
namespace {

// Runs headless Chromium on a local file with the given mode flags and
// returns its standard output; fails the test when Chromium is missing.
std::string Chromium(const std::string& mode, const std::string& html_path) {
  const Outcome found = RunCommand("command -v chromium");
  if (found.status != 0) {
    ADD_FAILURE() << "chromium is not installed: scripts/setup-deps.sh installs it (Debian's chromium package)";
    return "";
  }
  // As root Chromium needs --no-sandbox; its own profile keeps parallel
  // tests apart; a small /dev/shm in containers is avoided.
  std::string profile = testing::TempDir() + "membench-chromium-XXXXXX";
  if (::mkdtemp(profile.data()) == nullptr) {
    ADD_FAILURE() << "cannot make a profile directory in " << testing::TempDir();
    return "";
  }
  const std::string dom = profile + "/dom.html";
  const std::string log = TempPath("chromium.log");
  const Outcome run = RunCommand("(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
                                 "--hide-scrollbars --user-data-dir=" +
                                 profile + " " + mode + " file://" + html_path + " > " + dom + " 2> " + log + ")");
  EXPECT_EQ(run.status, 0) << "chromium failed; see " << log;
  std::ifstream in(dom, std::ios::binary);
  std::string out{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::filesystem::remove_all(profile);
  return out;
}

TEST(HtmlInBrowser, ARealRunsPageHasItsChartsAxesLegendsAndFigures) {
  const std::string html = TempPath("run.html");
  const std::string json = TempPath("run.json");
  const Outcome run =
      Membench("run memcpy --size 4K..256K:x4 --impl libc,movsq -r 2 -q --format html -o " + html + " --json " + json);
  ASSERT_EQ(run.status, 0) << run.output;
  const std::string dom = Chromium("--dump-dom", html);
  ASSERT_NE(dom.find("<svg"), std::string::npos) << dom;
  // The rate chart, the strips of samples, the forest plot of the pairs.
  EXPECT_EQ(CountOf(dom, "<svg class=\"chart "), 3u) << dom;
  EXPECT_NE(dom.find("class=\"chart curves\""), std::string::npos);
  EXPECT_NE(dom.find("class=\"chart strips\""), std::string::npos);
  EXPECT_NE(dom.find("class=\"chart forest\""), std::string::npos);
  EXPECT_EQ(CountOf(dom, "class=\"legend-entry\""), 2u) << "one legend entry per impl";
  EXPECT_NE(dom.find(">impl=libc</text>"), std::string::npos);
  EXPECT_NE(dom.find(">impl=movsq</text>"), std::string::npos);
  EXPECT_NE(dom.find(">size (log scale)</text>"), std::string::npos) << "the x axis is titled";
  EXPECT_NE(dom.find(">rate (GB/s, 10^9 bytes per second)</text>"), std::string::npos);
  EXPECT_NE(dom.find(">4 KiB</text>"), std::string::npos) << "the x axis has size ticks";
  EXPECT_NE(dom.find(">256 KiB</text>"), std::string::npos);
  EXPECT_EQ(CountOf(dom, "class=\"ci-band\""), 2u);
  // Three invocations (the default) of two samples each.
  EXPECT_EQ(CountOf(dom, "<circle class=\"sample"), 8u * 6u) << "every sample of the 8 points";
  EXPECT_EQ(CountOf(dom, "<g class=\"row "), 4u) << "a paired ratio per size";
  // The figures of the result file, as the text report prints them.
  const RunResult result = os::LoadResult(json);
  for (const Measurement& m : result.measurements) {
    const MeasurementStats st = ComputeMeasurementStats(m, result.events);
    EXPECT_NE(dom.find(RateText(m, st.rate.mean)), std::string::npos) << m.point.Label();
  }
  if (!result.system.caches.empty()) {
    EXPECT_NE(dom.find("class=\"marker cache-size\""), std::string::npos) << "the cache sizes are marked";
  }
  EXPECT_NE(dom.find(result.system.kernel_release), std::string::npos) << "the machine's table";

  const std::string png = std::string(MEMBENCH_BUILD_DIR) + "/html-report.png";
  std::remove(png.c_str());
  Chromium("--window-size=1360,2600 --screenshot=" + png, html);
  std::ifstream shot(png, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(shot)), std::istreambuf_iterator<char>());
  EXPECT_EQ(bytes.substr(0, 8), "\x89PNG\r\n\x1a\n") << png;
  EXPECT_GT(bytes.size(), 20'000u) << "a page with charts, not a blank one";
}

TEST(HtmlInBrowser, AComparisonsPageHasAForestPlotOfBOverA) {
  const std::string json = TempPath("compared.json");
  const Outcome run = Membench("run memcpy --size 16K --impl libc,movsq -r 5 -q --json " + json);
  ASSERT_EQ(run.status, 0) << run.output;
  const std::string html = TempPath("compare.html");
  const Outcome compared = RunCommand("(MEMBENCH_STORE= XDG_STATE_HOME=" + TempPath("state") + " " + std::string(MEMBENCH_BINARY) + " compare " + json + " " +
                                      json + " --ignore impl --a impl=libc --b impl=movsq --format html > " + html +
                                      ")");
  ASSERT_EQ(compared.status, 0) << compared.output;
  const std::string dom = Chromium("--dump-dom", html);
  EXPECT_NE(dom.find("class=\"chart forest\""), std::string::npos) << dom;
  EXPECT_EQ(CountOf(dom, "<g class=\"row "), 1u) << "one rate compared";
  EXPECT_NE(dom.find(">B/A of the mean rate</text>"), std::string::npos);
  EXPECT_NE(dom.find("class=\"comparison\""), std::string::npos) << "every figure in a table";
}

}  // namespace
}  // namespace membench
