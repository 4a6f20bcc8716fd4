// File: sys/emergency_restore.cpp
#include "sys/emergency_restore.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/error.h"

namespace membench::sys {
namespace {

enum class Kind : int { kWriteFile, kRemoveFile, kRemoveDirectory };

struct Entry {
  std::atomic<int> state{0};  // 0 free, 1 being filled, 2 registered
  pid_t owner = 0;
  Kind kind = Kind::kWriteFile;
  unsigned long order = 0;
  char path[256] = {};
  char value[64] = {};
  char journal[256] = {};  // the change's record on disk
};

// Enough for every mTHP size and the scratch directories
// of an interleaved run's prepared points, several times over.
constexpr int kEntries = 128;
Entry g_entries[kEntries];
std::atomic<unsigned long> g_order{0};

int Register(Kind kind, const std::string& path, const std::string& value, const std::string& journal) {
  if (path.size() >= sizeof Entry::path || value.size() >= sizeof Entry::value ||
      journal.size() >= sizeof Entry::journal) {
    throw Error("cannot register the restore of " + path + ": the path, value or record's path is too long");
  }
  for (int i = 0; i < kEntries; ++i) {
    Entry& e = g_entries[i];
    int expected = 0;
    if (!e.state.compare_exchange_strong(expected, 1)) continue;
    e.owner = ::getpid();
    e.kind = kind;
    e.order = ++g_order;
    std::memcpy(e.path, path.c_str(), path.size() + 1);
    std::memcpy(e.value, value.c_str(), value.size() + 1);
    std::memcpy(e.journal, journal.c_str(), journal.size() + 1);
    e.state.store(2);
    return i;
  }
  throw Error("too many machine settings changed at once to restore them on a signal");
}

// Unlinks every file in the directory, then the directory; no allocation
// (a fixed buffer, the raw getdents64: readdir is not async-signal-safe).
bool RemoveDirectoryOfFiles(const char* path) noexcept {
  const int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return errno == ENOENT;
  alignas(8) char buffer[8192];
  for (;;) {
    const long got = ::syscall(SYS_getdents64, dir, buffer, sizeof buffer);
    if (got <= 0) break;
    for (long at = 0; at < got;) {
      // struct linux_dirent64: inode (8), offset (8), record length (2), type (1), name.
      unsigned short length = 0;
      std::memcpy(&length, buffer + at + 16, sizeof length);
      const char* name = buffer + at + 19;
      if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) ::unlinkat(dir, name, 0);
      at += length;
    }
  }
  ::close(dir);
  return ::rmdir(path) == 0;
}

// Undoes the change; its record goes only when that worked, so a change
// the handler could not undo is still found by the next membench.
void Undo(const Entry& e) noexcept {
  bool undone = false;
  if (e.kind == Kind::kRemoveFile) {
    undone = ::unlink(e.path) == 0 || errno == ENOENT;
  } else if (e.kind == Kind::kRemoveDirectory) {
    undone = RemoveDirectoryOfFiles(e.path);
  } else {
    const int fd = ::open(e.path, O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
      const auto length = static_cast<ssize_t>(std::strlen(e.value));
      undone = ::write(fd, e.value, static_cast<std::size_t>(length)) == length;
      ::close(fd);
    }
  }
  if (undone && e.journal[0] != '\0') ::unlink(e.journal);
}

}  // namespace

EmergencyRestore EmergencyRestore::WriteFile(const std::string& path, const std::string& restore_value,
                                             const std::string& set_value) {
  ChangeRecord change;
  change.kind = ChangeKind::kWriteFile;
  change.path = path;
  change.restore_value = restore_value;
  change.set_value = set_value;
  return EmergencyRestore(static_cast<int>(Kind::kWriteFile), change, restore_value);
}

EmergencyRestore EmergencyRestore::RemoveFile(const std::string& path) {
  ChangeRecord change;
  change.kind = ChangeKind::kRemovePath;
  change.path = path;
  return EmergencyRestore(static_cast<int>(Kind::kRemoveFile), change, "");
}

EmergencyRestore EmergencyRestore::RemoveDirectory(const std::string& path) {
  ChangeRecord change;
  change.kind = ChangeKind::kRemovePath;
  change.path = path;
  return EmergencyRestore(static_cast<int>(Kind::kRemoveDirectory), change, "");
}

// The record first: a change is never registered without one.
EmergencyRestore::EmergencyRestore(int kind, const ChangeRecord& change, const std::string& value)
    : journal_(JournalEntry::Record(change)) {
  slot_ = Register(static_cast<Kind>(kind), change.path, value, journal_.file());
}

EmergencyRestore::EmergencyRestore(EmergencyRestore&& other) noexcept
    : slot_(std::exchange(other.slot_, -1)), journal_(std::move(other.journal_)) {}

EmergencyRestore& EmergencyRestore::operator=(EmergencyRestore&& other) noexcept {
  if (this != &other) {
    if (slot_ >= 0) {
      std::fprintf(stderr, "membench: internal: the restore of %s replaced while it was registered\n",
                   g_entries[slot_].path);
      std::abort();
    }
    slot_ = std::exchange(other.slot_, -1);
    journal_ = std::move(other.journal_);
  }
  return *this;
}

EmergencyRestore::~EmergencyRestore() {
  if (slot_ >= 0) g_entries[slot_].state.store(0);
}

void EmergencyRestore::Finish(bool undone) {
  if (slot_ >= 0) g_entries[slot_].state.store(0);
  slot_ = -1;
  if (!undone) journal_.Keep();
  const JournalEntry gone = std::move(journal_);  // removes the record, unless kept
}

void RunEmergencyRestores() noexcept {
  const pid_t self = ::getpid();
  // Newest first: the reverse of the order the changes were made in.
  for (unsigned long last = ~0ul;;) {
    int newest = -1;
    for (int i = 0; i < kEntries; ++i) {
      const Entry& e = g_entries[i];
      if (e.state.load() != 2 || e.owner != self || e.order >= last) continue;
      if (newest < 0 || e.order > g_entries[newest].order) newest = i;
    }
    if (newest < 0) return;
    Undo(g_entries[newest]);
    last = g_entries[newest].order;
  }
}

}  // namespace membench::sys
