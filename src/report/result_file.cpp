// File: report/result_file.cpp
#include "report/result_file.h"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "report/json_report.h"

namespace membench {
namespace {

double Number(const nlohmann::json& value, const std::string& path, const std::string& field) {
  if (!value.is_number()) throw Error(path + ": " + field + " is not a number");
  const double v = value.get<double>();
  if (!std::isfinite(v)) throw Error(path + ": " + field + " is not a finite number");
  return v;
}

std::string Text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_unsigned()) return std::to_string(value.get<std::uint64_t>());
  return value.dump();
}

}  // namespace

LoadedResult LoadResultFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error("cannot read " + path);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    throw Error(path + " is not a membench result (not JSON); write one with --json");
  }
  if (!doc.is_object() || !doc.contains("schema") || !doc["schema"].is_string()) {
    throw Error(path + " is not a membench result (no \"schema\"); write one with --json");
  }
  const std::string schema = doc["schema"].get<std::string>();
  if (schema != kResultSchema) {
    throw Error(path + " has schema " + schema + "; this membench reads " + kResultSchema);
  }
  LoadedResult result;
  result.path = path;
  result.command_line = doc.value("command_line", "");
  std::vector<std::string> events;
  for (const auto& e : doc.at("events")) events.push_back(e.at("name").get<std::string>());
  std::size_t index = 0;
  for (const auto& m : doc.at("measurements")) {
    const std::string where = "measurements[" + std::to_string(index++) + "]";
    LoadedMeasurement out;
    out.workload = m.at("workload").get<std::string>();
    out.work_unit = m.at("work_unit").get<std::string>();
    for (const auto& [name, value] : m.at("point").items()) out.point[name] = Text(value);
    std::map<std::string, std::vector<double>> counters;
    std::map<std::string, bool> counted_always;
    for (const auto& s : m.at("samples")) {
      const double wall_ns = Number(s.at("wall_ns"), path, where + ".wall_ns");
      const double work = Number(s.at("work"), path, where + ".work");
      const double loops = Number(s.at("loops"), path, where + ".loops");
      if (wall_ns <= 0 || loops <= 0) throw Error(path + ": " + where + " has a sample of no time or no loops");
      out.rate.push_back(work / (wall_ns * 1e-9));
      out.ns_per_loop.push_back(wall_ns / loops);
      const auto& readings = s.at("counters");
      for (std::size_t e = 0; e < events.size() && e < readings.size(); ++e) {
        const auto& scaled = readings[e].is_object() ? readings[e].value("scaled", nlohmann::json()) : nlohmann::json();
        if (!counted_always.count(events[e])) counted_always[events[e]] = true;
        if (scaled.is_null()) {
          counted_always[events[e]] = false;
          continue;
        }
        counters[events[e]].push_back(Number(scaled, path, where + ".counters") / loops);
      }
    }
    for (auto& [name, values] : counters) {
      if (counted_always[name]) out.counters_per_loop[name] = std::move(values);
    }
    result.measurements.push_back(std::move(out));
  }
  return result;
}

}  // namespace membench
