#!/usr/bin/env python3
"""membench's 2-worker copy and fill against likwid-bench, side by side.

likwid-bench -t KERNEL -w S0:SIZE:2 runs 2 threads on socket 0 over SIZE bytes
in all (every stream together), pinned to hardware threads 0 and 1. membench
runs the same with --threads 2 --cpu 0,1, each worker over its share of the
same total. The tools alternate round by round.

The two count bytes differently, and that alone is a factor of two for a copy:
likwid's "MByte/s" is the data volume the kernel moves (loads plus stores,
10^6 bytes/s); membench's copy rate counts the bytes copied (10^9 bytes/s).
Both are converted here to both units. For a fill (store only) they agree.
"""
import argparse
import datetime
import os
import platform
import re
import statistics
import subprocess

from perf_bench_compare import membench_all
from results_md import cpu_model, write_generated_section

# (label, likwid kernel, likwid total bytes, membench op, membench impl, membench bytes per worker,
#  bytes moved per byte of membench's unit)
CASES = [
    ("copy, 16-byte NT stores", "copy_mem_sse", 256_000_000, "memcpy", "nt", 64_000_000, 2),
    ("copy, 32-byte NT stores", "copy_mem_avx", 256_000_000, "memcpy", "nt", 64_000_000, 2),
    ("copy, cached stores", "copy_avx", 256_000_000, "memcpy", "avx2", 64_000_000, 2),
    ("fill, NT stores", "store_mem_avx", 256_000_000, "memset", "nt", 128_000_000, 1),
]


def likwid_run(kernel, total_bytes):
    out = subprocess.run(["likwid-bench", "-t", kernel, "-w", f"S0:{total_bytes // 1_000_000}MB:2"],
                         check=True, capture_output=True, text=True).stdout
    mbytes = float(re.search(r"^MByte/s:\s+([0-9.]+)", out, re.M).group(1))
    return mbytes / 1000  # GB/s of data volume (loads + stores)


def membench_run(binary, op, impl, bytes_per_worker, reps):
    assert bytes_per_worker % 1024 == 0  # membench's K is 1024 bytes
    m = membench_all(binary, [op, "--impl", impl, "--size", f"{bytes_per_worker // 1024}K", "--threads", "2", "--cpu",
                              "0,1", "-r", str(reps), "-e", "task-clock"])[0]
    stats = m["stats"]
    skew = stats["workers"]["start_skew_ns"]["median"] if stats.get("workers") else 0
    return stats["rate_per_second"]["mean"] / 1e9, skew


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    rows = []
    for label, kernel, total, op, impl, per_worker, moved in CASES:
        lk, mb, skews = [], [], []
        for _ in range(args.rounds):
            lk.append(likwid_run(kernel, total))
            rate, skew = membench_run(args.membench, op, impl, per_worker, args.reps)
            mb.append(rate)
            skews.append(skew)
        rows.append((label, kernel, op, impl, moved, lk, mb, statistics.median(skews)))
        print(rows[-1], flush=True)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    model = cpu_model()
    lines = [
        "## membench against likwid-bench, 2 workers",
        "",
        f"Machine: {model}, {os.cpu_count()} CPUs, Linux {platform.release()}. Date: {now}.",
        f"Command: `bench/likwid_compare.sh {args.rounds}` ({args.rounds} rounds, tools alternating).",
        "",
        "likwid: `likwid-bench -t KERNEL -w S0:256MB:2` (2 threads pinned to hardware threads 0 and 1, 256 MB in all);",
        f"membench: `membench run OP --impl IMPL --threads 2 --cpu 0,1 --size SIZE -r {args.reps}`, SIZE per worker so",
        "the total is the same 256 MB. Medians over the rounds, (min-max). \"moved\" is the data volume likwid",
        "reports (a copy's loads plus its stores); \"copied\"/\"set\" is what membench's rate counts.",
        "",
        "| case | likwid kernel | likwid GB/s moved | = GB/s copied or set | membench impl | membench GB/s copied or set "
        "| = GB/s moved | membench/likwid | start skew |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, kernel, op, impl, moved, lk, mb, skew in rows:
        lmed, mmed = statistics.median(lk), statistics.median(mb)
        lines.append(f"| {label} | {kernel} | {lmed:.1f} ({min(lk):.1f}-{max(lk):.1f}) | {lmed / moved:.1f} | "
                     f"{op} {impl} | {mmed:.1f} ({min(mb):.1f}-{max(mb):.1f}) | {mmed * moved:.1f} | "
                     f"{mmed * moved / lmed:.2f} | {skew / 1000:.1f} us |")
    write_generated_section(args.out, "likwid_compare.py", "likwid", lines)


if __name__ == "__main__":
    main()
