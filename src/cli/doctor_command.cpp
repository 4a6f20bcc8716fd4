// File: cli/doctor_command.cpp
#include "cli/doctor_command.h"

#include <fmt/format.h>

#include "cli/result_output.h"
#include "core/hypothesis.h"
#include "core/measurement_stats.h"
#include "core/power.h"
#include "engine/invocation.h"
#include "engine/registry.h"

namespace membench {

int RunNoiseDoctor(int runs_per_side, const SaveFlags& save, int argc, char** argv) {
  const WorkloadInfo& info = FindWorkload("memcpy");
  const std::map<std::string, std::string> params = {{"size", "4M"}, {"impl", "libc"}};
  RunOptions options;
  options.sampling.repetitions = 2 * runs_per_side;
  fmt::print("membench doctor --noise: memcpy of 4 MiB (libc), {} samples of >= 50 ms, alternate samples to A and B\n",
             options.sampling.repetitions);
  const OutputRequest output{"", save};
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
  fmt::print("\nrate: {:.3f} GB/s mean, {:.2f}% relative standard deviation (sample to sample), +- {:.2f}% (perf's, "
             "of the mean)\n",
             st.rate.mean / 1e9, st.rate.cv_pct, st.rate.rel_sem_pct);
  fmt::print("A/A: A {:.3f} vs B {:.3f} GB/s, {:+.2f}%, Welch p = {:.2g}: {}\n", aa.a.mean, aa.b.mean, aa.change_pct,
             aa.welch ? aa.welch->p_value : 1.0,
             aa.significant ? "SIGNIFICANT - this machine is too noisy or drifting for a fair comparison"
                            : "no significant change, as it should be");
  for (const auto& warning : st.noise.Warnings()) fmt::print("warning: {}\n", warning);
  fmt::print("\nsmallest change detectable (p < 0.05, power 80%) with this noise:\n");
  for (const int n : {3, 5, 10, 20, 30, 50}) {
    fmt::print("  -r {:<3} {:6.2f}%\n", n, MinimumDetectableChangePct(st.rate.cv_pct, n));
  }
  fmt::print("Sequential runs of one point drift on shared machines: compare runs made back to back, and more of "
             "them than this table asks for where the warnings above say the machine drifted.\n");
  return result.interrupted ? 130 : store_status;
}

}  // namespace membench
