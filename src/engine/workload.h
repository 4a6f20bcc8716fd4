// File: engine/workload.h
// What a workload is to the engine: typed parameters, a work unit, what a
// point needs from the machine, and three phases: Prepare (untimed, once
// per matrix point), PrepareSample (untimed, before each sample, for
// workloads whose samples need fresh state) and Run (timed). A workload
// knows nothing of counters, repetitions, workers or output; it reports how
// much work one loop does and the core derives every rate.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/page_proof.h"
#include "core/params.h"
#include "core/result.h"
#include "core/work_unit.h"

namespace membench {

// Thrown where a workload's check of its own result fails (STREAM's
// validation): the point's rates measured something wrong, so the run stops
// there instead of keeping them.
class WrongResult : public Error {
 public:
  using Error::Error;
};

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
  // Untimed, just before and just after every Run: what must be in motion
  // while Run is timed (loaded's load workers) starts before the clock and
  // stops after it, so waking it is not part of the sample.
  virtual void BeforeRun() {}
  virtual void AfterRun() {}
  // Timed: does the work `loops` times. No allocation, no logging.
  virtual void Run(std::uint64_t loops) = 0;
  // Units of work (the point's WorkUnit) done by one loop.
  virtual std::uint64_t WorkPerLoop() const = 0;

  // Read after the samples (untimed): how the memory was really backed.
  virtual std::vector<PageProof> PageProofs() const { return {}; }
  // Conditions worth stating next to the figures.
  virtual std::vector<std::string> Notes() const { return {}; }
  // Single latencies the workload timed over all its samples (chase's
  // loads, fault's faults, with --latencies on); none by default.
  virtual std::optional<LatencyDistribution> Latencies() const { return std::nullopt; }

  // Phases of the timed region the workload times itself (clear: "clear",
  // "access"), with the TSC, and hands over after each Run: ticks per
  // phase since the last call. The engine turns them into nanoseconds with
  // the sample's own TSC rate.
  virtual std::vector<std::string> Phases() const { return {}; }
  virtual std::vector<std::uint64_t> TakePhaseTicks() { return {}; }

  // Counts kept beside the work (the load workers' bytes), and handed over
  // after each Run: the counts over that Run's timed region.
  virtual std::vector<SideCount> SideCounts() const { return {}; }
  virtual std::vector<std::uint64_t> TakeSideCounts() { return {}; }
};

// Who does a workload's work: the thread that calls Run, or tasks Run
// creates. Counters follow created tasks (inherit), and where they are
// processes their CPU time is counted when they are reaped.
enum class TaskCreation { kNone, kThreads, kProcesses };

// What one worker of a point needs from the machine, declared before
// anything runs so the invocation can check it (memory, hugetlb pools) and
// arrange it (machine-wide settings, held for the point's duration only).
struct WorkloadNeeds {
  std::uint64_t memory_bytes = 0;                      // ordinary memory mapped
  std::map<std::size_t, std::uint64_t> hugetlb_pages;  // page size -> pages from its pool
  std::optional<std::size_t> only_mthp_size;           // machine-wide: only this mTHP size enabled
  TaskCreation tasks = TaskCreation::kNone;
  std::uint64_t file_descriptors = 0;                  // open at once, beyond the counters
  // Written to files in the scratch directory through shared mappings: a
  // disk that fills answers such a write with SIGBUS, so it is checked first.
  std::uint64_t scratch_disk_bytes = 0;
};

struct WorkloadInfo {
  std::string name;
  std::string summary;
  WorkUnit unit = WorkUnit::kBytes;
  std::string rate_label;  // "copied", "set": what the bytes were
  std::vector<ParamSpec> params;
  std::vector<std::string> examples;
  // What a point needs; nullptr: nothing beyond a few pages.
  WorkloadNeeds (*needs)(const Point& point) = nullptr;
  // Where the point's parameters change what a unit of work is (zeropage:
  // bytes compared, or touches): the unit and rate label of this point.
  struct PointUnit {
    WorkUnit unit;
    std::string rate_label;
  };
  std::optional<PointUnit> (*point_unit)(const Point& point) = nullptr;
  // The bytes behind a byte rate at this point (core/result.h); nullptr or
  // nullopt: the rate's bytes are all there is to say.
  std::optional<ByteTraffic> (*traffic)(const Point& point) = nullptr;
  // A default that depends on the machine (zeropage's size): returns the
  // value for `param` when the user gave none, "" to keep the static one,
  // and may say why in `note`.
  std::string (*machine_default)(const std::string& param, std::string& note) = nullptr;
  std::unique_ptr<Workload> (*make)() = nullptr;
  // The workload starts and places workers of its own (loaded: one latency
  // worker, load workers on other CPUs), so --procs and --threads do not
  // apply to it.
  bool own_workers = false;
  // The rate depends on which physical pages the buffers got (their cache
  // sets): such points are remapped before every sample by default
  // (engine/workers.h).
  bool placement_varies = false;

  WorkloadNeeds NeedsOf(const Point& point) const { return needs ? needs(point) : WorkloadNeeds{}; }
  PointUnit UnitOf(const Point& point) const {
    if (point_unit) {
      if (auto own = point_unit(point)) return *own;
    }
    return {unit, rate_label};
  }
  // Each point's unit, for pairing only points of one unit (core/paired.h).
  std::vector<WorkUnit> UnitsOf(const std::vector<Point>& points) const {
    std::vector<WorkUnit> units;
    for (const Point& p : points) units.push_back(UnitOf(p).unit);
    return units;
  }
};

// WorkloadInfo::make for a workload class: info.make = MakeWorkload<MemcpyWorkload>.
template <class W>
std::unique_ptr<Workload> MakeWorkload() {
  return std::make_unique<W>();
}

}  // namespace membench
