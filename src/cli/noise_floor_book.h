// File: cli/noise_floor_book.h
// Where this machine's noise floors live between runs:
// $XDG_STATE_HOME/membench/noise-floor.json (else ~/.local/state/...).
#pragma once

#include <string>
#include <vector>

#include "report/noise_floor_json.h"

namespace membench {

std::string NoiseFloorPath();

// Empty when nothing was recorded; throws Error for a file that is not ours.
NoiseFloorBook LoadNoiseFloors();

// Replaces the host's floors of these kinds, keeping the others.
void RecordNoiseFloors(const std::string& host, const std::vector<NoiseFloor>& floors);

}  // namespace membench
