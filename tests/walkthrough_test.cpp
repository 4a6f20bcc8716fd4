// File: tests/walkthrough_test.cpp
// The README's walk-through, run as a test, a test a step. Every `$
// build/membench ...` line between the walkthrough markers is run with the
// real binary, in order, in a scratch
// directory whose build/ is this build's directory (so the command line, the
// files it names and what compare echoes of it are the README's own), and
// what it prints on stdout must match the lines the README shows under it.
// stderr ("membench: result written to a.json") is not compared: through a
// pipe it lands in another order than on a terminal, and the README says it
// leaves it out.
//
// The rule, doctest's ELLIPSIS in FileCheck's spirit: runs of whitespace count
// as one space; a number (12, -0.8%, 16,384, 0.1.0, 4.521..5.148) matches any
// number; a line that is just `...` matches any number of lines; `...` within
// a line matches any text. Commands other than build/membench are not run, so
// the README may show no output under them.
//
// MEMBENCH_UPDATE_GOLDEN=1 build/tests/walkthrough_test (scripts/update-walkthrough.sh)
// replaces the output of each step that no longer matches with what it
// printed, and keeps the steps that still match as they are; putting `...`
// back where values vary between runs or machines is for whoever reads the
// diff.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "membench_process.h"

namespace membench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kBeginMarker = "<!-- walkthrough:begin -->";
constexpr std::string_view kEndMarker = "<!-- walkthrough:end -->";
constexpr std::string_view kEllipsis = "...";
constexpr std::string_view kMembench = "build/membench ";

std::vector<std::string> Lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Whitespace runs as one space, none at either end. perf's noise figure
// loses its space at 100% and more ("( +-100.00% )"); it gets it back, so
// that the README's "( +-  2.81% )" matches it.
std::string Collapsed(std::string_view line) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
    if (line.substr(i).starts_with("+-") && i + 2 < line.size() &&
        std::isdigit(static_cast<unsigned char>(line[i + 2]))) {
      out += "- ";
      ++i;
    }
  }
  return out;
}

void DropTrailingBlankLines(std::vector<std::string>& lines) {
  while (!lines.empty() && Collapsed(lines.back()).empty()) lines.pop_back();
}

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t DigitsAt(std::string_view s, std::size_t at) {
  std::size_t n = 0;
  while (at + n < s.size() && std::isdigit(static_cast<unsigned char>(s[at + n]))) ++n;
  return n;
}

// Length of a decimal at `at` (-0.8, 16,384, 0.1.0), 0 if none starts there.
std::size_t DecimalAt(std::string_view s, std::size_t at) {
  std::size_t pos = at;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) ++pos;
  const std::size_t integer = DigitsAt(s, pos);
  if (integer == 0) return 0;
  pos += integer;
  // A thousands group is a comma and exactly three digits: "1,2,4" is a list.
  if (integer <= 3) {
    while (pos < s.size() && s[pos] == ',' && DigitsAt(s, pos + 1) == 3) pos += 4;
  }
  while (pos < s.size() && s[pos] == '.' && DigitsAt(s, pos + 1) > 0) pos += 1 + DigitsAt(s, pos + 1);
  return pos - at;
}

// Length of the number at `at`, 0 if none starts there: a decimal or a range
// of two (4.521..5.148), with an optional %, standing alone: the digits of
// avx2, 4K or x4 are part of a name, not numbers.
std::size_t NumberAt(std::string_view s, std::size_t at) {
  if (at > 0 && (IsWordChar(s[at - 1]) || s[at - 1] == '.')) return 0;
  const std::size_t decimal = DecimalAt(s, at);
  if (decimal == 0) return 0;
  std::size_t pos = at + decimal;
  if (s.substr(pos, 2) == "..") {
    if (const std::size_t upper = DecimalAt(s, pos + 2); upper > 0) pos += 2 + upper;
  }
  if (pos < s.size() && s[pos] == '%') ++pos;
  if (pos < s.size() && IsWordChar(s[pos])) return 0;
  return pos - at;
}

// One README line as a pattern: text to match as it is, numbers, and `...`.
struct Piece {
  enum class Kind { kText, kNumber, kAnyText };
  Kind kind;
  std::string text;  // kText only
};
using LinePattern = std::vector<Piece>;

