#!/usr/bin/env python3
"""Issue 18's table re-measured: membench beside the peers it is compared with.

rt-tests' hackbench runs side by side with membench's (alternating, each
invocation's own seconds). lmbench's lat_mem_rd and vm-scalability's usemem
are not packaged, so their rows list membench's equivalent modes measured
here beside the peer figures quoted in the issue (another day, maybe another
CPU: read the ratios as a guide, not a measurement).
"""
import argparse
import re
import statistics
import subprocess

from perf_bench_compare import membench_all, section_head
from results_md import write_generated_section


def membench(binary, args):
    return membench_all(binary, args)[0]


def ns_per_load(m):
    return 1e9 / m["stats"]["rate_per_second"]["median"]


def gb_per_s(m):
    return m["stats"]["rate_per_second"]["median"] / 1e9


def seconds_per_run(m):
    return m["stats"]["wall_seconds"]["median"] / m["loops_per_sample"]


def rt_hackbench(threads):
    out = subprocess.run(["hackbench", "-g", "10", "-l", "1000"] + (["-T"] if threads else ["-P"]),
                         check=True, capture_output=True, text=True).stdout
    return float(re.search(r"Time:\s*([0-9.]+)", out).group(1))


def spread(values, fmt):
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}-{fmt.format(max(values))})"


CHASE = [("1M", "2.11"), ("64M", "6.6-7.2"), ("1G", "6.5")]
FAULT = [("4k", "1.50"), ("thp", "2.5-2.8")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    mb = args.membench
    chase = {(s, p): [] for s, _ in CHASE for p in ("lmbench-stride", "sequential")}
    fault = {(pg, t): [] for pg, _ in FAULT for t in ("words", "4K")}
    hack = {(mode, tool): [] for mode in ("process", "thread") for tool in ("rt-tests", "membench")}
    for r in range(args.rounds):
        for mode in ("process", "thread"):
            hack[(mode, "rt-tests")].append(rt_hackbench(mode == "thread"))
            hack[(mode, "membench")].append(seconds_per_run(membench(
                mb, ["hackbench", "--groups", "10", "--loops", "1000", "--mode", mode, "-r", "3", "-e", "task-clock"])))
        for size, _ in CHASE:
            for pattern in ("lmbench-stride", "sequential"):
                chase[(size, pattern)].append(ns_per_load(membench(
                    mb, ["chase", "--size", size, "--pattern", pattern, "--stride", "64", "-r", "5", "-e", "task-clock"])))
        for pages, _ in FAULT:
            for touch in ("words", "4K"):
                fault[(pages, touch)].append(gb_per_s(membench(
                    mb, ["fault", "--case", "anon-w-seq", "--size", "1G", "--pages", pages, "--touch", touch, "-r", "5",
                         "-e", "task-clock"])))
        print("round", r, flush=True)
    lines = section_head("The peers' table, re-measured (issue 18)") + [
        f"Command: `bench/peer_table.sh {args.rounds}`: {args.rounds} rounds, every command once a round, in turn.",
        "Figures: median over the rounds (min-max); each membench figure is one invocation's median sample.",
        "",
        "hackbench, side by side: rt-tests `hackbench -g 10 -l 1000 [-P|-T]` (its `Time:`) against",
        "`membench run hackbench --groups 10 --loops 1000 --mode process|thread -r 3` (seconds of one run).",
        "",
        "| mode | rt-tests s | membench s | membench / rt-tests |",
        "|---|---|---|---|",
    ]
    for mode in ("process", "thread"):
        rt, m = hack[(mode, "rt-tests")], hack[(mode, "membench")]
        lines.append(f"| {mode} | {spread(rt, '{:.2f}')} | {spread(m, '{:.2f}')} | "
                     f"{statistics.median(m) / statistics.median(rt):.2f} |")
    lines += [
        "",
        "Dependent loads, stride 64: `membench run chase --size SIZE --pattern P --stride 64 -r 5`, ns per load;",
        "lmbench-stride is lmbench 2's lat_mem_rd chain, sequential lmbench 3's. lat_mem_rd is the issue's figure.",
        "",
        "| size | lat_mem_rd (issue) ns | lmbench-stride ns | sequential ns |",
        "|---|---|---|---|",
    ]
    for size, quoted in CHASE:
        lines.append(f"| {size} | {quoted} | {spread(chase[(size, 'lmbench-stride')], '{:.2f}')} | "
                     f"{spread(chase[(size, 'sequential')], '{:.2f}')} |")
    lines += [
        "",
        "Anonymous write faults, 1 GiB: `membench run fault --case anon-w-seq --size 1G --pages P --touch T -r 5`,",
        "GB/s of memory mapped and touched; usemem is the issue's figure.",
        "",
        "| pages | usemem (issue) GB/s | --touch words GB/s | --touch 4K GB/s |",
        "|---|---|---|---|",
    ]
    for pages, quoted in FAULT:
        lines.append(f"| {pages} | {quoted} | {spread(fault[(pages, 'words')], '{:.2f}')} | "
                     f"{spread(fault[(pages, '4K')], '{:.2f}')} |")
    write_generated_section(args.out, "peer_table.py", "table", lines)


if __name__ == "__main__":
    main()
