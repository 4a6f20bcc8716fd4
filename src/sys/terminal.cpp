// File: sys/terminal.cpp
#include "sys/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace membench::sys {

bool StdoutWantsColour() {
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  if (no_colour != nullptr && no_colour[0] != '\0') return false;
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return ::isatty(STDOUT_FILENO) == 1;
}

ProgressLine::ProgressLine(bool quiet) : enabled_(!quiet && ::isatty(STDERR_FILENO) == 1) {
  winsize size{};
  if (enabled_ && ::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) columns_ = size.ws_col;
}

ProgressLine::~ProgressLine() {
  if (enabled_) std::fprintf(stderr, "\r\033[K");
}

void ProgressLine::Show(const std::string& text) const {
  if (!enabled_) return;
  const std::string line = text.size() < columns_ ? text : text.substr(0, columns_ - 1);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
}

}  // namespace membench::sys
