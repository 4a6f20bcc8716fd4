// File: sys/profiler.cpp
#include "sys/profiler.h"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "core/error.h"
#include "sys/files.h"
#include "sys/perf_events.h"

namespace membench::sys {

namespace {

// Per CPU: 128 pages hold about 21,000 samples of 24 bytes, over 5 s of a
// busy CPU, drained after every sample.
constexpr std::size_t kRingPages = 128;

perf_event_attr SamplingAttr(bool cycles, bool with_kernel) {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  if (cycles) {
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.freq = 1;
    attr.sample_freq = kProfileSamplesPerSecond;
  } else {
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.sample_period = 1'000'000'000 / kProfileSamplesPerSecond;  // ns of CPU time
  }
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
  attr.disabled = 1;
  attr.exclude_hv = 1;
  attr.exclude_kernel = with_kernel ? 0 : 1;
  // Every thread and process the measuring thread starts from now on
  // (workers, a command, its children) gets the event too, writing to this
  // CPU's buffer, and Enable and Disable reach them all.
  attr.inherit = 1;
  // What each process execs: the name of an exited one's user space.
  attr.comm = 1;
  return attr;
}

int OpenSampling(perf_event_attr attr, pid_t pid, int cpu) {
  return static_cast<int>(::syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC));
}

// "membench::(anonymous namespace)::FillLoop(unsigned char*, unsigned long)"
// -> "membench::(anonymous namespace)::FillLoop": a function's samples are
// the function's, whatever its overload.
std::string Demangled(const char* name) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || demangled == nullptr) return name;
  std::string out = WithoutParameters(demangled);
  std::free(demangled);
  return out;
}

}  // namespace

// One CPU's event and its ring buffer.
struct Profiler::Ring {
  int fd = -1;
  void* base = MAP_FAILED;
  std::size_t mapped = 0;
  std::size_t data_size = 0;

  ~Ring() {
    if (base != MAP_FAILED) ::munmap(base, mapped);
    if (fd >= 0) ::close(fd);
  }

  // Every record written since the last call, each whole (copied where it
  // wraps around the buffer's end).
  std::vector<std::vector<unsigned char>> Take() {
    auto* meta = static_cast<perf_event_mmap_page*>(base);
    // data_offset is 0 before Linux 4.1: the data then starts a page in.
    const std::size_t offset = meta->data_offset != 0 ? meta->data_offset : mapped - data_size;
    const unsigned char* data = static_cast<const unsigned char*>(base) + offset;
    const std::uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
    std::uint64_t tail = meta->data_tail;
    std::vector<std::vector<unsigned char>> records;
    while (tail + sizeof(perf_event_header) <= head) {
      perf_event_header header{};
      CopyOut(data, tail, &header, sizeof(header));
      if (header.size < sizeof(header) || tail + header.size > head) break;
      std::vector<unsigned char> record(header.size);
      CopyOut(data, tail, record.data(), header.size);
      records.push_back(std::move(record));
      tail += header.size;
    }
    __atomic_store_n(&meta->data_tail, head, __ATOMIC_RELEASE);
    return records;
  }

  void CopyOut(const unsigned char* data, std::uint64_t at, void* to, std::size_t bytes) const {
    const std::size_t offset = static_cast<std::size_t>(at % data_size);
    const std::size_t first = std::min(bytes, data_size - offset);
    std::memcpy(to, data + offset, first);
    std::memcpy(static_cast<unsigned char*>(to) + first, data, bytes - first);
  }
};

// Addresses to names: the kernel's from /proc/kallsyms, each process's
// user space through libdwfl, opened once a process.
struct Profiler::Symbolizer {
  KernelSymbols kernel = KernelSymbols::Parse(ReadFile("/proc/kallsyms").value_or(""));
  std::map<pid_t, Dwfl*> processes;
  std::uint64_t unresolved = 0;

  ~Symbolizer() {
    for (auto& [pid, dwfl] : processes) {
      if (dwfl != nullptr) dwfl_end(dwfl);
    }
  }

