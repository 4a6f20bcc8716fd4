// File: report/noise_floor_json.h
// The noise floors `doctor --noise` records, by host and kind of point, as
// a small JSON file (schema membench-noise-floor/1) that compare reads.
#pragma once

#include <map>
#include <string>

#include "core/noise_floor.h"

namespace membench {

// host -> kind -> floor
using NoiseFloorBook = std::map<std::string, std::map<std::string, NoiseFloor>>;

// Throws Error, naming origin, for text that is not such a file.
NoiseFloorBook ParseNoiseFloors(const std::string& text, const std::string& origin);
std::string NoiseFloorsToText(const NoiseFloorBook& book);

}  // namespace membench
