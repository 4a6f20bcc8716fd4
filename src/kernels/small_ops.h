// File: kernels/small_ops.h
// Branchy copy and fill of fewer than 64 bytes with overlapping fixed-size
// moves, the technique of glibc's and the kernel's tails: two possibly
// overlapping moves of the largest width that fits cover any length in
// [w, 2w). Included by kernels compiled with different -m flags, hence
// internal linkage: no inline function may be merged across those files.
#pragma once

#include <cstddef>
#include <cstdint>

namespace {

template <std::size_t W>
inline __attribute__((always_inline)) void MoveEnds(char* d, const char* s, std::size_t n) {
  char head[W], tail[W];
  __builtin_memcpy(head, s, W);
  __builtin_memcpy(tail, s + n - W, W);
  __builtin_memcpy(d, head, W);
  __builtin_memcpy(d + n - W, tail, W);
}

// Copies n < 64 bytes.
inline __attribute__((always_inline)) void CopyBelow64(char* d, const char* s, std::size_t n) {
  if (n >= 32) {
    MoveEnds<32>(d, s, n);
  } else if (n >= 16) {
    MoveEnds<16>(d, s, n);
  } else if (n >= 8) {
    MoveEnds<8>(d, s, n);
  } else if (n >= 4) {
    MoveEnds<4>(d, s, n);
  } else if (n != 0) {
    // 1..3 bytes: first, middle and last cover every length.
    char first = s[0], middle = s[n / 2], last = s[n - 1];
    d[0] = first;
    d[n / 2] = middle;
    d[n - 1] = last;
  }
}

template <std::size_t W>
inline __attribute__((always_inline)) void SetEnds(char* d, std::uint64_t pattern, std::size_t n) {
  char block[W];
  for (std::size_t i = 0; i < W; i += 8) __builtin_memcpy(block + i, &pattern, W < 8 ? W : 8);
  __builtin_memcpy(d, block, W);
  __builtin_memcpy(d + n - W, block, W);
}

// Fills n < 64 bytes with the byte repeated in pattern.
inline __attribute__((always_inline)) void FillBelow64(char* d, std::uint64_t pattern, std::size_t n) {
  if (n >= 32) {
    SetEnds<32>(d, pattern, n);
  } else if (n >= 16) {
    SetEnds<16>(d, pattern, n);
  } else if (n >= 8) {
    SetEnds<8>(d, pattern, n);
  } else if (n >= 4) {
    SetEnds<4>(d, pattern, n);
  } else if (n != 0) {
    const char byte = static_cast<char>(pattern);
    d[0] = byte;
    d[n / 2] = byte;
    d[n - 1] = byte;
  }
}

inline std::uint64_t BytePattern(int value) { return 0x0101010101010101ull * static_cast<unsigned char>(value); }

}  // namespace
