// File: sys/change_journal.cpp
#include "sys/change_journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "sys/channel.h"
#include "sys/collect_system_info.h"
#include "sys/environment.h"
#include "sys/files.h"
#include "sys/mthp.h"

namespace membench::sys {
namespace {

constexpr const char* kSuffix = ".change";
constexpr const char* kRootDirectory = "/run/membench";

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

// <pid>-<start time>-<sequence>.change.
std::string RecordName(pid_t pid, const std::string& start, unsigned long sequence) {
  return std::to_string(pid) + "-" + start + "-" + std::to_string(sequence) + kSuffix;
}

// The pid and start time a record's file name carries: its owner, alive
// while a process of that pid started at that time is.
std::pair<pid_t, std::string> OwnerOf(const std::string& name) {
  std::istringstream parts(name);
  std::string pid_text;
  std::string start;
  if (!std::getline(parts, pid_text, '-') || !std::getline(parts, start, '-')) return {0, ""};
  try {
    return {static_cast<pid_t>(std::stol(pid_text)), start};
  } catch (const std::exception&) {
    return {0, ""};
  }
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

std::atomic<unsigned long> g_sequence{0};

}  // namespace

std::string ChangeJournalDirectory() {
  if (auto dir = EnvironmentValue("MEMBENCH_STATE_DIR")) return *dir;
  if (IsRoot()) return kRootDirectory;
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
  // A record that would not read back would hide its change.
  if (!ParseChangeRecord(text)) {
    throw Error("cannot keep a record of the change to " + record.path +
                ": a path or value with a line break or surrounding blanks, or a path membench does not create");
  }
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
    if (!file_.empty()) {
      std::fprintf(stderr, "membench: internal: a change's record %s replaced while it was held\n", file_.c_str());
      std::abort();
    }
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

namespace {

// The directories to look in: this user's, and root's where this is not
// root (a killed `sudo membench` changed the machine every user measures).
std::vector<std::string> DirectoriesToSearch() {
  std::vector<std::string> dirs = {ChangeJournalDirectory()};
  if (!IsRoot() && dirs.front() != kRootDirectory) dirs.push_back(kRootDirectory);
  return dirs;
}

// Whether the change a record names is still in effect; for a setting,
// also what it is now and whether someone has changed it since.
bool StillInEffect(const std::string& boot, LeftoverChange& leftover) {
  const ChangeRecord& record = leftover.record;
  std::error_code ec;
  switch (record.kind) {
    case ChangeKind::kWriteFile: {
      // A reboot has reset the setting.
      if (record.boot_id != boot) return false;
      const auto line = ReadFirstLine(record.path);
      if (!line) return false;
      leftover.current = SelectedSysfsChoice(*line);
      leftover.changed_since = leftover.current != record.set_value;
      return leftover.current != record.restore_value;
    }
    case ChangeKind::kRemovePath:
      return std::filesystem::symlink_status(record.path, ec).type() != std::filesystem::file_type::not_found;
  }
  return false;
}

// <start time, sequence> of a record's file name: the order its changes
// were made in, across processes (pids wrap; start times do not).
std::pair<unsigned long, unsigned long> MadeAt(const std::string& file) {
  const std::string name = std::filesystem::path(file).filename();
  const std::size_t first = name.find('-');
  const std::size_t last = name.rfind('-');
  if (first == std::string::npos || last == first) return {0, 0};
  return {std::strtoul(name.c_str() + first + 1, nullptr, 10), std::strtoul(name.c_str() + last + 1, nullptr, 10)};
}

}  // namespace

std::vector<LeftoverChange> FindLeftoverChanges() {
  std::vector<LeftoverChange> found;
  const std::string boot = BootId();
  for (const std::string& dir : DirectoriesToSearch()) {
    std::error_code ec;
    for (const auto& item : std::filesystem::directory_iterator(dir, ec)) {
      const std::string name = item.path().filename();
      if (name.size() > 1 && name.front() == '.' && name.ends_with(kSuffix)) {
        // A record whose writer was killed before the rename: its change
        // was never made (a record comes first), so once the writer is
        // gone the half-written file is only litter.
        const auto [pid, start] = OwnerOf(name.substr(1));
        if (pid > 0 && StartTime(pid) != start) ::unlink(item.path().c_str());
        continue;
      }
      if (name.empty() || name.front() == '.' || !name.ends_with(kSuffix)) continue;
      // Only records this user or root wrote: restoring acts on them.
      struct stat st {};
      if (::lstat(item.path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
          (st.st_uid != ::geteuid() && st.st_uid != 0)) {
        continue;
      }
      LeftoverChange leftover;
      leftover.file = item.path();
      const auto text = ReadFile(leftover.file);
      const auto record = text ? ParseChangeRecord(*text) : std::nullopt;
      if (!record) continue;  // not ours: left alone
      leftover.record = *record;
      // A process of another boot is gone, whatever runs under its pid now.
      const auto [pid, start] = OwnerOf(name);
      leftover.pid = pid;
      if (record->boot_id == boot && pid > 0 && StartTime(pid) == start) continue;
      if (StillInEffect(boot, leftover)) {
        found.push_back(std::move(leftover));
      } else {
        ::unlink(leftover.file.c_str());
      }
    }
  }
  // Newest first: each process's changes in the reverse of the order it
  // made them (mTHP sizes go back as they were switched), later processes
  // before earlier ones.
  std::sort(found.begin(), found.end(),
            [](const LeftoverChange& a, const LeftoverChange& b) { return MadeAt(a.file) > MadeAt(b.file); });
  return found;
}

std::optional<std::string> UndoLeftover(const LeftoverChange& leftover) {
  const ChangeRecord& r = leftover.record;
  switch (r.kind) {
    case ChangeKind::kWriteFile: {
      // Not under a run that uses the settings as they are now.
      const MthpSettingsLock lock(r.path);
      if (!lock.taken()) return "another membench run is using these settings; restore when it has ended";
      if (auto failure = WriteFile(r.path, r.restore_value)) return *failure;
      break;
    }
    case ChangeKind::kRemovePath: {
      std::error_code ec;
      std::filesystem::remove_all(r.path, ec);
      if (ec) return ec.message();
      break;
    }
  }
  ForgetLeftover(leftover);
  return std::nullopt;
}

void ForgetLeftover(const LeftoverChange& leftover) { ::unlink(leftover.file.c_str()); }

}  // namespace membench::sys