LinePattern PatternOf(std::string_view readme_line) {
  const std::string line = Collapsed(readme_line);
  LinePattern pattern;
  std::string text;
  const auto flush_text = [&] {
    if (!text.empty()) pattern.push_back({Piece::Kind::kText, std::move(text)});
    text.clear();
  };
  for (std::size_t pos = 0; pos < line.size();) {
    if (std::string_view(line).substr(pos, kEllipsis.size()) == kEllipsis) {
      flush_text();
      pattern.push_back({Piece::Kind::kAnyText, {}});
      pos += kEllipsis.size();
    } else if (const std::size_t number = NumberAt(line, pos); number > 0) {
      flush_text();
      pattern.push_back({Piece::Kind::kNumber, {}});
      pos += number;
    } else {
      text += line[pos++];
    }
  }
  flush_text();
  return pattern;
}

bool PatternMatchesFrom(const LinePattern& pattern, std::size_t piece, std::string_view line, std::size_t at) {
  if (piece == pattern.size()) return at == line.size();
  const Piece& p = pattern[piece];
  switch (p.kind) {
    case Piece::Kind::kText:
      return line.substr(at, p.text.size()) == p.text &&
             PatternMatchesFrom(pattern, piece + 1, line, at + p.text.size());
    case Piece::Kind::kNumber: {
      const std::size_t number = NumberAt(line, at);
      return number > 0 && PatternMatchesFrom(pattern, piece + 1, line, at + number);
    }
    case Piece::Kind::kAnyText:
      for (std::size_t end = at; end <= line.size(); ++end) {
        if (PatternMatchesFrom(pattern, piece + 1, line, end)) return true;
      }
      return false;
  }
  return false;
}

// Whether a line a command printed is what a README line shows.
bool LineMatches(std::string_view readme_line, std::string_view printed_line) {
  return PatternMatchesFrom(PatternOf(readme_line), 0, Collapsed(printed_line), 0);
}

// Whether the lines a command printed are what the README shows, trailing
// blank lines aside. On a mismatch, `first_unmatched` is the index of the
// README line the furthest alignment could not get past (shown.size():
// printed lines were left over), and `alignment` that alignment: the (README
// line, printed line) index pairs it went through, from (0, 0).
struct BlockMatch {
  bool matched = false;
  std::size_t first_unmatched = 0;
  std::vector<std::pair<std::size_t, std::size_t>> alignment;
};

class BlockMatcher {
 public:
  BlockMatcher(std::vector<std::string> shown, const std::vector<std::string>& printed) : shown_(std::move(shown)) {
    DropTrailingBlankLines(shown_);
    for (const std::string& line : shown_) patterns_.push_back(PatternOf(line));
    for (const std::string& line : printed) printed_.push_back(Collapsed(line));
    DropTrailingBlankLines(printed_);
    memo_.assign((shown_.size() + 1) * (printed_.size() + 1), State::kUnknown);
  }

  BlockMatch Match() {
    const bool matched = MatchesFrom(0, 0);
    if (matched) return {true, shown_.size(), {}};
    return {false, furthest_path_.back().first, furthest_path_};
  }

 private:
  enum class State : unsigned char { kUnknown, kMatches, kFails };

  bool MatchesFrom(std::size_t shown, std::size_t printed) {
    path_.emplace_back(shown, printed);
    if (furthest_path_.empty() || shown > furthest_path_.back().first) furthest_path_ = path_;
    State& state = memo_[shown * (printed_.size() + 1) + printed];
    if (state == State::kUnknown) state = Compute(shown, printed) ? State::kMatches : State::kFails;
    path_.pop_back();
    return state == State::kMatches;
  }

  bool Compute(std::size_t shown, std::size_t printed) {
    if (shown == shown_.size()) return printed == printed_.size();
    if (Collapsed(shown_[shown]) == kEllipsis) {
      return MatchesFrom(shown + 1, printed) || (printed < printed_.size() && MatchesFrom(shown, printed + 1));
    }
    return printed < printed_.size() && PatternMatchesFrom(patterns_[shown], 0, printed_[printed], 0) &&
           MatchesFrom(shown + 1, printed + 1);
  }

