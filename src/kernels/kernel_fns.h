// File: kernels/kernel_fns.h
// Declarations of the individual kernels, defined in one file per instruction
// set so each can be compiled with exactly the -m flags it needs (the abseil
// way: one selection point per platform difference, chosen at run time).
// Those of one instruction set are defined in its *_x86_64.cpp or
// *_arm64.cpp files alone, and named only through kernel_list.cpp's
// per-instruction-set wrappers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace membench::kernels {

void CopyLibc(void* dst, const void* src, std::size_t n);
void CopyMovsb(void* dst, const void* src, std::size_t n);
void CopyMovsq(void* dst, const void* src, std::size_t n);
void CopyUnrolled(void* dst, const void* src, std::size_t n);
void CopySse2(void* dst, const void* src, std::size_t n);
void CopyAvx2(void* dst, const void* src, std::size_t n);
void CopyAvx512(void* dst, const void* src, std::size_t n);
void CopyNt(void* dst, const void* src, std::size_t n);
void CopyNeon(void* dst, const void* src, std::size_t n);
void CopyNtPair(void* dst, const void* src, std::size_t n);

void FillLibc(void* dst, int value, std::size_t n);
void FillStosb(void* dst, int value, std::size_t n);
void FillStosq(void* dst, int value, std::size_t n);
void FillUnrolled(void* dst, int value, std::size_t n);
void FillAvx2(void* dst, int value, std::size_t n);
void FillAvx512(void* dst, int value, std::size_t n);
void FillNt(void* dst, int value, std::size_t n);
void FillClzero(void* dst, int value, std::size_t n);
void FillNeon(void* dst, int value, std::size_t n);
void FillNtPair(void* dst, int value, std::size_t n);
void FillDcZva(void* dst, int value, std::size_t n);

int CompareLibc(const void* a, const void* b, std::size_t n);
int CompareSse2(const void* a, const void* b, std::size_t n);
int CompareAvx2(const void* a, const void* b, std::size_t n);
int CompareAvx512(const void* a, const void* b, std::size_t n);
int CompareNeon(const void* a, const void* b, std::size_t n);

std::uint64_t ReadScalar(const void* p, std::size_t n);
std::uint64_t ReadSse2(const void* p, std::size_t n);
std::uint64_t ReadAvx2(const void* p, std::size_t n);
std::uint64_t ReadAvx512(const void* p, std::size_t n);
std::uint64_t ReadNeon(const void* p, std::size_t n);

}  // namespace membench::kernels
