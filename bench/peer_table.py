#!/usr/bin/env python3
"""Issue 18's table re-measured: membench beside the peers it is compared with.

rt-tests' hackbench runs side by side with membench's (alternating, each
invocation's own seconds). lmbench's lat_mem_rd and vm-scalability's usemem
are not packaged: given their binaries (--lat-mem-rd, --usemem) they run side
by side too, once a round each; without them their rows list membench's
equivalent modes beside the peer figures quoted in the issue (another day,
maybe another CPU: read those ratios as a guide, not a measurement).
"""
import argparse
import re
import statistics
import subprocess

from peer_runs import GIB, lat_mem_rd, usemem, usemem_madvises
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


CHASE = [("1M", "2.11", 1), ("64M", "6.6-7.2", 64), ("1G", "6.5", 1024)]
FAULT = [("4k", "1.50"), ("thp", "2.5-2.8")]


def warm_usemem(binary, pages, step):
    """One usemem run on warm memory: an untimed run of the same size first, so that the host has not taken
    back what the measured run draws (free page reporting); THP by --madv-thp, as membench madvises."""
    args = dict(step=step, madv_thp=pages == "thp")
    usemem(binary, GIB, **args)
    return usemem(binary, GIB, **args).gb_per_s


def ratio(ours, peer):
    return f"{statistics.median(ours) / statistics.median(peer):.2f}" if peer else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    ap.add_argument("--lat-mem-rd", default="", help="lmbench 3's lat_mem_rd, run side by side with chase")
    ap.add_argument("--usemem", default="", help="vm-scalability's usemem with --madv-thp, run beside fault")
    args = ap.parse_args()
    if args.usemem and not usemem_madvises(args.usemem):
        ap.error("this usemem has no --madv-thp; build it from the teawater fork of vm-scalability")
    mb = args.membench
    chase = {(s, p): [] for s, _, _ in CHASE for p in ("lmbench-stride", "sequential", "lat_mem_rd")}
    fault = {(pg, t): [] for pg, _ in FAULT for t in ("words", "4K", "usemem", "usemem --step 4096")}
    hack = {(mode, tool): [] for mode in ("process", "thread") for tool in ("rt-tests", "membench")}
    for r in range(args.rounds):
        for mode in ("process", "thread"):
            hack[(mode, "rt-tests")].append(rt_hackbench(mode == "thread"))
            hack[(mode, "membench")].append(seconds_per_run(membench(
                mb, ["hackbench", "--groups", "10", "--loops", "1000", "--mode", mode, "-r", "3", "-e", "task-clock"])))
        if args.lat_mem_rd:
            figures = lat_mem_rd(args.lat_mem_rd, [mib for _, _, mib in CHASE])
            for size, _, mib in CHASE:
                chase[(size, "lat_mem_rd")].append(figures[mib])
        for size, _, _ in CHASE:
            for pattern in ("lmbench-stride", "sequential"):
                chase[(size, pattern)].append(ns_per_load(membench(
                    mb, ["chase", "--size", size, "--pattern", pattern, "--stride", "64", "-r", "5", "-e", "task-clock"])))
        for pages, _ in FAULT:
            for touch in ("words", "4K"):
                fault[(pages, touch)].append(gb_per_s(membench(
                    mb, ["fault", "--case", "anon-w-seq", "--size", "1G", "--pages", pages, "--touch", touch, "-r", "5",
                         "-e", "task-clock"])))
            if args.usemem:
                fault[(pages, "usemem")].append(warm_usemem(args.usemem, pages, None))
                fault[(pages, "usemem --step 4096")].append(warm_usemem(args.usemem, pages, 4096))
        print("round", r, flush=True)
    lines = section_head("The peers' table, re-measured (issue 18)") + [
        f"Command: `{'LAT_MEM_RD=path/to/lat_mem_rd ' if args.lat_mem_rd else ''}"
        f"{'USEMEM=path/to/usemem ' if args.usemem else ''}bench/peer_table.sh {args.rounds}`: {args.rounds} rounds, "
        "every command once a round, in turn.",
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
        "lmbench-stride is lmbench 2's lat_mem_rd chain, sequential lmbench 3's. "
        + ("lat_mem_rd: `lat_mem_rd -P 1 1024 64` once a round (lmbench 3, built from its public source; "
           "LOOP_O=0 TIMING_O=0 ENOUGH=20000); the ratio is sequential's." if args.lat_mem_rd else
           "lat_mem_rd is the issue's figure."),
        "",
        "| size | lat_mem_rd (issue) ns | lat_mem_rd here ns | lmbench-stride ns | sequential ns | sequential / "
        "lat_mem_rd here |",
        "|---|---|---|---|---|---|",
    ]
    for size, quoted, _ in CHASE:
        peer = chase[(size, "lat_mem_rd")]
        lines.append(f"| {size} | {quoted} | {spread(peer, '{:.2f}') if peer else 'not run'} | "
                     f"{spread(chase[(size, 'lmbench-stride')], '{:.2f}')} | "
                     f"{spread(chase[(size, 'sequential')], '{:.2f}')} | {ratio(chase[(size, 'sequential')], peer)} |")
    lines += [
        "",
        "Anonymous write faults, 1 GiB: `membench run fault --case anon-w-seq --size 1G --pages P --touch T -r 5`",
        "(`--recycle yes`, its default: each sample draws on memory just freed), GB/s of memory mapped and touched. "
        + ("usemem here: `usemem [--step 4096] [--madv-thp] 1G` right after an untimed run of the same command, so "
           "that it too draws on memory just freed; 1 GiB / its printed usecs (bench/usemem_gap.sh takes the "
           "difference apart)." if args.usemem else "usemem is the issue's figure."),
        "",
        "| pages | usemem (issue) GB/s | usemem here GB/s | --touch words GB/s | words / usemem here | "
        "usemem --step 4096 here GB/s | --touch 4K GB/s | 4K / usemem --step 4096 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for pages, quoted in FAULT:
        words, step = fault[(pages, "usemem")], fault[(pages, "usemem --step 4096")]
        lines.append(f"| {pages} | {quoted} | {spread(words, '{:.2f}') if words else 'not run'} | "
                     f"{spread(fault[(pages, 'words')], '{:.2f}')} | {ratio(fault[(pages, 'words')], words)} | "
                     f"{spread(step, '{:.2f}') if step else 'not run'} | {spread(fault[(pages, '4K')], '{:.2f}')} | "
                     f"{ratio(fault[(pages, '4K')], step)} |")
    write_generated_section(args.out, "peer_table.py", "table", lines)


if __name__ == "__main__":
    main()