  std::vector<std::string> shown_;
  std::vector<LinePattern> patterns_;
  std::vector<std::string> printed_;
  std::vector<State> memo_;
  std::vector<std::pair<std::size_t, std::size_t>> path_;           // the states being tried, from (0, 0)
  std::vector<std::pair<std::size_t, std::size_t>> furthest_path_;  // the one that got furthest in the README
};

BlockMatch MatchBlock(const std::vector<std::string>& shown, const std::vector<std::string>& printed) {
  return BlockMatcher(shown, printed).Match();
}

// A `$ command` line of the walk-through and the output shown under it.
struct Step {
  std::string command;
  std::vector<std::string> shown;  // trailing blank lines dropped
  std::size_t first_line = 0;      // README line index of the first output line
  std::size_t end_line = 0;        // one past the last: the next command, or the closing fence
};

std::string Trimmed(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  return std::string(s.substr(first, s.find_last_not_of(" \t\r") - first + 1));
}

// The steps of the ```console blocks between the markers; other blocks and
// the prose are not steps.
std::vector<Step> WalkthroughSteps(const std::vector<std::string>& readme) {
  std::size_t begin = readme.size();
  std::size_t end = readme.size();
  for (std::size_t i = 0; i < readme.size(); ++i) {
    if (Trimmed(readme[i]) == kBeginMarker && begin == readme.size()) begin = i;
    if (Trimmed(readme[i]) == kEndMarker && begin < i) {
      end = i;
      break;
    }
  }
  if (end == readme.size()) {
    throw std::invalid_argument("the README has no " + std::string(kBeginMarker) + " ... " + std::string(kEndMarker));
  }
  std::vector<Step> steps;
  bool in_console = false;
  bool step_open = false;
  const auto close_step = [&](std::size_t line) {
    if (!step_open) return;
    steps.back().end_line = line;
    DropTrailingBlankLines(steps.back().shown);
    step_open = false;
  };
  for (std::size_t i = begin + 1; i < end; ++i) {
    const std::string& line = readme[i];
    if (!in_console) {
      in_console = Trimmed(line) == "```console";
    } else if (Trimmed(line) == "```") {
      close_step(i);
      in_console = false;
    } else if (line.rfind("$ ", 0) == 0) {
      close_step(i);
      steps.push_back({Trimmed(line.substr(2)), {}, i + 1, i + 1});
      step_open = true;
    } else if (step_open) {
      steps.back().shown.push_back(line);
    } else if (!Trimmed(line).empty()) {
      throw std::invalid_argument("README line " + std::to_string(i + 1) + " is output before any `$ ` command");
    }
  }
  if (in_console) throw std::invalid_argument("a ```console block of the walk-through is not closed");
  return steps;
}

// The README with each step's shown output replaced by its printed lines.
struct Replacement {
  Step step;
  std::vector<std::string> printed;
};

std::vector<std::string> WithOutputs(std::vector<std::string> readme, std::vector<Replacement> replacements) {
  // From the last step up, so that the line numbers of those above hold.
  std::sort(replacements.begin(), replacements.end(),
            [](const Replacement& a, const Replacement& b) { return a.step.first_line > b.step.first_line; });
  for (Replacement& r : replacements) {
    DropTrailingBlankLines(r.printed);
    const auto first = readme.begin() + static_cast<std::ptrdiff_t>(r.step.first_line);
    readme.erase(first, readme.begin() + static_cast<std::ptrdiff_t>(r.step.end_line));
    readme.insert(readme.begin() + static_cast<std::ptrdiff_t>(r.step.first_line), r.printed.begin(), r.printed.end());
  }
  return readme;
}

// The first command of the Makefile's `run:` recipe, as the README writes it.
std::string MakeRunCommand(const std::vector<std::string>& makefile) {
  for (std::size_t i = 0; i + 1 < makefile.size(); ++i) {
    if (makefile[i].rfind("run:", 0) != 0 || makefile[i + 1].rfind('\t', 0) != 0) continue;
    std::string command = Trimmed(makefile[i + 1]);
    for (std::size_t at = command.find("$(BUILD)"); at != std::string::npos; at = command.find("$(BUILD)")) {
      command.replace(at, 8, "build");
    }
    return command;
  }
  return "";
}

