// File: tests/membench_process.h
// Runs the real membench binary for the end-to-end tests.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace membench {

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

// Runs a shell command line, stderr with stdout. Every result file the
// output says membench wrote is then read back (ExpectResultFilesReadBack).
Outcome RunCommand(const std::string& command);

// The result files membench said it wrote, in the order it said so, with
// relative paths taken from `directory`: "result written to FILE" (--json),
// "run N written to FILE" (history export), "kept it in FILE;" (a result no
// destination took), and "report written to FILE" where FILE holds results
// in JSON (report --format json -o).
std::vector<std::string> ResultFilesWritten(const std::string& output, const std::string& directory = ".");

void ExpectResultFilesReadBack(const std::string& output, const std::string& directory = ".");

// "MEMBENCH_STORE= XDG_STATE_HOME=... XDG_DATA_HOME=... ": the test's own
// state and data folders and no store, before every membench a test runs.
std::string TestEnvironment();

// Runs `prefix membench args`; a prefix runs it as another user, say, or
// sets variables. XDG_STATE_HOME and XDG_DATA_HOME are the test's own (no
// noise floors, no default store) and MEMBENCH_STORE is unset, unless the
// prefix sets them.
Outcome Membench(const std::string& args, const std::string& prefix = "");

// Whether THP is enabled for MADV_HUGEPAGE regions at all.
bool ThpAvailable();

// Compacts memory (as root; a no-op otherwise), so that a 2 MiB page can be
// had unless memory really is fragmented: called before a test that needs
// transparent huge pages.
void CompactMemory();

// Why no PMD-sized huge page can be had now, or nothing where one can:
// after compacting memory, no zone of /proc/buddyinfo but DMA has a free
// block of that order or above. Only then may a test whose region got no
// huge page skip. Called where THP is enabled.
std::optional<std::string> NoHugePageObtainable();

// In a test whose region got no huge page (`detail` says which): skips when
// the machine has none to give, and fails otherwise, since then membench's
// alignment or madvise is what went wrong.
#define SKIP_ONLY_IF_NO_HUGE_PAGE_OBTAINABLE(detail)                                                       \
  do {                                                                                                     \
    if (const auto no_huge_page = ::membench::NoHugePageObtainable()) {                                    \
      GTEST_SKIP() << "[thp-fragmented] " << *no_huge_page;                                                \
    }                                                                                                      \
    FAIL() << "no transparent huge page, although the machine has a free 2 MiB block to give: " << detail; \
  } while (false)

// Each mTHP size's "enabled" file and its line.
std::map<std::string, std::string> MthpSettings();

// Puts the mTHP sizes back as they were when it was made, if a failed test
// left them changed: the next test, and the machine, must not inherit that.
class MthpSettingsKept {
 public:
  MthpSettingsKept() : before_(MthpSettings()) {}
  MthpSettingsKept(const MthpSettingsKept&) = delete;
  MthpSettingsKept& operator=(const MthpSettingsKept&) = delete;
  ~MthpSettingsKept();
  const std::map<std::string, std::string>& before() const { return before_; }

 private:
  std::map<std::string, std::string> before_;
};

// A path in this test process's own scratch directory, which is removed with
// everything in it when the process exits.
std::string TempPath(const std::string& name);

// A test's own XDG state and data folders (TempPath(name + "_state") and
// "_data"), empty at the start: where a test's noise floors and default store
// go, apart from every other test's.
struct XdgHomes {
  explicit XdgHomes(const std::string& name);
  std::string state;
  std::string data;
  // "XDG_STATE_HOME=... XDG_DATA_HOME=... ", a prefix for Membench().
  std::string Prefix() const;
};
nlohmann::json ReadJson(const std::string& path);

// The mean page faults per sample of one measurement of a result file;
// a test failure, and -1, where page-faults was not counted.
double FaultsPerSample(const nlohmann::json& measurement);

}  // namespace membench
