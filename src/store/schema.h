// File: store/schema.h
// The store's schema, in one place: numbered migrations from an empty
// database to the current version, applied in one transaction when a store
// is opened. A store written by an older membench is upgraded; one written
// by a newer membench is refused. docs/store.md describes the tables.
#pragma once

#include "store/database.h"

namespace membench {

inline constexpr int kStoreSchemaVersion = 3;
// The version that added the noise_floors table.
inline constexpr int kNoiseFloorsSchemaVersion = 3;

// Brings the database to kStoreSchemaVersion: creates the tables in an
// empty one, upgrades an older store. Throws Error for a database that is
// not a membench store, or a store of a newer schema.
void PrepareSchema(Database& db);

// The store's version, changing nothing: 0 for an empty database. Throws
// Error for a database that is not a membench store, or a store of a newer
// schema.
int ReadableSchemaVersion(Database& db);

// Brings an empty or older store to exactly `version` (tests build an old
// store with it).
void MigrateTo(Database& db, int version);

}  // namespace membench