// The README's lines beside the printed ones they matched along the furthest
// alignment, then the rest of both from where it stopped (marked >).
std::string SideBySide(const std::vector<std::string>& shown, const std::vector<std::string>& printed,
                       const BlockMatch& match) {
  constexpr std::size_t kColumn = 60;
  std::ostringstream out;
  const auto row = [&](char mark, const std::string& left, const std::string& right) {
    const auto cell = [](std::string text) {
      if (text.size() > kColumn) text = text.substr(0, kColumn - 1) + ">";
      return text + std::string(kColumn - text.size(), ' ');
    };
    out << mark << ' ' << cell(left) << " | " << right.substr(0, kColumn) << "\n";
  };
  row(' ', "README shows", "printed");
  bool ellipsis_shown = false;
  for (std::size_t k = 0; k + 1 < match.alignment.size(); ++k) {
    const auto [s, p] = match.alignment[k];
    const auto [next_s, next_p] = match.alignment[k + 1];
    if (next_s == s + 1 && next_p == p + 1) {
      row(' ', shown[s], printed[p]);
    } else if (next_s == s) {  // `...` takes a printed line
      row(' ', ellipsis_shown ? "" : shown[s], printed[p]);
      ellipsis_shown = true;
    } else if (!ellipsis_shown) {  // `...` took none
      row(' ', shown[s], "");
    }
    if (next_s != s) ellipsis_shown = false;
  }
  const auto [s, p] = match.alignment.empty() ? std::pair<std::size_t, std::size_t>{0, 0} : match.alignment.back();
  for (std::size_t i = 0; s + i < shown.size() || p + i < printed.size(); ++i) {
    row(i == 0 ? '>' : ' ', s + i < shown.size() ? shown[s + i] : "", p + i < printed.size() ? printed[p + i] : "");
  }
  return out.str();
}

std::string MismatchReport(const Step& step, std::size_t index, const BlockMatch& match,
                           const std::vector<std::string>& printed) {
  std::ostringstream out;
  out << "walk-through step " << index + 1 << " (README line " << step.first_line << "): `$ " << step.command
      << "` printed what the README does not show.\n";
  if (match.first_unmatched < step.shown.size()) {
    out << "First README line that nothing printed matches (line " << step.first_line + match.first_unmatched + 1
        << "):\n  " << step.shown[match.first_unmatched] << "\n";
    if (const std::size_t at = match.alignment.back().second; at < printed.size()) {
      out << "Printed there:\n  " << printed[at] << "\n";
    }
  } else {
    out << "Every README line matched, but lines printed after them are not shown (end the block with `...`?).\n";
  }
  out << "\n" << SideBySide(step.shown, printed, match);
  out << "\nWhat it printed, to paste under the command in README.md (then put `...` where values vary between "
         "runs or machines):\n"
      << Joined(printed)
      << "\nOr scripts/update-walkthrough.sh (MEMBENCH_UPDATE_GOLDEN=1 build/tests/walkthrough_test) rewrites "
         "every step that no longer matches.\n";
  return out.str();
}

// The HTML files a command writes: `-o FILE.html`.
std::vector<std::string> HtmlOutputs(const std::string& command) {
  std::istringstream words(command);
  std::vector<std::string> files;
  std::string word;
  bool output_next = false;
  while (words >> word) {
    if (output_next && word.size() > 5 && word.ends_with(".html")) files.push_back(word);
    output_next = word == "-o" || word == "--output";
  }
  return files;
}

struct Printed {
  int status = -1;
  std::vector<std::string> stdout_lines;
  std::string stderr_text;
};

// Runs a README command line as the README's reader would, in `directory`.
Printed RunStep(const std::string& command, const fs::path& directory) {
  const std::string stderr_file = TempPath("walkthrough-stderr");
  // As Membench() does: the test's own state and data directories, no store.
  // The braces keep RunCommand's 2>&1 off the command's own stderr.
  const Outcome outcome =
      RunCommand("cd '" + directory.string() + "' && { MEMBENCH_STORE= XDG_STATE_HOME=" + TempPath("state") +
                 " XDG_DATA_HOME=" + TempPath("data") + " " + command + " 2>'" + stderr_file + "'; }");
  const std::string stderr_text = ReadFile(stderr_file);
  // Where membench says it wrote a result file is on stderr, kept apart here.
  ExpectResultFilesReadBack(stderr_text, directory.string());
  return {outcome.status, Lines(outcome.output), stderr_text};
}

