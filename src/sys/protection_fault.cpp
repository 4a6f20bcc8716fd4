// File: sys/protection_fault.cpp
#include "sys/protection_fault.h"

#include <sys/mman.h>
#include <ucontext.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"
#include "sys/memory.h"

namespace membench::sys {
namespace {

// One base page, whatever its size: mprotect works on whole ones.
const std::size_t kPage = BasePageBytes();

char* g_page = nullptr;
FaultRecovery g_recovery = FaultRecovery::kSkip;
volatile std::uint64_t g_caught = 0;

// The store that faults, of a known length, which the skipping handler
// steps over: "movb $1, (%rax)", encoded c6 00 01, three bytes; on arm64
// "strb w1, [x0]", one 4-byte instruction.
#if defined(__x86_64__)
constexpr long long kStoreLength = 3;
inline void StoreTo(char* page) { asm volatile("movb $1, (%%rax)" : : "a"(page) : "memory"); }
inline void StepOverStore(ucontext_t* context) { context->uc_mcontext.gregs[REG_RIP] += kStoreLength; }
#elif defined(__aarch64__)
constexpr unsigned long long kStoreLength = 4;
inline void StoreTo(char* page) {
  register char* address asm("x0") = page;
  register int one asm("w1") = 1;
  asm volatile("strb w1, [x0]" : : "r"(address), "r"(one) : "memory");
}
inline void StepOverStore(ucontext_t* context) { context->uc_mcontext.pc += kStoreLength; }
#endif

extern "C" void OnProtectionFault(int signal_number, siginfo_t* info, void* context) {
  char* address = static_cast<char*>(info->si_addr);
  if (g_page == nullptr || address < g_page || address >= g_page + kPage) {
    // Not ours: let the retried access crash as it would have.
    ::signal(signal_number, SIG_DFL);
    return;
  }
  g_caught = g_caught + 1;
  if (g_recovery == FaultRecovery::kMprotect) {
    ::mprotect(g_page, kPage, PROT_READ | PROT_WRITE);
  } else {
    StepOverStore(static_cast<ucontext_t*>(context));
  }
}

}  // namespace

ProtectionFaults::ProtectionFaults(FaultRecovery recovery) : recovery_(recovery) {
  void* p = ::mmap(nullptr, kPage, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (p == MAP_FAILED) throw Error(std::string("mmap of the read-only page failed: ") + std::strerror(errno));
  page_ = static_cast<char*>(p);
  struct sigaction action {};
  action.sa_sigaction = OnProtectionFault;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (::sigaction(SIGSEGV, &action, &previous_) != 0) {
    ::munmap(page_, kPage);
    throw Error(std::string("cannot install the SIGSEGV handler: ") + std::strerror(errno));
  }
}

ProtectionFaults::~ProtectionFaults() {
  ::sigaction(SIGSEGV, &previous_, nullptr);
  if (g_page == page_) g_page = nullptr;
  ::munmap(page_, kPage);
}

void ProtectionFaults::Take(std::uint64_t count) {
  g_page = page_;
  g_recovery = recovery_;
  for (std::uint64_t i = 0; i < count; ++i) {
    StoreTo(page_);
    if (recovery_ == FaultRecovery::kMprotect) ::mprotect(page_, kPage, PROT_READ);
  }
}

std::uint64_t ProtectionFaults::caught() const { return g_caught; }

}  // namespace membench::sys
