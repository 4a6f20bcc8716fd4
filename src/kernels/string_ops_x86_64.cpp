// File: kernels/string_ops_x86_64.cpp
// The x86 string-instruction kernels (rep movs/stos), as the kernel's memcpy
// and memset use them, and AMD's clzero.
#include <cstdint>

#include "kernels/kernel_fns.h"
#include "kernels/small_ops.h"

namespace membench::kernels {

void CopyMovsb(void* dst, const void* src, std::size_t n) {
  asm volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
}

// rep movsq for the 8-byte words, then rep movsb for the 0..7 left over,
// as the kernel's __memcpy did before FSRM.
void CopyMovsq(void* dst, const void* src, std::size_t n) {
  std::size_t words = n >> 3;
  std::size_t rest = n & 7;
  asm volatile(
      "rep movsq\n\t"
      "movq %[rest], %%rcx\n\t"
      "rep movsb"
      : "+D"(dst), "+S"(src), "+c"(words)
      : [rest] "r"(rest)
      : "memory");
}

void FillStosb(void* dst, int value, std::size_t n) {
  asm volatile("rep stosb" : "+D"(dst), "+c"(n) : "a"(value) : "memory");
}

void FillStosq(void* dst, int value, std::size_t n) {
  std::size_t words = n >> 3;
  std::size_t rest = n & 7;
  asm volatile(
      "rep stosq\n\t"
      "movq %[rest], %%rcx\n\t"
      "rep stosb"
      : "+D"(dst), "+c"(words)
      : "a"(BytePattern(value)), [rest] "r"(rest)
      : "memory");
}

// clzero zeroes the whole 64-byte line that holds its address; the head and
// tail that are not whole lines are written with ordinary stores. It cannot
// write anything but zeros: other values go to rep stosb, so a caller that
// ignores the zero_only flag gets a correct result, not a silently wrong one.
void FillClzero(void* dst, int value, std::size_t n) {
  if (static_cast<unsigned char>(value) != 0 || n < 128) {
    FillStosb(dst, value, n);
    return;
  }
  char* d = static_cast<char*>(dst);
  char* line = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(d) + 63) & ~std::uintptr_t{63});
  char* const end = d + n;
  char* const last_line = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(end) & ~std::uintptr_t{63});
  FillStosb(d, 0, static_cast<std::size_t>(line - d));
  for (; line < last_line; line += 64) asm volatile("clzero" : : "a"(line) : "memory");
  FillStosb(last_line, 0, static_cast<std::size_t>(end - last_line));
  asm volatile("sfence" : : : "memory");
}

}  // namespace membench::kernels
