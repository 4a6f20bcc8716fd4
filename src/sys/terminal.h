// File: sys/terminal.h
// The progress line of a long run: on stderr, and only when stderr is a
// terminal, so files and pipes get the report alone.
#pragma once

#include <cstddef>
#include <string>

namespace membench::sys {

class ProgressLine {
 public:
  ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();  // clears the line
  void Show(std::size_t index, std::size_t total, const std::string& label) const;

 private:
  bool enabled_;
};

}  // namespace membench::sys
