// File: engine/workload.h
// What a workload is to the runner: typed parameters, a work unit, and three
// phases: Prepare (untimed, once per matrix point), PrepareSample (untimed,
// before each sample, for workloads whose samples need fresh state) and Run
// (timed). A workload knows nothing of counters, repetitions or output; it
// reports how much work one loop does and the core derives every rate.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/page_proof.h"
#include "core/params.h"

namespace membench {

class Workload {
 public:
  virtual ~Workload() = default;

  // Untimed. Maps and fills what the point needs; throws Error on bad input.
  virtual void Prepare(const Point& point) = 0;
  // True when every sample needs state Run has not yet consumed (first touch
  // of fresh pages): the runner then calls PrepareSample before each sample
  // and runs exactly one loop per sample.
  virtual bool FreshStateEachSample() const { return false; }
  virtual void PrepareSample() {}
  // Timed: does the work `loops` times. No allocation, no logging.
  virtual void Run(std::uint64_t loops) = 0;
  // Units of work (the WorkloadInfo's unit) done by one loop.
  virtual std::uint64_t WorkPerLoop() const = 0;

  // True when Run's work is done by threads or processes the workload
  // creates (hackbench): the counters then follow them (inherit).
  virtual bool CountsChildren() const { return false; }

  // Read after the samples (untimed): how the memory was really backed.
  virtual std::vector<PageProof> PageProofs() const { return {}; }
  // Conditions worth stating next to the figures.
  virtual std::vector<std::string> Notes() const { return {}; }

  // Phases of the timed region the workload times itself (clear: "clear",
  // "access"), with the TSC, and hands over after each Run: ticks per
  // phase since the last call. The runner turns them into nanoseconds with
  // the sample's own TSC rate.
  virtual std::vector<std::string> Phases() const { return {}; }
  virtual std::vector<std::uint64_t> TakePhaseTicks() { return {}; }

  // Where the point's parameters change what a unit of work is (zeropage:
  // bytes compared, or touches), the unit and rate label for this point.
  struct WorkUnit {
    std::string unit;
    std::string rate_label;
  };
  virtual std::optional<WorkUnit> PointWorkUnit() const { return std::nullopt; }
};

struct WorkloadInfo {
  std::string name;
  std::string summary;
  std::string work_unit;   // "bytes"
  std::string rate_label;  // "copied", "set"
  std::vector<ParamSpec> params;
  std::vector<std::string> examples;
  // Bytes of memory one point needs, to refuse what does not fit.
  std::uint64_t (*memory_needed)(const Point& point) = nullptr;
  // A default that depends on the machine (zeropage's size): returns the
  // value for `param` when the user gave none, "" to keep the static one,
  // and may say why in `note`.
  std::string (*machine_default)(const std::string& param, std::string& note) = nullptr;
  std::unique_ptr<Workload> (*make)() = nullptr;
};

}  // namespace membench
