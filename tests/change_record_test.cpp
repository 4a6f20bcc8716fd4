// File: tests/change_record_test.cpp
// The on-disk record of a machine change (core/change_record.h): it reads
// back as written, a foreign or damaged text is not taken for one, and the
// restore command is what a shell would run.
#include "core/change_record.h"

#include <gtest/gtest.h>

namespace membench {
namespace {

ChangeRecord Setting() {
  ChangeRecord r;
  r.kind = ChangeKind::kWriteFile;
  r.path = "/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled";
  r.restore_value = "never";
  r.set_value = "madvise";
  r.boot_id = "4b2e4c1e-8d2a-4a57-9b8e-7a3c1d2e5f60";
  return r;
}

TEST(ChangeRecord, EachKindReadsBackAsWritten) {
  ChangeRecord scratch;
  scratch.kind = ChangeKind::kRemovePath;
  scratch.path = "/tmp/membench-files-a1B2c3";
  scratch.boot_id = "b";
  for (const ChangeRecord& r : {Setting(), scratch}) {
    const auto back = ParseChangeRecord(FormatChangeRecord(r));
    ASSERT_TRUE(back) << FormatChangeRecord(r);
    EXPECT_EQ(back->kind, r.kind);
    EXPECT_EQ(back->path, r.path);
    EXPECT_EQ(back->restore_value, r.restore_value);
    EXPECT_EQ(back->set_value, r.set_value);
    EXPECT_EQ(back->boot_id, r.boot_id);
  }
}

TEST(ChangeRecord, TextThatIsNotOneIsRefused) {
  const std::string good = FormatChangeRecord(Setting());
  EXPECT_FALSE(ParseChangeRecord(""));
  EXPECT_FALSE(ParseChangeRecord("{\"schema\": \"membench-result/1\"}"));
  // Truncated: the setting's values are missing.
  EXPECT_FALSE(ParseChangeRecord(good.substr(0, good.find("restore"))));
  EXPECT_FALSE(ParseChangeRecord(good + "colour blue\n"));
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind explode\npath /x\n"));
  // A relative path would be undone wherever the restore runs.
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind remove\npath tmp/membench-files-x\n"));
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind remove\npath /tmp/membench-files-x\nset never\n"));
  // restore removes only what membench creates, whatever a record says.
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind remove\npath /home\n"));
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind remove\npath /\n"));
  EXPECT_TRUE(ParseChangeRecord("membench-change/1\nkind remove\npath /data/r.json.tmp.4242\n"));
  // A value with blanks around it would not be written back as read.
  EXPECT_FALSE(ParseChangeRecord("membench-change/1\nkind write\npath /x\nrestore  never\nset madvise\n"));
}

TEST(ChangeRecord, RestoreCommandsAreWhatAShellRuns) {
  EXPECT_EQ(RestoreCommand(Setting()), "echo never > /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled");
  ChangeRecord odd;
  odd.kind = ChangeKind::kRemovePath;
  odd.path = "/tmp/it's here";
  EXPECT_EQ(RestoreCommand(odd), "rm -rf '/tmp/it'\\''s here'");
  EXPECT_EQ(DescribeChange(Setting()),
            "/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled set to madvise (was never)");
}

}  // namespace
}  // namespace membench
