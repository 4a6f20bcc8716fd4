// File: core/parallelism.h
// Memory-level parallelism from chase points that differ only in how many
// independent chains were interleaved. K chains in flight give a
// throughput X_K (loads per second); each chain still waits for its own
// loads, so a load's latency under that concurrency is K / X_K; and by
// Little's law the concurrency the throughput implies at one chain's
// latency is X_K × that latency, the speed-up over one chain. It exceeds K
// when a load got faster under concurrency, and falls short of it when the
// loads queue. Pure: tested with synthetic rates.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace membench {

struct ParallelismRow {
  std::string conditions;  // the other parameters that vary: "size=1 GiB pages=thp"
  int chains = 1;
  double ns_per_load = 0;  // 1e9 / X_K: all chains together
  double latency_ns = 0;   // K / X_K: each load, waited for by its chain
  double implied_mlp = 0;  // X_K × the one-chain latency (Little's law)
};

// `rates` are the measurements' mean rates (loads per second), one each.
// Rows only for groups that have a one-chain point and another; none when
// `chains` does not vary.
std::vector<ParallelismRow> MemoryParallelism(const std::vector<Measurement>& measurements,
                                              const std::vector<double>& rates);

}  // namespace membench
