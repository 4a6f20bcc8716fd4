// File: report/noise_floor_json.cpp
#include "report/noise_floor_json.h"

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace membench {
namespace {

constexpr const char* kSchema = "membench-noise-floor/1";

}  // namespace

NoiseFloorBook ParseNoiseFloors(const std::string& text, const std::string& origin) {
  NoiseFloorBook book;
  try {
    const nlohmann::json doc = nlohmann::json::parse(text);
    if (doc.value("schema", "") != kSchema) throw Error(origin + " is not a membench noise-floor file");
    for (const auto& [host, kinds] : doc.at("hosts").items()) {
      for (const auto& [kind, f] : kinds.items()) {
        NoiseFloor floor;
        floor.kind = kind;
        floor.point = f.at("point").get<std::string>();
        floor.invocations = f.at("invocations").get<std::size_t>();
        floor.run_cv_pct = f.at("run_cv_pct").get<double>();
        floor.within_cv_pct = f.at("within_cv_pct").get<double>();
        floor.floor_pct = f.at("floor_pct").get<double>();
        floor.measured_at = f.at("measured_at").get<std::string>();
        book[host][kind] = floor;
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(origin + " is not a membench noise-floor file (" + e.what() + ")");
  }
  return book;
}

std::string NoiseFloorsToText(const NoiseFloorBook& book) {
  nlohmann::json hosts = nlohmann::json::object();
  for (const auto& [host, kinds] : book) {
    for (const auto& [kind, f] : kinds) {
      hosts[host][kind] = {{"point", f.point},           {"invocations", f.invocations},
                           {"run_cv_pct", f.run_cv_pct}, {"within_cv_pct", f.within_cv_pct},
                           {"floor_pct", f.floor_pct},   {"measured_at", f.measured_at}};
    }
  }
  return nlohmann::json{{"schema", kSchema}, {"hosts", hosts}}.dump(2) + "\n";
}

}  // namespace membench
