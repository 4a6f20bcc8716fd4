// File: cli/experiment_version.h
// Which experiment a saved result belongs to, beyond its file's name: the
// version of the file's runs, and the session of `experiment run` that
// measured it. `experiment report` pools only results of one version (a
// run whose parameters changed is another measurement), and can be limited
// to one session.
#pragma once

#include <string>

#include "cli/experiment_file.h"

namespace membench {

// A hash of the runs as parsed: their ids, what they measure and every
// parameter that decides it. Titles, comments, key order and layout do not
// change it; any parameter does. 16 hex digits.
std::string RunsVersion(const Experiment& experiment);

// A new session's id: when it started (UTC) and 6 random hex digits,
// "20261207T174451Z-3fa9c1", so that ids sort by time and two sessions
// started in one second differ.
std::string NewSessionId();

}  // namespace membench
