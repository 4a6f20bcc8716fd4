// File: workloads/hackbench.cpp
// hackbench: the scheduler and allocator messaging load that seed 004 was
// judged with, as rt-tests' hackbench runs it (sys/messaging.h). Every
// sample creates all senders and receivers first (not timed), releases
// them together and times until the last one ends: hackbench's "Time:".
// Work unit: messages, groups x fds senders x fds receivers x loops.

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "sys/messaging.h"

namespace membench {
namespace {

struct HackbenchOptions {
  std::uint64_t groups = 0;
  std::uint64_t fds = 0;
  std::uint64_t loops = 0;
  std::uint64_t datasize = 0;
  std::string mode;
  std::string ipc;
};

const OptionTable<HackbenchOptions>& Options() {
  static const auto table =
      OptionTable<HackbenchOptions>()
          .Add(CountParam("groups", "4", "groups of fds senders and fds receivers", 1, 10000),
               &HackbenchOptions::groups)
          .Add(CountParam("fds", "20", "senders and receivers per group", 1, 10000), &HackbenchOptions::fds)
          .Add(CountParam("loops", "100", "messages each sender sends to each receiver", 1, 100000000),
               &HackbenchOptions::loops)
          .Add(SizeParamNamed("datasize", "100", "bytes per message", 1), &HackbenchOptions::datasize)
          .Add(ChoiceParam("mode", "process", "process or thread", {"process", "thread"}), &HackbenchOptions::mode)
          .Add(ChoiceParam("ipc", "socket", "socket (AF_UNIX socketpair) or pipe", {"socket", "pipe"}),
               &HackbenchOptions::ipc);
  return table;
}

sys::MessagingPlan PlanOf(const HackbenchOptions& options) {
  sys::MessagingPlan plan;
  plan.groups = static_cast<int>(options.groups);
  plan.fds = static_cast<int>(options.fds);
  plan.loops = options.loops;
  plan.datasize = options.datasize;
  plan.mode = options.mode == "thread" ? sys::MessagingMode::kThread : sys::MessagingMode::kProcess;
  plan.ipc = options.ipc == "pipe" ? sys::MessagingIpc::kPipe : sys::MessagingIpc::kSocket;
  return plan;
}

class HackbenchWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    plan_ = PlanOf(Options().Read(point));
    sys::CheckMessagingLimits(plan_);
  }
  bool FreshStateEachSample() const override { return true; }
  void PrepareSample() override {
    run_.reset();
    run_ = std::make_unique<sys::MessagingRun>(plan_);
  }
  void Run(std::uint64_t loops) override {
    for (std::uint64_t i = 0; i < loops; ++i) run_->Go();
  }
  // Untimed: the channels closed, so an interleaved point waiting for its
  // next sample holds no descriptors.
  void AfterRun() override { run_.reset(); }
  std::uint64_t WorkPerLoop() const override {
    return static_cast<std::uint64_t>(plan_.groups) * static_cast<std::uint64_t>(plan_.fds) *
           static_cast<std::uint64_t>(plan_.fds) * plan_.loops;
  }
  std::vector<std::string> Notes() const override {
    std::vector<std::string> notes = {
        fmt::format("hackbench -g {} -f {} -l {} -s {}{}{}: {} {}, created before timing; the time elapsed is "
                    "hackbench's Time:; the counters follow every one of them",
                    plan_.groups, plan_.fds, plan_.loops, plan_.datasize,
                    plan_.mode == sys::MessagingMode::kThread ? " -T" : " -P",
                    plan_.ipc == sys::MessagingIpc::kPipe ? " -p" : "", 2 * plan_.groups * plan_.fds,
                    plan_.mode == sys::MessagingMode::kThread ? "threads" : "processes")};
    if (plan_.mode == sys::MessagingMode::kThread) {
      notes.push_back("one difference from rt-tests is left: its threads get a PTHREAD_STACK_MIN stack, membench's the "
                      "default size; each thread's exit, within the timing, frees its stack");
    }
    return notes;
  }

 private:
  sys::MessagingPlan plan_;
  std::unique_ptr<sys::MessagingRun> run_;
};

// The senders and receivers do the work: the counters follow them, and
// as processes their CPU time is counted when they are reaped.
WorkloadNeeds Needs(const Point& point) {
  const HackbenchOptions options = Options().Read(point);
  WorkloadNeeds needs;
  needs.tasks = options.mode == "thread" ? TaskCreation::kThreads : TaskCreation::kProcesses;
  needs.file_descriptors = sys::MessagingFileDescriptors(PlanOf(options));
  return needs;
}

WorkloadInfo HackbenchWorkloadInfo() {
  WorkloadInfo info;
  info.name = "hackbench";
  info.summary = "messaging load of rt-tests' hackbench: groups of senders and receivers over sockets or pipes";
  info.unit = WorkUnit::kMessages;
  info.rate_label = "messages";
  info.params = Options().specs();
  info.examples = {
      "membench run hackbench --groups 4 --loops 200 --mode process,thread",
      "membench run hackbench --groups 50 --loops 4000 --mode process   # the seed's run",
  };
  info.needs = Needs;
  info.make = MakeWorkload<HackbenchWorkload>;
  return info;
}


}  // namespace

MEMBENCH_REGISTER_WORKLOAD(HackbenchWorkloadInfo);

}  // namespace membench
