// File: cli/experiment_table.h
// The table an experiment ends with: one row per comparison - along a
// run's treatment, between a run's replicates, or between two kernels'
// saved runs - with both sides' figures and their noise, the ratio B/A,
// its interval and a verdict, so the thread's comparison reads in one line.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "report/compare_report.h"

namespace membench {

struct TableRow {
  std::string run;
  std::string comparison;
  std::string conditions;
  std::string a;  // "9.81 GB/s +-1.2%": geometric mean and the 95% CI's half-width
  std::string b;
  std::string ratio;
  std::string interval;
  std::string verdict;
  Finding finding = Finding::kInconclusive;
  // A value of the kernel's accounting under a rate row: its cells are
  // arithmetic means (PrintExperimentTable says so beside the legend).
  bool kernel_value = false;
  bool profile_share = false;  // a named symbol's self share
};

// The figure a measurement is judged by: its rate, or for a program run
// by exec (no unit of work), its seconds elapsed.
struct Figures {
  std::vector<double> values;
  bool lower_is_better = false;
  std::string unit;    // "GB/s", "Mpages/s", "s"
  double divisor = 1;  // values / divisor are in `unit`
};
Figures FiguresOf(const Measurement& m, const std::vector<EventStatus>& events);

// Along `result.paired_by`: paired ratios where the rounds were
// interleaved, else the unpaired comparison of the two points' figures.
// Only points of one work unit are compared; where the treatment changes
// the unit, one row says there is no ratio, and why. A row gets no verdict
// where a side's pages were not what it requested, or none of the kinds in
// `pages_must_be` (when given): it would answer another question.
// Under each row, a row for each of the run's named values of the kernel's
// accounting, and of its named symbols' self shares, of the same two points.
struct NamedRows {
  // A list of kernel values alone, as most runs name.
  NamedRows(std::vector<std::string> values = {}, std::vector<std::string> symbols = {})  // NOLINT: implicit
      : kernel_values(std::move(values)), profile_symbols(std::move(symbols)) {}
  std::vector<std::string> kernel_values;    // "vmstat.thp_fault_alloc"
  std::vector<std::string> profile_symbols;  // "clear_page_erms"
};
std::vector<TableRow> TreatmentRows(const std::string& title, const RunResult& result,
                                    const std::vector<std::string>& pages_must_be = {},
                                    const NamedRows& named = {});

// Why a measurement's pages do not answer the question ("" when they do):
// a request not honoured, or a kind outside `pages_must_be`.
std::string PagesOutOfQuestion(const Measurement& m, const std::vector<std::string>& pages_must_be);

// Replicate k of a run against its first, point by point (unpaired: they
// ran one after another).
std::vector<TableRow> ReplicateRows(const std::string& title, const RunResult& first, const RunResult& later,
                                    int replicate, const NamedRows& named = {});

// Why a point of two kernels' saved runs gets no verdict, by its match
// key (PointKey): a side's pages were not what the question is about
// (PagesOutOfQuestion) in one of its runs. Points that answer it are absent.
std::map<std::string, std::string> PointsOutOfQuestion(const std::vector<RunResult>& a, const std::vector<RunResult>& b,
                                                       const std::vector<std::string>& pages_must_be);

// Two kernels' saved runs of one experiment run, as compare judged them:
// a point's rate, or its time where it has none (a program run by exec).
// A point in `out_of_question` keeps its figures but gets no verdict.
std::vector<TableRow> KernelRows(const std::string& title, std::size_t runs_a, std::size_t runs_b,
                                 const CompareResult& compared,
                                 const std::map<std::string, std::string>& out_of_question = {},
                                 const NamedRows& named = {});

// "mean unit +-x%" of a comparison side, its 95% interval's half-width;
// "mean unit -x%/+y%" where the interval is lopsided (one end over 1.25
// times as far from the mean as the other).
std::string FigureCell(double mean, double ci_low, double ci_high, const Figures& figures);

// The verdicts in colour where `colour` (a terminal that wants it).
void PrintExperimentTable(const std::string& heading, const std::vector<TableRow>& rows,
                          const std::string& comparison_header, bool colour);

}  // namespace membench
