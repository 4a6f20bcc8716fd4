// File: tests/runner_test.cpp
// The runner's policies with fake samples and a fake clock: calibration,
// warm-up extension, interleaving order, sequential order, the precision
// stop, each point's own time budget, a stop request, samples of unknown
// rate, and a sample an interrupt spoiled. Nothing here runs a workload or
// reads a real clock, so every assertion is exact.
#include "engine/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/measurement_stats.h"
#include "core/precision.h"

namespace membench {
namespace {

class FakeClock : public Clock {
 public:
  std::int64_t NowNs() const override { return now_ns; }
  std::int64_t now_ns = 0;
};

// What happened, in order: "open A", "take A 1" (loops), "close A".
using Log = std::vector<std::string>;

struct FakePoint {
  // ns per loop of the n-th take of this point (0-based, calibration and
  // warm-up included).
  std::function<double(int)> ns_per_loop = [](int) { return 1e6; };
  bool fresh_state = false;
  int abandon_at_take = -1;  // the take that throws SampleAbandoned
  int fail_at_take = -1;     // the take that throws Error (a worker killed)
};

class FakeSource : public SampleSource {
 public:
  FakeSource(std::string name, FakePoint config, FakeClock& clock, Log& log)
      : name_(std::move(name)), config_(std::move(config)), clock_(clock), log_(log) {}
  ~FakeSource() override { log_.push_back("close " + name_); }
  void Describe(Measurement& m) const override {
    m.unit = WorkUnit::kBytes;
    m.rate_label = "faked";
  }
  bool FreshStateEachSample() const override { return config_.fresh_state; }
  Sample Take(std::uint64_t loops) override {
    const int n = takes_++;
    if (n == config_.abandon_at_take) throw SampleAbandoned{};
    if (n == config_.fail_at_take) throw Error("worker 1 (pid 42) was killed by signal 9 (Killed)");
    log_.push_back("take " + name_ + " " + std::to_string(loops));
    Sample s;
    s.loops = loops;
    s.work = loops * 1000;
    s.wall_ns = static_cast<std::int64_t>(config_.ns_per_loop(n) * static_cast<double>(loops));
    clock_.now_ns += s.wall_ns;
    return s;
  }
  void Finish(Measurement& m) override { m.notes.push_back("finished " + name_); }

 private:
  std::string name_;
  FakePoint config_;
  FakeClock& clock_;
  Log& log_;
  int takes_ = 0;
};

// Points are named by their "name" parameter.
class FakeOpener : public PointOpener {
 public:
  FakeOpener(std::map<std::string, FakePoint> points, FakeClock& clock, Log& log)
      : points_(std::move(points)), clock_(clock), log_(log) {}
  std::unique_ptr<SampleSource> Open(const Point& point) override {
    const std::string name = point.at("name").text;
    log_.push_back("open " + name);
    return std::make_unique<FakeSource>(name, points_.at(name), clock_, log_);
  }

 private:
  std::map<std::string, FakePoint> points_;
  FakeClock& clock_;
  Log& log_;
};

// Asks to stop once the log has `after` timed-region takes of any point.
class StopAfter : public StopRequest {
 public:
  StopAfter(const Log& log, std::size_t after) : log_(log), after_(after) {}
  bool Requested() const override {
    std::size_t takes = 0;
    for (const auto& line : log_) takes += line.rfind("take", 0) == 0 ? 1 : 0;
    return takes >= after_;
  }

