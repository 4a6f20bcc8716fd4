// File: fuzz/fuzz_result.cpp
// The result-file loader (membench-result/1), and every report rendered
// from what it loads. Properties: a loaded result re-saves, and loads back
// to the same JSON (nothing lost or invented on the way); the text, CSV,
// mail and HTML reports render it without an exception.
#include <sstream>
#include <string>

#include "fuzz_property.h"
#include "core/result_decoder.h"
#include "core/result_encoder.h"
#include "report/csv_report.h"
#include "report/html_report.h"
#include "report/mail_report.h"
#include "report/text_report.h"
#include "result_input.h"

using membench::fuzz::Require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::optional<membench::RunResult> loaded = membench::fuzz::ResultOf(data, size);
  if (!loaded) return 0;
  const membench::RunResult& result = *loaded;
  const std::string saved = membench::ResultToJson(result).dump();
  const membench::RunResult reloaded = membench::ParseResult(saved, "resaved.json");
  Require(membench::ResultToJson(reloaded).dump() == saved, "a loaded result re-saves identically");
  std::ostringstream out;
  membench::WriteTextReport(result, out);
  membench::WriteCsvReport({result}, out);
  membench::WriteMailRun(result, out);
  membench::WriteHtmlRuns({result}, out);
  return 0;
}
