// File: sys/terminal.cpp
#include "sys/terminal.h"

#include <unistd.h>

#include <cstdio>

namespace membench::sys {

ProgressLine::ProgressLine() : enabled_(::isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() {
  if (enabled_) std::fprintf(stderr, "\r\033[K");
}

void ProgressLine::Show(std::size_t index, std::size_t total, const std::string& label) const {
  if (enabled_) std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", index + 1, total, label.c_str());
}

}  // namespace membench::sys
