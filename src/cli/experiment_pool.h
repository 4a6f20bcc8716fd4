// File: cli/experiment_pool.h
// What `experiment report` pools for a run of the file under a tag: the
// results `experiment run` saved for it (by its id; by its title for
// results saved before ids), of the sessions and dates asked for, of one
// version of the file's runs unless mixing is asked for; and, per tag, a
// list of what was pooled, so that a re-run or an aborted run never joins
// a comparison unseen.
#pragma once

#include <string>
#include <vector>

#include "cli/experiment_file.h"
#include "core/result.h"

namespace membench {

// The labels `experiment run` saves each result with.
inline constexpr const char* kExperimentLabel = "experiment";
inline constexpr const char* kRunIdLabel = "run_id";
inline constexpr const char* kRunTitleLabel = "run";
inline constexpr const char* kVariantLabel = "variant";
inline constexpr const char* kSessionLabel = "session";
inline constexpr const char* kVersionLabel = "experiment_version";

struct PoolFilter {
  std::string variant;                // "full", "quick", "thread-scale"
  std::vector<std::string> sessions;  // --session, each; empty: any
  std::string since;                  // --since, as SinceTime makes it; "" any
};

// --since's TIME (2026-12-07, 2026-12-07T14:30, 2026-12-07T14:30:05Z; UTC)
// as the results' started_at writes a time, so that the two compare as
// text. Throws Error naming the forms it takes.
std::string SinceTime(const std::string& text);

struct PooledRun {
  std::vector<RunResult> results;
  // Said once per run: results matched by title (saved before run ids).
  std::vector<std::string> notes;
};

// Of `tagged` (every result of one tag), those of `run` of `experiment`
// that pass the filter, oldest first.
PooledRun PoolRun(const std::vector<RunResult>& tagged, const Experiment& experiment, const ExperimentRun& run,
                  const PoolFilter& filter);

// What one tag pools over the file's runs, for the report's head: its
// results, invocations, sessions, boots and dates, then a line a session.
std::vector<std::string> DescribePool(const std::string& tag, const std::vector<const RunResult*>& pooled);

// Throws Error when `pooled` holds results of two or more versions of the
// file's runs (RunsVersion), naming each with its sessions, unless
// `mixed_allowed`. Returns notes: results that carry no version (saved
// before versions), and a pool of another version than the file's now.
std::vector<std::string> CheckVersions(const std::vector<const RunResult*>& pooled, const std::string& file_version,
                                       bool mixed_allowed);

}  // namespace membench