 private:
  const Log& log_;
  std::size_t after_;
};

class NeverStop : public StopRequest {
 public:
  bool Requested() const override { return false; }
};

std::vector<Point> Points(const std::vector<std::string>& names) {
  std::vector<Point> out;
  for (const auto& name : names) {
    Point p;
    p.values = {{"name", ParamValue{name, 0, false}}};
    out.push_back(p);
  }
  return out;
}

// The timed takes after the last open or warm-up: "take A 40" lines only,
// from the index given.
std::vector<std::string> NamesOfTakes(const Log& log, std::size_t from) {
  std::vector<std::string> out;
  for (std::size_t i = from; i < log.size(); ++i) {
    if (log[i].rfind("take ", 0) == 0) out.push_back(log[i].substr(5, 1));
  }
  return out;
}

TEST(Runner, CalibratesLoopsUntilASampleLastsTheTarget) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {[](int) { return 100'000.0; }}}}, clock, log);  // 0.1 ms per loop
  SamplingPlan plan;
  plan.repetitions = 3;
  const SamplingOutcome out = SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop());
  ASSERT_EQ(out.measurements.size(), 1u);
  const Measurement& m = out.measurements[0];
  EXPECT_TRUE(m.loops_calibrated);
  EXPECT_EQ(m.first_sample->loops, 1u);  // the cold pass is one loop
  EXPECT_GE(m.loops, 500u);              // 500 x 0.1 ms = the 50 ms target
  for (const Sample& s : m.samples) EXPECT_GE(s.wall_ns, 50'000'000);
  EXPECT_EQ(m.samples.size(), 3u);
  EXPECT_EQ(m.notes.back(), "finished A");
}

TEST(Runner, LoopsAnEarlierInvocationCalibratedSkipCalibrationAndTheColdPass) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {[](int) { return 100'000.0; }}}, {"B", {[](int) { return 100'000.0; }}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 2;
  const std::vector<Point> points = Points({"A", "B"});
  plan.calibrated_loops = {{points[0].Label(), 700}};
  const SamplingOutcome out = SamplePoints("fake", points, opener, plan, clock, NeverStop());
  ASSERT_EQ(out.measurements.size(), 2u);
  const Measurement& inherited = out.measurements[0];
  EXPECT_TRUE(inherited.loops_calibrated);
  EXPECT_EQ(inherited.loops, 700u);
  EXPECT_FALSE(inherited.first_sample);  // the warm-up absorbs the cold pass
  EXPECT_EQ(inherited.warmup_samples, 1);
  // Every take of A, the first included, has the loops handed down.
  EXPECT_EQ(std::count(log.begin(), log.end(), "take A 700"), 3);
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const std::string& l) { return l.rfind("take A", 0) == 0; }), 3);
  // A point the earlier invocation did not calibrate calibrates itself.
  EXPECT_EQ(out.measurements[1].first_sample->loops, 1u);
}

