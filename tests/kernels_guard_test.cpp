// File: tests/kernels_guard_test.cpp
// No kernel reads or writes outside its buffers, shown with PROT_NONE pages
// on both sides: for every size 0..4160, a buffer that ends exactly where a
// guard page begins, and one that starts exactly where a guard page ends,
// for the source (copy, compare, read) and the destination (copy, fill).
// An access of even one byte past the end faults; the fault is caught and
// reported with the kernel, the size and the side. Vector kernels that read
// whole aligned vectors may read past the end inside the last page (glibc
// does); that cannot fault, so it is not what these tests forbid.
// Compares are also checked with a difference at every position of every
// size below one 64-byte vector, and in the last 64 bytes (the overlapping
// tail the vector loops finish with) of every size up to 4160.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <csetjmp>
#include <csignal>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernels/kernel.h"
#include "workloads/impl_params.h"

namespace membench {
namespace {

constexpr std::size_t kMaxSize = 4096 + 64;
constexpr std::size_t kPage = 4096;
// Two usable pages hold the largest size with room for the misaligned start.
constexpr std::size_t kUsable = 2 * kPage;

// [guard][kUsable bytes, read-write][guard]
class GuardedArea {
 public:
  GuardedArea() {
    void* p = ::mmap(nullptr, kUsable + 2 * kPage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
    base_ = static_cast<unsigned char*>(p);
    if (::mprotect(base_ + kPage, kUsable, PROT_READ | PROT_WRITE) != 0) throw std::runtime_error("mprotect failed");
  }
  GuardedArea(const GuardedArea&) = delete;
  GuardedArea& operator=(const GuardedArea&) = delete;
  ~GuardedArea() { ::munmap(base_, kUsable + 2 * kPage); }
  unsigned char* begin() const { return base_ + kPage; }
  unsigned char* end() const { return base_ + kPage + kUsable; }
  // n bytes that end exactly at the guard page after the area.
  unsigned char* EndingAtGuard(std::size_t n) const { return end() - n; }
  // n bytes that start exactly after the guard page before the area.
  unsigned char* StartingAtGuard() const { return begin(); }

 private:
  unsigned char* base_ = nullptr;
};

sigjmp_buf g_fault_jump;

extern "C" void OnGuardFault(int) { siglongjmp(g_fault_jump, 1); }

// Runs `access` with SIGSEGV and SIGBUS caught: true when it touched a
// guard page.
bool Faults(const std::function<void()>& access) {
  struct sigaction catcher {
  }, old_segv{}, old_bus{};
  catcher.sa_handler = OnGuardFault;
  sigemptyset(&catcher.sa_mask);
  catcher.sa_flags = SA_NODEFER;
  sigaction(SIGSEGV, &catcher, &old_segv);
  sigaction(SIGBUS, &catcher, &old_bus);
  bool faulted = false;
  if (sigsetjmp(g_fault_jump, 1) == 0) {
    access();
  } else {
    faulted = true;
  }
  sigaction(SIGSEGV, &old_segv, nullptr);
  sigaction(SIGBUS, &old_bus, nullptr);
  return faulted;
}

void FillPattern(unsigned char* p, std::size_t n, unsigned seed) {
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<unsigned char>(1 + (i * 131 + seed) % 251);
}

template <class Kernel>
std::vector<std::string> AvailableNames(const std::vector<Kernel>& kernels) {
  std::vector<std::string> names;
  for (const auto& k : kernels) names.emplace_back(k.name);
  return names;
}

template <class Kernel>
const Kernel* Runnable(const Kernel& k) {
  return UnavailableReason(k).empty() ? &k : nullptr;
}

std::string Name(const testing::TestParamInfo<std::string>& info) { return info.param; }

// The harness itself: one byte past the end, or before the start, faults.
TEST(GuardedArea, CatchesAnAccessOneByteOutside) {
  GuardedArea area;
  const volatile unsigned char* end = area.EndingAtGuard(16);
  const volatile unsigned char* start = area.StartingAtGuard();
  EXPECT_FALSE(Faults([&] { (void)end[15]; }));
  EXPECT_TRUE(Faults([&] { (void)end[16]; }));
  EXPECT_TRUE(Faults([&] { (void)start[-1]; }));
}

class CopyGuardTest : public testing::TestWithParam<std::string> {};

TEST_P(CopyGuardTest, NeverTouchesAByteOutsideEitherBuffer) {
  const CopyKernel* k = Runnable(FindCopyKernel(GetParam()));
  if (k == nullptr) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << " cannot run on this CPU";
  GuardedArea src_area, dst_area;
  FillPattern(src_area.begin(), kUsable, 7);
  for (std::size_t n = 0; n <= kMaxSize; ++n) {
    // Source ending at its guard, destination ending at its guard; then both
    // starting right after one.
    const std::pair<const unsigned char*, unsigned char*> placements[] = {
        {src_area.EndingAtGuard(n), dst_area.begin() + 1},
        {src_area.begin() + 3, dst_area.EndingAtGuard(n)},
        {src_area.EndingAtGuard(n), dst_area.EndingAtGuard(n)},
        {src_area.StartingAtGuard(), dst_area.StartingAtGuard()},
    };
    for (const auto& [src, dst] : placements) {
      ASSERT_FALSE(Faults([&] { k->fn(dst, src, n); }))
          << GetParam() << " size " << n << " touched a guard page (src +" << (src - src_area.begin()) << ", dst +"
          << (dst - dst_area.begin()) << ")";
      ASSERT_EQ(std::memcmp(dst, src, n), 0) << GetParam() << " size " << n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Copy, CopyGuardTest, testing::ValuesIn(AvailableNames(CopyKernels())), Name);

class FillGuardTest : public testing::TestWithParam<std::string> {};

TEST_P(FillGuardTest, NeverTouchesAByteOutsideTheBuffer) {
  const FillKernel* k = Runnable(FindFillKernel(GetParam()));
  if (k == nullptr) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << " cannot run on this CPU";
  GuardedArea area;
  for (std::size_t n = 0; n <= kMaxSize; ++n) {
    for (unsigned char* dst : {area.EndingAtGuard(n), area.StartingAtGuard()}) {
      std::memset(area.begin(), 0x5a, kUsable);
      ASSERT_FALSE(Faults([&] { k->fn(dst, 0, n); }))
          << GetParam() << " size " << n << " touched a guard page (dst +" << (dst - area.begin()) << ")";
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(dst[i], 0) << GetParam() << " size " << n << " byte " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Fill, FillGuardTest, testing::ValuesIn(AvailableNames(FillKernels())), Name);

class ReadGuardTest : public testing::TestWithParam<std::string> {};

TEST_P(ReadGuardTest, NeverReadsAByteOutsideTheBuffer) {
  const ReadKernel* k = Runnable(FindReadKernel(GetParam()));
  if (k == nullptr) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << " cannot run on this CPU";
  GuardedArea area;
  FillPattern(area.begin(), kUsable, 3);
  for (std::size_t n = 0; n <= kMaxSize; ++n) {
    for (const unsigned char* p : {static_cast<const unsigned char*>(area.EndingAtGuard(n)),
                                   static_cast<const unsigned char*>(area.StartingAtGuard())}) {
      std::uint64_t sum = 0;
      ASSERT_FALSE(Faults([&] { sum = k->fn(p, n); }))
          << GetParam() << " size " << n << " touched a guard page (+" << (p - area.begin()) << ")";
      std::uint64_t expected = 0;
      for (std::size_t i = 0; i < n; ++i) expected += static_cast<std::uint64_t>(p[i]) << (8 * (i % 8));
      ASSERT_EQ(sum, expected) << GetParam() << " size " << n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Read, ReadGuardTest, testing::ValuesIn(AvailableNames(ReadKernels())), Name);

int Sign(int v) { return (v > 0) - (v < 0); }

class CompareGuardTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    kernel_ = Runnable(FindCompareKernel(GetParam()));
    if (kernel_ == nullptr) GTEST_SKIP() << "[cpu-lacks] " << GetParam() << " cannot run on this CPU";
  }
  const CompareKernel* kernel_ = nullptr;
};

TEST_P(CompareGuardTest, NeverReadsAByteOutsideEitherBuffer) {
  GuardedArea a_area, b_area;
  FillPattern(a_area.begin(), kUsable, 11);
  for (std::size_t n = 0; n <= kMaxSize; ++n) {
    const std::pair<const unsigned char*, unsigned char*> placements[] = {
        {a_area.EndingAtGuard(n), b_area.begin() + 5},
        {a_area.begin() + 9, b_area.EndingAtGuard(n)},
        {a_area.EndingAtGuard(n), b_area.EndingAtGuard(n)},
        {a_area.StartingAtGuard(), b_area.StartingAtGuard()},
    };
    for (const auto& [a, b] : placements) {
      std::memcpy(b, a, n);
      int result = 1;
      ASSERT_FALSE(Faults([&] { result = kernel_->fn(a, b, n); }))
          << GetParam() << " size " << n << " touched a guard page (a +" << (a - a_area.begin()) << ", b +"
          << (b - b_area.begin()) << ")";
      ASSERT_EQ(result, 0) << GetParam() << " size " << n;
    }
  }
}

// One difference at position p of an n-byte compare, both buffers ending at
// their guard pages; the sign must be memcmp's, both ways round.
void ExpectDifferenceFound(const CompareKernel& k, const GuardedArea& a_area, const GuardedArea& b_area, std::size_t n,
                           std::size_t p) {
  const unsigned char* a = a_area.EndingAtGuard(n);
  unsigned char* b = b_area.EndingAtGuard(n);
  for (const unsigned char other : {static_cast<unsigned char>(0x01), static_cast<unsigned char>(0xfe)}) {
    const unsigned char saved = b[p];
    if (saved == other) continue;
    b[p] = other;
    const int expected = Sign(std::memcmp(a, b, n));
    int forward = 0, backward = 0;
    ASSERT_FALSE(Faults([&] {
      forward = k.fn(a, b, n);
      backward = k.fn(b, a, n);
    })) << k.name
        << " size " << n;
    ASSERT_EQ(Sign(forward), expected) << k.name << " size " << n << " difference at " << p;
    ASSERT_EQ(Sign(backward), -expected) << k.name << " size " << n << " difference at " << p << " (swapped)";
    b[p] = saved;
  }
}

TEST_P(CompareGuardTest, FindsADifferenceAtEveryPositionBelowOneVector) {
  GuardedArea a_area, b_area;
  FillPattern(a_area.begin(), kUsable, 5);
  for (std::size_t n = 1; n < 64; ++n) {
    std::memcpy(b_area.EndingAtGuard(n), a_area.EndingAtGuard(n), n);
    for (std::size_t p = 0; p < n; ++p) ExpectDifferenceFound(*kernel_, a_area, b_area, n, p);
  }
}

TEST_P(CompareGuardTest, FindsADifferenceAtEveryPositionOfTheTail) {
  GuardedArea a_area, b_area;
  FillPattern(a_area.begin(), kUsable, 9);
  for (std::size_t n = 64; n <= kMaxSize; ++n) {
    std::memcpy(b_area.EndingAtGuard(n), a_area.EndingAtGuard(n), n);
    for (std::size_t p = n - 64; p < n; ++p) ExpectDifferenceFound(*kernel_, a_area, b_area, n, p);
  }
}

INSTANTIATE_TEST_SUITE_P(Compare, CompareGuardTest, testing::ValuesIn(AvailableNames(CompareKernels())), Name);

}  // namespace
}  // namespace membench
