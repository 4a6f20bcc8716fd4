// File: sys/pause_point.cpp
#include "sys/pause_point.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

namespace membench::sys {

void PausePoint(const char* name) {
  static const char* const wanted = std::getenv("MEMBENCH_PAUSE_AT");
  if (wanted == nullptr) return;
  // "name" or "name#N": the first or the N-th time the moment comes.
  static const std::string moment = std::string(wanted).substr(0, std::string(wanted).find('#'));
  static const long nth = std::strchr(wanted, '#') ? std::atol(std::strchr(wanted, '#') + 1) : 1;
  static std::atomic<long> reached{0};  // --threads: workers reach moments at once
  if (moment != name || ++reached != nth) return;
  const std::string line = std::string("membench: paused at ") + wanted + " (pid " + std::to_string(::getpid()) + ")\n";
  [[maybe_unused]] const ssize_t put = ::write(STDERR_FILENO, line.data(), line.size());
  std::raise(SIGSTOP);
}

}  // namespace membench::sys