TEST(WalkthroughMatch, AnyNumberMatchesAnyNumber) {
  EXPECT_TRUE(LineMatches("4.834 GB/s copied ( +- 2.81% )", "  13.836   GB/s      copied  ( +-  0.39% )"));
  EXPECT_TRUE(LineMatches("16,384 page-faults", "12 page-faults"));
  EXPECT_TRUE(LineMatches("%change -0.8%", "%change +12.5%"));
  EXPECT_TRUE(LineMatches("# membench 0.1.0 on", "# membench 0.2.11 on"));
  EXPECT_TRUE(LineMatches("interval 0.7354 .. 1.0129", "interval 0.9 .. 1.3019"));
  EXPECT_TRUE(LineMatches("range 7.66..8.56 GB/s", "range 13.7..14.02 GB/s"));
  EXPECT_TRUE(LineMatches("context-switches ( +- 12.83% )", "context-switches ( +-100.00% )"));
  EXPECT_TRUE(LineMatches("(sign test, Bonferroni-corrected for 7 comparisons)",
                          "(sign test, Bonferroni-corrected for 6 comparisons)"));
}

TEST(WalkthroughMatch, NamesWithDigitsAndTextMustBeEqual) {
  EXPECT_FALSE(LineMatches("impl=avx2", "impl=avx512"));
  EXPECT_FALSE(LineMatches("size=4K", "size=8K"));
  EXPECT_FALSE(LineMatches("4.5 GB/s copied", "4.5 GiB/s copied"));
  EXPECT_FALSE(LineMatches("traffic 4.5 GB/s", "traffic - GB/s"));
  EXPECT_FALSE(LineMatches("verdict faster", "verdict slower"));
  EXPECT_FALSE(LineMatches("a b", "a b c"));
}

TEST(WalkthroughMatch, EllipsisWithinALineMatchesAnyText) {
  EXPECT_TRUE(LineMatches("# membench 0.1.0 on ..., Linux ...",
                          "# membench 0.1.0 on Intel(R) Xeon(R) Processor (KVM VM), Linux 6.18.44-fc"));
  EXPECT_TRUE(LineMatches("pages=thp / 4k - 1.15 1.05 .. 1.21 6 ...",
                          "pages=thp / 4k  -  1.1535  1.0503 .. 1.2153  6  faster"));
  EXPECT_TRUE(LineMatches("src 100.0% ...", "src 100.0% 4K; dst 100.0% 4K"));
  EXPECT_FALSE(LineMatches("src 100.0% ... THP", "src 100.0% 4K; dst 100.0% 4K"));
}

TEST(WalkthroughMatch, EllipsisLineMatchesAnyNumberOfLines) {
  EXPECT_TRUE(MatchBlock({"a", "...", "z"}, {"a", "b", "c", "z"}).matched);
  EXPECT_TRUE(MatchBlock({"a", "...", "z"}, {"a", "z"}).matched);
  EXPECT_TRUE(MatchBlock({"a", "..."}, {"a", "b"}).matched);
  EXPECT_TRUE(MatchBlock({"...", "x", "y"}, {"x", "q", "x", "y"}).matched) << "the first x is not the one";
  EXPECT_TRUE(MatchBlock({"a", ""}, {"a", "", ""}).matched) << "trailing blank lines aside";
  EXPECT_TRUE(MatchBlock({}, {}).matched);
}

TEST(WalkthroughMatch, UnshownLinesAndMissingLinesAreMismatches) {
  const BlockMatch extra_between = MatchBlock({"a", "z"}, {"a", "b", "z"});
  EXPECT_FALSE(extra_between.matched);
  EXPECT_EQ(extra_between.first_unmatched, 1u);
  const BlockMatch extra_after = MatchBlock({"a"}, {"a", "b"});
  EXPECT_FALSE(extra_after.matched);
  EXPECT_EQ(extra_after.first_unmatched, 1u) << "every README line matched; printed lines are left";
  const BlockMatch wrong = MatchBlock({"a 1", "b 2", "c 3"}, {"a 9", "b 8", "x 7"});
  EXPECT_FALSE(wrong.matched);
  EXPECT_EQ(wrong.first_unmatched, 2u);
  EXPECT_FALSE(MatchBlock({"a"}, {}).matched);
}

