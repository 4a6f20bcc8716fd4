// File: cli/result_selector.cpp
#include "cli/result_selector.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "cli/store_flags.h"
#include "core/error.h"
#include "engine/os.h"

namespace membench {
namespace {

bool AllDigits(const std::string& text) {
  return !text.empty() && text.size() <= 18 &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// How many runs back "last" or "last~N" reaches; nullopt for other names.
std::optional<int> RunsBack(const std::string& name) {
  if (name == "last") return 0;
  if (name.rfind("last~", 0) != 0) return std::nullopt;
  const std::string n = name.substr(5);
  if (!AllDigits(n) || n.size() > 6) throw Error("'" + name + "': expected last~N with a number N, e.g. last~1");
  return std::stoi(n);
}

}  // namespace

Store& ResultSelector::store() {
  if (!store_) store_ = OpenStoreNamed(store_flag_);
  return *store_;
}

std::int64_t ResultSelector::StoredId(const std::string& name) {
  if (AllDigits(name)) return std::stoll(name);
  if (const auto back = RunsBack(name)) {
    const auto id = store().Latest(*back);
    if (!id) {
      throw Error(fmt::format("store {} has no run '{}' ({})", store().name(), name,
                              *back == 0 ? "it is empty" : "it holds fewer runs"));
    }
    return *id;
  }
  throw Error("'" + name + "' is not a stored run: give its id (membench history lists them), last or last~N");
}

SelectedRuns ResultSelector::Select(const std::string& name) {
  if (name.size() > 1 && name[0] == '@') {
    const std::string tag = name.substr(1);
    const auto ids = store().Tagged(tag);
    if (ids.empty()) {
      throw Error(fmt::format("store {} has no run tagged '{}' (save one with --tag {}; membench history lists runs)",
                              store().name(), tag, tag));
    }
    SelectedRuns out;
    std::string list;
    for (const auto id : ids) {
      out.results.push_back(store().Load(id));
      list += (list.empty() ? "" : ", ") + std::to_string(id);
    }
    out.name = fmt::format("{} (run{} {})", name, ids.size() > 1 ? "s" : "", list);
    return out;
  }
  if (AllDigits(name) || RunsBack(name)) {
    const std::int64_t id = StoredId(name);
    return {fmt::format("run {}", id), {store().Load(id)}};
  }
  return {name, os::LoadResults(name)};
}

}  // namespace membench
