// File: tests/disk_limits_test.cpp
// A full disk and a read-only store, on real filesystems mounted for the
// test (root only): refused with a clear error before the run measures
// anything, or, when the disk fills during the run, a clean stop that
// prints what was measured and keeps it in a file elsewhere.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "membench_process.h"
#include "sys/files.h"

namespace membench {
namespace {

namespace fs = std::filesystem;

// A tmpfs of `bytes` mounted at a directory of the test's own, unmounted
// and removed when the test ends.
class SmallDisk {
 public:
  SmallDisk(const std::string& name, std::size_t bytes) : dir_(TempPath(name)) {
    fs::create_directories(dir_);
    const std::string options = "size=" + std::to_string(bytes);
    mounted_ = ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallDisk() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    fs::remove_all(dir_);
  }
  bool mounted() const { return mounted_; }
  const std::string& dir() const { return dir_; }
  // Writes until the disk is full.
  void Fill() const {
    std::ofstream fill(dir_ + "/fill", std::ios::binary);
    const std::string block(4096, 'x');
    while (fill.write(block.data(), static_cast<std::streamsize>(block.size()))) {
    }
  }
  // Remounts it read-only.
  bool MakeReadOnly() const { return ::mount(nullptr, dir_.c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0; }

 private:
  std::string dir_;
  bool mounted_ = false;
};

// The brief report's header line that only a run with measurements prints.
bool Measured(const Outcome& run) { return run.output.find("samples per point after") != std::string::npos; }

TEST(DiskLimits, AFullDiskIsRefusedBeforeTheRunForJsonAndTheStore) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting a small disk needs root";
  const SmallDisk disk("full_disk", 1 << 20);
  if (!disk.mounted()) GTEST_SKIP() << "[no-tmpfs] cannot mount a tmpfs here";
  disk.Fill();
  const Outcome json = Membench("run memset --size 64K -r 2 --json " + disk.dir() + "/r.json");
  EXPECT_EQ(json.status, 2) << json.output;
  EXPECT_NE(json.output.find("cannot write --json " + disk.dir() + "/r.json: its disk has"), std::string::npos)
      << json.output;
  EXPECT_FALSE(Measured(json)) << json.output;
  const Outcome store = Membench("run memset --size 64K -r 2 --store " + disk.dir() + "/h.sqlite");
  EXPECT_EQ(store.status, 2) << store.output;
  EXPECT_NE(store.output.find("cannot write the store " + disk.dir() + "/h.sqlite: its disk has"), std::string::npos)
      << store.output;
  EXPECT_FALSE(Measured(store)) << store.output;
}

// A mapping of a sparse file (pagefault's file cases) fills the disk page
// by page, and a full disk answers a write fault with SIGBUS: a scratch
// directory with less room than the workers' files is refused before.
TEST(DiskLimits, ASparseScratchFileLargerThanTheDiskIsRefused) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting a small disk needs root";
  const SmallDisk disk("small_scratch", 4 << 20);
  if (!disk.mounted()) GTEST_SKIP() << "[no-tmpfs] cannot mount a tmpfs here";
  const Outcome run = Membench("run pagefault --case file-shared --size 16M -r 2", "TMPDIR=" + disk.dir() + " ");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("writes 16 MiB to files in " + disk.dir() + " but its disk has"), std::string::npos)
      << run.output;
  EXPECT_FALSE(Measured(run)) << run.output;
  // Each worker writes a file of its own: together they do not fit.
  const Outcome workers =
      Membench("run pagefault --case file-shared --size 1M --threads 8 -r 2", "TMPDIR=" + disk.dir() + " ");
  EXPECT_EQ(workers.status, 2) << workers.output;
  EXPECT_NE(workers.output.find("(8 workers, a file each)"), std::string::npos) << workers.output;
  // On a tmpfs a private write fault takes the file's page first: a bus
  // error once it is full, unless refused.
  const Outcome private_copy =
      Membench("run pagefault --case file-private --size 16M -r 2", "TMPDIR=" + disk.dir() + " ");
  EXPECT_EQ(private_copy.status, 2) << private_copy.output;
  EXPECT_NE(private_copy.output.find("but its disk has"), std::string::npos) << private_copy.output;
  const Outcome fits = Membench("run pagefault --case file-shared --size 1M -r 2", "TMPDIR=" + disk.dir() + " ");
  EXPECT_EQ(fits.status, 0) << fits.output;
}

// The disk fills while the run measures (a pause at its first timed
// sample, sys/pause_point.h): the result is printed, the failed write
// named, nothing half-written left, the result kept elsewhere.
TEST(DiskLimits, ADiskThatFillsDuringTheRunKeepsTheResultElsewhere) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting a small disk needs root";
  const SmallDisk disk("filling_disk", 8 << 20);
  if (!disk.mounted()) GTEST_SKIP() << "[no-tmpfs] cannot mount a tmpfs here";
  const std::string json = disk.dir() + "/r.json";
  const std::string out = TempPath("filling_out");
  const pid_t runner = ::fork();
  if (runner == 0) {
    const std::string command = "exec env MEMBENCH_PAUSE_AT=sample MEMBENCH_STATE_DIR=" + TempPath("changes") +
                                " XDG_STATE_HOME=" + TempPath("state") + " " + std::string(MEMBENCH_BINARY) +
                                " run memset --size 64K -r 2 --invocations 1 --quiet --json " + json + " > " + out + " 2>&1";
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Stopped at its first sample (waitpid sees the stop): the disk fills,
  // then it goes on.
  int status = 0;
  if (::waitpid(runner, &status, WUNTRACED) != runner || !WIFSTOPPED(status)) {
    ::kill(runner, SIGKILL);
    ::waitpid(runner, nullptr, 0);
    FAIL() << "membench did not pause at its first sample: " << sys::ReadFile(out).value_or("");
  }
  disk.Fill();
  ::kill(runner, SIGCONT);
  ::waitpid(runner, &status, 0);
  const std::string output = sys::ReadFile(out).value_or("");
  fs::remove(out);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << output;
  EXPECT_TRUE(Measured({0, output})) << output;
  EXPECT_NE(output.find("writing " + json + " failed: No space left on device"), std::string::npos) << output;
  const std::size_t kept = output.find("kept it in ");
  ASSERT_NE(kept, std::string::npos) << output;
  const std::string rescue = output.substr(kept + 11, output.find(';', kept) - kept - 11);
  EXPECT_NO_THROW(ReadJson(rescue)) << rescue;
  fs::remove(rescue);
  for (const auto& entry : fs::directory_iterator(disk.dir())) EXPECT_EQ(entry.path().filename(), "fill");
}

TEST(DiskLimits, AReadOnlyStoreIsRefusedBeforeTheRun) {
  if (!sys::IsRoot()) GTEST_SKIP() << "[needs-root] mounting a disk needs root";
  const SmallDisk disk("read_only_store", 16 << 20);
  if (!disk.mounted()) GTEST_SKIP() << "[no-tmpfs] cannot mount a tmpfs here";
  const std::string store = disk.dir() + "/h.sqlite";
  const Outcome first = Membench("run memset --size 64K -r 2 --quiet --store " + store);
  ASSERT_EQ(first.status, 0) << first.output;
  ASSERT_TRUE(disk.MakeReadOnly());
  const Outcome run = Membench("run memset --size 64K -r 2 --store " + store);
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("store " + store + " cannot be written: the file or its filesystem is read-only"),
            std::string::npos)
      << run.output;
  EXPECT_FALSE(Measured(run)) << run.output;
}

}  // namespace
}  // namespace membench
