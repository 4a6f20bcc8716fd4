// File: kernels/simd_avx512bw.cpp
// 64-byte AVX-512 compare: byte compares into a mask need AVX-512BW, so this
// file is compiled with -mavx512f -mavx512bw, apart from the AVX-512F
// kernels, and called only when CPUID reports both.
#include <immintrin.h>

#include "kernels/kernel_fns.h"
#include "kernels/vector_ops.h"

namespace membench::kernels {
namespace {

struct Avx512Bw {
  static constexpr std::size_t kWidth = 64;
  static constexpr std::uint64_t kAllEqual = ~std::uint64_t{0};
  static __m512i Load(const char* p) { return _mm512_loadu_si512(p); }
  static std::uint64_t EqualMask(__m512i a, __m512i b) { return _mm512_cmpeq_epi8_mask(a, b); }
  static void Finish() { _mm256_zeroupper(); }
};

}  // namespace

int CompareAvx512(const void* a, const void* b, std::size_t n) {
  return CompareVectors<Avx512Bw>(static_cast<const char*>(a), static_cast<const char*>(b), n);
}

}  // namespace membench::kernels