TEST(Runner, WarmUpGoesOnWhileSamplesGetFasterAndStopsWhenTheyDoNot) {
  FakeClock clock;
  Log log;
  // 20% faster at each of the first takes, then steady.
  auto speeding = [](int n) { return 1e6 * std::pow(0.8, std::min(n, 5)); };
  FakeOpener opener({{"A", {speeding}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 2;
  plan.loops = 100;  // fixed: the takes are the cold pass, the warm-up, the samples
  const SamplingOutcome out = SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop());
  const Measurement& m = out.measurements.at(0);
  // After the cold pass (take 0), takes 1..5 are each 20% faster than the
  // one before and take 6 is as fast as take 5: warm-up is takes 1..6 (it
  // stops at the first that is not faster).
  EXPECT_EQ(m.warmup_samples, 6);
  plan.extend_warmup = false;
  FakeOpener again({{"A", {speeding}}}, clock, log);
  EXPECT_EQ(SamplePoints("fake", Points({"A"}), again, plan, clock, NeverStop()).measurements.at(0).warmup_samples, 1);
}

TEST(Runner, InterleavedPreparesEveryPointThenSamplesInRounds) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {}}, {"B", {}}, {"C", {}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 2;
  plan.loops = 100;
  plan.warmup = 1;
  const SamplingOutcome out = SamplePoints("fake", Points({"A", "B", "C"}), opener, plan, clock, NeverStop());
  EXPECT_TRUE(out.interleaved);
  ASSERT_EQ(out.measurements.size(), 3u);
  // Opens and warm-up of all three first, then A B C A B C.
  const auto last_open = std::find(log.begin(), log.end(), "open C") - log.begin();
  const std::vector<std::string> takes = NamesOfTakes(log, static_cast<std::size_t>(last_open) + 3);
  EXPECT_EQ(takes, (std::vector<std::string>{"A", "B", "C", "A", "B", "C"}));
  EXPECT_EQ(log.back(), "close C");
}

// Progress is told as each point is prepared and after a timed sample at
// most once a second (and after the last), with the samples planned, so a
// long run never looks hung and a fast one does not write a line a sample.
TEST(Runner, TellsProgressAfterSamplesAtMostOnceASecond) {
  FakeClock clock;
  Log log;
  FakePoint slow;
  slow.ns_per_loop = [](int) { return 2e7; };  // 2 s a sample of 100 loops
  FakeOpener opener({{"A", slow}, {"B", slow}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 3;
  plan.loops = 100;
  std::vector<Progress> told;
  SamplePoints("fake", Points({"A", "B"}), opener, plan, clock, NeverStop(),
               [&](const Progress& now) { told.push_back(now); });
  ASSERT_EQ(told.size(), 2u + 6u);
  EXPECT_GT(told.back().sampling_ns, 0);
  EXPECT_LT(told.back().sampling_ns, told.back().elapsed_ns) << "preparation is left out of the estimate";
  EXPECT_TRUE(told[0].preparing);
  EXPECT_TRUE(told[1].preparing);
  EXPECT_EQ(told[1].point, 1u);
  for (std::size_t k = 2; k < told.size(); ++k) {
    EXPECT_FALSE(told[k].preparing);
    EXPECT_EQ(told[k].samples_taken, k - 1);
    EXPECT_EQ(told[k].samples_planned, 6u);
    EXPECT_EQ(told[k].point, k % 2);  // rounds: A B A B A B
  }
  // 0.1 s samples: the preparations, then within the second only the last.
  FakeOpener fast_opener({{"A", {}}, {"B", {}}}, clock, log);
  told.clear();
  SamplePoints("fake", Points({"A", "B"}), fast_opener, plan, clock, NeverStop(),
               [&](const Progress& now) { told.push_back(now); });
  ASSERT_EQ(told.size(), 2u + 1u);
  EXPECT_EQ(told.back().samples_taken, 6u);
}

TEST(Runner, ProgressTextEstimatesTheTimeLeftFromTheSamplingSoFar) {
  Progress p;
  p.point = 2;
  p.points = 8;
  p.label = "memcpy size=64 MiB impl=nt";
  p.samples_taken = 20;
  p.samples_planned = 72;
  p.elapsed_ns = 14'000'000'000;
  p.sampling_ns = 10'000'000'000;
  EXPECT_EQ(ProgressText(p), "[point 3/8, sample 20/72, 14 s, about 26 s left] memcpy size=64 MiB impl=nt");
  p.preparing = true;
  p.samples_taken = 0;
  EXPECT_EQ(ProgressText(p), "[point 3/8, sample 0/72, 14 s] preparing memcpy size=64 MiB impl=nt");
  p.preparing = false;
  p.samples_taken = 7;
  p.samples_planned = 0;  // --precision: no end known
  EXPECT_EQ(ProgressText(p), "[point 3/8, sample 7, 14 s] memcpy size=64 MiB impl=nt");
}

TEST(Runner, SequentialMeasuresAndClosesEachPointBeforeOpeningTheNext) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {}}, {"B", {}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 2;
  plan.loops = 10;
  plan.order = SampleOrder::kSequential;
  const SamplingOutcome out = SamplePoints("fake", Points({"A", "B"}), opener, plan, clock, NeverStop());
  EXPECT_FALSE(out.interleaved);
  const std::vector<std::string> expected = {"open A", "take A 1", "take A 10", "take A 10", "take A 10", "close A",
                                             "open B", "take B 1", "take B 10", "take B 10", "take B 10", "close B"};
  EXPECT_EQ(log, expected);
}

TEST(Runner, FreshStatePointsRunOneLoopPerSampleAndSayWhenLoopsWereGiven) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {[](int) { return 1e6; }, true}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 2;
  plan.loops = 7;
  const Measurement m = SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop()).measurements.at(0);
  EXPECT_EQ(m.loops, 1u);
  EXPECT_FALSE(m.first_sample);
  EXPECT_NE(m.notes.front().find("--loops ignored"), std::string::npos);
}

