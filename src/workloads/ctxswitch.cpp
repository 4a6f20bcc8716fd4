// File: workloads/ctxswitch.cpp
// ctxswitch: lmbench's lat_ctx. A ring of --ring processes joined by pipes
// passes a token; each, on receiving it, sums its private --footprint array
// and passes it on (sys/token_ring.h). The unit of work is one hop of the
// token. The figure is the whole hop, switch plus pipe transfer plus sum:
// lmbench subtracts a one-process ring's time per hop, which --ring 1
// measures here (the same hop with no switch) for the reader to subtract.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/token_ring.h"

namespace membench {
namespace {

// A ring this large is a typo: every member is a process and two pipes.
constexpr std::uint64_t kMaxRing = 1024;
// lmbench's largest is 64K; far beyond the caches, a hop is a memory sweep.
constexpr std::uint64_t kMaxFootprintBytes = 64ull << 20;

struct CtxswitchOptions {
  std::uint64_t ring = 0;
  std::uint64_t footprint = 0;
};

ParamSpec FootprintParam() {
  ParamSpec footprint =
      SizeParamNamed("footprint", "0", "bytes of its private array each process sums on every hop", 0);
  footprint.max_value = kMaxFootprintBytes;
  return footprint;
}

const OptionTable<CtxswitchOptions>& Options() {
  static const auto table =
      OptionTable<CtxswitchOptions>()
          .Add(CountParam("ring", "2", "processes in the ring (1: the hop without a switch, what lmbench subtracts)", 1,
                          kMaxRing),
               &CtxswitchOptions::ring)
          .Add(FootprintParam(), &CtxswitchOptions::footprint);
  return table;
}

class CtxswitchWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const CtxswitchOptions options = Options().Read(point);
    members_ = static_cast<int>(options.ring);
    footprint_bytes_ = options.footprint;
    footprint_text_ = FormatSize(footprint_bytes_);
    if (footprint_bytes_ % sizeof(std::uint64_t) != 0) {
      throw Error(
          fmt::format("ctxswitch --footprint {} is not a whole number of 8-byte words: the array is summed "
                      "a word at a time; use 0, 16K, 64K, ...",
                      footprint_text_));
    }
    ring_ = std::make_unique<sys::TokenRing>(members_, footprint_bytes_);
  }

  void Run(std::uint64_t loops) override { ring_->Laps(loops); }

  std::uint64_t WorkPerLoop() const override { return static_cast<std::uint64_t>(members_); }

  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = {fmt::format(
        "per switch: one hop of the token round a ring of {} processes: a 1-byte pipe write, a switch, a pipe read "
        "and a sum of the next process's private {} array; lmbench subtracts the hop without the switch, which "
        "--ring 1 measures (not subtracted here)",
        members_, footprint_text_)};
    if (members_ == 1) notes.push_back("--ring 1: membench passes the token to itself; no switch at all");
    notes.push_back(
        "the ring is not pinned: with more than one CPU (a 2-CPU VM too) its processes may run on different CPUs, "
        "so a hop can be a wake-up of another CPU rather than a switch on one");
    return notes;
  }

 private:
  int members_ = 2;
  std::uint64_t footprint_bytes_ = 0;
  std::string footprint_text_;
  std::unique_ptr<sys::TokenRing> ring_;
};

// The ring's other members do half the work: the counters follow them, and
// their CPU time is counted when they are reaped.
WorkloadNeeds Needs(const Point& point) {
  const CtxswitchOptions options = Options().Read(point);
  WorkloadNeeds needs;
  needs.tasks = TaskCreation::kProcesses;
  needs.file_descriptors = 2 * options.ring;
  needs.memory_bytes = options.ring * options.footprint;
  return needs;
}

WorkloadInfo CtxswitchWorkloadInfo() {
  WorkloadInfo info;
  info.name = "ctxswitch";
  info.summary = "context switch latency: a token round a ring of processes over pipes (lmbench's lat_ctx)";
  info.unit = WorkUnit::kSwitches;
  info.rate_label = "switches";
  info.params = Options().specs();
  info.examples = {"membench run ctxswitch --ring 2,8,16 --footprint 0,16K,64K -r 5",
                   "membench run ctxswitch --ring 1,2 --footprint 16K   # the hop with and without a switch"};
  info.needs = Needs;
  info.make = MakeWorkload<CtxswitchWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(CtxswitchWorkloadInfo);

}  // namespace membench
