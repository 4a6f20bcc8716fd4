// File: core/change_record.h
// One machine-wide change membench made and has not yet put back, as it is
// kept on disk (sys/change_journal.h) so that a membench killed by SIGKILL
// leaves a trace the next one finds: the record's text, and the shell
// command that puts the change back.
#pragma once

#include <optional>
#include <string>

namespace membench {

enum class ChangeKind {
  kWriteFile,   // a sysfs setting written (an mTHP size's "enabled")
  kRemovePath,  // a file or directory membench created (scratch files, a temporary result)
};

struct ChangeRecord {
  ChangeKind kind = ChangeKind::kWriteFile;
  std::string path;
  std::string restore_value;  // kWriteFile: what the file held before
  std::string set_value;      // kWriteFile: what membench wrote
  std::string boot_id;        // the boot the change was made in
};

// The record's text: a first line naming the format, then "key value" lines.
std::string FormatChangeRecord(const ChangeRecord& record);
// The record a text holds; nullopt when the text is not one of ours (a
// foreign or truncated file) or a value would not survive the round trip.
std::optional<ChangeRecord> ParseChangeRecord(const std::string& text);

// The shell command that puts the change back, quoted for sh:
// "echo never > /sys/...", "rm -rf /tmp/...".
std::string RestoreCommand(const ChangeRecord& record);
// What was left, in words: "/sys/.../enabled is madvise (was never)",
// "/tmp/membench-files-x1 left".
std::string DescribeChange(const ChangeRecord& record);

}  // namespace membench
