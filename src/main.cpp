// File: main.cpp
// membench entry point. Errors the user can act on are printed by RunCli;
// anything else escaping is a bug, reported as such with a non-zero exit.
#include <exception>
#include <iostream>

#include "cli/app.h"

int main(int argc, char** argv) {
  try {
    return membench::RunCli(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "membench: internal error: " << e.what() << "\n";
    return 1;
  }
}
