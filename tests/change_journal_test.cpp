// File: tests/change_journal_test.cpp
// The record on disk of what membench changed (sys/change_journal.h), in a
// state directory of the test's own: a live process's record is no
// leftover, a dead one's is, and restoring it removes the change and the
// record; a record may not be replaced while held.
#include "sys/change_journal.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/error.h"
#include "membench_process.h"

namespace membench {
namespace {

namespace fs = std::filesystem;

class ChangeJournal : public testing::Test {
 protected:
  void SetUp() override {
    state_ = TempPath("journal_state");
    scratch_ = TempPath("journal_scratch") + "/membench-files-test";
    fs::remove_all(state_);
    fs::create_directories(scratch_);
    ::setenv("MEMBENCH_STATE_DIR", state_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("MEMBENCH_STATE_DIR");
    fs::remove_all(state_);
    fs::remove_all(fs::path(scratch_).parent_path());
  }
  ChangeRecord Scratch() const {
    ChangeRecord r;
    r.kind = ChangeKind::kRemovePath;
    r.path = scratch_;
    return r;
  }
  // The scratch directory's record, made by a child that then dies as if
  // killed (no destructor removes it); the child's pid.
  pid_t RecordInAProcessThatDies() const {
    const pid_t child = ::fork();
    if (child == 0) {
      const sys::JournalEntry entry = sys::JournalEntry::Record(Scratch());
      ::_exit(0);
    }
    return ::waitpid(child, nullptr, 0) == child ? child : -1;
  }
  std::string state_;
  std::string scratch_;
};

TEST_F(ChangeJournal, ALiveProcesssRecordIsNoLeftoverAndGoesWithIt) {
  {
    const sys::JournalEntry entry = sys::JournalEntry::Record(Scratch());
    ASSERT_TRUE(fs::exists(entry.file()));
    EXPECT_TRUE(sys::FindLeftoverChanges().empty());
  }
  EXPECT_TRUE(fs::is_empty(state_));
}

TEST_F(ChangeJournal, ADeadProcesssRecordIsALeftoverThatRestoreUndoes) {
  const pid_t child = RecordInAProcessThatDies();
  const auto leftovers = sys::FindLeftoverChanges();
  ASSERT_EQ(leftovers.size(), 1u);
  EXPECT_EQ(leftovers[0].pid, child);
  EXPECT_EQ(leftovers[0].record.path, scratch_);
  EXPECT_FALSE(sys::UndoLeftover(leftovers[0]));
  EXPECT_FALSE(fs::exists(scratch_));
  EXPECT_TRUE(sys::FindLeftoverChanges().empty());
  EXPECT_TRUE(fs::is_empty(state_));
}

// A change already undone by hand is no news: its record goes silently.
TEST_F(ChangeJournal, ALeftoverNoLongerInEffectIsDroppedSilently) {
  ASSERT_GT(RecordInAProcessThatDies(), 0);
  fs::remove_all(scratch_);
  EXPECT_TRUE(sys::FindLeftoverChanges().empty());
  EXPECT_TRUE(fs::is_empty(state_));
}

// A writer killed between writing its record and the rename leaves a
// half-written temporary; its change was never made, so it goes once the
// writer is dead, and not while it lives.
TEST_F(ChangeJournal, AHalfWrittenRecordOfADeadWriterIsRemoved) {
  ASSERT_GT(RecordInAProcessThatDies(), 0);
  const fs::path whole = fs::directory_iterator(state_)->path();
  const fs::path half = whole.parent_path() / ("." + whole.filename().string());
  fs::rename(whole, half);
  fs::resize_file(half, 10);
  const sys::JournalEntry live = sys::JournalEntry::Record(Scratch());
  const fs::path live_half = fs::path(live.file()).parent_path() / ("." + fs::path(live.file()).filename().string());
  fs::copy_file(live.file(), live_half);
  EXPECT_TRUE(sys::FindLeftoverChanges().empty());
  EXPECT_FALSE(fs::exists(half));
  EXPECT_TRUE(fs::exists(live_half)) << "a live writer's temporary is its own";
  fs::remove(live_half);
}

TEST_F(ChangeJournal, ARecordThatWouldNotReadBackIsRefused) {
  ChangeRecord odd = Scratch();
  odd.path = "/tmp/not-ours";
  EXPECT_THROW(sys::JournalEntry::Record(odd), Error);
}

TEST(ChangeJournalDeathTest, ReplacingAHeldRecordStops) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::string state = TempPath("journal_death");
  ::setenv("MEMBENCH_STATE_DIR", state.c_str(), 1);
  EXPECT_DEATH(
      {
        ChangeRecord r;
        r.kind = ChangeKind::kRemovePath;
        r.path = "/tmp/membench-files-death";
        sys::JournalEntry held = sys::JournalEntry::Record(r);
        held = sys::JournalEntry::Record(r);
      },
      "replaced while it was held");
  ::unsetenv("MEMBENCH_STATE_DIR");
  fs::remove_all(state);
}

}  // namespace
}  // namespace membench
