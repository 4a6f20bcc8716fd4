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

std::string DataHome() {
  if (auto xdg = EnvironmentValue("XDG_DATA_HOME")) return *xdg;
  std::optional<std::string> home = EnvironmentValue("HOME");
  if (!home) {
    if (const passwd* pw = ::getpwuid(::getuid()); pw != nullptr && pw->pw_dir != nullptr) home = pw->pw_dir;
  }
  if (!home) throw Error("no home folder for the default store (HOME is unset); give --store PATH");
  return *home + "/.local/share";
}

std::string TemporaryDirectory() { return EnvironmentValue("TMPDIR").value_or("/tmp"); }

void CreateDirectories(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw Error("cannot create the folder " + path + " (" + ec.message() + ")");
}

}  // namespace membench::sys
