// File: sys/perf_counters.cpp
#include "sys/perf_counters.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <filesystem>

#include "sys/files.h"

namespace membench::sys {
namespace {

constexpr std::uint64_t kGroupFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
constexpr std::uint64_t kSingleFormat =
    PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;

int OpenEvent(const EventEncoding& e, bool count_user, bool count_kernel, int group_fd, const CountTarget& target) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = e.type;
  attr.config = e.config;
  attr.config1 = e.config1;
  attr.config2 = e.config2;
  attr.read_format = group_fd == -2 ? kSingleFormat : kGroupFormat;
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
    fd = static_cast<int>(::syscall(SYS_perf_event_open, &attr, target.pid, -1, group_fd < 0 ? -1 : group_fd,
                                    PERF_FLAG_FD_CLOEXEC));
  } while (fd < 0 && errno == EINTR);
  return fd;
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

CounterGroup::CounterGroup(std::vector<EventEncoding> events, CountTarget target)
    : events_(std::move(events)), target_(target) {
  // Inherited counters cannot be read as a group (the kernel refuses
  // PERF_FORMAT_GROUP with inherit): each event on its own then.
  OpenAll(target.pid == 0 && !target.follow_children);
}

CounterGroup::~CounterGroup() { CloseAll(); }

void CounterGroup::CloseAll() {
  for (auto& slot : slots_) {
    if (slot.fd >= 0) ::close(slot.fd);
    slot.fd = -1;
  }
  leaders_.clear();
}

std::vector<int> CounterGroup::Leaders() const {
  std::vector<int> fds;
  for (const auto& [group, fd] : leaders_) fds.push_back(fd);
  return fds;
}

void CounterGroup::OpenAll(bool allow_group) {
  CloseAll();
  slots_.assign(events_.size(), Slot{});
  statuses_.assign(events_.size(), EventStatus{});
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
    bool user = e.mode != CountMode::kKernel;
    bool kernel = e.mode != CountMode::kUser;
    // Try the group first, then alone; by default fall back to user-only
    // counting where kernel counting is not permitted.
    // Only PMU events are grouped: they compete for counters, and a group is
    // what makes their ratios (IPC, miss rates) come from the same time
    // slices. Software events and tracepoints are never multiplexed, so they
    // gain nothing from a group, and on Linux 6.18 a group led by task-clock
    // lost page faults (0 of 16,384 counted on first touch of 64 MiB, while
    // the same event opened alone counted all of them).
    // This holds inside explicit {a,b} groups too: there, {page-faults,
    // task-clock} read task-clock as 0 in every sample, and {cpu-clock,
    // page-faults} page-faults as 0. Braces group the PMU events they hold.
    const bool groupable = allow_group && e.type != PERF_TYPE_SOFTWARE && e.type != PERF_TYPE_TRACEPOINT;
    const auto leader = leaders_.find(e.group);
    const int leader_fd = leader == leaders_.end() ? -1 : leader->second;
    auto try_open = [&](bool u, bool k) {
      int group = groupable ? leader_fd : -2;
      int fd = OpenEvent(e, u, k, group, target_);
      bool grouped = groupable;
      if (fd < 0 && groupable && leader_fd >= 0 && errno != EACCES && errno != EPERM && errno != ENOENT) {
        fd = OpenEvent(e, u, k, -2, target_);
        grouped = false;
      }
      return std::pair{fd, grouped};
    };
    auto [fd, grouped] = try_open(user, kernel);
    if (fd < 0 && (errno == EACCES || errno == EPERM) && e.mode == CountMode::kDefault) {
      kernel = false;
      std::tie(fd, grouped) = try_open(user, kernel);
      status.kernel_not_permitted = fd >= 0;
    }
    if (fd < 0) {
      status.reason = PerfOpenErrorReason(errno, e.source, paranoid);
      continue;
    }
    Slot& slot = slots_[i];
    slot.fd = fd;
    slot.in_group = grouped;
    if (grouped && leader_fd < 0) leaders_[e.group] = fd;
    std::uint64_t id = 0;
    ::ioctl(fd, PERF_EVENT_IOC_ID, &id);
    slot.id = id;
    status.supported = true;
    status.in_group = grouped;
    status.counted_modes = user && kernel ? "user+kernel" : (user ? "user" : "kernel");
  }
}

void CounterGroup::Start() {
  // Counts that exited children handed to an inherited counter survive
  // PERF_EVENT_IOC_RESET: the sample is then the difference of two reads.
  if (target_.follow_children) baseline_ = ReadRaw();
  for (int leader : Leaders()) {
    ::ioctl(leader, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
    ::ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
  }
  for (const auto& slot : slots_) {
    if (slot.fd >= 0 && !slot.in_group) {
      ::ioctl(slot.fd, PERF_EVENT_IOC_RESET, 0);
      ::ioctl(slot.fd, PERF_EVENT_IOC_ENABLE, 0);
    }
  }
}

void CounterGroup::Stop() {
  for (const auto& slot : slots_) {
    if (slot.fd >= 0 && !slot.in_group) ::ioctl(slot.fd, PERF_EVENT_IOC_DISABLE, 0);
  }
  for (int leader : Leaders()) ::ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
}

std::vector<std::optional<CounterValue>> CounterGroup::Read() const {
  std::vector<std::optional<CounterValue>> out = ReadRaw();
  for (std::size_t i = 0; i < out.size() && i < baseline_.size(); ++i) {
    if (!out[i] || !baseline_[i]) continue;
    out[i]->raw -= std::min(out[i]->raw, baseline_[i]->raw);
    out[i]->enabled_ns -= std::min(out[i]->enabled_ns, baseline_[i]->enabled_ns);
    out[i]->running_ns -= std::min(out[i]->running_ns, baseline_[i]->running_ns);
  }
  return out;
}

std::vector<std::optional<CounterValue>> CounterGroup::ReadRaw() const {
  std::vector<std::optional<CounterValue>> out(slots_.size());
  for (int leader : Leaders()) {
    std::vector<std::uint64_t> buf(3 + 2 * slots_.size());
    const ssize_t got = ::read(leader, buf.data(), buf.size() * sizeof(std::uint64_t));
    if (got <= 0) continue;
    buf.resize(static_cast<std::size_t>(got) / sizeof(std::uint64_t));
    const auto values = ParseGroupRead(buf);
    if (!values) continue;
    for (const auto& v : *values) {
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        if (slots_[i].fd >= 0 && slots_[i].in_group && slots_[i].id == v.id) out[i] = v.value;
      }
    }
  }
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].fd < 0 || slots_[i].in_group) continue;
    std::uint64_t buf[4] = {};
    if (::read(slots_[i].fd, buf, sizeof buf) == sizeof buf) {
      if (auto v = ParseSingleRead(buf)) out[i] = v->value;
    }
  }
  return out;
}

bool CounterGroup::SplitIfUnschedulable(const std::vector<std::optional<CounterValue>>& last_reading) {
  bool unscheduled = false;
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].in_group && last_reading[i] && last_reading[i]->enabled_ns > 0 && last_reading[i]->running_ns == 0) {
      unscheduled = true;
    }
  }
  if (!unscheduled) return false;
  OpenAll(false);
  return true;
}

}  // namespace membench::sys
