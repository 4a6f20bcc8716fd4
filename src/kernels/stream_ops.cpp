// File: kernels/stream_ops.cpp
#include "kernels/stream_ops.h"

#include <cstring>

namespace membench {

void StreamCopy(double* __restrict c, const double* __restrict a, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) c[j] = a[j];
}

void StreamScale(double* __restrict b, const double* __restrict c, double q, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) b[j] = q * c[j];
}

void StreamAdd(double* __restrict c, const double* __restrict a, const double* __restrict b, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) c[j] = a[j] + b[j];
}

void StreamTriad(double* __restrict a, const double* __restrict b, const double* __restrict c, double q,
                 std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) a[j] = b[j] + q * c[j];
}

void ReadModifyWrite(char* p, std::size_t n, std::size_t stride) {
  if (stride == 8) {
    // Words one after another: a loop the compiler can vectorise.
    const std::size_t words = n / 8;
    for (std::size_t i = 0; i < words; ++i) {
      std::uint64_t word;
      std::memcpy(&word, p + i * 8, 8);
      ++word;
      std::memcpy(p + i * 8, &word, 8);
    }
    return;
  }
  for (std::size_t at = 0; at + 8 <= n; at += stride) {
    std::uint64_t word;
    std::memcpy(&word, p + at, 8);
    ++word;
    std::memcpy(p + at, &word, 8);
  }
}

}  // namespace membench