TEST(WalkthroughParse, StepsAreTheConsoleBlocksBetweenTheMarkers) {
  const std::vector<std::string> readme = Lines(
      "```console\n$ not a step\n```\n"
      "<!-- walkthrough:begin -->\n"
      "Prose.\n"
      "```sh\n$ not a step either\n```\n"
      "```console\n"
      "$ build/membench one\n"
      "out 1\n"
      "\n"
      "$ build/membench two\n"
      "```\n"
      "<!-- walkthrough:end -->\n");
  const std::vector<Step> steps = WalkthroughSteps(readme);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].command, "build/membench one");
  EXPECT_EQ(steps[0].shown, std::vector<std::string>{"out 1"});
  EXPECT_EQ(steps[0].first_line, 10u);
  EXPECT_EQ(steps[0].end_line, 12u);
  EXPECT_EQ(steps[1].command, "build/membench two");
  EXPECT_TRUE(steps[1].shown.empty());

  const std::vector<std::string> rewritten =
      WithOutputs(readme, {{steps[0], {"new 1", "new 2", ""}}, {steps[1], {"three"}}});
  EXPECT_EQ(Joined(rewritten),
            "```console\n$ not a step\n```\n<!-- walkthrough:begin -->\nProse.\n```sh\n$ not a step either\n```\n"
            "```console\n$ build/membench one\nnew 1\nnew 2\n$ build/membench two\nthree\n```\n"
            "<!-- walkthrough:end -->\n");

  EXPECT_THROW(WalkthroughSteps(Lines("no markers\n")), std::invalid_argument);
  EXPECT_THROW(WalkthroughSteps(Lines("<!-- walkthrough:begin -->\n```console\nout\n```\n<!-- walkthrough:end -->\n")),
               std::invalid_argument);
}

TEST(WalkthroughParse, MakeRunCommandIsTheRecipeWithItsBuildDirectory) {
  EXPECT_EQ(MakeRunCommand(Lines("run: build\n\t$(BUILD)/membench run memcpy --size 64M\n\ntest:\n")),
            "build/membench run memcpy --size 64M");
  EXPECT_EQ(MakeRunCommand(Lines("all: build\n")), "");
}

fs::path ReadmePath() { return fs::path(MEMBENCH_SOURCE_DIR) / "README.md"; }

std::vector<Step> ReadmeSteps() { return WalkthroughSteps(Lines(ReadFile(ReadmePath()))); }

TEST(Walkthrough, StartsWithWhatMakeRunRunsAndEndsWithAnHtmlReport) {
  const std::vector<Step> steps = ReadmeSteps();
  ASSERT_FALSE(steps.empty()) << "the walk-through has no ```console block with `$ ` commands";
  EXPECT_EQ(steps.front().command, MakeRunCommand(Lines(ReadFile(fs::path(MEMBENCH_SOURCE_DIR) / "Makefile"))))
      << "the walk-through starts with what `make run` runs";
  std::size_t html_files = 0;
  for (const Step& step : steps) html_files += HtmlOutputs(step.command).size();
  EXPECT_GT(html_files, 0u) << "the walk-through ends with an HTML report (`-o FILE.html`)";
}

// Each step is a test of its own, so that a step skipped is a skip the
// checker of skips sees (scripts/check-skips.py). The steps run in order in
// one process (the binary is one ctest test), in one directory: later steps
// read the files earlier ones wrote.
class WalkthroughStep : public testing::TestWithParam<std::size_t> {
 protected:
  static void SetUpTestSuite() {
    readme_ = Lines(ReadFile(ReadmePath()));
    steps_ = WalkthroughSteps(readme_);
    // The reader's directory: build/ is where the binary is, files land beside it.
    directory_ = TempPath("walkthrough");
    fs::create_directories(directory_);
    fs::create_directory_symlink(fs::path(MEMBENCH_BINARY).parent_path(), directory_ / "build");
  }

