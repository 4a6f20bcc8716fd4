// File: cli/help_format.h
// How every --help looks: at most kHelpColumns wide, option descriptions
// wrapped under their own column, and each command's examples at its end.
// CLI11 2.1 does not wrap (an option's help ran to 299 columns), so the
// formatter does.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace membench {

// The widest line of any help text: it must read in a terminal beside another.
inline constexpr std::size_t kHelpColumns = 100;

// `text` broken at spaces into lines of at most `width` columns; a word
// longer than that stands alone. Existing line breaks are kept.
std::vector<std::string> WrapWords(const std::string& text, std::size_t width);

// The "Examples:" footer of a command's help.
std::string ExamplesFooter(const std::vector<std::string>& examples);

// CLI11's formatter, wrapping descriptions, command summaries and footers
// at kHelpColumns.
class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter();
  std::string make_option(const CLI::Option* opt, bool is_positional) const override;
  std::string make_subcommand(const CLI::App* sub) const override;
  std::string make_description(const CLI::App* app) const override;
  std::string make_footer(const CLI::App* app) const override;
};

}  // namespace membench
