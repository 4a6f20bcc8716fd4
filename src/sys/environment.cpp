// File: sys/environment.cpp
#include "sys/environment.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/error.h"

namespace membench::sys {

std::optional<std::string> EnvironmentValue(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

namespace {

// $variable, else ~/fallback.
std::string XdgHome(const std::string& variable, const std::string& fallback) {
  if (auto xdg = EnvironmentValue(variable)) return *xdg;
  std::optional<std::string> home = EnvironmentValue("HOME");
  if (!home) {
    if (const passwd* pw = ::getpwuid(::getuid()); pw != nullptr && pw->pw_dir != nullptr) home = pw->pw_dir;
  }
  if (!home) throw Error("no home folder (HOME is unset) for " + fallback + "; set " + variable);
  return *home + "/" + fallback;
}

}  // namespace

std::string DataHome() { return XdgHome("XDG_DATA_HOME", ".local/share"); }

std::string StateHome() { return XdgHome("XDG_STATE_HOME", ".local/state"); }

std::string TemporaryDirectory() { return EnvironmentValue("TMPDIR").value_or("/tmp"); }

void CreateDirectories(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw Error("cannot create the folder " + path + " (" + ec.message() + ")");
}

}  // namespace membench::sys
