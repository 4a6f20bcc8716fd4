// File: workloads/ctxswitch.cpp
// ctxswitch: lmbench's lat_ctx: a ring of --ring processes joined by pipes
// passes a one-byte token; each, on receiving it, sums its private array of
// --footprint bytes and passes it on (sys/token_ring.h). Work unit: one hop
// of the token, which for a ring of two or more is one context switch.
// The figure is the whole hop - pipe write, switch, pipe read, the sum -
// not lmbench's switch alone: lmbench subtracts the hop's cost measured in
// one process, which is what --ring 1 measures here (a ring of one passes
// the token to itself: the same pipe calls and sum, no switch), as a point
// of its own with its own noise, so the difference can be taken by whoever
// reads both. A derived figure would hide the noise of the subtraction.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/limits.h"
#include "sys/token_ring.h"

namespace membench {
namespace {

// lmbench's lat_ctx sums its array as integers; a footprint is whole ones.
constexpr std::uint64_t kWordBytes = sizeof(std::uint64_t);
// A ring larger than this is a fork bomb, not a context-switch figure.
constexpr std::uint64_t kMaxRing = 1024;

class CtxswitchWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    members_ = static_cast<int>(point.at("ring").number);
    footprint_bytes_ = point.at("footprint").number;
    if (footprint_bytes_ % kWordBytes != 0) {
      throw Error(fmt::format("ctxswitch --footprint {} is not a whole number of 8-byte words; use a multiple of 8, "
                              "such as 16K",
                              footprint_bytes_));
    }
    const std::uint64_t children = static_cast<std::uint64_t>(members_) - 1;
    if (children > sys::ProcessLimit()) {
      throw Error(fmt::format("ctxswitch --ring {} forks {} processes but the process limit (ulimit -u) is {}; "
                              "raise it with ulimit -u, or use a smaller ring",
                              members_, children, sys::ProcessLimit()));
    }
    ring_ = std::make_unique<sys::TokenRing>(members_, footprint_bytes_);
  }

  void Run(std::uint64_t loops) override { ring_->Laps(loops); }

  // A lap is one hop per member.
  std::uint64_t WorkPerLoop() const override { return static_cast<std::uint64_t>(members_); }

  std::vector<std::string> Notes() const override {
    const std::string footprint = FormatSize(footprint_bytes_);
    if (members_ == 1) {
      return {fmt::format("per hop: one process writes the token to a pipe of its own, reads it back and sums its "
                          "{} array - no context switch: the overhead lmbench's lat_ctx subtracts from its figure",
                          footprint)};
    }
    return {fmt::format("per switch: a pipe write, the switch to the next of {} processes, its pipe read and the sum "
                        "of its {} array - the whole hop; lmbench subtracts the hop without a switch, which --ring 1 "
                        "measures",
                        members_, footprint),
            "nothing is pinned: on a machine with several CPUs the processes may run on different ones, so a hop "
            "can be a wake-up of another CPU (an IPI) rather than a switch on one"};
  }

 private:
  int members_ = 2;
  std::uint64_t footprint_bytes_ = 0;
  std::unique_ptr<sys::TokenRing> ring_;
};

// The other members are processes (the counters follow them); each pipe
// is held by membench until the ring goes.
WorkloadNeeds Needs(const Point& point) {
  WorkloadNeeds needs;
  needs.tasks = TaskCreation::kProcesses;
  needs.file_descriptors = 2 * point.at("ring").number;
  needs.memory_bytes = point.at("ring").number * point.at("footprint").number;
  return needs;
}

std::optional<WorkloadInfo::PointUnit> UnitOf(const Point& point) {
  if (point.at("ring").number == 1) return WorkloadInfo::PointUnit{WorkUnit::kHops, "hops"};
  return std::nullopt;
}

WorkloadInfo CtxswitchWorkloadInfo() {
  WorkloadInfo info;
  info.name = "ctxswitch";
  info.summary = "context-switch latency: a token passed round a ring of processes over pipes (lmbench's lat_ctx)";
  info.unit = WorkUnit::kSwitches;
  info.rate_label = "switches";
  ParamSpec footprint = SizeParamNamed("footprint", "0K",
                                       "bytes of its own array each process sums on receiving the token (lmbench's "
                                       "-s); a multiple of 8",
                                       0);
  footprint.max_value = 64ull << 20;
  info.params = {
      CountParam("ring", "2",
                 "processes in the ring, membench one of them; 1 measures the hop without a switch (lmbench's "
                 "overhead)",
                 1, kMaxRing),
      footprint,
  };
  info.examples = {"membench run ctxswitch --ring 2,8,16 --footprint 0K,16K,64K",
                   "membench run ctxswitch --ring 1,2 --footprint 16K   # the hop alone, and with a switch"};
  info.needs = Needs;
  info.point_unit = UnitOf;
  info.make = [] { return std::unique_ptr<Workload>(new CtxswitchWorkload()); };
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(CtxswitchWorkloadInfo);

}  // namespace membench
