// File: core/error.h
// The one exception type membench throws for conditions the user can act on
// (bad input, a resource the machine lacks). Its message says what failed,
// the value that caused it, and what to do; main() prints it and exits 2.
#pragma once

#include <stdexcept>
#include <string>

namespace membench {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace membench
