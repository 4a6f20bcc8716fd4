// File: cli/noise_floor_book.cpp
#include "cli/noise_floor_book.h"

#include "sys/environment.h"
#include "sys/files.h"
#include "sys/result_file.h"

namespace membench {

std::string NoiseFloorPath() { return sys::StateHome() + "/membench/noise-floor.json"; }

NoiseFloorBook LoadNoiseFloors() {
  const std::string path = NoiseFloorPath();
  const auto text = sys::ReadFile(path);
  if (!text) return {};
  return ParseNoiseFloors(*text, path);
}

void RecordNoiseFloors(const std::string& host, const std::vector<NoiseFloor>& floors) {
  NoiseFloorBook book = LoadNoiseFloors();
  for (const NoiseFloor& f : floors) book[host][f.kind] = f;
  const std::string path = NoiseFloorPath();
  sys::CreateDirectories(path.substr(0, path.rfind('/')));
  sys::WriteFileAtomically(path, NoiseFloorsToText(book));
}

}  // namespace membench
