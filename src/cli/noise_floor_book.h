// File: cli/noise_floor_book.h
// Where this machine's noise floors live between runs: in the history store
// when there is one (--store, $MEMBENCH_STORE, or the default store's file
// exists), else in $XDG_STATE_HOME/membench/noise-floor.json (else
// ~/.local/state/...). compare looks in both and takes each kind's newer
// floor; looking creates and upgrades nothing.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/noise_floor.h"
#include "store/store.h"

namespace membench {

std::string NoiseFloorPath();

struct RecordedFloors {
  std::string where;          // "store X", or the file
  std::string store_failure;  // why the store did not take them (then the file did); empty when it did
};

// Into the store when there is one, else into the file (replacing the
// host's floors of these kinds there). A store that fails loses nothing:
// the floors go to the file. Throws Error when the file fails too.
RecordedFloors RecordNoiseFloors(const NoiseFloorOrigin& origin, const std::vector<NoiseFloor>& floors,
                                 const std::string& store_flag);

struct FoundFloor {
  NoiseFloor floor;
  std::string source;  // "store X", or the file
};

struct FoundFloors {
  std::map<std::string, FoundFloor> by_kind;  // each kind's newer floor of the store's and the file's
  std::vector<std::string> looked_in;         // every source, found or not
  std::vector<std::string> unreadable;        // a source that could not be read, and why
};

// The floors recorded for the host: from the store when there is one, and
// from the file.
FoundFloors FindNoiseFloors(const std::string& host, const std::string& store_flag);

}  // namespace membench
