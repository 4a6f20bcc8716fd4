// File: cli/doctor_command.cpp
#include "cli/doctor_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <string>
#include <vector>

#include "cli/flag_values.h"
#include "cli/machine_doctor.h"
#include "cli/noise_floor_book.h"
#include "cli/result_output.h"
#include "cli/self_test.h"
#include "core/error.h"
#include "core/hypothesis.h"
#include "core/measurement_stats.h"
#include "core/noise_floor.h"
#include "core/power.h"
#include "engine/invocation.h"
#include "engine/os.h"
#include "engine/registry.h"
#include "engine/separate_invocations.h"
#include "report/compare_report.h"

namespace membench {
namespace {

// The points whose floors compare uses, each as one short invocation.
struct ReferencePoint {
  const char* kind;
  const char* point;
  std::vector<std::string> args;
};

const std::vector<ReferencePoint>& ReferencePoints() {
  static const std::vector<ReferencePoint> points = {
      {"memcpy", "size=4 MiB impl=libc", {"run", "memcpy", "--size", "4M", "--impl", "libc", "-r", "5"}},
      {"fault",
       "case=anon-w-seq size=64 MiB pages=4k",
       {"run", "fault", "--case", "anon-w-seq", "--size", "64M", "--pages", "4k", "-r", "5"}},
  };
  return points;
}

// One separate invocation of membench itself: the rates of its samples.
std::vector<double> InvocationRates(const ReferencePoint& reference) {
  std::vector<std::string> args = reference.args;
  args.insert(args.end(), {"-e", "task-clock"});
  const RunResult result =
      RunMembenchForResult(args, "doctor", fmt::format("membench doctor: the {} reference run", reference.kind));
  std::vector<double> rates;
  for (const Measurement& m : result.measurements) {
    for (const Sample& s : m.samples) {
      if (const auto rate = RatePerSecond(s)) rates.push_back(*rate);
    }
  }
  if (rates.empty()) throw Error(fmt::format("membench doctor: the {} reference run measured nothing", reference.kind));
  return rates;
}

// How many separate runs a side compare needs, with runs as the unit, to
// call each change with 80% power at the point's run-to-run CV. That
// compare applies --threshold (default 1%), and calls a change at the
// threshold at most half the time (InvocationsNeeded): a change at or
// below it is given at --threshold 0, marked, rather than left out.
void PrintInvocationsNeeded(const std::vector<NoiseFloor>& floors) {
  constexpr double kChangesPct[] = {1, 2, 3, 5};
  constexpr int kMostInvocations = 100;
  const double threshold_pct = CompareOptions().threshold_pct;
  fmt::print(
      "\nruns a side to detect a change with 80% power, each a result of --invocations 1, A and B alternated "
      "(Welch p < 0.05 on the logs of the runs' rates and a change of at least --threshold, default {}%; simulated "
      "at each point's run-to-run CV, measured across time as alternated results are):\n",
      threshold_pct);
  bool marked = false;
  for (const NoiseFloor& floor : floors) {
    std::vector<std::string> needed;
    for (const double change_pct : kChangesPct) {
      const bool at_most_threshold = change_pct <= threshold_pct;
      marked |= at_most_threshold;
      const std::optional<int> n =
          InvocationsNeeded(floor.run_cv_pct, change_pct, at_most_threshold ? 0 : threshold_pct, kMostInvocations);
      needed.push_back(fmt::format("{}%: {}{}", change_pct,
                                   n ? std::to_string(*n) : fmt::format("> {}", kMostInvocations),
                                   at_most_threshold ? "*" : ""));
    }
    fmt::print("  {:<7} {}\n", floor.kind, fmt::join(needed, ", "));
  }
  if (marked) {
    fmt::print(
        "  * at --threshold 0: at a threshold of {}%, a change no larger than it is called at most half the time, "
        "however many runs\n",
        threshold_pct);
  }
  fmt::print(
      "N runs a side: membench run ... --invocations 1 --json A1.json, then B1.json, A2.json ... in turn, then "
      "membench compare A1.json A2.json ... vs B1.json B2.json ...; the N invocations of one result run back to "
      "back and share its moment, so one result a side calls no change under the noise floor\n");
}

// Several separate invocations of each reference point, alternating the
// points; their floors, printed and recorded (on aa's machine, at its start).
int MeasureNoiseFloors(int invocations, const RunResult& aa, const std::string& store_flag) {
  fmt::print(
      "\nbetween invocations: {} separate runs of each reference point, alternating (a run's mean varies "
      "more than its samples: placement, the host, frequency)\n",
      invocations);
  std::vector<std::vector<std::vector<double>>> runs(ReferencePoints().size());
  for (int i = 0; i < invocations && !os::Interrupted(); ++i) {
    for (std::size_t p = 0; p < ReferencePoints().size(); ++p) runs[p].push_back(InvocationRates(ReferencePoints()[p]));
  }
  std::vector<NoiseFloor> floors;
  for (std::size_t p = 0; p < ReferencePoints().size(); ++p) {
    NoiseFloor floor = FloorOfRuns(runs[p]);
    if (floor.invocations < 2) continue;
    floor.kind = ReferencePoints()[p].kind;
    floor.point = ReferencePoints()[p].point;
    floor.measured_at = aa.started_at;
    fmt::print("  {:<7} {:<38} run-to-run {:5.2f}%, sample-to-sample {:5.2f}%: noise floor {:5.2f}%\n", floor.kind,
               floor.point, floor.run_cv_pct, floor.within_cv_pct, floor.floor_pct);
    floors.push_back(floor);
  }
  if (floors.empty()) return 130;
  const SystemInfo& machine = aa.system;
  const RecordedFloors recorded =
      RecordNoiseFloors({machine.hostname, machine.kernel_release, machine.boot_id, machine.cpu_model, aa.tool_version},
                        floors, store_flag);
  fmt::print(
      "The noise floor is the change two single runs of one command exceed only 5% of the time; compare calls "
      "no smaller change with one run a side (--threshold overrides). Recorded in {}.\n",
      recorded.where);
  PrintInvocationsNeeded(floors);
  if (recorded.store_failure.empty()) return 0;
  fmt::print(stderr, "membench: error: the noise floors were not recorded in the store: {}; they are in {}\n",
             recorded.store_failure, recorded.where);
  return 2;
}

// The threshold compare applies to memcpy with one run a side: its
// default --threshold, or this host's recorded noise floor where larger.
struct DetectionThreshold {
  double pct = 0;
  std::string source;
};

DetectionThreshold MemcpyThreshold(const std::string& host, const std::string& store_flag) {
  DetectionThreshold threshold{CompareOptions().threshold_pct, ""};
  const std::string default_words = fmt::format("compare's default --threshold, {}%", threshold.pct);
  const FoundFloors found = FindNoiseFloors(host, store_flag);
  const auto memcpy = found.by_kind.find("memcpy");
  if (memcpy == found.by_kind.end()) {
    std::string unread;
    for (const auto& why : found.unreadable) unread += "; not read: " + why;
    threshold.source = default_words + " (no memcpy noise floor recorded for this host yet" + unread + ")";
    return threshold;
  }
  const NoiseFloor* floor = &memcpy->second.floor;
  if (floor->floor_pct <= threshold.pct) {
    threshold.source = fmt::format("{} (above this host's memcpy noise floor, {:.2f}% of {})", default_words,
                                   floor->floor_pct, floor->measured_at);
    return threshold;
  }
  threshold.pct = floor->floor_pct;
  threshold.source = fmt::format("this host's memcpy noise floor, recorded {} (--threshold overrides it in compare)",
                                 floor->measured_at);
  return threshold;
}

}  // namespace

int RunNoiseDoctor(int runs_per_side, int invocations, const SaveFlags& save, int argc, char** argv) {
  const WorkloadInfo& info = FindWorkload("memcpy");
  const std::map<std::string, std::string> params = {{"size", "4M"}, {"impl", "libc"}};
  RunOptions options;
  options.sampling.repetitions = 2 * runs_per_side;
  fmt::print("membench doctor --noise: memcpy of 4 MiB (libc), {} samples of >= 50 ms, alternate samples to A and B\n",
             options.sampling.repetitions);
  OutputRequest output;
  output.save = save;
  CheckOutputs(output);
  Invocation invocation(ResultKind::kRun, argc, argv);
  invocation.UseEvents("task-clock");
  invocation.Measure(info, ExpandMatrix(info.params, params), options);
  RunResult result = invocation.Finish();
  ApplyTagAndLabels(save, result);
  const int store_status = SaveResult(result, output);
  if (result.measurements.empty() || result.measurements.front().samples.size() < 4) {
    fmt::print("too few samples to say anything (interrupted?)\n");
    return result.interrupted ? 130 : (store_status != 0 ? store_status : 2);
  }
  const Measurement& m = result.measurements.front();
  std::vector<double> a, b, all;
  for (std::size_t i = 0; i < m.samples.size(); ++i) {
    const auto rate = RatePerSecond(m.samples[i]);
    if (!rate) continue;
    (i % 2 == 0 ? a : b).push_back(*rate / 1e9);
    all.push_back(*rate);
  }
  const Comparison aa = Compare(a, b, Better::kHigher, 0);
  const MeasurementStats st = ComputeMeasurementStats(m, result.events);
  fmt::print(
      "\nrate: {:.3f} GB/s mean, {:.2f}% relative standard deviation (sample to sample), +- {:.2f}% (perf's, "
      "of the mean)\n",
      st.rate.mean / 1e9, st.rate.cv_pct, st.rate.rel_sem_pct);
  fmt::print("A/A: A {:.3f} vs B {:.3f} GB/s, {:+.2f}%, Welch p = {:.2g}: {}\n", aa.a.mean, aa.b.mean, aa.change_pct,
             aa.welch ? aa.welch->p_value : 1.0,
             aa.significant ? "SIGNIFICANT - this machine is too noisy or drifting for a fair comparison"
                            : "no significant change, as it should be");
  for (const auto& warning : st.noise.Warnings()) fmt::print("warning: {}\n", warning);
  const DetectionThreshold threshold = MemcpyThreshold(result.system.hostname, save.store);
  fmt::print(
      "\nsmallest change detectable with one run a side (compare's decision simulated: Mann-Whitney p < 0.05, its "
      "threshold and its guard; power 80%, normal samples of this CV)\nthreshold {:.2f}%: {}\n",
      threshold.pct, threshold.source);
  for (const int n : {3, 5, 10, 20, 30, 50}) {
    const auto n_per_side = static_cast<std::size_t>(n);
    if (const auto change = MinimumDetectableChangePct(st.rate.cv_pct, n, threshold.pct)) {
      fmt::print("  -r {:<3} {:6.2f}%\n", n, *change);
    } else {
      fmt::print("  -r {:<3} cannot decide at -r {} ({})\n", n, n,
                 WhyCompareCannotDecide(n_per_side, n_per_side).value_or("no p-value below 0.05"));
    }
  }
  fmt::print(
      "Sequential runs of one point drift on shared machines: compare runs made back to back, and more of "
      "them than this table asks for where the warnings above say the machine drifted.\n");
  if (result.interrupted) return 130;
  const int floors = MeasureNoiseFloors(invocations, result, save.store);
  return floors != 0 ? floors : store_status;
}

void AddDoctorOptions(CLI::App& cmd, DoctorArgs& args) {
  cmd.add_flag("--json", args.json, "the check list as JSON (schema membench-doctor/1) on stdout");
  cmd.add_flag("--noise", args.noise,
               "after the check list, a short real A/A: noise, drift, the smallest change -r N can detect, "
               "this machine's noise floor between invocations, and the runs a side a 1-5% change needs");
  cmd.add_flag("--self-test", args.self_test,
               "instead of the check list, run the end-to-end checks of what CI machines lack, where this machine "
               "has it: hardware counters, two NUMA nodes, hugetlb pools, this CPU's kernels (docs/testing.md)");
  cmd.add_option("-r,--repeat", args.runs, "samples per side (default 10)")->type_name("N");
  cmd.add_option("--invocations", args.invocations,
                 "separate runs of each reference point for the noise floor (default 5)")
      ->type_name("N");
  AddSaveFlags(cmd, args.save, "; the noise floors are recorded there too");
}

int RunDoctor(const DoctorArgs& args, int argc, char** argv) {
  if (args.json && args.noise) {
    throw Error("membench doctor: --json prints the check list only; run --noise without --json");
  }
  if (args.self_test) {
    if (args.json || args.noise) throw Error("membench doctor: --self-test runs alone; drop --json and --noise");
    return RunSelfTest();
  }
  if (!args.noise && (!args.runs.empty() || !args.invocations.empty() || args.save.wanted())) {
    throw Error("membench doctor: -r, --invocations and the store flags are for the A/A: add --noise");
  }
  const int checked = RunMachineDoctor(args.json);
  if (!args.noise || checked != 0) return checked;
  return RunNoiseDoctor(args.runs.empty() ? 10 : PositiveInt(args.runs, "-r", 2),
                        args.invocations.empty() ? 5 : PositiveInt(args.invocations, "--invocations", 2), args.save,
                        argc, argv);
}

}  // namespace membench
