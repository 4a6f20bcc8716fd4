// File: fuzz/fuzz_change_record.cpp
// The records of machine changes that `membench restore` reads back from
// the state directory (core/change_record.h), where any file may lie.
// Properties: a text taken for a record formats back to a text that reads
// as the same record, and its restore command names its path.
#include <string>

#include "core/change_record.h"
#include "fuzz_property.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = membench::fuzz::InputText(data, size);
  const auto record = membench::ParseChangeRecord(text);
  if (!record) return 0;
  const auto again = membench::ParseChangeRecord(membench::FormatChangeRecord(*record));
  Require(again.has_value(), "a record formats to a text that reads as a record");
  Require(again->kind == record->kind && again->path == record->path && again->restore_value == record->restore_value &&
              again->set_value == record->set_value && again->boot_id == record->boot_id,
          "a record reads back as written");
  Require(!membench::RestoreCommand(*record).empty() && !membench::DescribeChange(*record).empty(),
          "every record has a restore command and a description");
  return 0;
}
