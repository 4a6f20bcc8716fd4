// File: sys/memory_controller_counters.cpp
#include "sys/memory_controller_counters.h"

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/cpu_list.h"
#include "core/error.h"
#include "sys/files.h"
#include "sys/perf_events.h"

namespace membench::sys {
namespace {

std::string FirstLineOr(const std::filesystem::path& path, const std::string& fallback) {
  return ReadFirstLine(path.string()).value_or(fallback);
}

std::vector<PmuEventDescription> ReadEvents(const std::filesystem::path& dir) {
  std::vector<PmuEventDescription> events;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    // Beside each event: its .scale, .unit, .per-pkg and .snapshot, which are no events.
    if (name.ends_with(".scale") || name.ends_with(".unit") || name.ends_with(".per-pkg") ||
        name.ends_with(".snapshot")) {
      continue;
    }
    PmuEventDescription event{name, FirstLineOr(entry.path(), ""), std::nullopt, ""};
    if (const auto scale = ReadFirstLine(entry.path().string() + ".scale")) {
      try {
        event.scale = std::stod(*scale);
      } catch (const std::exception&) {
        // An unreadable scale stays unknown: the event is then not used.
      }
    }
    event.unit = FirstLineOr(entry.path().string() + ".unit", "");
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace

std::vector<PmuDescription> ReadPmuCatalog(const std::string& root) {
  std::vector<PmuDescription> pmus;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(root, ec)) {
    const std::filesystem::path dir = entry.path();
    const auto type = ReadInteger((dir / "type").string());
    if (!type || *type < 0) continue;
    PmuDescription pmu;
    pmu.name = dir.filename().string();
    pmu.type = static_cast<std::uint32_t>(*type);
    if (const auto mask = ReadFirstLine((dir / "cpumask").string()); mask && !mask->empty()) {
      try {
        pmu.cpus = ParseCpuList(*mask);
      } catch (const Error&) {
        continue;  // a cpumask we cannot read: we would not know where to open it
      }
    }
    std::error_code format_ec;
    for (const auto& field : std::filesystem::directory_iterator(dir / "format", format_ec)) {
      pmu.formats[field.path().filename().string()] = FirstLineOr(field.path(), "");
    }
    pmu.events = ReadEvents(dir / "events");
    pmus.push_back(std::move(pmu));
  }
  return pmus;
}

MachineWideCounters::MachineWideCounters(const std::vector<MemoryCounterSpec>& counters) {
  const int paranoid = PerfEventParanoid();
  for (const MemoryCounterSpec& c : counters) {
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = c.type;
    attr.config = c.words.config;
    attr.config1 = c.words.config1;
    attr.config2 = c.words.config2;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    int fd;
    do {
      fd = static_cast<int>(::syscall(SYS_perf_event_open, &attr, -1, c.cpu, -1, PERF_FLAG_FD_CLOEXEC));
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
      const int error_number = errno;
      for (const int open : fds_) ::close(open);
      fds_.clear();
      // Machine-wide counting is allowed at paranoid <= 0, not at 1 as a
      // task's counters are: the generic advice would be wrong here.
      const std::string reason =
          error_number == EACCES || error_number == EPERM
              ? fmt::format("counting machine-wide needs root, CAP_PERFMON or perf_event_paranoid <= 0 (it is {})",
                            paranoid)
              : PerfOpenErrorReason(error_number, "uncore", paranoid);
      throw Error(fmt::format("cannot count {}/{} on CPU {}: {}", c.pmu, c.event, c.cpu, reason));
    }
    fds_.push_back(fd);
  }
}

MachineWideCounters::~MachineWideCounters() {
  for (const int fd : fds_) ::close(fd);
}

std::vector<std::optional<CounterReading>> MachineWideCounters::Read() const {
  std::vector<std::optional<CounterReading>> out;
  for (const int fd : fds_) {
    std::uint64_t words[3] = {};
    ssize_t got;
    do {
      got = ::read(fd, words, sizeof words);
    } while (got < 0 && errno == EINTR);
    if (got != static_cast<ssize_t>(sizeof words)) {
      out.emplace_back(std::nullopt);
      continue;
    }
    out.emplace_back(CounterReading{words[0], words[1], words[2]});
  }
  return out;
}

}  // namespace membench::sys
