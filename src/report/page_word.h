// File: report/page_word.h
// A point's page proofs in a word, for a table's cell: "4K", "THP 100%",
// "zero page", "NOT thp" where the kernel did not give what was asked,
// "unverified" where the method cannot see it, "-" with no proof. The
// proofs in full are in the verbose report and the JSON.
#pragma once

#include <string>
#include <vector>

#include "core/page_proof.h"

namespace membench {

std::string PageWord(const std::vector<PageProof>& proofs);

}  // namespace membench
