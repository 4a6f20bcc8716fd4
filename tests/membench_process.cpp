// File: tests/membench_process.cpp
#include "membench_process.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "sys/files.h"
#include "sys/mthp.h"
#include "sys/system_info.h"

namespace membench {

Outcome Membench(const std::string& args, const std::string& prefix) {
  // The machine's own noise floors (doctor --noise: in its file, or in the
  // user's store) stay out of the tests' comparisons unless a test records
  // its own; an empty MEMBENCH_STORE is none.
  return RunCommand("MEMBENCH_STORE= XDG_STATE_HOME=" + TempPath("state") + " XDG_DATA_HOME=" + TempPath("data") + " " +
                    prefix + std::string(MEMBENCH_BINARY) + " " + args);
}

Outcome RunCommand(const std::string& command_line) {
  const std::string command = command_line + " 2>&1";
  Outcome out;
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buf[4096];
  std::size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.output.append(buf, got);
  const int raw = ::pclose(pipe);
  out.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  return out;
}

bool ThpAvailable() {
  const auto line = sys::ReadFirstLine("/sys/kernel/mm/transparent_hugepage/enabled");
  return line && line->find("[never]") == std::string::npos;
}

std::map<std::string, std::string> MthpSettings() {
  std::map<std::string, std::string> settings;
  for (const std::size_t size : sys::MthpSizesOffered()) {
    const std::string path =
        "/sys/kernel/mm/transparent_hugepage/hugepages-" + std::to_string(size >> 10) + "kB/enabled";
    settings[path] = sys::ReadFirstLine(path).value_or("");
  }
  return settings;
}

MthpSettingsKept::~MthpSettingsKept() {
  for (const auto& [path, line] : before_) {
    if (sys::ReadFirstLine(path).value_or("") != line) sys::WriteFile(path, sys::SelectedSysfsChoice(line));
  }
}

std::string TempPath(const std::string& name) {
  return testing::TempDir() + "membench_" + std::to_string(::getpid()) + "_" + name;
}

nlohmann::json ReadJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

}  // namespace membench
