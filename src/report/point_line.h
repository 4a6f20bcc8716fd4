// File: report/point_line.h
// The pieces of a one-line account of a point, shared by the brief
// reports (mail, compare): a rate in the unit the reader chose (--unit
// GB/s or GiB/s for bytes), and the page proof in a word. The text report
// has similar helpers; the two are meant to become one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/page_proof.h"
#include "core/work_unit.h"
#include "report/report_style.h"

namespace membench {

// Bytes per second in one of `unit`: 1e9 for GB/s, 2^30 for GiB/s.
double BytesPerSecondIn(ByteRateUnit unit);
// "GB/s" or "GiB/s".
std::string_view ByteRateUnitName(ByteRateUnit unit);

// "6.645 GB/s", "6.189 GiB/s", "1.904 Kpages/s": bytes in `bytes_as`,
// other units scaled as the text report scales them.
std::string RateIn(WorkUnit unit, double per_second, ByteRateUnit bytes_as);

// Every region's proof in one word: "ok" (the pages asked for back the
// memory), "WRONG" (some region's do not), "unverified" (the method cannot
// see the kind asked for), "-" (no proof taken).
std::string PagesWord(const std::vector<PageProof>& proofs);

}  // namespace membench
