// File: workloads/hackbench.cpp
// hackbench: the scheduler and allocator messaging load that seed 004 was
// judged with, as rt-tests' hackbench runs it (sys/messaging.h). Every
// sample creates all senders and receivers first (not timed), releases
// them together and times until the last one ends: hackbench's "Time:".
// Work unit: messages, groups x fds senders x fds receivers x loops.

#include <fmt/format.h>

#include <memory>

#include "engine/registry.h"
#include "core/error.h"
#include "sys/messaging.h"

namespace membench {
namespace {

sys::MessagingPlan PlanOf(const Point& point) {
  sys::MessagingPlan plan;
  plan.groups = static_cast<int>(point.at("groups").number);
  plan.fds = static_cast<int>(point.at("fds").number);
  plan.loops = point.at("loops").number;
  plan.datasize = point.at("datasize").number;
  plan.mode = point.at("mode").text == "thread" ? sys::MessagingMode::kThread : sys::MessagingMode::kProcess;
  plan.ipc = point.at("ipc").text == "pipe" ? sys::MessagingIpc::kPipe : sys::MessagingIpc::kSocket;
  return plan;
}

class HackbenchWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    plan_ = PlanOf(point);
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
  WorkloadNeeds needs;
  needs.tasks = point.at("mode").text == "thread" ? TaskCreation::kThreads : TaskCreation::kProcesses;
  needs.file_descriptors = sys::MessagingFileDescriptors(PlanOf(point));
  return needs;
}

WorkloadInfo HackbenchWorkloadInfo() {
  WorkloadInfo info;
  info.name = "hackbench";
  info.summary = "messaging load of rt-tests' hackbench: groups of senders and receivers over sockets or pipes";
  info.unit = WorkUnit::kMessages;
  info.rate_label = "messages";
  ParamSpec datasize = SizeParamNamed("datasize", "100", "bytes per message", 1);
  info.params = {
      CountParam("groups", "4", "groups of fds senders and fds receivers", 1, 10000),
      CountParam("fds", "20", "senders and receivers per group", 1, 10000),
      CountParam("loops", "100", "messages each sender sends to each receiver", 1, 100000000),
      datasize,
      ChoiceParam("mode", "process", "process or thread", {"process", "thread"}),
      ChoiceParam("ipc", "socket", "socket (AF_UNIX socketpair) or pipe", {"socket", "pipe"}),
  };
  info.examples = {
      "membench run hackbench --groups 4 --loops 200 --mode process,thread",
      "membench run hackbench --groups 50 --loops 4000 --mode process   # the seed's run",
  };
  info.needs = Needs;
  info.make = [] { return std::unique_ptr<Workload>(new HackbenchWorkload()); };
  return info;
}


}  // namespace

MEMBENCH_REGISTER_WORKLOAD(HackbenchWorkloadInfo);

}  // namespace membench
