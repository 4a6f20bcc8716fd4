// File: report/compare_report.h
// `membench compare A B`: measurements matched by workload and parameters
// (less the ignored ones, after each side's filters), and for each match
// the rate, the time per loop and every counter both sides counted,
// compared as unpaired samples, or run means where each side has several
// runs (core/hypothesis.h). Printed in the kernel
// test robot's layout (mean ± %stddev, %change, mean ± %stddev), with the
// verdict, p-values and the confidence interval of B/A; or as JSON.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/hypothesis.h"
#include "report/loaded_result.h"
#include "report/metadata_diff.h"
#include "report/report_style.h"

namespace membench {

struct CompareOptions {
  std::vector<std::string> ignore;    // parameters left out of the match
  std::vector<std::string> a_filter;  // "impl=libc": only these measurements of A
  std::vector<std::string> b_filter;
  double threshold_pct = 1.0;  // the smallest change that matters
  // This machine's noise floors by kind of point (the workload): with one
  // run a side, or a side that is one result, no smaller change is called,
  // unless --threshold was given.
  std::map<std::string, double> floor_pct;
  // The floor of a kind with none recorded, where a side is one result of
  // several runs (FloorOfRunCv(kAssumedRunCvPct)); 0: none.
  double assumed_floor_pct = 0;
  bool threshold_given = false;
  // --target: the change the invocations needed are planned for; else the
  // change seen.
  std::optional<double> target_pct;
  std::string floor_note;  // where the floors come from, or why there are none
  // Where the drift between results is unseen (DriftUnseen): what a side
  // is, and how to see the drift.
  std::string drift_unseen_side = "one result";
  std::string drift_remedy =
      "alternate results of --invocations 1, A1 B1 A2 B2 ..., then compare A1 A2 ... vs B1 B2 ...";
  // Every column (p, CI of B/A) on one line a figure; else a view that fits
  // 100 columns, comments wrapped.
  bool wide = false;
  bool colour = false;  // verdicts in colour (a terminal that wants it)
  bool mail = false;    // --format mail: report/mail_report.h's layout
  bool html = false;    // --format html: report/html_report.h's page
  // -v (every row, the unchanged ones included) and --unit; its colour
  // follows `colour` above.
  ReportStyle style;
};

struct FigureRow {
  std::string point;   // the match: "memcpy impl=libc size=67108864"
  std::string figure;  // "rate (GB/s)", "time (ns/loop)", "page-faults /loop"
  bool is_rate = false;
  bool boots_decide = false;  // the sides' runs pooled by boot (PooledByBoot): "runs" below are boots
  Comparison comparison;
  // The smallest change, in percent, its data could find with 80% power
  // at kAlpha (core/power.h); nullopt where none can be said.
  std::optional<double> detectable_pct;
  // Where the verdict is not a change: the invocations a side that would
  // find a change of `needed_for_pct` (the change seen, or --target) with
  // 80% power; nullopt when unknown or beyond reach.
  std::optional<int> invocations_needed;
  double needed_for_pct = 0;
  // The change lies within the drift between results: the plan is results
  // alternated (A1 B1 A2 B2 ...), each of one invocation, not invocations
  // in one result, whose runs share the machine's moment.
  bool alternate_results = false;
  // A value of the kernel's accounting ("vmstat.pgfault /loop"): a count
  // of events that moved with the samples is shown where it changed
  // significantly, a level (KernelValueIsLevel) only with -v, as every
  // other value.
  // kernel_moved: it moved with the samples beyond the idle interval on
  // either side; else its difference is the machine's background, which
  // many values' rows would each show one time in twenty by chance.
  bool kernel_value = false;
  bool kernel_level = false;
  bool kernel_moved = false;
  // A symbol's self share under --profile ("self% clear_page_erms"): shown
  // where it changed significantly, as a kernel count.
  bool profile_share = false;
  // significant, and still so under Holm's correction over the point's
  // kernel rows that moved with the samples (or over its profile rows).
  bool holm_significant = false;
};

// A symbol gets a `self%` row where its self share is at least this, in
// percent, on a side: the brief line's threshold too (report/profile_report.h),
// and it keeps the family Holm corrects over small enough that a change as
// large as 4 KiB pages against THP is found with 3 runs a side.
inline constexpr double kProfileRowPct = 5.0;

// Whether a row is shown without -v: a figure that is not zero on both
// sides; of the kernel's accounting, only a count of events that changed
// significantly (after Holm's correction over the point's) and moved with
// the samples on a side; of the profile, a share that changed
// significantly (after Holm's correction over the point's).
bool RowShownBriefly(const FigureRow& row);

// Whether the drift between results is unseen: the runs decide, but a side
// is one result, whose runs were taken back to back (seconds apart, where
// the other side's were taken at another time), or the sides were measured
// in different boots and a side in one: their spread cannot show how far
// the machine moves between results or boots, and the noise floor stands in.
bool DriftUnseen(const LoadedResult& a, const LoadedResult& b);

// Whether the noise floors (recorded, or the assumed one) set the smallest
// change called: one run a side, or the drift unseen, and no --threshold.
bool FloorsApply(const CompareOptions& options, const LoadedResult& a, const LoadedResult& b);

struct CompareResult {
  std::vector<FigureRow> rows;
  std::vector<std::string> only_in_a;  // points, as matched
  std::vector<std::string> only_in_b;
  // A point as matched -> as people read it: "memcpy size=64 MiB impl=libc"
  // (A's values as its run printed them, in its order).
  std::map<std::string, std::string> shown;
  // The points where both sides read the kernel's accounting: a value
  // without a row there changed on neither side.
  std::set<std::string> kernel_read;
  const std::string& Shown(const std::string& point) const;
};

// The points of a comparison named by what varies between them, as the
// kernel test robot names its: the parameters the same in every point said
// once, each point by its workload and its values of the others.
struct PointNames {
  std::string common;                // "size=4 MiB pages=default"
  std::vector<std::string> varying;  // "impl"
  // A point as matched -> its workload, then its value of each varying
  // parameter ("-" where it has none): {"memcpy", "avx2"}.
  std::map<std::string, std::vector<std::string>> values;
  // "memcpy impl=avx2"
  std::string Label(const std::string& point) const;
};
PointNames NamePoints(const CompareResult& result);

// "+4.2%"; and a side's figure in the view that fits 100 columns: "13.70 ±3.6%".
std::string Signed(double pct);
std::string MeanAndSpread(const Summary& s);

// A counter zero in every sample of both sides: nothing to compare, so the
// text and mail leave its row out unless -v (the JSON keeps it).
bool ZeroOnBothSides(const FigureRow& row);

// Whether the runs decide (two or more a side), not the samples.
bool RunsDecide(const LoadedResult& a, const LoadedResult& b);

// The smallest change the row's data could find, "2.3%" (">100%"); "-"
// where none can be said.
std::string DetectableText(const FigureRow& row);
// For a rate whose verdict is not a change: the invocations a side that
// would find one of the target's or the seen change's size, as a sentence;
// "" for other rows.
std::string PlanText(const FigureRow& row);

// Why a comparison of one invocation a side (a side of one invocation,
// the other's pooled) without a noise floor for the point's kind gives no
// verdict: its samples cannot show how much invocations differ.
inline constexpr const char* kOneInvocationASide =
    "one invocation a side and no noise floor recorded for this kind of point: give each side several "
    "invocations (run --invocations 3, the default) or record a floor (membench doctor --noise)";

// Throws Error when nothing matches, or when a side has two measurements
// for one match (say which filter would tell them apart).
CompareResult CompareResults(const LoadedResult& a, const LoadedResult& b, const CompareOptions& options);

// The sides, what differs between their machines, then the verdicts: in
// 100 columns, or every column with options.wide; rows of counters zero
// on both sides only with options.style.verbose.
void WriteCompareText(const CompareResult& result, const LoadedResult& a, const LoadedResult& b,
                      const CompareOptions& options, const std::vector<MetadataDifference>& differences,
                      std::ostream& out);
nlohmann::json CompareToJson(const CompareResult& result, const LoadedResult& a, const LoadedResult& b,
                             const CompareOptions& options);

// The largest slowdown of a rate, in percent, among the rates significant
// also after Holm's correction over all rate rows (0 when none is).
double WorstRegressionPct(const CompareResult& result);

// What `compare --bisect` tells git bisect run: a rate slower beyond the
// threshold (WorstRegressionPct) is a regression; else a rate row that is
// inconclusive, or whose data could not have found a change of the
// threshold, leaves the commit undecided; else there is no regression.
enum class BisectOutcome { kNoRegression, kRegression, kInconclusive };
BisectOutcome BisectOutcomeOf(const CompareResult& result, double threshold_pct);

}  // namespace membench