TEST(Runner, PrecisionStopsAtTheGoalOrAtTheLimit) {
  FakeClock clock;
  Log log;
  // Steady: the goal is met at min_runs. Wildly noisy: never met.
  FakeOpener opener({{"steady", {[](int) { return 1e6; }}}, {"noisy", {[](int n) { return n % 2 ? 1e6 : 5e6; }}}},
                    clock, log);
  SamplingPlan plan;
  plan.loops = 100;
  plan.precision = PrecisionGoal{1.0, 3, 12, 1e9};
  const SamplingOutcome out = SamplePoints("fake", Points({"steady", "noisy"}), opener, plan, clock, NeverStop());
  ASSERT_EQ(out.measurements.size(), 2u);
  EXPECT_TRUE(out.measurements[0].precision_reached);
  EXPECT_EQ(out.measurements[0].samples.size(), 3u);
  EXPECT_FALSE(out.measurements[1].precision_reached);
  EXPECT_EQ(out.measurements[1].samples.size(), 12u);
  // --min-runs is the pilot, and the reported interval is the pilot's (Stein's).
  const Measurement& noisy = out.measurements[1];
  EXPECT_EQ(noisy.precision_pilot_runs, 3);
  std::vector<double> rates;
  for (const Sample& s : noisy.samples) rates.push_back(*RatePerSecond(s));
  const auto ci = PrecisionRule(1.0, 3).Interval95(rates);
  ASSERT_TRUE(ci.has_value());
  EXPECT_DOUBLE_EQ(ComputeMeasurementStats(noisy, {}).rate.ci95_high, ci->high);
}

// Regression (issue 11, defect 6): the --max-time budget was counted from
// when a point was created, so interleaved points ate each other's. Each
// point's budget is the time of its own timed samples.
TEST(Runner, MaxTimeIsEachPointsOwnSamplingTime) {
  FakeClock clock;
  Log log;
  // 0.3 s per sample at 100 loops, and never precise enough.
  auto noisy = [](int n) { return n % 2 ? 3e6 : 1e6; };
  FakeOpener opener({{"A", {noisy}}, {"B", {noisy}}, {"C", {noisy}}}, clock, log);
  SamplingPlan plan;
  plan.loops = 100;
  plan.precision = PrecisionGoal{0.01, 2, 100, 1.0};
  const SamplingOutcome out = SamplePoints("fake", Points({"A", "B", "C"}), opener, plan, clock, NeverStop());
  ASSERT_EQ(out.measurements.size(), 3u);
  for (const Measurement& m : out.measurements) {
    double own_ns = 0;
    for (const Sample& s : m.samples) own_ns += static_cast<double>(s.wall_ns);
    EXPECT_GE(own_ns, 1e9) << m.point.Label();          // each used its whole second
    EXPECT_LT(own_ns, 1e9 + 3.1e8) << m.point.Label();  // and not more than one sample past it
  }
}

TEST(Runner, AStopRequestEndsBetweenSamplesAndKeepsWhatWasMeasured) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {}}, {"B", {}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 10;
  plan.loops = 10;
  plan.warmup = 0;
  // Cold passes A and B (2 takes), then 3 timed ones: A B A.
  const StopAfter stop(log, 5);
  const SamplingOutcome out = SamplePoints("fake", Points({"A", "B"}), opener, plan, clock, stop);
  EXPECT_TRUE(out.stopped);
  ASSERT_EQ(out.measurements.size(), 2u);
  EXPECT_EQ(out.measurements[0].samples.size(), 2u);
  EXPECT_EQ(out.measurements[1].samples.size(), 1u);
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const std::string& l) { return l.rfind("take", 0) == 0; }), 5);
}

