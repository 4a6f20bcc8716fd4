// File: cli/experiment_plan.cpp
#include "cli/experiment_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

#include "cli/experiment_file.h"
#include "cli/experiment_pool.h"
#include "cli/experiment_runs.h"
#include "cli/flag_values.h"
#include "cli/noise_floor_book.h"
#include "core/boot_design.h"
#include "core/error.h"
#include "core/hypothesis.h"
#include "core/noise_floor.h"
#include "core/stats.h"
#include "engine/os.h"
#include "report/loaded_result.h"
#include "store/store.h"

namespace membench {
namespace {

// Between-boot CVs the design is shown for where none is known.
constexpr double kAssumedBetweenCvPct[] = {0.25, 0.5, 1, 2, 5};
// A practical design, for "what noise would make it practical".
constexpr int kPracticalBootsAKernel = 10;

struct NoiseFigure {
  double cv_pct = 0;
  std::string source;
};

double GeometricMean(const std::vector<double>& values) {
  double sum = 0;
  for (const double v : values) sum += std::log(v);
  return std::exp(sum / static_cast<double>(values.size()));
}

// Each point's run estimates (geometric means of a run's rates), grouped
// by boot. Each kernel's (its tag and release) are divided by their
// geometric mean first, so that what separates two kernels is not taken for
// boot-to-boot noise; runs of results that did not record their boot are
// left out.
std::vector<std::vector<std::vector<double>>> RunsByBootOfEachPoint(const std::vector<RunResult>& results) {
  std::map<std::string, std::vector<RunResult>> by_kernel;
  for (const RunResult& r : results) by_kernel[r.tag + " " + r.system.kernel_release].push_back(r);
  std::map<std::string, std::map<std::string, std::vector<double>>> by_point;  // point, boot: runs
  for (const auto& [kernel, kernel_results] : by_kernel) {
    const LoadedResult figures = FiguresOf(kernel_results, kernel);
    for (const LoadedMeasurement& m : figures.measurements) {
      std::vector<std::pair<std::string, double>> runs;
      for (std::size_t run = 0; run < m.rate.size() && run < m.run_boot.size(); ++run) {
        if (!m.rate[run].empty() && !m.run_boot[run].empty()) {
          runs.emplace_back(m.run_boot[run], GeometricMean(m.rate[run]));
        }
      }
      if (runs.empty()) continue;
      double log_sum = 0;
      for (const auto& run : runs) log_sum += std::log(run.second);
      const double centre = std::exp(log_sum / static_cast<double>(runs.size()));
      auto& boots = by_point[PointKey(m, {})];
      for (const auto& [boot, estimate] : runs) boots[boot].push_back(estimate / centre);
    }
  }
  std::vector<std::vector<std::vector<double>>> points;
  for (auto& [point, boots] : by_point) {
    std::vector<std::vector<double>> runs_by_boot;
    for (auto& [boot, runs] : boots) runs_by_boot.push_back(std::move(runs));
    points.push_back(std::move(runs_by_boot));
  }
  return points;
}

struct HistoryNoise {
  std::optional<NoiseFigure> within;
  std::optional<NoiseFigure> between;
  std::optional<double> run_seconds;  // the samples' timed part of a run: a lower bound
  std::string note;                   // why it says nothing, where it does not
};

HistoryNoise NoiseFromHistory(const std::vector<RunResult>& saved) {
  HistoryNoise out;
  std::map<std::string, int> boots;
  for (const RunResult& r : saved) {
    if (!r.system.boot_id.empty()) ++boots[r.system.boot_id];
  }
  if (saved.empty()) {
    out.note = "no saved results of this run from this host";
    return out;
  }
  std::vector<double> within, between;
  for (const auto& point : RunsByBootOfEachPoint(saved)) {
    if (const auto noise = NoiseOfBoots(point)) {
      within.push_back(noise->within_cv_pct);
      between.push_back(noise->between_cv_pct);
    } else if (point.size() == 1) {
      if (const auto cv = RunToRunCvPct(point.front())) within.push_back(*cv);
    }
  }
  const std::string what = fmt::format("{} saved results of this host from {} boot{}", saved.size(), boots.size(),
                                       boots.size() == 1 ? "" : "s");
  if (!within.empty()) out.within = NoiseFigure{Summarize(within).median, "from " + what};
  if (boots.size() >= 3 && !between.empty()) {
    out.between = NoiseFigure{Summarize(between).median, "from " + what};
  } else {
    out.note = what + ": between-boot noise needs three boots or more";
  }
  double seconds = 0;
  for (const RunResult& r : saved) {
    for (const Measurement& m : r.measurements) {
      for (const Sample& s : m.samples) seconds += static_cast<double>(s.wall_ns) * 1e-9;
    }
  }
  out.run_seconds = seconds / static_cast<double>(saved.size());
  return out;
}

// Every result the store holds of this host's runs of this experiment.
std::vector<RunResult> HostResults(const std::string& experiment, const std::string& host, Store* store) {
  std::vector<RunResult> results;
  if (store == nullptr) return results;
  HistoryFilter filter;
  filter.host = host;
  filter.limit = 0;
  for (const StoredRun& stored : store->History(filter)) {
    RunResult result = store->Load(stored.id);
    const auto name = result.labels.find(kExperimentLabel);
    if (name != result.labels.end() && name->second == experiment) results.push_back(std::move(result));
  }
  return results;
}

struct Pilot {
  NoiseFigure within;
  double run_seconds = 0;
};

// The run measured again and again in this boot for `minutes` (three runs
// at least): its run-to-run CV, and a run's wall time.
std::optional<Pilot> MeasureNow(const PreparedRun& prepared, double minutes, int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<RunResult> results;
  while ((results.size() < 3 || elapsed() < minutes * 60) && !os::Interrupted()) {
    Invocation invocation(KindOf(prepared.run->kind), argc, argv);
    MeasureRun(prepared, invocation);
    const bool interrupted = invocation.Interrupted();
    RunResult result = invocation.Finish();
    if (interrupted) break;
    results.push_back(std::move(result));
  }
  if (results.size() < 2) return std::nullopt;
  std::vector<double> cvs;
  for (const auto& point : RunsByBootOfEachPoint(results)) {
    if (point.size() == 1) {
      if (const auto cv = RunToRunCvPct(point.front())) cvs.push_back(*cv);
    }
  }
  if (cvs.empty()) return std::nullopt;
  return Pilot{NoiseFigure{Summarize(cvs).median,
                           fmt::format("measured now: {} runs in {:.1f} min, the median of {} point{}", results.size(),
                                       elapsed() / 60, cvs.size(), cvs.size() == 1 ? "" : "s")},
               elapsed() / static_cast<double>(results.size())};
}

std::optional<NoiseFigure> DoctorFloor(const ExperimentRun& run, const FoundFloors& floors) {
  const std::string kind = run.kind == RunKind::kCommand ? "exec" : run.workload;
  const auto found = floors.by_kind.find(kind);
  if (found == floors.by_kind.end()) return std::nullopt;
  return NoiseFigure{RunCvOfFloor(found->second.floor.floor_pct),
                     fmt::format("doctor --noise's {} floor {:.1f}% ({}), as a run-to-run CV", kind,
                                 found->second.floor.floor_pct, found->second.floor.measured_at)};
}

std::optional<double> PercentFlag(const std::string& text, const std::string& flag) {
  if (text.empty()) return std::nullopt;
  return Percentage(text, flag, false);
}

// Minutes as a flag takes them: a positive number, 0.5 allowed.
std::optional<double> MinutesFlag(const std::string& text, const std::string& flag) {
  if (text.empty()) return std::nullopt;
  double value = 0;
  const auto [rest, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || rest != text.data() + text.size() || !std::isfinite(value) || value < 0 ||
      value > 24 * 60) {
    throw Error(flag + " '" + text + "': minutes, from 0 to 1440 (0.5 for half a minute)");
  }
  return value;
}

std::optional<double> EffectFlag(std::string text) {
  if (text.empty()) return std::nullopt;
  const std::string given = text;
  if (text.back() == '%') text.pop_back();
  double value = 0;
  const auto [rest, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || rest != text.data() + text.size() || !std::isfinite(value) || value == 0 ||
      value <= -100) {
    throw Error("--effect '" + given + "': the change the runs look for, in percent (28.3, or -5 for a drop)");
  }
  return value;
}

std::string Minutes(double seconds) {
  return seconds >= 5400 ? fmt::format("{:.1f} h", seconds / 3600) : fmt::format("{:.0f} min", seconds / 60);
}

std::string Alternation(int boots) {
  std::string order;
  for (int i = 0; i < std::min(boots, 3); ++i) order += std::string(i ? " " : "") + "A B";
  return order + (boots > 3 ? fmt::format(" ... ({} of each)", boots) : "");
}

// The largest boot CV at which kPracticalBootsAKernel boots find the effect.
std::optional<double> PracticalBootCv(double effect_pct, double threshold_pct) {
  double low = 0, high = 50;
  if (!DesignForRuns(NestedNoise{0, low}, 1, effect_pct, threshold_pct, {})) return std::nullopt;
  for (int step = 0; step < 40; ++step) {
    const double mid = (low + high) / 2;
    const auto design = DesignForRuns(NestedNoise{0, mid}, 1, effect_pct, threshold_pct, {});
    (design && design->boots_a_kernel <= kPracticalBootsAKernel ? low : high) = mid;
  }
  return low;
}

void PrintDesigns(const NoiseFigure& within, const std::vector<std::pair<double, std::string>>& betweens,
                  double effect_pct, double threshold_pct, const DesignCost& cost, bool cost_known) {
  fmt::print("{:<22} {:>11} {:>15} {:>9}  {:<30} {}\n", "between-boot CV", "runs a boot", "boots a kernel", "boot CV",
             "order", cost_known ? "wall time" : "");
  for (const auto& [between, label] : betweens) {
    const NestedNoise noise{within.cv_pct, between};
    const auto design = CheapestDesign(noise, effect_pct, threshold_pct, cost);
    if (!design) {
      const auto practical = PracticalBootCv(effect_pct, threshold_pct);
      fmt::print("{:<22} none with at most {} boots a kernel finds {:+.1f}% here (a boot's CV is at least {:.2f}%){}\n",
                 label, kMaxBootsAKernel, effect_pct, between,
                 practical ? fmt::format("; {} boots a kernel would, were a boot's CV at most {:.2f}%",
                                         kPracticalBootsAKernel, *practical)
                           : "");
      continue;
    }
    fmt::print("{:<22} {:>11} {:>15} {:>8.2f}%  {:<30} {}\n", label, design->runs_a_boot, design->boots_a_kernel,
               design->boot_cv_pct, Alternation(design->boots_a_kernel),
               cost_known ? Minutes(design->wall_seconds) : "");
  }
}

}  // namespace

int PlanExperiment(const ExperimentPlanArgs& args, int argc, char** argv) {
  const Experiment experiment = LoadExperiment(args.file);
  const double threshold = Percentage(args.threshold, "--threshold", false);
  const std::optional<double> effect = EffectFlag(args.effect);
  const std::optional<double> within_given = PercentFlag(args.within_cv, "--within-cv");
  const std::optional<double> between_given = PercentFlag(args.between_cv, "--between-cv");
  const double measure_minutes = MinutesFlag(args.measure_minutes, "--measure-minutes").value_or(0);
  const double boot_seconds = 60 * MinutesFlag(args.boot_minutes, "--boot-minutes").value_or(0);
  std::optional<double> run_seconds_given = MinutesFlag(args.run_minutes, "--run-minutes");
  if (run_seconds_given) *run_seconds_given *= 60;
  const SystemInfo machine = os::CollectSystemInfo();
  std::unique_ptr<Store> store;
  std::string store_note;
  try {
    store = OpenStoreNamed(args.store);
  } catch (const Error& e) {
    store_note = std::string("no saved results read: ") + e.what();
  }
  const FoundFloors floors = FindNoiseFloors(machine.hostname, args.store);
  const std::string variant = VariantLabel(false, args.full);
  const std::vector<RunResult> host_results = HostResults(experiment.name, machine.hostname, store.get());
  fmt::print("membench experiment plan {}: {}\n", experiment.name, experiment.question);
  fmt::print(
      "# the design: runs in each boot, boots of each kernel alternated A B A B, decided as experiment report "
      "decides with the boot as the unit (Welch's t-test on the boots' log estimates, p < {}, and a change of at "
      "least {}%, --threshold), finding the effect 4 times in 5; a reboot costs {} (--boot-minutes)\n",
      kAlpha, threshold, Minutes(boot_seconds));
  if (!store_note.empty()) fmt::print("# {}\n", store_note);
  int planned = 0;
  for (const ExperimentRun& run : experiment.runs) {
    fmt::print("\n## {} [{}]\n", run.title, run.id);
    const std::optional<double> effect_pct = effect ? effect : run.effect_pct;
    if (!effect_pct) {
      fmt::print(
          "no effect named: give effect_pct (with effect_source: where the figure comes from) in the run, "
          "or --effect PCT\n");
      continue;
    }
    fmt::print("effect: {:+.1f}% ({})\n", *effect_pct, effect ? "--effect" : "effect_pct: " + run.effect_source);
    if (std::fabs(*effect_pct) <= threshold) {
      fmt::print(
          "no design can find it at --threshold {}%: compare calls no change smaller than its threshold, "
          "and one at the threshold is found half the time at best; give --threshold {}\n",
          threshold, std::fabs(*effect_pct) / 2);
      continue;
    }
    const HistoryNoise history =
        NoiseFromHistory(PoolRun(host_results, experiment, run, PoolFilter{variant, {}, ""}).results);
    std::optional<NoiseFigure> within;
    std::optional<double> run_seconds = run_seconds_given;
    std::string run_seconds_source = run_seconds ? "--run-minutes" : "";
    if (within_given) within = NoiseFigure{*within_given, "--within-cv"};
    if (!within && measure_minutes > 0) {
      const PreparedRun prepared = Prepare(experiment, run, false, args.full, os::AllowedCpuCount());
      if (!prepared.skipped.empty()) {
        fmt::print("not measured: {}\n", prepared.skipped);
      } else if (const auto pilot = MeasureNow(prepared, measure_minutes, argc, argv)) {
        within = pilot->within;
        if (!run_seconds) {
          run_seconds = pilot->run_seconds;
          run_seconds_source = "measured now";
        }
      }
      if (os::Interrupted()) break;
    }
    if (!within) within = history.within;
    if (!within) within = DoctorFloor(run, floors);
    if (!run_seconds && history.run_seconds) {
      run_seconds = history.run_seconds;
      run_seconds_source = "the timed part of its saved results' samples: a lower bound";
    }
    if (!within) {
      fmt::print(
          "no within-boot noise known for this run: give --measure-minutes M (the plan measures it now), "
          "run membench doctor --noise (its floor for {}), or --within-cv PCT\n",
          run.kind == RunKind::kCommand ? "exec" : run.workload);
      continue;
    }
    fmt::print("within a boot: run-to-run CV {:.2f}% ({})\n", within->cv_pct, within->source);
    std::vector<std::pair<double, std::string>> betweens;
    if (between_given) {
      fmt::print("between boots: CV {:.2f}% (--between-cv)\n", *between_given);
      betweens.emplace_back(*between_given, fmt::format("{:.2f}% (given)", *between_given));
    } else if (history.between) {
      fmt::print("between boots: CV {:.2f}% ({})\n", history.between->cv_pct, history.between->source);
      betweens.emplace_back(history.between->cv_pct, fmt::format("{:.2f}% (saved)", history.between->cv_pct));
    } else {
      fmt::print(
          "between boots: unknown on this host ({}; or --between-cv PCT): assumed, and the design shown "
          "across a range of it\n",
          history.note.empty() ? "no saved results" : history.note);
      for (const double cv : kAssumedBetweenCvPct) betweens.emplace_back(cv, fmt::format("{:.2f}% (assumed)", cv));
    }
    if (run_seconds) {
      fmt::print("a run takes {} ({})\n", Minutes(*run_seconds), run_seconds_source);
    } else {
      fmt::print(
          "a run's time is not known (--run-minutes M, or --measure-minutes): the cost is left out, and the "
          "design below has the fewest boots\n");
    }
    PrintDesigns(*within, betweens, *effect_pct, threshold, DesignCost{boot_seconds, run_seconds.value_or(0)},
                 run_seconds.has_value());
    ++planned;
  }
  if (os::Interrupted())
    throw Error("experiment plan: interrupted while measuring; the runs after it were not planned");
  if (planned == 0) {
    throw Error("no run of " + args.file + " could be planned: each needs an effect and a within-boot noise (above)");
  }
  return 0;
}

}  // namespace membench
