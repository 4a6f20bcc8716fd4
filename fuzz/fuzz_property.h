// File: fuzz/fuzz_property.h
// What every fuzz target shares: its input as text, and the one way a
// property fails - a message on stderr and abort(), which libFuzzer records
// as a crash with the input that caused it. membench's own Error is the
// expected answer to bad input; any other exception escapes and is a
// finding too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace membench::fuzz {

inline std::string InputText(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Fails the run when a property does not hold.
inline void Require(bool holds, const std::string& property) {
  if (holds) return;
  std::fprintf(stderr, "membench fuzz: property violated: %s\n", property.c_str());
  std::abort();
}

}  // namespace membench::fuzz
