// File: kernels/stream_ops.h
// STREAM's four kernels (McCalpin) over arrays of doubles, as its C loops
// are, left to the compiler: copy c = a, scale b = q*c, add c = a + b,
// triad a = b + q*c; and bw_mem's read-modify-write (lmbench's rdwr), each
// 64-bit word read and written back. No -m flag: what the baseline
// instruction set and the compiler make of the loop, as STREAM's own build.
#pragma once

#include <cstddef>
#include <cstdint>

namespace membench {

// STREAM's scalar.
inline constexpr double kStreamScalar = 3.0;

void StreamCopy(double* __restrict c, const double* __restrict a, std::size_t n);
void StreamScale(double* __restrict b, const double* __restrict c, double q, std::size_t n);
void StreamAdd(double* __restrict c, const double* __restrict a, const double* __restrict b, std::size_t n);
void StreamTriad(double* __restrict a, const double* __restrict b, const double* __restrict c, double q,
                 std::size_t n);

// Adds one to every 64-bit word at p, p + stride, ... below p + n (a word
// read, then written back): bw_mem's rdwr with 8-byte words; stride 8 is
// every word. stride is a positive multiple of 8.
void ReadModifyWrite(char* p, std::size_t n, std::size_t stride);

}  // namespace membench
