// File: workloads/protfault.cpp
// protfault: lmbench's protection-fault latency: a write to a read-only
// page, SIGSEGV, and a handler that makes the page writable (the loop then
// makes it read-only again: two mprotect calls per fault) or skips the
// faulting store (fault, signal delivery and sigreturn alone).

#include <fmt/format.h>

#include <memory>

#include "core/error.h"
#include "core/option_table.h"
#include "engine/registry.h"
#include "sys/protection_fault.h"

namespace membench {
namespace {

struct ProtfaultOptions {
  std::string recovery;
};

const OptionTable<ProtfaultOptions>& Options() {
  static const auto table = OptionTable<ProtfaultOptions>().Add(
      ChoiceParam("recovery", "skip",
                  "skip (the handler steps over the store) or mprotect (the handler makes the page "
                  "writable; the loop makes it read-only again)",
                  {"skip", "mprotect"}),
      &ProtfaultOptions::recovery);
  return table;
}

class ProtfaultWorkload final : public Workload {
 public:
  void Prepare(const Point& point) override {
    const ProtfaultOptions options = Options().Read(point);
    recovery_ = options.recovery == "mprotect" ? sys::FaultRecovery::kMprotect : sys::FaultRecovery::kSkip;
    faults_ = std::make_unique<sys::ProtectionFaults>(recovery_);
  }

  void Run(std::uint64_t loops) override {
    const std::uint64_t before = faults_->caught();
    faults_->Take(loops);
    if (faults_->caught() - before != loops) {
      throw Error(fmt::format("expected {} protection faults, caught {}", loops, faults_->caught() - before));
    }
  }

  std::uint64_t WorkPerLoop() const override { return 1; }

  std::vector<std::string> Notes() const override {
    return {recovery_ == sys::FaultRecovery::kMprotect
                ? "per fault: the write faults, the SIGSEGV handler mprotects the page writable, the write is "
                  "retried, the loop mprotects it read-only again"
                : "per fault: the write faults, the SIGSEGV handler steps over the store; no mprotect"};
  }

 private:
  sys::FaultRecovery recovery_ = sys::FaultRecovery::kSkip;
  std::unique_ptr<sys::ProtectionFaults> faults_;
};

WorkloadInfo ProtfaultWorkloadInfo() {
  WorkloadInfo info;
  info.name = "protfault";
  info.summary = "protection-fault latency: write to a read-only page, catch SIGSEGV (lmbench's Prot Fault)";
  info.unit = WorkUnit::kFaults;
  info.rate_label = "faults";
  info.params = Options().specs();
  info.examples = {"membench run protfault --recovery skip,mprotect"};
  info.make = MakeWorkload<ProtfaultWorkload>;
  return info;
}

}  // namespace

MEMBENCH_REGISTER_WORKLOAD(ProtfaultWorkloadInfo);

}  // namespace membench
