// File: workloads/spawn.cpp
// spawn: process creation latencies, lmbench's "fork proc", "exec proc" and
// "sh proc": fork + exit + wait; fork + execve of membench-helper (a program
// that returns at once) + wait; fork + /bin/sh -c membench-helper + wait.
// Page clearing and copying show up here: a fork copies page tables and
// faults on every page the child or the parent writes afterwards.

#include <fmt/format.h>
#include <unistd.h>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "sys/process.h"

namespace membench {
namespace {

enum class How { kFork, kExec, kShell };

struct SpawnOptions {
  std::string how;
};

const OptionTable<SpawnOptions>& Options() {
  static const auto table = OptionTable<SpawnOptions>().Add(
      ChoiceParam("how", "fork",
                  "fork (fork + exit + wait), exec (fork + execve of membench-helper + wait), shell (fork "
                  "+ /bin/sh -c membench-helper + wait)",
                  {"fork", "exec", "shell"}),
      &SpawnOptions::how);
  return table;
}

std::string HelperPath() { return sys::ExecutableDirectory() + "/membench-helper"; }

class SpawnWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const SpawnOptions options = Options().Read(point);
    const std::string& how = options.how;
    how_ = how == "fork" ? How::kFork : how == "exec" ? How::kExec : How::kShell;
    helper_ = HelperPath();
    if (how_ != How::kFork && ::access(helper_.c_str(), X_OK) != 0) {
      throw Error("spawn --how " + how + " needs membench-helper, which was looked for at " + helper_ +
                  " (it is built with membench; rebuild with make)");
    }
    if (how_ == How::kShell && ::access("/bin/sh", X_OK) != 0) throw Error("spawn --how shell needs /bin/sh");
  }

  void Run(std::uint64_t loops) override {
    for (std::uint64_t i = 0; i < loops; ++i) {
      switch (how_) {
        case How::kFork:
          sys::ForkExitWait();
          break;
        case How::kExec:
          sys::ForkExecWait(helper_, {"membench-helper"});
          break;
        case How::kShell:
          sys::ForkExecWait("/bin/sh", {"sh", "-c", helper_});
          break;
      }
    }
  }

  std::uint64_t WorkPerLoop() const override { return 1; }

  std::vector<std::string> Notes() const override {
    const char* what = how_ == How::kFork    ? "fork, the child _exits at once, waitpid"
                       : how_ == How::kExec  ? "fork, execve of membench-helper, waitpid"
                                             : "fork, /bin/sh -c membench-helper, waitpid";
    return {fmt::format("{} (lmbench's {} proc); the parent is membench itself, whose size fork copies", what,
                        how_ == How::kFork ? "fork" : how_ == How::kExec ? "exec" : "sh")};
  }

 private:
  How how_ = How::kFork;
  std::string helper_;
};

// The children do part of the work (exec, the shell): the counters follow
// them, and their CPU time is counted when they are reaped.
WorkloadNeeds Needs(const Point&) {
  WorkloadNeeds needs;
  needs.tasks = TaskCreation::kProcesses;
  return needs;
}

WorkloadInfo SpawnWorkloadInfo() {
  WorkloadInfo info;
  info.name = "spawn";
  info.summary = "process creation latency: fork, fork+exec, fork+sh -c (lmbench's fork/exec/sh proc)";
  info.unit = WorkUnit::kSpawns;
  info.rate_label = "spawns";
  info.params = Options().specs();
  info.examples = {"membench run spawn --how fork,exec,shell -r 5"};
  info.needs = Needs;
  info.make = MakeWorkload<SpawnWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(SpawnWorkloadInfo);

}  // namespace membench
