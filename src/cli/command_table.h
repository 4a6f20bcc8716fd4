// File: cli/command_table.h
// membench's commands in one table, as perf's builtin table: each command's
// name, summary, examples, options and what runs it, in one entry. The
// command line (cli/app.cpp) is built from it, and so are `--help` and
// `membench help TOPIC`, so the two cannot drift apart.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace membench {

// membench's own argc/argv: a result records the command line that made it.
struct CommandLine {
  int argc = 0;
  char** argv = nullptr;
};

struct Command {
  std::string name;
  std::string summary;
  std::vector<std::string> examples;  // shown at the end of its --help
  std::string footnote;               // after the examples: how values are written
  // Adds the command's options and positionals; may be empty.
  std::function<void(CLI::App&)> add_options;
  // Runs the command once its options are parsed; returns the exit status.
  // Empty where one of its subcommands must be given.
  std::function<int(const CommandLine&)> run;
  std::vector<Command> subcommands;
  // A command that measures first warns about what a killed membench left
  // changed on the machine: it changes what is measured.
  bool measures = false;
};

// The whole table, membench itself at its root. Each call makes fresh
// entries, whose options are bound to values of their own.
Command MembenchCommand();

}  // namespace membench
