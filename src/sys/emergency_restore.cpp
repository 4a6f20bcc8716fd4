// File: sys/emergency_restore.cpp
#include "sys/emergency_restore.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <utility>

#include "core/error.h"

namespace membench::sys {
namespace {

enum class Kind : int { kWriteFile, kUnmount };

struct Entry {
  std::atomic<int> state{0};  // 0 free, 1 being filled, 2 registered
  pid_t owner = 0;
  Kind kind = Kind::kWriteFile;
  unsigned long order = 0;
  char path[256] = {};
  char value[64] = {};
};

// Enough for every mTHP size and a tracefs mount, several times over.
constexpr int kEntries = 32;
Entry g_entries[kEntries];
std::atomic<unsigned long> g_order{0};

int Register(Kind kind, const std::string& path, const std::string& value) {
  if (path.size() >= sizeof Entry::path || value.size() >= sizeof Entry::value) {
    throw Error("cannot register the restore of " + path + ": the path or value is too long");
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
    e.state.store(2);
    return i;
  }
  throw Error("too many machine settings changed at once to restore them on a signal");
}

void Undo(const Entry& e) noexcept {
  if (e.kind == Kind::kUnmount) {
    ::umount2(e.path, 0);
    return;
  }
  const int fd = ::open(e.path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return;
  [[maybe_unused]] const ssize_t put = ::write(fd, e.value, std::strlen(e.value));
  ::close(fd);
}

}  // namespace

EmergencyRestore EmergencyRestore::WriteFile(const std::string& path, const std::string& value) {
  EmergencyRestore r;
  r.slot_ = Register(Kind::kWriteFile, path, value);
  return r;
}

EmergencyRestore EmergencyRestore::Unmount(const std::string& path) {
  EmergencyRestore r;
  r.slot_ = Register(Kind::kUnmount, path, "");
  return r;
}

EmergencyRestore::EmergencyRestore(EmergencyRestore&& other) noexcept : slot_(std::exchange(other.slot_, -1)) {}

EmergencyRestore& EmergencyRestore::operator=(EmergencyRestore&& other) noexcept {
  if (this != &other) {
    if (slot_ >= 0) g_entries[slot_].state.store(0);
    slot_ = std::exchange(other.slot_, -1);
  }
  return *this;
}

EmergencyRestore::~EmergencyRestore() {
  if (slot_ >= 0) g_entries[slot_].state.store(0);
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
