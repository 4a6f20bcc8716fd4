// File: engine/separate_invocations.cpp
#include "engine/separate_invocations.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <vector>

#include "core/error.h"
#include "core/invocation_merge.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "engine/os.h"
#include "sys/atomic_file.h"
#include "sys/command.h"
#include "sys/environment.h"
#include "sys/files.h"
#include "sys/interrupt.h"
#include "sys/membench_child.h"
#include "sys/process.h"

namespace membench {
namespace {

// "2/3": the child's invocation (from 1) of how many.
constexpr const char* kRoleVariable = "MEMBENCH_INVOCATION";
// The file descriptor of the pipe the child hands its result back on.
constexpr const char* kResultVariable = "MEMBENCH_INVOCATION_RESULT_FD";
// The first invocation's calibrated loops, a JSON object by point label.
constexpr const char* kLoopsVariable = "MEMBENCH_INVOCATION_LOOPS";
// Far below the kernel's 128 KiB a variable: a sweep of more points than
// fit calibrates in every invocation instead.
constexpr std::size_t kMostLoopsText = 64 * 1024;

std::string CalibratedLoopsText(const RunResult& first) {
  nlohmann::json loops = nlohmann::json::object();
  for (const Measurement& m : first.measurements) {
    if (m.loops_calibrated) loops[m.point.Label()] = m.loops;
  }
  std::string text = loops.dump();
  return text.size() <= kMostLoopsText ? text : std::string();
}

std::map<std::string, std::uint64_t> ParseCalibratedLoops(const std::string& text) {
  try {
    return nlohmann::json::parse(text).get<std::map<std::string, std::uint64_t>>();
  } catch (const nlohmann::json::exception&) {
    throw Error(fmt::format("{} is not this membench's: unset it", kLoopsVariable));
  }
}

}  // namespace

std::optional<InvocationRole> ThisChildInvocation() {
  const auto role = sys::EnvironmentValue(kRoleVariable);
  const auto path = sys::EnvironmentValue(kResultVariable);
  if (!role || !path) return std::nullopt;
  InvocationRole out;
  out.result_pipe = *path;
  if (std::sscanf(role->c_str(), "%d/%d", &out.index, &out.count) != 2 || out.index < 1 || out.count < out.index) {
    throw Error(fmt::format("{}={} is not this membench's: unset it", kRoleVariable, *role));
  }
  --out.index;
  if (const auto loops = sys::EnvironmentValue(kLoopsVariable)) out.calibrated_loops = ParseCalibratedLoops(*loops);
  return out;
}

void TieToParent(const InvocationRole& role) { sys::TieToParent(role.result_pipe); }

int HandBackResult(const RunResult& result, const InvocationRole& role) {
  sys::HandBackToParent(role.result_pipe, ResultToJson(result).dump() + "\n");
  return 0;
}

std::optional<RunResult> MeasureInInvocations(int argc, char** argv, int count, int& status) {
  sys::InstallInterruptHandling();
  const std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<RunResult> parts;
  std::string loops;  // the first invocation's, once it has handed them back
  status = 0;
  for (int i = 0; i < count && !sys::Interrupted(); ++i) {
    std::vector<std::pair<std::string, std::string>> environment{{kRoleVariable, fmt::format("{}/{}", i + 1, count)}};
    if (!loops.empty()) environment.emplace_back(kLoopsVariable, loops);
    const sys::ChildOutcome ended = sys::RunMembenchChild(args, environment, kResultVariable);
    if (ended.handed_back.empty()) {
      // A child that exited non-zero said why on stderr; one killed by a
      // second Ctrl-C was stopped.
      if (ended.status.exited && ended.status.code != 0) {
        status = ended.status.code;
      } else if (sys::Interrupted()) {
        status = 130;
      } else {
        std::cerr << "membench: error: invocation " << i + 1 << " of " << count
                  << " handed back no result: " << ended.status.Describe() << "\n";
        status = 2;
      }
      break;
    }
    parts.push_back(ParseResult(ended.handed_back, fmt::format("invocation {} of {}", i + 1, count)));
    if (i == 0) loops = CalibratedLoopsText(parts.front());
    if (parts.back().interrupted || !parts.back().failure.empty()) break;
  }
  if (parts.empty()) return std::nullopt;
  RunResult merged = MergeInvocations(std::move(parts));
  if (sys::Interrupted()) merged.interrupted = true;
  merged.command_line.clear();
  for (int i = 0; i < argc; ++i) merged.command_line += (i ? " " : "") + std::string(argv[i]);
  return merged;
}

RunResult RunMembenchForResult(const std::vector<std::string>& args, const std::string& purpose,
                               const std::string& what) {
  const std::string json = sys::CreateUniqueTemporaryFile("membench-" + purpose + "-", ".json");
  std::vector<std::string> argv = {sys::ExecutablePath()};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back("--json");
  argv.push_back(json);
  // The temporary file goes on every way out, a failed start included.
  try {
    const sys::CommandOutcome outcome = sys::HeldCommand(argv, sys::CommandOutput::kDiscarded).Run();
    if (!outcome.status.exited || outcome.status.code != 0) {
      throw Error(fmt::format("{} failed ({})", what, outcome.status.Describe()));
    }
    RunResult result = os::LoadResult(json);
    sys::RemoveFile(json);
    return result;
  } catch (...) {
    sys::RemoveFile(json);
    throw;
  }
}

}  // namespace membench
