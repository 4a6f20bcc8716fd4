// File: engine/sample_source.h
// What the runner samples, and the clock it budgets with: the seams that let
// the runner's policies (calibration, warm-up, order, precision, budget,
// Ctrl-C) be tested with fake samples and a fake clock, and let a workload,
// a team of workers and a command under `exec` be sampled alike.
#pragma once

#include <cstdint>
#include <memory>

#include "core/params.h"
#include "core/result.h"

namespace membench {

// One point's samples.
class SampleSource {
 public:
  virtual ~SampleSource() = default;
  // What the measurement says of the point before any sample: its unit and
  // rate label, phases, whose CPU time is counted.
  virtual void Describe(Measurement& m) const = 0;
  // Whether every sample needs fresh state: then each runs exactly one loop.
  virtual bool FreshStateEachSample() const = 0;
  // One sample of `loops` loops, fresh state first where needed.
  virtual Sample Take(std::uint64_t loops) = 0;
  // After the samples, while the point's memory is still mapped: its page
  // proofs and notes.
  virtual void Finish(Measurement& m) = 0;
};

// Thrown by Take when an interrupt spoiled the sample (a command the user's
// Ctrl-C killed): it is not kept, and the run stops.
struct SampleAbandoned {};

// Opens a point's source: prepares its workload and whatever the point
// needs held while it is measured. Called in the order points are sampled.
class PointOpener {
 public:
  virtual ~PointOpener() = default;
  virtual std::unique_ptr<SampleSource> Open(const Point& point) = 0;
};

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t NowNs() const = 0;
};

// Whether the user asked the run to stop (Ctrl-C, SIGTERM).
class StopRequest {
 public:
  virtual ~StopRequest() = default;
  virtual bool Requested() const = 0;
};

}  // namespace membench