TEST(Runner, ASampleSpoiledByAnInterruptIsDroppedAndEndsTheRun) {
  FakeClock clock;
  Log log;
  FakePoint command{[](int) { return 1e6; }, true, 3};  // the 4th run is ended by Ctrl-C
  FakeOpener opener({{"A", command}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 10;
  plan.warmup = 1;
  const SamplingOutcome out = SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop());
  EXPECT_TRUE(out.stopped);
  ASSERT_EQ(out.measurements.size(), 1u);
  EXPECT_EQ(out.measurements[0].samples.size(), 2u);  // after one warm-up run
}

FakePoint FailingAt(int take) {
  FakePoint p;
  p.fail_at_take = take;
  return p;
}

// A worker killed in the middle of the run ends it, but what was measured
// before is kept, with the failure said, in either order.
TEST(Runner, AFailureAfterSomethingWasMeasuredKeepsItAndSaysWhy) {
  for (const SampleOrder order : {SampleOrder::kSequential, SampleOrder::kInterleaved}) {
    FakeClock clock;
    Log log;
    // B's cold pass and 2 timed samples, then its 4th take fails.
    FakeOpener opener({{"A", {}}, {"B", FailingAt(3)}}, clock, log);
    SamplingPlan plan;
    plan.repetitions = 4;
    plan.loops = 10;
    plan.warmup = 0;
    plan.order = order;
    const SamplingOutcome out = SamplePoints("fake", Points({"A", "B"}), opener, plan, clock, NeverStop());
    EXPECT_TRUE(out.stopped);
    EXPECT_EQ(out.failure, "worker 1 (pid 42) was killed by signal 9 (Killed)");
    ASSERT_EQ(out.measurements.size(), 2u);
    EXPECT_EQ(out.measurements[1].samples.size(), 2u);
    // Its page proofs and notes are still read.
    EXPECT_NE(std::find(out.measurements[1].notes.begin(), out.measurements[1].notes.end(), "finished B"),
              out.measurements[1].notes.end());
  }
}

// Nothing measured yet: the failure is the run's error.
TEST(Runner, AFailureBeforeAnythingWasMeasuredIsThrown) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", FailingAt(1)}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 4;
  plan.loops = 10;
  plan.warmup = 0;
  EXPECT_THROW(SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop()), Error);
}

// Defect 7: a sample in which no time passed has an unknown rate, not a
// rate of zero: left out of every statistic, with a note.
TEST(Runner, SamplesOfNoTimeHaveNoRateAndAreLeftOutWithANote) {
  FakeClock clock;
  Log log;
  FakeOpener opener({{"A", {[](int n) { return n == 3 ? 0.0 : 1e6; }}}}, clock, log);
  SamplingPlan plan;
  plan.repetitions = 4;
  plan.loops = 10;
  plan.warmup = 1;
  const Measurement m = SamplePoints("fake", Points({"A"}), opener, plan, clock, NeverStop()).measurements.at(0);
  ASSERT_EQ(m.samples.size(), 4u);
  EXPECT_EQ(m.samples[1].wall_ns, 0);  // take 3: cold pass, warm-up, sample 0, sample 1
  EXPECT_FALSE(RatePerSecond(m.samples[1]));
  const auto note = std::find_if(m.notes.begin(), m.notes.end(),
                                 [](const std::string& n) { return n.find("took no measurable time") != n.npos; });
  EXPECT_NE(note, m.notes.end());
  const MeasurementStats st = ComputeMeasurementStats(m, {});
  EXPECT_EQ(st.rate.n, 3u);
  EXPECT_EQ(st.samples_without_rate, 1u);
  EXPECT_DOUBLE_EQ(st.rate.min, 1e6);  // 10,000 units per 10 ms; no zero pulled in
}

TEST(Runner, CalibrationStepsAreBoundedAndAlwaysGrow) {
  EXPECT_EQ(NextCalibrationLoops(1, 0, 50'000'000), 10u);
  EXPECT_EQ(NextCalibrationLoops(1, 1, 50'000'000), 10u);              // at most x10
  EXPECT_EQ(NextCalibrationLoops(100, 49'000'000, 50'000'000), 142u);  // 1.4 x target / elapsed
  EXPECT_EQ(NextCalibrationLoops(5, 100'000'000, 50'000'000), 6u);     // at least one more
  EXPECT_TRUE(StillWarmingUp(100, 90));
  EXPECT_FALSE(StillWarmingUp(100, 96));
  EXPECT_FALSE(StillWarmingUp(0, 50));
}

}  // namespace
}  // namespace membench
