// File: sys/environment.h
// What the environment says about where files belong: variables, the XDG
// base directories, and folders created on first use.
#pragma once

#include <optional>
#include <string>

namespace membench::sys {

// nullopt when the variable is unset or empty.
std::optional<std::string> EnvironmentValue(const std::string& name);

// $XDG_DATA_HOME, else ~/.local/share (the home from $HOME, else the
// password database). Throws Error when there is no home to be found.
std::string DataHome();

// $XDG_STATE_HOME, else ~/.local/state: what a program keeps about the
// machine between runs. Throws Error when there is no home to be found.
std::string StateHome();

// The folder for temporary files: $TMPDIR, else /tmp.
std::string TemporaryDirectory();

// mkdir -p; throws Error saying why when it cannot.
void CreateDirectories(const std::string& path);

}  // namespace membench::sys
