// File: helper/main.cpp
// membench-helper: the smallest program there is, for `spawn --how exec` and
// `--how shell` to start (lmbench's "hello"). It must stay trivial: what is
// measured is the cost of creating a process and loading a program.
int main() { return 0; }
