// File: workloads/spawn.cpp
// spawn: process creation latencies, lmbench's "fork proc", "exec proc" and
// "sh proc": fork + exit + wait; fork + execve of membench-helper (a program
// that returns at once) + wait; fork + /bin/sh -c membench-helper + wait.
// Page clearing and copying show up here: a fork copies page tables and
// faults on every page the child or the parent writes afterwards - which is
// why the parent's size matters. lmbench forks from its own small program;
// so does membench by default (--parent small): membench-forker, started
// through posix_spawn before the sample's clock, does the sample's loops
// once let go inside it, and its exit and reaping are timed with them.
// --parent membench forks from membench itself, whose mappings every fork
// copies.

#include <fmt/format.h>

#include <cstdlib>
#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "core/units.h"
#include "engine/registry.h"
#include "sys/process.h"

namespace membench {
namespace {

enum class How { kFork, kExec, kShell };

struct SpawnOptions {
  std::string how;
  std::string parent;
};

const OptionTable<SpawnOptions>& Options() {
  static const auto table =
      OptionTable<SpawnOptions>()
          .Add(ChoiceParam("how", "fork",
                           "fork (fork + exit + wait), exec (fork + execve of membench-helper + wait), shell (fork "
                           "+ /bin/sh -c membench-helper + wait)",
                           {"fork", "exec", "shell"}),
               &SpawnOptions::how)
          .Add(ChoiceParam("parent", "small",
                           "the process that forks: small (membench-forker, a few hundred KiB of libc, as lmbench's "
                           "lat_proc) or membench (membench itself, whose mappings every fork copies)",
                           {"small", "membench"}),
               &SpawnOptions::parent);
  return table;
}

std::string BesideMembench(const std::string& name) { return sys::ExecutableDirectory() + "/" + name; }

class SpawnWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const SpawnOptions options = Options().Read(point);
    how_name_ = options.how;
    how_ = how_name_ == "fork" ? How::kFork : how_name_ == "exec" ? How::kExec : How::kShell;
    small_parent_ = options.parent == "small";
    helper_ = BesideMembench("membench-helper");
    forker_path_ = BesideMembench("membench-forker");
    for (const auto& [needed, path] :
         {std::pair{how_ != How::kFork, helper_}, std::pair{small_parent_, forker_path_}}) {
      if (needed && !sys::IsExecutable(path)) {
        const std::string name = path.substr(path.rfind('/') + 1);
        throw Error("spawn --how " + how_name_ + " --parent " + options.parent + " needs " + name +
                    ", which was looked for at " + path + " (it is built with membench; rebuild with make)");
      }
    }
    if (how_ == How::kShell && !sys::IsExecutable("/bin/sh")) throw Error("spawn --how shell needs /bin/sh");
  }

  // The forker's start (posix_spawn, exec, its libraries) is no part of
  // the sample: it waits for the loop count.
  void BeforeRun() override {
    if (small_parent_) forker_ = std::make_unique<sys::WaitingChild>(forker_path_, ForkerArgs());
  }

  void Run(std::uint64_t loops) override {
    if (small_parent_) {
      const std::string output = forker_->Release(std::to_string(loops));
      forker_resident_bytes_ = std::strtoull(output.c_str(), nullptr, 10) << 10;
      return;
    }
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

  // A forker that was never let go (the sample threw) is killed and reaped.
  void AfterRun() override { forker_.reset(); }

  std::uint64_t WorkPerLoop() const override { return 1; }

  std::vector<std::string> Notes() const override {
    const char* what = how_ == How::kFork    ? "fork, the child _exits at once, waitpid"
                       : how_ == How::kExec  ? "fork, execve of membench-helper, waitpid"
                                             : "fork, /bin/sh -c membench-helper, waitpid";
    const char* lmbench = how_ == How::kFork ? "fork" : how_ == How::kExec ? "exec" : "sh";
    if (!small_parent_) {
      return {
          fmt::format("{} (lmbench's {} proc), from membench itself ({} resident), whose mappings every fork "
                      "copies; --parent small forks from a small process as lmbench does",
                      what, lmbench, FormatSizeApprox(sys::ResidentBytes()))};
    }
    return {
        fmt::format("{} (lmbench's {} proc), from membench-forker ({} resident; membench itself: {}), started "
                    "before each sample's clock and let go inside it: its forks, exit and reaping are timed; the "
                    "seconds user/sys include its start",
                    what, lmbench, FormatSizeApprox(forker_resident_bytes_), FormatSizeApprox(sys::ResidentBytes()))};
  }

 private:
  std::vector<std::string> ForkerArgs() const { return {"membench-forker", how_name_, helper_}; }

  How how_ = How::kFork;
  std::string how_name_;
  bool small_parent_ = true;
  std::string helper_;
  std::string forker_path_;
  std::unique_ptr<sys::WaitingChild> forker_;
  std::uint64_t forker_resident_bytes_ = 0;
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
  info.examples = {"membench run spawn --how fork,exec,shell -r 5",
                   "membench run spawn --how fork --parent small,membench  # what the parent's size costs"};
  info.needs = Needs;
  info.make = MakeWorkload<SpawnWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(SpawnWorkloadInfo);

}  // namespace membench
