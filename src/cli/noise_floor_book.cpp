// File: cli/noise_floor_book.cpp
#include "cli/noise_floor_book.h"

#include "cli/store_flags.h"
#include "core/error.h"
#include "engine/os.h"
#include "report/noise_floor_json.h"

namespace membench {
namespace {

std::string StoreSource(const std::string& name) { return "store " + name; }

// Empty when nothing was recorded; throws Error for a file that is not ours.
NoiseFloorBook LoadFile() {
  const std::string path = NoiseFloorPath();
  const auto text = os::ReadFile(path);
  if (!text) return {};
  return ParseNoiseFloors(*text, path);
}

// Replaces the host's floors of these kinds, keeping the others.
void RecordInFile(const std::string& host, const std::vector<NoiseFloor>& floors) {
  NoiseFloorBook book = LoadFile();
  for (const NoiseFloor& f : floors) book[host][f.kind] = f;
  const std::string path = NoiseFloorPath();
  os::CreateDirectories(path.substr(0, path.rfind('/')));
  os::WriteFileAtomically(path, NoiseFloorsToText(book));
}

// The store's floor comes first and keeps a tie. Stamps of one format
// (ISO 8601 UTC to the second) order as text.
void KeepNewer(FoundFloors& found, const NoiseFloor& floor, const std::string& source) {
  const auto [it, added] = found.by_kind.try_emplace(floor.kind, FoundFloor{floor, source});
  if (!added && floor.measured_at > it->second.floor.measured_at) it->second = {floor, source};
}

}  // namespace

std::string NoiseFloorPath() { return os::StateHome() + "/membench/noise-floor.json"; }

RecordedFloors RecordNoiseFloors(const NoiseFloorOrigin& origin, const std::vector<NoiseFloor>& floors,
                                 const std::string& store_flag) {
  RecordedFloors recorded;
  try {
    if (const auto location = StoreIfAny(store_flag)) {
      const auto store = OpenStore(*location);
      store->RecordNoiseFloors(origin, floors);
      recorded.where = StoreSource(store->name());
      return recorded;
    }
  } catch (const std::exception& e) {
    recorded.store_failure = e.what();
  }
  RecordInFile(origin.host, floors);
  recorded.where = NoiseFloorPath();
  return recorded;
}

FoundFloors FindNoiseFloors(const std::string& host, const std::string& store_flag) {
  FoundFloors found;
  try {
    const auto location = StoreIfAny(store_flag);
    // A store named but not created yet holds no floors, and looking must
    // not create it.
    if (location && (IsPostgresLocation(*location) || os::PathExists(*location))) {
      const std::string source = StoreSource(StoreDisplayName(*location));
      found.looked_in.push_back(source);
      for (const NoiseFloor& f : ReadNoiseFloors(*location, host)) KeepNewer(found, f, source);
    }
  } catch (const std::exception& e) {
    found.unreadable.push_back(e.what());
  }
  try {
    const std::string path = NoiseFloorPath();
    found.looked_in.push_back(path);
    const NoiseFloorBook book = LoadFile();
    if (const auto floors = book.find(host); floors != book.end()) {
      for (const auto& [kind, f] : floors->second) KeepNewer(found, f, path);
    }
  } catch (const Error& e) {
    found.unreadable.push_back(e.what());
  }
  return found;
}

}  // namespace membench