  void Forget(pid_t pid) {
    const auto it = processes.find(pid);
    if (it == processes.end()) return;
    if (it->second != nullptr) dwfl_end(it->second);
    processes.erase(it);
  }

  Dwfl* Process(pid_t pid) {
    const auto it = processes.find(pid);
    if (it != processes.end()) return it->second;
    static char* debuginfo_path = nullptr;
    static const Dwfl_Callbacks callbacks = {dwfl_linux_proc_find_elf, dwfl_standard_find_debuginfo, nullptr,
                                             &debuginfo_path};
    Dwfl* dwfl = dwfl_begin(&callbacks);
    if (dwfl != nullptr && (dwfl_linux_proc_report(dwfl, pid) != 0 || dwfl_report_end(dwfl, nullptr, nullptr) != 0)) {
      dwfl_end(dwfl);
      dwfl = nullptr;
    }
    processes[pid] = dwfl;
    return dwfl;
  }

  // `command`: what the process exec'd, "" where it did not: a process
  // forked from membench has membench's mappings, read once.
  std::string User(pid_t pid, std::uint64_t ip, const std::string& command) {
    if (Dwfl* dwfl = Process(command.empty() ? ::getpid() : pid)) {
      if (Dwfl_Module* module = dwfl_addrmodule(dwfl, ip)) {
        if (const char* name = dwfl_module_addrname(module, ip)) return Demangled(name);
        const char* file = dwfl_module_info(module, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
        if (file != nullptr) return "[" + std::filesystem::path(file).filename().string() + "]";
      }
    }
    ++unresolved;
    return "[user space of " + (command.empty() ? std::string("an exited process") : command) + "]";
  }

  std::string Kernel(std::uint64_t ip) {
    if (auto name = kernel.Resolve(ip)) return *name;
    ++unresolved;
    return "[kernel]";
  }
};

Profiler::Profiler() : symbols_(std::make_unique<Symbolizer>()) {
  const bool cycles = HasHardwarePmu();
  event_ = cycles ? "cycles" : "cpu-clock";
  // One event a CPU on the measuring thread, inherited: a task-bound event
  // runs only while one of the tasks runs, so an idle CPU is not woken by
  // it (on a VM each such timer is an exit to the hypervisor).
  const long cpus = ::sysconf(_SC_NPROCESSORS_CONF);
  const auto open_all = [&](bool with_kernel) {
    std::vector<int> fds;
    for (int cpu = 0; cpu < cpus; ++cpu) {
      const int fd = OpenSampling(SamplingAttr(cycles, with_kernel), 0, cpu);  // 0: the calling thread
      if (fd >= 0) {
        fds.push_back(fd);
      } else if (errno != ENODEV && errno != EINVAL) {  // an offline CPU is no refusal
        const int error = errno;
        for (const int open : fds) ::close(open);
        errno = error;
        return std::vector<int>{};
      }
    }
    return fds;
  };
  std::vector<int> fds = open_all(true);
  int error = errno;
  scope_ = "membench's measuring thread and every thread and process it starts, kernel and user space";
  if (fds.empty() && error == EACCES) {
    fds = open_all(false);
    error = errno;
    scope_ = "membench's measuring thread and every thread and process it starts, user space only (kernel samples "
             "need perf_event_paranoid <= 1)";
  }
  if (fds.empty()) {
    const int paranoid = PerfEventParanoid();
    throw Error("--profile: perf_event_open(" + event_ + ") failed: " +
                PerfOpenErrorReason(error, cycles ? "hardware" : "software", paranoid));
  }
  // Every descriptor owned before any mapping can throw.
  for (const int fd : fds) {
    rings_.push_back(std::make_unique<Ring>());
    rings_.back()->fd = fd;
  }
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  for (const auto& ring : rings_) {
    for (std::size_t pages = kRingPages; pages >= 8 && ring->base == MAP_FAILED; pages /= 2) {
      ring->mapped = (pages + 1) * page;
      ring->data_size = pages * page;
      ring->base = ::mmap(nullptr, ring->mapped, PROT_READ | PROT_WRITE, MAP_SHARED, ring->fd, 0);
    }
    if (ring->base == MAP_FAILED) {
      throw Error(std::string("--profile: cannot map the sampling buffer: ") + std::strerror(errno) +
                  " (raise /proc/sys/kernel/perf_event_mlock_kb, or run as root)");
    }
  }
}

Profiler::~Profiler() = default;

void Profiler::Enable() {
  for (const auto& ring : rings_) ::ioctl(ring->fd, PERF_EVENT_IOC_ENABLE, 0);
}

void Profiler::Disable() {
  for (const auto& ring : rings_) ::ioctl(ring->fd, PERF_EVENT_IOC_DISABLE, 0);
}

void Profiler::Drain(Sample& sample) {
  struct Hit {
    std::uint16_t mode;
    std::uint64_t ip;
    pid_t pid;
  };
  std::vector<Hit> hits;
  // Names first, from every CPU's records: a process's samples on one CPU
  // may precede its COMM record on another.
  for (const auto& ring : rings_) {
    for (const auto& record : ring->Take()) {
      perf_event_header header{};
      std::memcpy(&header, record.data(), sizeof(header));
      const unsigned char* body = record.data() + sizeof(header);
      const std::size_t body_size = record.size() - sizeof(header);
      std::uint32_t ids[2] = {0, 0};  // pid and tid
      if (header.type == PERF_RECORD_SAMPLE && body_size >= 16) {
        Hit hit{static_cast<std::uint16_t>(header.misc & PERF_RECORD_MISC_CPUMODE_MASK), 0, 0};
        std::memcpy(&hit.ip, body, 8);
        std::memcpy(ids, body + 8, 8);
        hit.pid = static_cast<pid_t>(ids[0]);
        hits.push_back(hit);
      } else if (header.type == PERF_RECORD_COMM && (header.misc & PERF_RECORD_MISC_COMM_EXEC) != 0 &&
                 body_size > 8) {
        std::memcpy(ids, body, 8);
        const char* name = reinterpret_cast<const char*>(body + 8);
        commands_[static_cast<pid_t>(ids[0])] = std::string(name, strnlen(name, body_size - 8));
        // The process's mappings changed with its exec: read them anew.
        symbols_->Forget(static_cast<pid_t>(ids[0]));
      } else if (header.type == PERF_RECORD_LOST && body_size >= 16) {
        std::uint64_t lost = 0;
        std::memcpy(&lost, body + 8, 8);
        lost_ += lost;
      }
    }
  }
  std::map<std::string, std::int64_t> counts;
  std::uint64_t kept = 0;
  for (const Hit& hit : hits) {
    ++kept;
    if (hit.mode == PERF_RECORD_MISC_KERNEL) {
      ++counts[symbols_->Kernel(hit.ip)];
    } else if (hit.mode == PERF_RECORD_MISC_USER) {
      const auto command = commands_.find(hit.pid);
      ++counts[symbols_->User(hit.pid, hit.ip, command == commands_.end() ? "" : command->second)];
    } else {
      ++counts["[hypervisor or guest]"];
    }
  }
  sample.profile_samples = kept;
  sample.profile_self = KeepMostFrequent(counts, kSymbolsKeptPerSample);
}

std::vector<std::string> Profiler::TakeNotes() {
  std::vector<std::string> notes;
  if (lost_ > 0) {
    notes.push_back(fmt::format("--profile: the kernel dropped {} profiling samples (its buffer was full); the shares "
                                "are of those it kept",
                                lost_));
  }
  if (symbols_->unresolved > 0) {
    notes.push_back(fmt::format("--profile: {} profiling samples resolved to no symbol (counted as [kernel] or "
                                "[user space of ...])",
                                symbols_->unresolved));
  }
  if (symbols_->kernel.empty()) {
    notes.push_back(
        "--profile: /proc/kallsyms shows no addresses (kernel.kptr_restrict, or not root): kernel samples are "
        "[kernel]");
  }
  return notes;
}

}  // namespace membench::sys
