// File: core/change_record.cpp
#include "core/change_record.h"

#include <fmt/format.h>

#include <array>
#include <sstream>
#include <string_view>
#include <utility>

namespace membench {
namespace {

constexpr std::string_view kFormatLine = "membench-change/1";

constexpr std::array<std::pair<ChangeKind, std::string_view>, 2> kKindNames = {{
    {ChangeKind::kWriteFile, "write"},
    {ChangeKind::kRemovePath, "remove"},
}};

std::string_view KindName(ChangeKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  return "write";
}

// Values are single lines without surrounding blanks: a sysfs path, a
// setting such as "never", a boot id. Anything else cannot be written back
// as it was read.
bool Storable(const std::string& value) {
  return value.find_first_of("\n\r") == std::string::npos &&
         (value.empty() || (value.front() != ' ' && value.back() != ' '));
}

// As sh reads it: bare when every character is plain (a sysfs path, a
// setting), else in single quotes, a quote itself closed, escaped and
// reopened.
std::string ShellQuoted(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_./:=@%+,-") == std::string::npos;
  if (plain) return text;
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

}  // namespace

std::string FormatChangeRecord(const ChangeRecord& record) {
  std::string text =
      fmt::format("{}\nkind {}\npath {}\nboot {}\n", kFormatLine, KindName(record.kind), record.path, record.boot_id);
  if (record.kind == ChangeKind::kWriteFile) {
    text += fmt::format("restore {}\nset {}\n", record.restore_value, record.set_value);
  }
  return text;
}

std::optional<ChangeRecord> ParseChangeRecord(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || line != kFormatLine) return std::nullopt;
  ChangeRecord record;
  bool has_kind = false;
  bool has_path = false;
  bool has_restore = false;
  bool has_set = false;
  while (std::getline(lines, line)) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "kind") {
      has_kind = false;
      for (const auto& [k, name] : kKindNames) {
        if (name == value) {
          record.kind = k;
          has_kind = true;
        }
      }
      if (!has_kind) return std::nullopt;
    } else if (key == "path") {
      record.path = value;
      has_path = true;
    } else if (key == "boot") {
      record.boot_id = value;
    } else if (key == "restore") {
      record.restore_value = value;
      has_restore = true;
    } else if (key == "set") {
      record.set_value = value;
      has_set = true;
    } else {
      return std::nullopt;
    }
  }
  // A path is absolute: a relative one would be undone wherever the
  // restoring membench happens to run.
  if (!has_kind || !has_path || record.path.empty() || record.path.front() != '/') return std::nullopt;
  if (record.kind == ChangeKind::kWriteFile && (!has_restore || !has_set)) return std::nullopt;
  // `membench restore` removes what a remove record names, as root: only
  // what membench creates (scratch directories, temporary result files),
  // never a path a damaged or planted record might name.
  if (record.kind == ChangeKind::kRemovePath) {
    const std::string name = record.path.substr(record.path.rfind('/') + 1);
    if (!name.starts_with("membench-files-") && name.find(".tmp.") == std::string::npos) return std::nullopt;
  }
  if (record.kind != ChangeKind::kWriteFile && (has_restore || has_set)) return std::nullopt;
  for (const std::string* value : {&record.path, &record.restore_value, &record.set_value, &record.boot_id}) {
    if (!Storable(*value)) return std::nullopt;
  }
  return record;
}

std::string RestoreCommand(const ChangeRecord& record) {
  switch (record.kind) {
    case ChangeKind::kWriteFile:
      return fmt::format("echo {} > {}", ShellQuoted(record.restore_value), ShellQuoted(record.path));
    case ChangeKind::kRemovePath:
      return "rm -rf " + ShellQuoted(record.path);
  }
  return "";
}

std::string DescribeChange(const ChangeRecord& record) {
  switch (record.kind) {
    case ChangeKind::kWriteFile:
      return fmt::format("{} set to {} (was {})", record.path, record.set_value, record.restore_value);
    case ChangeKind::kRemovePath:
      return record.path + " left behind";
  }
  return "";
}

}  // namespace membench
