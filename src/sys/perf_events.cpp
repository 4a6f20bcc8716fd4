// File: sys/perf_events.cpp
#include "sys/perf_events.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "sys/files.h"

namespace membench::sys {
namespace {

constexpr std::uint64_t kGroupFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
constexpr std::uint64_t kSingleFormat =
    PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
constexpr int kAlone = -2;  // group_fd for an event opened on its own

int OpenEvent(const EventEncoding& e, bool count_user, bool count_kernel, int group_fd, const CountTarget& target) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = e.type;
  attr.config = e.config;
  attr.config1 = e.config1;
  attr.config2 = e.config2;
  attr.read_format = group_fd == kAlone ? kSingleFormat : kGroupFormat;
  // Bit-fields: assigned with if, as -Wconversion flags a ternary into :1.
  if (group_fd < 0) attr.disabled = 1;
  if (!count_user) attr.exclude_user = 1;
  if (!count_kernel) attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  if (target.pid != 0) {
    // Counting starts at the target's execve and follows its children.
    attr.inherit = 1;
    attr.enable_on_exec = 1;
  }
  if (target.follow_children) attr.inherit = 1;
  int fd;
  do {
    fd = static_cast<int>(
        ::syscall(SYS_perf_event_open, &attr, target.pid, -1, group_fd < 0 ? -1 : group_fd, PERF_FLAG_FD_CLOEXEC));
  } while (fd < 0 && errno == EINTR);
  return fd;
}

ssize_t ReadRetrying(int fd, void* buffer, std::size_t bytes) {
  ssize_t got;
  do {
    got = ::read(fd, buffer, bytes);
  } while (got < 0 && errno == EINTR);
  return got;
}

}  // namespace

int PerfEventParanoid() { return static_cast<int>(ReadInteger("/proc/sys/kernel/perf_event_paranoid").value_or(2)); }

bool HasHardwarePmu() {
  for (const char* pmu : {"cpu", "cpu_core", "cpu_atom", "armv8_pmuv3"}) {
    if (std::filesystem::exists(std::string("/sys/bus/event_source/devices/") + pmu)) return true;
  }
  return false;
}

std::string PerfOpenErrorReason(int error_number, const std::string& source, int paranoid) {
  const bool hardware = source == "hardware" || source == "cache" || source == "libpfm4";
  switch (error_number) {
    case ENOENT:
    case ENODEV:
      return hardware ? "no hardware PMU on this machine (running in a VM without a virtual PMU?)"
                      : "this kernel does not provide the event";
    case EOPNOTSUPP:
      return "the PMU does not support this event or its modifiers";
    case EACCES:
    case EPERM:
      return "not permitted at perf_event_paranoid=" + std::to_string(paranoid) +
             " (run as root, grant CAP_PERFMON, or: echo 1 > /proc/sys/kernel/perf_event_paranoid)";
    case EINVAL:
      return "the kernel rejected the encoding (EINVAL): not an event of this PMU";
    case EMFILE:
      return "too many open files (raise ulimit -n)";
    default:
      return std::string("perf_event_open failed: ") + std::strerror(error_number);
  }
}

PerfEventSet::PerfEventSet(std::vector<EventEncoding> events, CountTarget target)
    : events_(std::move(events)), target_(target) {
  // Inherited counters cannot be read as a group (the kernel refuses
  // PERF_FORMAT_GROUP with inherit): each event on its own then.
  OpenAll(target.pid == 0 && !target.follow_children);
}

PerfEventSet::~PerfEventSet() { CloseAll(); }

void PerfEventSet::CloseAll() {
  for (auto& slot : slots_) {
    if (slot.fd >= 0) ::close(slot.fd);
    slot = Slot{};
  }
}

