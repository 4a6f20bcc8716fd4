// File: sys/terminal.h
// The progress line of a long run: on stderr, and only when stderr is a
// terminal, so files and pipes get the report alone.
#pragma once

#include <cstddef>
#include <string>

namespace membench::sys {

// Colour on standard output: a terminal, not TERM=dumb, and NO_COLOR unset
// or empty (no-color.org).
bool StdoutWantsColour();

class ProgressLine {
 public:
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // quiet: never shown (-q), as when stderr is not a terminal.
  explicit ProgressLine(bool quiet);
  ~ProgressLine();  // clears the line
  // Replaces the line with `text`, cut to the terminal's width so it never
  // wraps (a wrapped line cannot be erased).
  void Show(const std::string& text) const;

 private:
  bool enabled_;
  std::size_t columns_ = 80;
};

}  // namespace membench::sys
