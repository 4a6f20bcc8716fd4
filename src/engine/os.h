// File: engine/os.h
// What the commands may ask of the machine beyond measuring: the results
// and settings files they read and write, the terminal, the environment's folders, the stop a user
// asks for. A narrow door to sys, so that src/cli parses and dispatches and
// never reaches mappings, counters or processes itself (the build enforces
// it: cli does not see sys's headers). Each function is sys's, unchanged, but
// LoadResult, which reads a file through sys and decodes it with core's codec.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/machine_facts.h"
#include "core/result.h"

namespace membench::os {

// Throws Error, saying why, when a file cannot be created at path; `what`
// names it for the message ("--json").
void CheckWritable(const std::string& path, const std::string& what);
// Throws Error when the disk that holds path has too little space left for
// a result.
void CheckFreeSpace(const std::string& path, const std::string& what);
// Writes through a temporary file and a rename: never half a file.
void WriteFileAtomically(const std::string& path, const std::string& contents);
// An empty file of a unique name in $TMPDIR (else /tmp): <prefix>XXXXXX<suffix>.
std::string CreateUniqueTemporaryFile(const std::string& prefix, const std::string& suffix);
std::optional<std::string> ReadFile(const std::string& path);
bool PathExists(const std::string& path);
// mkdir -p; throws Error saying why when it cannot.
void CreateDirectories(const std::string& path);
// A result file (membench-result/1) read back; throws Error naming the file
// and the field when it is not one of ours.
RunResult LoadResult(const std::string& path);
// A file of one result or of several (a JSON array, as `report --format
// json` writes several runs).
std::vector<RunResult> LoadResults(const std::string& path);

// nullopt when the variable is unset or empty.
std::optional<std::string> EnvironmentValue(const std::string& name);
// $XDG_DATA_HOME, else ~/.local/share; $XDG_STATE_HOME, else ~/.local/state.
std::string DataHome();
std::string StateHome();
// The directory of the running executable.
std::string ExecutableDirectory();
// Whether execvp would find `name`.
bool ProgramFound(const std::string& name);

// Colour on standard output: a terminal, not TERM=dumb, NO_COLOR unset.
bool StdoutWantsColour();
// CPUs this thread may run on.
int AllowedCpuCount();

// Whether the first Ctrl-C or SIGTERM asked the run to stop between samples.
bool Interrupted();
// A named moment at which a test may stop this process (sys/pause_point.h).
void PausePoint(const char* name);

// What a result records of this machine (its host, its boot).
SystemInfo CollectSystemInfo();

// What `membench doctor` judges, read off this machine (changes nothing).
MachineFacts CollectMachineFacts();

}  // namespace membench::os
