// File: kernels/scalar.cpp
// libc, unrolled 64-bit-register and scalar read kernels, portable C++ on
// every instruction set. The unrolled ones follow the kernel's memcpy_orig and
// memset_orig (arch/x86/lib/memcpy_64.S, memset_64.S): 32 bytes per
// iteration in four 64-bit registers for copy, eight 8-byte stores per 64
// bytes for fill. This file is compiled without auto-vectorisation and
// without loop-to-libcall conversion (see CMakeLists.txt), or the compiler
// would turn these loops into SSE code or a call to memcpy, and "unrolled"
// would measure something else.
#include <cstdint>
#include <cstring>

#include "kernels/kernel_fns.h"
#include "kernels/small_ops.h"

namespace membench::kernels {

void CopyLibc(void* dst, const void* src, std::size_t n) { std::memcpy(dst, src, n); }

void FillLibc(void* dst, int value, std::size_t n) { std::memset(dst, value, n); }

int CompareLibc(const void* a, const void* b, std::size_t n) { return std::memcmp(a, b, n); }

namespace {

inline std::uint64_t Load64(const char* p) {
  std::uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

inline void Store64(char* p, std::uint64_t v) { __builtin_memcpy(p, &v, 8); }

}  // namespace

void CopyUnrolled(void* dst, const void* src, std::size_t n) {
  char* d = static_cast<char*>(dst);
  const char* s = static_cast<const char*>(src);
  while (n >= 32) {
    const std::uint64_t r8 = Load64(s), r9 = Load64(s + 8), r10 = Load64(s + 16), r11 = Load64(s + 24);
    Store64(d, r8);
    Store64(d + 8, r9);
    Store64(d + 16, r10);
    Store64(d + 24, r11);
    s += 32;
    d += 32;
    n -= 32;
  }
  if (n >= 16) {
    const std::uint64_t a = Load64(s), b = Load64(s + 8), c = Load64(s + n - 16), e = Load64(s + n - 8);
    Store64(d, a);
    Store64(d + 8, b);
    Store64(d + n - 16, c);
    Store64(d + n - 8, e);
  } else {
    CopyBelow64(d, s, n);
  }
}

void FillUnrolled(void* dst, int value, std::size_t n) {
  char* d = static_cast<char*>(dst);
  const std::uint64_t pattern = BytePattern(value);
  if (n < 64) {
    FillBelow64(d, pattern, n);
    return;
  }
  // Align the destination to 8 with one unaligned store, as memset_orig does.
  const std::size_t misalign = reinterpret_cast<std::uintptr_t>(d) & 7;
  if (misalign != 0) {
    Store64(d, pattern);
    d += 8 - misalign;
    n -= 8 - misalign;
  }
  for (std::size_t blocks = n >> 6; blocks != 0; --blocks) {
    for (int i = 0; i < 64; i += 8) Store64(d + i, pattern);
    d += 64;
  }
  n &= 63;
  for (; n >= 8; n -= 8, d += 8) Store64(d, pattern);
  for (; n != 0; --n) *d++ = static_cast<char>(pattern);
}

std::uint64_t ReadScalar(const void* p, std::size_t n) {
  const char* s = static_cast<const char*>(p);
  std::uint64_t sum0 = 0, sum1 = 0, sum2 = 0, sum3 = 0;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    sum0 += Load64(s + i);
    sum1 += Load64(s + i + 8);
    sum2 += Load64(s + i + 16);
    sum3 += Load64(s + i + 24);
  }
  for (; i + 8 <= n; i += 8) sum0 += Load64(s + i);
  if (i < n) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; i + k < n; ++k)
      word |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[i + k])) << (8 * k);
    sum0 += word;
  }
  return sum0 + sum1 + sum2 + sum3;
}

}  // namespace membench::kernels
