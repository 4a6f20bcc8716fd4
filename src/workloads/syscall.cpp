// File: workloads/syscall.cpp
// syscall: lmbench's lat_syscall and lat_sig, one operation per unit of
// work: null (getppid), read (1 byte of /dev/zero), write (1 byte to
// /dev/null; lmbench's "null I/O" is the mean of read and write), stat and
// open-close of a file of its own in the scratch directory, sig-install
// (sigaction) and sig-handle (a SIGUSR1 sent to itself and handled).

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "sys/scratch_file.h"
#include "sys/system_calls.h"

namespace membench {
namespace {

struct Op {
  const char* name;
  sys::SystemCall call;
  const char* what;
};

constexpr Op kOps[] = {
    {"null", sys::SystemCall::kNull, "syscall(SYS_getppid), lmbench's null call"},
    {"read", sys::SystemCall::kRead, "read of 1 byte from /dev/zero (half of lmbench's null I/O)"},
    {"write", sys::SystemCall::kWrite, "write of 1 byte to /dev/null (half of lmbench's null I/O)"},
    {"stat", sys::SystemCall::kStat, "stat of an empty file in the scratch directory, its dentry and inode cached"},
    {"open-close", sys::SystemCall::kOpenClose, "open O_RDONLY and close of an empty file in the scratch directory"},
    {"sig-install", sys::SystemCall::kSignalInstall, "sigaction installing a SIGUSR1 handler (lmbench's sig inst)"},
    {"sig-handle", sys::SystemCall::kSignalHandle,
     "tgkill of SIGUSR1 to the calling thread, delivery, an empty counting handler and sigreturn (lmbench's sig "
     "hndl, which uses kill(getpid()): the same path, but it may not be handled by another thread)"},
};

const Op& OpNamed(const std::string& name) {
  for (const Op& op : kOps) {
    if (name == op.name) return op;
  }
  throw Error("syscall --op " + name + " is none of null, read, write, stat, open-close, sig-install, sig-handle");
}

struct SyscallOptions {
  std::string op;
};

const OptionTable<SyscallOptions>& Options() {
  static const auto table = OptionTable<SyscallOptions>().Add(
      ChoiceParam("op", "null",
                  "null (getppid), read (1 byte of /dev/zero), write (1 byte to /dev/null), stat, "
                  "open-close (of a scratch file), sig-install (sigaction), sig-handle (SIGUSR1 to itself)",
                  {"null", "read", "write", "stat", "open-close", "sig-install", "sig-handle"}),
      &SyscallOptions::op);
  return table;
}

class SyscallWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    op_ = &OpNamed(Options().Read(point).op);
    loop_ = std::make_unique<sys::SystemCallLoop>(op_->call, sys::ScratchDirectory());
  }

  void Run(std::uint64_t loops) override { loop_->Run(loops); }

  std::uint64_t WorkPerLoop() const override { return 1; }

  std::vector<std::string> Notes() const override {
    return {fmt::format("per call: {}; the loop checks every result", op_->what)};
  }

 private:
  const Op* op_ = nullptr;
  std::unique_ptr<sys::SystemCallLoop> loop_;
};

WorkloadNeeds Needs(const Point&) {
  WorkloadNeeds needs;
  needs.file_descriptors = 2;  // /dev/zero or /dev/null; open-close's file
  return needs;
}

WorkloadInfo SyscallWorkloadInfo() {
  WorkloadInfo info;
  info.name = "syscall";
  info.summary = "system call and signal latency (lmbench's null call, null I/O, stat, open clos, sig inst/hndl)";
  info.unit = WorkUnit::kCalls;
  info.rate_label = "calls";
  info.params = Options().specs();
  info.examples = {"membench run syscall --op null,read,write -r 5",
                   "membench run syscall --op sig-install,sig-handle"};
  info.needs = Needs;
  info.make = MakeWorkload<SyscallWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(SyscallWorkloadInfo);

}  // namespace membench
