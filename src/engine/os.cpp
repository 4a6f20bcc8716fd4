// File: engine/os.cpp
#include "engine/os.h"

#include <utility>

#include "core/error.h"
#include "core/result_decoder.h"
#include "sys/atomic_file.h"
#include "sys/collect_machine_facts.h"
#include "sys/collect_system_info.h"
#include "sys/command.h"
#include "sys/environment.h"
#include "sys/files.h"
#include "sys/interrupt.h"
#include "sys/limits.h"
#include "sys/pause_point.h"
#include "sys/process.h"
#include "sys/terminal.h"

namespace membench::os {

void CheckWritable(const std::string& path, const std::string& what) { sys::CheckWritable(path, what); }
void CheckFreeSpace(const std::string& path, const std::string& what) { sys::CheckFreeSpace(path, what); }
void WriteFileAtomically(const std::string& path, const std::string& contents) {
  sys::WriteFileAtomically(path, contents);
}
std::string CreateUniqueTemporaryFile(const std::string& prefix, const std::string& suffix) {
  return sys::CreateUniqueTemporaryFile(prefix, suffix);
}
std::optional<std::string> ReadFile(const std::string& path) { return sys::ReadFile(path); }
bool PathExists(const std::string& path) { return sys::PathExists(path); }
void CreateDirectories(const std::string& path) { sys::CreateDirectories(path); }

namespace {

std::string ReadResultFile(const std::string& path) {
  auto text = sys::ReadFile(path);
  if (!text) throw Error("cannot read " + path + " (no such file, or not readable)");
  return std::move(*text);
}

}  // namespace

RunResult LoadResult(const std::string& path) { return ParseResult(ReadResultFile(path), path); }

std::vector<RunResult> LoadResults(const std::string& path) { return ParseResults(ReadResultFile(path), path); }

std::optional<std::string> EnvironmentValue(const std::string& name) { return sys::EnvironmentValue(name); }
std::string DataHome() { return sys::DataHome(); }
std::string StateHome() { return sys::StateHome(); }
std::string ExecutableDirectory() { return sys::ExecutableDirectory(); }
bool ProgramFound(const std::string& name) { return sys::ProgramFound(name); }

bool StdoutWantsColour() { return sys::StdoutWantsColour(); }
SystemInfo CollectSystemInfo() { return sys::CollectSystemInfo(); }
int AllowedCpuCount() { return sys::AllowedCpuCount(); }

bool Interrupted() { return sys::Interrupted(); }
void PausePoint(const char* name) { sys::PausePoint(name); }

MachineFacts CollectMachineFacts() { return sys::CollectMachineFacts(); }

}  // namespace membench::os
