// File: cli/help_format.cpp
#include "cli/help_format.h"

#include <sstream>

namespace membench {
namespace {

// The first column (an option's name and value) of an option or command line.
constexpr std::size_t kNameColumn = 30;

// Each line of `text` wrapped to `width`, continuation lines indented by
// `indent` spaces beyond the line's own leading spaces.
std::string WrapLines(const std::string& text, std::size_t width, std::size_t indent) {
  std::istringstream in(text);
  std::string out;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t lead = line.find_first_not_of(' ');
    if (lead == std::string::npos || line.size() <= width) {
      out += line + "\n";
      continue;
    }
    const std::string first_indent(lead, ' ');
    const std::string next_indent(lead + indent, ' ');
    const auto pieces = WrapWords(line.substr(lead), width - lead - indent);
    for (std::size_t i = 0; i < pieces.size(); ++i) out += (i == 0 ? first_indent : next_indent) + pieces[i] + "\n";
  }
  return out;
}

// A name column and its description, as CLI11 lays them out, the
// description wrapped in its own column.
std::string NameAndDescription(const std::string& name, const std::string& description) {
  std::string out = "  " + name;
  const std::string pad(kNameColumn, ' ');
  const auto lines = WrapWords(description, kHelpColumns - kNameColumn);
  if (lines.empty()) return out + "\n";
  if (out.size() >= kNameColumn) {
    out += "\n" + pad;
  } else {
    out += std::string(kNameColumn - out.size(), ' ');
  }
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i == 0 ? "" : pad) + lines[i] + "\n";
  return out;
}

}  // namespace

std::vector<std::string> WrapWords(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream paragraphs(text);
  std::string paragraph;
  while (std::getline(paragraphs, paragraph)) {
    std::istringstream words(paragraph);
    std::string word;
    std::string line;
    while (words >> word) {
      if (!line.empty() && line.size() + 1 + word.size() > width) {
        lines.push_back(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + word;
    }
    lines.push_back(line);
  }
  return lines;
}

std::string ExamplesFooter(const std::vector<std::string>& examples) {
  if (examples.empty()) return "";
  std::string out = "Examples:\n";
  for (const auto& example : examples) out += "  " + example + "\n";
  return out;
}

HelpFormatter::HelpFormatter() { column_width(kNameColumn); }

std::string HelpFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
  return NameAndDescription(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt));
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
  return NameAndDescription(sub->get_display_name(true), sub->get_description());
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
  return WrapLines(CLI::Formatter::make_description(app), kHelpColumns, 0);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  // A long example continues four columns in, so it still reads as one.
  return WrapLines(CLI::Formatter::make_footer(app), kHelpColumns, 4);
}

}  // namespace membench
