// File: cli/experiment_list.h
// `membench experiment list`: the seed experiments shipped with membench,
// each with its question and how long a full run took where it was
// measured (the file's duration_s), so a newcomer can pick one to run.
#pragma once

#include <string>

namespace membench {

// Where the shipped experiments are: installed, PREFIX/share/membench/
// experiments beside PREFIX/bin/membench; else the source tree's
// experiments/ the binary was built from. "" where neither exists.
std::string ExperimentsDirectory();

int ListExperiments();

}  // namespace membench
