// File: store/measurement_rows.h
// The measurements table: one row per measurement of a stored run (its
// workload, point, unit, sample count and mean rate), an index for
// `history --workload` and for a user's own SQL. The complete result stays
// in runs.result; these rows are derived from it.
#pragma once

#include <cstdint>

#include "core/result.h"
#include "store/database.h"

namespace membench {

void InsertMeasurementRows(Database& db, std::int64_t run_id, const RunResult& result);

// Fills the rows of every stored run from its result (the upgrade to
// schema version 2).
void BackfillMeasurementRows(Database& db);

}  // namespace membench
