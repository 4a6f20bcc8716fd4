// File: sys/kernel_setting.cpp
#include "sys/kernel_setting.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "sys/change_journal.h"
#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/pause_point.h"

namespace membench::sys {

std::string ReadKernelSetting(const std::string& path) {
  const auto line = ReadFirstLine(path);
  return line ? SelectedSysfsChoice(*line) : "";
}

std::string KernelSettingUnavailableReason(const std::string& path, const std::vector<std::string>& values) {
  if (!PathExists(path)) return "this kernel has no " + path;
  const std::string now = ReadKernelSetting(path);
  const bool all_as_now = std::all_of(values.begin(), values.end(), [&](const std::string& v) { return v == now; });
  if (all_as_now || IsRoot()) return "";
  std::string commands;
  for (const std::string& value : values) {
    commands += fmt::format("{}`echo {} | sudo tee {}`", commands.empty() ? "" : ", ", value, path);
  }
  return fmt::format(
      "changing {} (now {}) needs root: run membench as root, or measure one value per run, setting it first "
      "with {}, and put back {} after",
      path, now, commands, now);
}

KernelSettingSwitch::KernelSettingSwitch(std::string path, const std::vector<std::string>& values)
    : path_(std::move(path)) {
  if (const std::string reason = KernelSettingUnavailableReason(path_, values); !reason.empty()) {
    throw Error("--setting: " + reason);
  }
  // A value a killed membench left would be taken for the machine's own,
  // and put back as such after this run.
  for (const LeftoverChange& leftover : FindLeftoverChanges()) {
    if (leftover.record.kind == ChangeKind::kWriteFile && leftover.record.path == path_ && !leftover.changed_since) {
      throw Error("a membench that was killed left " + DescribeChange(leftover.record) +
                  ": run `membench restore` first, then this run");
    }
  }
  original_ = ReadKernelSetting(path_);
  current_ = original_;
}

KernelSettingSwitch::~KernelSettingSwitch() {
  if (current_ == original_) return;
  // A setting that cannot be written back keeps its record, for the next
  // membench to name.
  undo_.Finish(!WriteFile(path_, original_));
}

void KernelSettingSwitch::Set(const std::string& value) {
  if (value == current_) return;
  // The new record is written before the value, and the old one goes only
  // then: a signal in between finds one or the other, and each puts back
  // the original.
  EmergencyRestore undo = EmergencyRestore::WriteFile(path_, original_, value);
  const auto failure = WriteFile(path_, value);
  current_ = ReadKernelSetting(path_);
  undo_.Finish(true);
  undo_ = std::move(undo);
  if (current_ == original_) undo_.Finish(true);  // nothing left to put back
  if (failure) throw Error(fmt::format("could not set {} to {}: {}", path_, value, *failure));
  if (current_ != value) {
    throw Error(fmt::format("{} reads {} after membench wrote {}: the kernel does not take that value", path_, current_,
                            value));
  }
  ++writes_;
  PausePoint("setting-set");
}

}  // namespace membench::sys
