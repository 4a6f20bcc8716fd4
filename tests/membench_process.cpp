// File: tests/membench_process.cpp
#include "membench_process.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "sys/collect_system_info.h"
#include "sys/files.h"
#include "sys/mthp.h"

namespace membench {

std::string TestEnvironment() {
  // The machine's own noise floors (doctor --noise: in its file, or in the
  // user's store) stay out of the tests' comparisons unless a test records
  // its own; an empty MEMBENCH_STORE is none.
  return "MEMBENCH_STORE= XDG_STATE_HOME=" + TempPath("state") + " XDG_DATA_HOME=" + TempPath("data") + " ";
}

Outcome Membench(const std::string& args, const std::string& prefix) {
  return RunCommand(TestEnvironment() + prefix + std::string(MEMBENCH_BINARY) + " " + args);
}

XdgHomes::XdgHomes(const std::string& name) : state(TempPath(name + "_state")), data(TempPath(name + "_data")) {
  std::filesystem::remove_all(state);
  std::filesystem::remove_all(data);
}

std::string XdgHomes::Prefix() const { return "XDG_STATE_HOME=" + state + " XDG_DATA_HOME=" + data + " "; }

namespace {

Outcome RunShell(const std::string& command_line) {
  const std::string command = command_line + " 2>&1";
  Outcome out;
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buf[4096];
  std::size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.output.append(buf, got);
  const int raw = ::pclose(pipe);
  out.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  return out;
}

std::string Quoted(const std::string& path) {
  std::string quoted = "'";
  for (const char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

Outcome RunCommand(const std::string& command_line) {
  Outcome out = RunShell(command_line);
  ExpectResultFilesReadBack(out.output);
  return out;
}

std::vector<std::string> ResultFilesWritten(const std::string& output, const std::string& directory) {
  static const std::regex kResult(
      R"(membench: (?:result written to |run \d+ written to )(\S+)|membench: kept it in ([^;\s]+);.*)");
  static const std::regex kReport(R"(membench: report written to (\S+))");
  std::vector<std::string> files;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_match(line, match, kResult)) {
      files.push_back(std::filesystem::path(directory) / (match[1].matched ? match[1].str() : match[2].str()));
    } else if (std::regex_match(line, match, kReport)) {
      // A report for people (text, mail, csv, html), or compare's JSON, is
      // not for membench to read; results in JSON are.
      const std::filesystem::path path = std::filesystem::path(directory) / match[1].str();
      std::ifstream in(path);
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      if (text.find("\"membench-result/1\"") != std::string::npos) files.push_back(path);
    }
  }
  return files;
}

void ExpectResultFilesReadBack(const std::string& output, const std::string& directory) {
  for (const std::string& path : ResultFilesWritten(output, directory)) {
    if (!std::filesystem::exists(path)) {
      ADD_FAILURE() << "membench said it wrote " << path << ", and there is no such file";
      continue;
    }
    const Outcome read = RunShell(std::string(MEMBENCH_BINARY) + " report -v " + Quoted(path) + " > /dev/null");
    EXPECT_EQ(read.status, 0) << "membench wrote " << path << ", but `membench report` cannot read it back:\n"
                              << read.output;
  }
}

bool ThpAvailable() {
  const auto line = sys::ReadFirstLine("/sys/kernel/mm/transparent_hugepage/enabled");
  return line && line->find("[never]") == std::string::npos;
}

void CompactMemory() {
  if (!sys::IsRoot()) return;
  sys::WriteFile("/proc/sys/vm/compact_memory", "1");
}

std::optional<std::string> NoHugePageObtainable() {
  CompactMemory();
  // The order of a PMD-sized huge page: 9 for 2 MiB of 4 KiB pages, 13 for
  // 512 MiB of 64 KiB pages.
  const auto pmd_bytes = sys::ReadFirstLine("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size");
  const auto base_bytes = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  if (!pmd_bytes || base_bytes == 0) return std::nullopt;  // nothing proves fragmentation
  const std::size_t huge_order =
      static_cast<std::size_t>(std::countr_zero(std::stoull(*pmd_bytes)) - std::countr_zero(base_bytes));
  std::ifstream buddyinfo("/proc/buddyinfo");
  std::string zones_seen;
  // "Node 0, zone   Normal   c0 c1 ... c10": free blocks of each order.
  for (std::string line; std::getline(buddyinfo, line);) {
    std::istringstream fields(line);
    std::string node_word, node, zone_word, zone;
    fields >> node_word >> node >> zone_word >> zone;
    // DMA's 16 MiB usually holds a free block that no THP fault takes.
    if (zone == "DMA") continue;
    std::vector<std::uint64_t> free_blocks;
    for (std::uint64_t count; fields >> count;) free_blocks.push_back(count);
    for (std::size_t order = huge_order; order < free_blocks.size(); ++order) {
      if (free_blocks[order] > 0) return std::nullopt;
    }
    zones_seen += (zones_seen.empty() ? "" : ", ") + zone;
  }
  if (zones_seen.empty()) return std::nullopt;
  return "after compacting memory" + std::string(sys::IsRoot() ? "" : " (not done: needs root)") +
         ", /proc/buddyinfo shows no free block of order " + std::to_string(huge_order) +
         " or above in any zone but DMA (" + zones_seen + ")";
}

std::map<std::string, std::string> MthpSettings() {
  std::map<std::string, std::string> settings;
  for (const std::size_t size : sys::MthpSizesOffered()) {
    const std::string path =
        "/sys/kernel/mm/transparent_hugepage/hugepages-" + std::to_string(size >> 10) + "kB/enabled";
    settings[path] = sys::ReadFirstLine(path).value_or("");
  }
  return settings;
}

MthpSettingsKept::~MthpSettingsKept() {
  for (const auto& [path, line] : before_) {
    if (sys::ReadFirstLine(path).value_or("") != line) sys::WriteFile(path, sys::SelectedSysfsChoice(line));
  }
}

namespace {

// The test process's directory for its files, removed when the process ends:
// one ctest run writes about a thousand results, stores and logs, which must
// not pile up in the machine's /tmp. Sticky and writable by all, as /tmp is,
// for the tests that run membench as another user. A death test's child
// executes the test binary again: it finds its parent's directory in the
// environment and leaves the removal to the parent.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    static constexpr const char* kInherited = "MEMBENCH_TEST_SCRATCH";
    if (const char* parents = std::getenv(kInherited)) {
      path_ = parents;
      return;
    }
    std::string pattern = testing::TempDir() + "membench_test_XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr || ::chmod(pattern.c_str(), 01777) != 0) {
      throw std::runtime_error("cannot make a scratch directory in " + testing::TempDir());
    }
    path_ = pattern;
    owner_ = ::getpid();
    ::setenv(kInherited, path_.c_str(), 1);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  ~ScratchDirectory() {
    // A forked child that exits (a fast death test) leaves its parent's files.
    if (::getpid() != owner_) return;
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  pid_t owner_ = -1;  // none when the directory is a parent's
  std::string path_;
};

}  // namespace

std::string TempPath(const std::string& name) {
  static const ScratchDirectory scratch;
  return scratch.path() + "/" + name;
}

nlohmann::json ReadJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

double FaultsPerSample(const nlohmann::json& measurement) {
  for (const auto& c : measurement["stats"]["counters"]) {
    if (c["event"] == "page-faults" && c["counted"].get<bool>()) return c["summary"]["mean"].get<double>();
  }
  ADD_FAILURE() << "page-faults not counted";
  return -1;
}

}  // namespace membench