  // MEMBENCH_UPDATE_GOLDEN: the steps that no longer match get what they
  // printed. An update is a deliberate change: refused when it changes
  // nothing, or when a step failed for another reason (its output would be
  // wrong).
  static void TearDownTestSuite() {
    if (!Updating()) return;
    // A failure here is the suite's: an update run that rewrites nothing fails.
    if (step_failed_) {
      ADD_FAILURE() << "README.md not rewritten: the walk-through fails for another reason; mend that first";
    } else if (replacements_.empty()) {
      ADD_FAILURE() << "README.md not rewritten: every step already shows its output (unset MEMBENCH_UPDATE_GOLDEN)";
    } else {
      std::ofstream(ReadmePath(), std::ios::binary) << Joined(WithOutputs(readme_, replacements_));
      std::cout << "rewrote the output of " << replacements_.size()
                << " walk-through step(s) in README.md: read the diff and put `...` where values vary\n";
    }
  }

  void TearDown() override { step_failed_ = step_failed_ || HasFailure(); }

  static bool Updating() { return std::getenv("MEMBENCH_UPDATE_GOLDEN") != nullptr; }

  static std::vector<std::string> readme_;
  static std::vector<Step> steps_;
  static fs::path directory_;
  static std::vector<Replacement> replacements_;
  static bool step_failed_;
};

std::vector<std::string> WalkthroughStep::readme_;
std::vector<Step> WalkthroughStep::steps_;
fs::path WalkthroughStep::directory_;
std::vector<Replacement> WalkthroughStep::replacements_;
bool WalkthroughStep::step_failed_ = false;

TEST_P(WalkthroughStep, PrintsWhatTheReadmeShows) {
  ASSERT_LT(GetParam(), steps_.size()) << "README.md changed while the test ran";
  const Step& step = steps_[GetParam()];
  if (step.command.rfind(kMembench, 0) != 0) {
    EXPECT_TRUE(step.shown.empty()) << "`$ " << step.command
                                    << "` is not run by this test, so the README cannot show its output";
    return;
  }
  if (step.command.find("thp") != std::string::npos && !ThpAvailable()) {
    GTEST_SKIP() << "[thp-disabled] `" << step.command << "`: THP is set to never on this machine";
  }
  const Printed printed = RunStep(step.command, directory_);
  EXPECT_EQ(printed.status, 0) << step.command << "\n" << printed.stderr_text;
  const BlockMatch match = MatchBlock(step.shown, printed.stdout_lines);
  if (!match.matched) {
    if (Updating()) {
      replacements_.push_back({step, printed.stdout_lines});
    } else {
      ADD_FAILURE() << MismatchReport(step, GetParam(), match, printed.stdout_lines) << "stderr:\n"
                    << printed.stderr_text;
    }
  }
  for (const std::string& file : HtmlOutputs(step.command)) {
    const fs::path path = directory_ / file;
    ASSERT_TRUE(fs::exists(path)) << "`" << step.command << "` wrote no " << file;
    EXPECT_EQ(ReadFile(path).rfind("<!DOCTYPE html>\n<html", 0), 0u) << file << " does not start as an HTML page";
  }
}

// "Step1_run_memcpy_size_64M_impl_all": the step's number and its command.
std::string StepName(const testing::TestParamInfo<std::size_t>& info) {
  static const std::vector<Step> steps = ReadmeSteps();
  std::string name = "Step" + std::to_string(info.param + 1);
  std::string command = steps[info.param].command;
  if (command.rfind(kMembench, 0) == 0) command = command.substr(kMembench.size());
  bool separator = true;
  for (const char c : command) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      if (separator) name += '_';
      name += c;
      separator = false;
    } else {
      separator = true;
    }
  }
  return name;
}

std::vector<std::size_t> StepIndices() {
  std::vector<std::size_t> indices(ReadmeSteps().size());
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = i;
  return indices;
}

INSTANTIATE_TEST_SUITE_P(Readme, WalkthroughStep, testing::ValuesIn(StepIndices()), StepName);

}  // namespace
}  // namespace membench
