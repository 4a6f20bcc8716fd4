// File: fuzz/fuzz_store_import.cpp
// `membench history import`: a result file loaded and saved into a store
// (SQLite, in a file of this process's own). Properties: what is saved
// loads back as the same JSON; saving it again is recognised as already
// stored; removing it leaves the store as it was.
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "fuzz_property.h"
#include "core/result_encoder.h"
#include "result_input.h"
#include "store/store.h"

using membench::fuzz::Require;

namespace {

// The store of this process, removed with its journal files when the
// process exits: every run of the target would otherwise leave its own.
class ProcessStore {
 public:
  ProcessStore()
      : path_((std::filesystem::temp_directory_path() / ("membench-fuzz-store-" + std::to_string(::getpid()) + ".db"))
                  .string()) {
    std::filesystem::remove(path_);
    store_ = membench::OpenStore(path_);
  }
  ProcessStore(const ProcessStore&) = delete;
  ProcessStore& operator=(const ProcessStore&) = delete;
  ~ProcessStore() {
    store_.reset();
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path_ + suffix, ignored);
  }
  membench::Store& store() { return *store_; }

 private:
  std::string path_;
  std::unique_ptr<membench::Store> store_;
};

membench::Store& TheStore() {
  static ProcessStore process_store;
  return process_store.store();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::optional<membench::RunResult> loaded = membench::fuzz::ResultOf(data, size);
  if (!loaded) return 0;
  const membench::RunResult& result = *loaded;
  membench::Store& store = TheStore();
  const membench::SaveOutcome saved = store.Save(result, true);
  if (saved.already_stored) return 0;  // the same result came twice: the first was checked
  const std::string json = membench::ResultToJson(result).dump();
  Require(membench::ResultToJson(store.Load(saved.id)).dump() == json, "a stored result loads back as saved");
  Require(store.Save(result, true).already_stored, "saving it again finds it stored");
  Require(store.Remove(saved.id), "the stored run can be removed");
  return 0;
}
