// File: fuzz/result_input.h
// A fuzz input read as a result file, or nothing where the loader refused
// it with membench's Error (the expected answer to a malformed file).
#pragma once

#include <optional>

#include "core/error.h"
#include "fuzz_property.h"
#include "core/result_decoder.h"

namespace membench::fuzz {

inline std::optional<RunResult> ResultOf(const std::uint8_t* data, std::size_t size) {
  try {
    return ParseResult(InputText(data, size), "fuzz.json");
  } catch (const Error&) {
    return std::nullopt;
  }
}

}  // namespace membench::fuzz
