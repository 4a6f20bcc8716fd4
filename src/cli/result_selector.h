// File: cli/result_selector.h
// Results named on the command line: a result file, a stored run's id
// (42), every run with a tag (@base), the latest stored run (last) or one
// before it (last~1). The store is opened only when a name needs it. A file
// whose name is all digits or "last" is named ./42.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "store/store.h"

namespace membench {

struct SelectedRuns {
  std::string name;                // for headers: the file, "run 42", "@base (runs 3, 5)"
  std::vector<RunResult> results;  // oldest first
};

class ResultSelector {
 public:
  explicit ResultSelector(std::string store_flag) : store_flag_(std::move(store_flag)) {}

  // Throws Error for a missing file, run or tag.
  SelectedRuns Select(const std::string& name);

  // The id a store-only name (42, last, last~N) means; throws Error for a
  // file name or a tag.
  std::int64_t StoredId(const std::string& name);

  Store& store();

 private:
  std::string store_flag_;
  std::unique_ptr<Store> store_;
};

}  // namespace membench
