// File: kernels/simd_neon_arm64.cpp
// arm64's copy, fill, compare and read over pairs of 16-byte q registers,
// moved with one ldp/stp each as the kernel's copy_template.S moves them;
// the non-temporal pairs (ldnp/stnp) of its copy_page.S; and dc zva
// clearing, the block-at-a-time zeroing of its clear_page.S. Advanced SIMD
// is part of ARMv8-A, so no -march flag is needed.
#include <arm_neon.h>

#include <cstdint>

#include "kernels/kernel_fns.h"
#include "kernels/vector_ops.h"

namespace membench::kernels {
namespace {

struct QPair {
  uint8x16_t lo, hi;
};

// 32 bytes as a memory operand of the asm below, so the compiler knows
// which bytes each pair instruction reads or writes.
using Block32 = char[32];

// One bit per equal byte of a 16-byte compare: each byte's equality mask
// kept as its bit of a byte-weight vector, summed across each half.
inline std::uint64_t EqualBits16(uint8x16_t equal) {
  static constexpr std::uint8_t kWeights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t bits = vandq_u8(equal, vld1q_u8(kWeights));
  return vaddv_u8(vget_low_u8(bits)) | (static_cast<std::uint64_t>(vaddv_u8(vget_high_u8(bits))) << 8);
}

struct NeonPair {
  static constexpr std::size_t kWidth = 32;
  static QPair Load(const char* p) {
    QPair v;
    asm("ldp %q0, %q1, [%2]" : "=w"(v.lo), "=w"(v.hi) : "r"(p), "m"(*reinterpret_cast<const Block32*>(p)));
    return v;
  }
  static void Store(char* p, QPair v) {
    asm("stp %q1, %q2, [%3]" : "=m"(*reinterpret_cast<Block32*>(p)) : "w"(v.lo), "w"(v.hi), "r"(p));
  }
  static void StoreLoop(char* p, QPair v) { Store(p, v); }
  static QPair Splat(int value) {
    const uint8x16_t v = vdupq_n_u8(static_cast<std::uint8_t>(value));
    return {v, v};
  }
  static void Finish() {}
  static constexpr std::uint64_t kAllEqual = 0xffffffff;
  static std::uint64_t EqualMask(QPair a, QPair b) {
    return EqualBits16(vceqq_u8(a.lo, b.lo)) | (EqualBits16(vceqq_u8(a.hi, b.hi)) << 16);
  }
  static QPair Zero() { return Splat(0); }
  static QPair Add64(QPair a, QPair b) {
    return {vreinterpretq_u8_u64(vaddq_u64(vreinterpretq_u64_u8(a.lo), vreinterpretq_u64_u8(b.lo))),
            vreinterpretq_u8_u64(vaddq_u64(vreinterpretq_u64_u8(a.hi), vreinterpretq_u64_u8(b.hi)))};
  }
  static std::uint64_t HorizontalSum(QPair v) {
    return vaddvq_u64(vaddq_u64(vreinterpretq_u64_u8(v.lo), vreinterpretq_u64_u8(v.hi)));
  }
};

// ldnp/stnp: pairs with a hint that the data is not to be kept in the caches.
// They are weakly ordered against other accesses to the same address, so
// dmb ishst orders them before whatever the caller stores next.
struct NeonNtPair : NeonPair {
  static QPair Load(const char* p) {
    QPair v;
    asm("ldnp %q0, %q1, [%2]" : "=w"(v.lo), "=w"(v.hi) : "r"(p), "m"(*reinterpret_cast<const Block32*>(p)));
    return v;
  }
  static void StoreLoop(char* p, QPair v) {
    asm("stnp %q1, %q2, [%3]" : "=m"(*reinterpret_cast<Block32*>(p)) : "w"(v.lo), "w"(v.hi), "r"(p));
  }
  static void Finish() { asm volatile("dmb ishst" : : : "memory"); }
};

// DCZID_EL0, readable at EL0: bits 3:0 are log2 of the block in 4-byte
// words, bit 4 (DZP) forbids dc zva.
std::size_t DcZvaBlockBytes() {
  std::uint64_t dczid = 0;
  asm("mrs %0, dczid_el0" : "=r"(dczid));
  return (dczid & 16) != 0 ? 0 : std::size_t{4} << (dczid & 15);
}

}  // namespace

void CopyNeon(void* dst, const void* src, std::size_t n) {
  CopyVectors<NeonPair>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

void CopyNtPair(void* dst, const void* src, std::size_t n) {
  CopyVectors<NeonNtPair>(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

void FillNeon(void* dst, int value, std::size_t n) { FillVectors<NeonPair>(static_cast<char*>(dst), value, n); }

void FillNtPair(void* dst, int value, std::size_t n) { FillVectors<NeonNtPair>(static_cast<char*>(dst), value, n); }

int CompareNeon(const void* a, const void* b, std::size_t n) {
  return CompareVectors<NeonPair>(static_cast<const char*>(a), static_cast<const char*>(b), n);
}

std::uint64_t ReadNeon(const void* p, std::size_t n) { return SumVectors<NeonPair>(static_cast<const char*>(p), n); }

// dc zva zeroes the whole aligned block that holds its address; the head and
// tail that are not whole blocks are written with stp. It cannot write
// anything but zeros: other values, and a CPU where DZP forbids it, go to
// the stp fill, so a caller that ignores the zero_only flag gets a correct
// result, not a silently wrong one.
void FillDcZva(void* dst, int value, std::size_t n) {
  static const std::size_t block = DcZvaBlockBytes();
  if (static_cast<unsigned char>(value) != 0 || block == 0 || n < 2 * block) {
    FillNeon(dst, value, n);
    return;
  }
  char* d = static_cast<char*>(dst);
  const std::uintptr_t mask = block - 1;
  char* at = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(d) + mask) & ~mask);
  char* const end = d + n;
  char* const last_block = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(end) & ~mask);
  FillNeon(d, 0, static_cast<std::size_t>(at - d));
  for (; at < last_block; at += block) asm volatile("dc zva, %0" : : "r"(at) : "memory");
  FillNeon(last_block, 0, static_cast<std::size_t>(end - last_block));
}

}  // namespace membench::kernels
