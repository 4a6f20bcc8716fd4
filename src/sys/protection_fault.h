// File: sys/protection_fault.h
// Protection faults on purpose (lmbench's "Prot Fault"): a write to a
// read-only page, a SIGSEGV, and a handler that either makes the page
// writable (the write is then retried; the loop makes it read-only again,
// as a generational GC's write barrier does) or skips the faulting
// instruction (the bare cost of fault, signal delivery and sigreturn). The
// handler takes only faults on its own page: any other SIGSEGV gets the
// default action, so a real crash still crashes.
#pragma once

#include <signal.h>

#include <cstdint>

namespace membench::sys {

enum class FaultRecovery { kMprotect, kSkip };

class ProtectionFaults {
 public:
  // Maps the page and installs the handler; throws Error on failure.
  // Several may live at once (interleaved points): the one taking faults
  // tells the handler its page and recovery.
  explicit ProtectionFaults(FaultRecovery recovery);
  ProtectionFaults(const ProtectionFaults&) = delete;
  ProtectionFaults& operator=(const ProtectionFaults&) = delete;
  ~ProtectionFaults();

  // Takes `count` protection faults.
  void Take(std::uint64_t count);
  // Faults caught so far (each Take must add exactly its count).
  std::uint64_t caught() const;

 private:
  FaultRecovery recovery_;
  char* page_ = nullptr;
  struct sigaction previous_ {};
};

}  // namespace membench::sys
