// File: sys/change_journal.cpp
#include "sys/change_journal.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "sys/channel.h"
#include "sys/environment.h"
#include "sys/files.h"
#include "sys/system_info.h"

namespace membench::sys {
namespace {

constexpr const char* kSuffix = ".change";

std::string BootId() { return ReadFirstLine("/proc/sys/kernel/random/boot_id").value_or(""); }

// Field 22 of /proc/<pid>/stat, the process's start in clock ticks since
// boot: with the pid it names one process, where a pid alone may have been
// reused since. Empty when there is no such process, or only its corpse (a
// killed process its parent has not reaped yet).
std::string StartTime(pid_t pid) {
  const auto stat = ReadFirstLine("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return "";
  // The command name is in parentheses and may hold spaces: count after it.
  const std::size_t close = stat->rfind(')');
  if (close == std::string::npos) return "";
  std::istringstream fields(stat->substr(close + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 3 && (field == "Z" || field == "X")) return "";
    if (i == 22) return field;
  }
  return "";
}

// <pid>-<start time>-<sequence>.change: the owner is alive while a process
// of that pid started at that time is.
std::string RecordName(pid_t pid, const std::string& start, unsigned long sequence) {
  return std::to_string(pid) + "-" + start + "-" + std::to_string(sequence) + kSuffix;
}

// The <sequence> of a record's file name; 0 when it has none.
unsigned long SequenceOf(const std::string& file) {
  const std::string name = std::filesystem::path(file).filename();
  const std::size_t dash = name.rfind('-');
  return dash == std::string::npos ? 0 : std::strtoul(name.c_str() + dash + 1, nullptr, 10);
}

bool OwnerAlive(const std::string& name, pid_t* pid) {
  std::istringstream parts(name);
  std::string pid_text;
  std::string start;
  if (!std::getline(parts, pid_text, '-') || !std::getline(parts, start, '-')) return false;
  try {
    *pid = static_cast<pid_t>(std::stol(pid_text));
  } catch (const std::exception&) {
    return false;
  }
  return *pid > 0 && StartTime(*pid) == start;
}

// The directory, made if missing; one a user other than us owns is refused
// (a directory in a shared place someone made to catch our records).
std::string PreparedDirectory() {
  const std::string dir = ChangeJournalDirectory();
  CreateDirectories(dir);
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) {
    throw Error("the directory for membench's record of machine changes, " + dir +
                ", is not a directory of this user's: set MEMBENCH_STATE_DIR to one");
  }
  return dir;
}

bool Mounted(const std::string& path) {
  std::istringstream mounts(ReadFile("/proc/self/mounts").value_or(""));
  std::string line;
  while (std::getline(mounts, line)) {
    std::istringstream fields(line);
    std::string device;
    std::string where;
    if (fields >> device >> where && where == path) return true;
  }
  return false;
}

std::atomic<unsigned long> g_sequence{0};

}  // namespace

std::string ChangeJournalDirectory() {
  if (auto dir = EnvironmentValue("MEMBENCH_STATE_DIR")) return *dir;
  if (IsRoot()) return "/run/membench";
  if (auto runtime = EnvironmentValue("XDG_RUNTIME_DIR")) return *runtime + "/membench";
  return StateHome() + "/membench/changes";
}

JournalEntry JournalEntry::Record(ChangeRecord record) {
  record.boot_id = BootId();
  record.path = std::filesystem::absolute(record.path).lexically_normal();
  const std::string dir = PreparedDirectory();
  const pid_t self = ::getpid();
  const std::string name = RecordName(self, StartTime(self), ++g_sequence);
  const std::string path = dir + "/" + name;
  // Written beside it and renamed: a record is whole or absent.
  const std::string temporary = dir + "/." + name;
  const std::string text = FormatChangeRecord(record);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const bool written = fd >= 0 && WriteFully(fd, text.data(), text.size());
  const int saved = errno;
  if (fd >= 0) ::close(fd);
  if (!written || ::rename(temporary.c_str(), path.c_str()) != 0) {
    const int why = written ? errno : saved;
    ::unlink(temporary.c_str());
    throw Error("cannot keep a record of the change to " + record.path + " in " + dir + ": " + std::strerror(why) +
                " (membench records every machine change it makes, so that a killed run's can be put back; set "
                "MEMBENCH_STATE_DIR to a writable directory)");
  }
  JournalEntry entry;
  entry.file_ = path;
  entry.owner_ = self;
  return entry;
}

JournalEntry::JournalEntry(JournalEntry&& other) noexcept
    : file_(std::exchange(other.file_, {})), owner_(std::exchange(other.owner_, 0)) {}

JournalEntry& JournalEntry::operator=(JournalEntry&& other) noexcept {
  if (this != &other) {
    Remove();
    file_ = std::exchange(other.file_, {});
    owner_ = std::exchange(other.owner_, 0);
  }
  return *this;
}

JournalEntry::~JournalEntry() { Remove(); }

void JournalEntry::Remove() noexcept {
  if (!file_.empty() && owner_ == ::getpid()) ::unlink(file_.c_str());
  file_.clear();
}

std::vector<LeftoverChange> FindLeftoverChanges() {
  std::vector<LeftoverChange> found;
  const std::string dir = ChangeJournalDirectory();
  const std::string boot = BootId();
  std::error_code ec;
  for (const auto& item : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = item.path().filename();
    if (name.empty() || name.front() == '.' || !name.ends_with(kSuffix)) continue;
    LeftoverChange leftover;
    leftover.file = item.path();
    if (OwnerAlive(name, &leftover.pid)) continue;
    const auto text = ReadFile(leftover.file);
    const auto record = text ? ParseChangeRecord(*text) : std::nullopt;
    if (!record) continue;  // not ours: left alone
    leftover.record = *record;
    bool in_effect = false;
    switch (record->kind) {
      case ChangeKind::kWriteFile: {
        // A reboot has reset the setting.
        if (record->boot_id != boot) break;
        const auto line = ReadFirstLine(record->path);
        leftover.current = line ? SelectedSysfsChoice(*line) : "";
        in_effect = line && leftover.current != record->restore_value;
        leftover.changed_since = leftover.current != record->set_value;
        break;
      }
      case ChangeKind::kUnmount:
        in_effect = record->boot_id == boot && Mounted(record->path);
        break;
      case ChangeKind::kRemovePath:
        in_effect = std::filesystem::symlink_status(record->path, ec).type() != std::filesystem::file_type::not_found;
        break;
    }
    if (in_effect) {
      found.push_back(std::move(leftover));
    } else {
      ::unlink(leftover.file.c_str());
    }
  }
  // Newest first, each process's changes in the reverse of the order it
  // made them: mTHP sizes go back as they were switched.
  std::sort(found.begin(), found.end(), [](const LeftoverChange& a, const LeftoverChange& b) {
    return std::make_pair(a.pid, SequenceOf(a.file)) > std::make_pair(b.pid, SequenceOf(b.file));
  });
  return found;
}

std::optional<std::string> UndoLeftover(const LeftoverChange& leftover) {
  const ChangeRecord& r = leftover.record;
  switch (r.kind) {
    case ChangeKind::kWriteFile:
      if (auto failure = WriteFile(r.path, r.restore_value)) return *failure;
      break;
    case ChangeKind::kUnmount:
      if (::umount2(r.path.c_str(), 0) != 0) return std::string(std::strerror(errno));
      break;
    case ChangeKind::kRemovePath: {
      std::error_code ec;
      std::filesystem::remove_all(r.path, ec);
      if (ec) return ec.message();
      break;
    }
  }
  ::unlink(leftover.file.c_str());
  return std::nullopt;
}

}  // namespace membench::sys
