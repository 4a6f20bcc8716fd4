// File: fuzz/fuzz_events.cpp
// Event lists as -e takes them: generic and cache names, libpfm4 names,
// tracepoints, named sets, {a,b} groups, :u/:k/:uk modifiers.
// Properties: each resolved event resolves again, alone and by the name it
// was given, to the same encoding; groups are numbered 0 (none) to the
// count of braces; a list without braces has no groups.
#include <string>

#include "core/error.h"
#include "fuzz_property.h"
#include "sys/events.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string list = membench::fuzz::InputText(data, size);
  std::vector<membench::EventEncoding> events;
  try {
    events = membench::sys::ResolveEventList(list);
  } catch (const membench::Error&) {
    return 0;
  }
  int braces = 0;
  for (const char c : list) braces += c == '{' ? 1 : 0;
  for (const membench::EventEncoding& e : events) {
    Require(e.group >= 0 && e.group <= braces, "group numbers within the braces of the list");
    const membench::EventEncoding again = membench::sys::ResolveEvent(e.name);
    Require(again.type == e.type && again.config == e.config && again.config1 == e.config1 &&
                again.config2 == e.config2 && again.mode == e.mode && again.source == e.source &&
                again.base_name == e.base_name,
            "'" + e.name + "' resolves alike alone and in the list '" + list + "'");
  }
  return 0;
}
