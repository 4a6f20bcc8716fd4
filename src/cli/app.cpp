// File: cli/app.cpp
#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <map>
#include <memory>

#include "cli/command_table.h"
#include "cli/help_format.h"
#include "cli/history_command.h"
#include "cli/run_command.h"
#include "core/error.h"
#include "core/suggest.h"
#include "engine/leftover_changes.h"
#include "engine/separate_invocations.h"

#ifndef MEMBENCH_VERSION
#error "MEMBENCH_VERSION is set by CMakeLists.txt"
#endif

namespace membench {
namespace {

// Usage errors exit with this status, as membench's own bad-input errors.
constexpr int kUsageStatus = 2;

// The command line as built from the table, and which entry each command
// is. It stays where it is built: `entries` points into `table`.
struct BuiltApp {
  BuiltApp() = default;
  BuiltApp(const BuiltApp&) = delete;
  BuiltApp& operator=(const BuiltApp&) = delete;

  Command table;
  std::unique_ptr<CLI::App> app;
  std::map<const CLI::App*, const Command*> entries;
};

// An option that takes several values (--ignore, --label) takes one value
// each time it is given: else it swallows the positionals after it
// (`compare --ignore impl a.json b.json`).
void TakeOneValueEach(CLI::App& cmd) {
  for (CLI::Option* opt : cmd.get_options()) {
    if (opt->nonpositional() && opt->get_expected_max() > 1) opt->allow_extra_args(false);
  }
}

void AddCommand(CLI::App& cmd, const Command& entry, BuiltApp& built) {
  built.entries[&cmd] = &entry;
  std::string footer = ExamplesFooter(entry.examples);
  if (!entry.footnote.empty()) footer += "\n" + entry.footnote + "\n";
  cmd.footer(footer);
  if (entry.add_options) entry.add_options(cmd);
  TakeOneValueEach(cmd);
  if (!entry.run) cmd.require_subcommand(1);
  for (const Command& sub : entry.subcommands) {
    AddCommand(*cmd.add_subcommand(sub.name, sub.summary), sub, built);
  }
}

void BuildApp(BuiltApp& built) {
  built.table = MembenchCommand();
  built.app = std::make_unique<CLI::App>(built.table.summary, built.table.name);
  // Set before any subcommand is added: they take their parent's formatter.
  built.app->formatter(std::make_shared<HelpFormatter>());
  built.app->set_version_flag("--version", std::string("membench ") + MEMBENCH_VERSION);
  AddCommand(*built.app, built.table, built);
  built.app->require_subcommand(0, 1);
}

// The command the parse reached: the last subcommand given.
const CLI::App* Reached(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return at;
}

// "membench history show".
std::string PathOf(const CLI::App* cmd) {
  std::string path = cmd->get_name();
  for (const CLI::App* up = cmd->get_parent(); up != nullptr; up = up->get_parent()) {
    path = up->get_name() + " " + path;
  }
  return path;
}

// An empty value is never meant (`--json ''` kept nothing and said
// nothing): an error naming the option.
void CheckNoEmptyValues(const CLI::App& app) {
  for (const CLI::App* at = &app;; at = at->get_subcommands().front()) {
    for (const CLI::Option* opt : at->get_options()) {
      if (!opt->nonpositional() || opt->get_type_size() == 0) continue;
      const auto& values = opt->results();
      if (std::find(values.begin(), values.end(), "") == values.end()) continue;
      const std::string value = opt->get_type_name().empty() ? "a value" : opt->get_type_name();
      throw Error(opt->get_name() + " was given an empty value: give it " + value + ", or leave " + opt->get_name() +
                  " out");
    }
    if (at->get_subcommands().empty()) return;
  }
}

// CLI11's "--json: At Most 1 required but received 2" as what to do.
std::string MismatchMessage(const std::string& message) {
  const std::string name = message.substr(0, message.find(':'));
  if (message.find("At Most") != std::string::npos) return name + " is given more than once: give it once";
  if (message.find("missing") != std::string::npos) return name + " needs a value after it";
  return message;
}

// One line, and what to type instead, for what CLI11 refused.
std::string UsageMessage(const CLI::ParseError& e, const CLI::App& app, const BuiltApp& built) {
  const CLI::App* reached = Reached(app);
  const std::string path = PathOf(reached);
  std::string message = e.what();
  std::replace(message.begin(), message.end(), '\n', ' ');
  std::vector<std::string> names;
  for (const CLI::App* sub : reached->get_subcommands({})) names.push_back(sub->get_name());
  const bool no_subcommand_given = !names.empty() && reached->get_subcommands().empty();
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
    message = MismatchMessage(message);
  } else if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && no_subcommand_given) {
    // "membench frobnicate": the closest command, not "not expected".
    const std::string word = message.substr(message.rfind(' ') + 1);
    const std::string guess = ClosestName(word, names);
    if (word.rfind('-', 0) != 0) {
      message = path + " has no command " + word + (guess.empty() ? "" : "; did you mean " + guess + "?");
    }
  } else if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && no_subcommand_given) {
    const Command& entry = *built.entries.at(reached);
    message = path + " needs a subcommand, e.g. " +
              (entry.examples.empty() ? path + " " + names.front() : entry.examples.front());
  }
  return message + " (see " + path + " --help)";
}

// Before CLI11 parses: an unknown workload or workload parameter gets the
// closest name (CLI11 says only "not expected"); history --changes with
// what it does not take says what it takes.
void CheckNamesFirst(const CLI::App& app, int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "run") CheckRunArguments(*app.get_subcommand("run"), argc, argv, 2);
  if (argc >= 2 && std::string(argv[1]) == "history") {
    CheckHistoryArguments(*app.get_subcommand("history"), argc, argv, 2);
  }
}

}  // namespace

int RunCli(int argc, char** argv) {
  BuiltApp built;
  BuildApp(built);
  CLI::App& app = *built.app;
  try {
    CheckNamesFirst(app, argc, argv);
    app.parse(argc, argv);
    CheckNoEmptyValues(app);
    const Command& entry = *built.entries.at(Reached(app));
    // A child invocation's parent has said it already.
    if (entry.measures && !ThisChildInvocation()) WarnAboutLeftoverChanges(std::cerr);
    return entry.run(CommandLine{argc, argv});
  } catch (const CLI::ParseError& e) {
    // --help and --version are not errors.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "membench: error: " << UsageMessage(e, app, built) << "\n";
    return kUsageStatus;
  } catch (const Error& e) {
    std::cerr << "membench: error: " << e.what() << "\n";
    return kUsageStatus;
  }
}

int PrintHelp(const std::vector<std::string>& topic) {
  // The topic is checked against the table, so a typo gets the closest name
  // rather than CLI11's "not expected".
  const Command table = MembenchCommand();
  const Command* at = &table;
  std::string path = "membench";
  for (const std::string& word : topic) {
    std::vector<std::string> names;
    const Command* next = nullptr;
    for (const Command& sub : at->subcommands) {
      names.push_back(sub.name);
      if (sub.name == word) next = &sub;
    }
    if (next == nullptr) {
      const std::string guess = ClosestName(word, names);
      throw Error("membench help: " + path + " has no command " + word +
                  (guess.empty() ? "" : "; did you mean " + guess + "?") + " (" + path + " --help lists them)");
    }
    at = next;
    path += " " + word;
  }
  std::vector<std::string> args = {"membench"};
  args.insert(args.end(), topic.begin(), topic.end());
  args.push_back("--help");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  return RunCli(static_cast<int>(args.size()), argv.data());
}

}  // namespace membench