void PerfEventSet::OpenAll(bool allow_group) {
  CloseAll();
  const std::vector<EventStatus> before = statuses_;
  slots_.assign(events_.size(), Slot{});
  statuses_.assign(events_.size(), EventStatus{});
  given_up_.resize(events_.size(), false);
  std::map<int, int> leaders;  // EventEncoding::group -> leader fd
  const int paranoid = PerfEventParanoid();
  for (std::size_t i = 0; i < events_.size(); ++i) {
    const EventEncoding& e = events_[i];
    EventStatus& status = statuses_[i];
    status.name = e.name;
    status.hide_if_unsupported = e.hide_if_unsupported;
    if (!e.unsupported_reason.empty()) {
      status.reason = e.unsupported_reason;
      continue;
    }
    if (given_up_[i]) {  // failed while counting: stays given up
      status.reason = "given up after a failed ioctl or read";
      continue;
    }
    bool user = e.mode != CountMode::kKernel;
    bool kernel = e.mode != CountMode::kUser;
    // Only PMU events are grouped: they compete for counters, and a group is
    // what makes their ratios (IPC, miss rates) come from the same time
    // slices. Software events and tracepoints are never multiplexed, so they
    // gain nothing from a group, and on Linux 6.18 a group led by task-clock
    // lost page faults (0 of 16,384 counted on first touch of 64 MiB, while
    // the same event opened alone counted all of them). This holds inside
    // explicit {a,b} groups too: there, {page-faults,task-clock} read
    // task-clock as 0 in every sample. Braces group the PMU events they hold.
    const bool groupable = allow_group && e.type != PERF_TYPE_SOFTWARE && e.type != PERF_TYPE_TRACEPOINT;
    const auto leader = leaders.find(e.group);
    const int leader_fd = leader == leaders.end() ? -1 : leader->second;
    auto try_open = [&](bool u, bool k) {
      int fd = OpenEvent(e, u, k, groupable ? leader_fd : kAlone, target_);
      bool grouped = groupable;
      if (fd < 0 && groupable && leader_fd >= 0 && errno != EACCES && errno != EPERM && errno != ENOENT) {
        fd = OpenEvent(e, u, k, kAlone, target_);
        grouped = false;
      }
      return std::pair{fd, grouped};
    };
    // By default fall back to user-only counting where kernel counting is
    // not permitted.
    auto [fd, grouped] = try_open(user, kernel);
    if (fd < 0 && (errno == EACCES || errno == EPERM) && e.mode == CountMode::kDefault) {
      kernel = false;
      std::tie(fd, grouped) = try_open(user, kernel);
      status.kernel_not_permitted = fd >= 0;
    }
    if (fd < 0) {
      status.reason = PerfOpenErrorReason(errno, e.source, paranoid);
      if (i < before.size() && before[i].supported) {
        failures_.push_back(e.name + ": could not be reopened on its own (" + status.reason + ")");
      }
      continue;
    }
    std::uint64_t id = 0;
    if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0 || id == 0) {
      // Without its id a group member's value cannot be found in the
      // group's read: the event is given up, never matched by a shared 0.
      status.reason = std::string("PERF_EVENT_IOC_ID failed: ") + std::strerror(errno);
      ::close(fd);
      continue;
    }
    Slot& slot = slots_[i];
    slot.fd = fd;
    slot.id = id;
    slot.in_group = grouped;
    if (grouped) {
      if (leader_fd < 0) leaders[e.group] = fd;
      slot.leader_fd = leader_fd < 0 ? fd : leader_fd;
    }
    status.supported = true;
    status.in_group = grouped;
    status.counted_modes = user && kernel ? "user+kernel" : (user ? "user" : "kernel");
  }
}

void PerfEventSet::Fail(std::size_t i, const std::string& what, int error_number) {
  const int fd = slots_[i].fd;
  if (fd < 0) return;
  const bool leader = slots_[i].in_group && slots_[i].leader_fd == fd;
  failures_.push_back(events_[i].name + ": " + what + " failed: " + std::strerror(error_number) +
                      (leader ? " (the events of its group stop with it)" : ""));
  for (std::size_t j = 0; j < slots_.size(); ++j) {
    if (j != i && !(leader && slots_[j].in_group && slots_[j].leader_fd == fd)) continue;
    if (j != i) failures_.push_back(events_[j].name + ": stopped with its group leader " + events_[i].name);
    if (slots_[j].fd != fd) ::close(slots_[j].fd);
    slots_[j] = Slot{};
    given_up_[j] = true;
  }
  ::close(fd);
}

void PerfEventSet::Control(unsigned long request, const char* name) {
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const Slot& slot = slots_[i];
    if (slot.fd < 0) continue;
    const bool leader = slot.in_group && slot.leader_fd == slot.fd;
    if (slot.in_group && !leader) continue;  // its leader does it for the group
    if (::ioctl(slot.fd, request, leader ? PERF_IOC_FLAG_GROUP : 0) != 0) Fail(i, name, errno);
  }
}

void PerfEventSet::Enable() { Control(PERF_EVENT_IOC_ENABLE, "ioctl(PERF_EVENT_IOC_ENABLE)"); }

void PerfEventSet::Disable() { Control(PERF_EVENT_IOC_DISABLE, "ioctl(PERF_EVENT_IOC_DISABLE)"); }

std::vector<std::optional<CounterReading>> PerfEventSet::Read() {
  std::vector<std::optional<CounterReading>> out(slots_.size());
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const Slot& slot = slots_[i];
    if (slot.fd < 0) continue;
    if (!slot.in_group) {
      std::uint64_t words[4] = {};
      const ssize_t got = ReadRetrying(slot.fd, words, sizeof words);
      if (got != static_cast<ssize_t>(sizeof words)) {
        Fail(i, "read()", got < 0 ? errno : EIO);
        continue;
      }
      out[i] = ParseSingleRead(words)->reading;
      continue;
    }
    if (slot.leader_fd != slot.fd) continue;  // read with its leader
    std::vector<std::size_t> members;
    std::vector<std::uint64_t> ids;
    for (std::size_t j = 0; j < slots_.size(); ++j) {
      if (slots_[j].fd >= 0 && slots_[j].in_group && slots_[j].leader_fd == slot.fd) {
        members.push_back(j);
        ids.push_back(slots_[j].id);
      }
    }
    std::vector<std::uint64_t> words(3 + 2 * members.size());
    const ssize_t got = ReadRetrying(slot.fd, words.data(), words.size() * sizeof(std::uint64_t));
    const auto group =
        got == static_cast<ssize_t>(words.size() * sizeof(std::uint64_t)) ? ParseGroupRead(words) : std::nullopt;
    if (!group) {
      Fail(i, "read() of its group", got < 0 ? errno : EIO);
      continue;
    }
    const auto readings = MatchGroupRead(ids, *group);
    for (std::size_t m = 0; m < members.size(); ++m) out[members[m]] = readings[m];
  }
  return out;
}

std::vector<std::string> PerfEventSet::TakeFailures() { return std::exchange(failures_, {}); }

void PerfEventSet::Ungroup() { OpenAll(false); }

}  // namespace membench::sys
