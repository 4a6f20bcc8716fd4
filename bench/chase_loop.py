#!/usr/bin/env python3
"""chase's walk, unrolled (lat_mem_rd's loop) against tight, beside lat_mem_rd.

An instruction-pointer stride prefetcher trains per load instruction. A
tight loop walks a strided chain with one load, whose stride the prefetcher
learns; lat_mem_rd's loop has 100 loads, each seeing 100 strides. Rounds
alternate lat_mem_rd (one invocation: every size up to 1 GiB, stride 64)
with one membench invocation of both loops over the same sizes.
"""
import argparse
import statistics

from peer_runs import lat_mem_rd
from peer_table import spread
from perf_bench_compare import membench_all, section_head
from results_md import write_generated_section

SIZES = [("256K", 0.25), ("1M", 1.0), ("64M", 64.0), ("1G", 1024.0)]
PATTERNS = ("sequential", "lmbench-stride")
LOOPS = ("unrolled", "tight")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--lat-mem-rd", default="")
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    peer = {size: [] for size, _ in SIZES}
    ours = {(size, pattern, loop): [] for size, _ in SIZES for pattern in PATTERNS for loop in LOOPS}
    sizes = ",".join(size for size, _ in SIZES)
    for r in range(args.rounds):
        if args.lat_mem_rd:
            figures = lat_mem_rd(args.lat_mem_rd, [mib for _, mib in SIZES])
            for size, mib in SIZES:
                peer[size].append(figures[mib])
        for m in membench_all(args.membench, ["chase", "--size", sizes, "--pattern", ",".join(PATTERNS), "--stride",
                                              "64", "--loop", ",".join(LOOPS), "-r", "5", "-e", "task-clock"]):
            point = m["point"]
            size = next(s for s, mb in SIZES if int(point["size"]) == int(mb * (1 << 20)))
            ours[(size, point["pattern"], point["loop"])].append(1e9 / m["stats"]["rate_per_second"]["median"])
        print("round", r, flush=True)

    lines = section_head("chase's loop: unrolled (lat_mem_rd's) against tight, beside lat_mem_rd (issue 18)") + [
        f"Command: `LAT_MEM_RD=path/to/lat_mem_rd bench/chase_loop.sh {args.rounds}`: {args.rounds} rounds, each one "
        "`lat_mem_rd -P 1 1024 64` (lmbench 3, built from its public source; LOOP_O=0 TIMING_O=0 ENOUGH=20000) and "
        f"one `membench run chase --size {sizes} --pattern {','.join(PATTERNS)} --stride 64 --loop unrolled,tight "
        "-r 5`.",
        "Figures: ns per dependent load, median over the rounds (min-max); membench's, one invocation's median "
        "sample. sequential is lat_mem_rd's chain (forward); lmbench-stride lmbench 2's (backward).",
        "",
        "| size | lat_mem_rd | sequential unrolled | sequential tight | lmbench-stride unrolled | "
        "lmbench-stride tight | unrolled / lat_mem_rd |",
        "|---|---|---|---|---|---|---|",
    ]
    for size, _ in SIZES:
        cells = [spread(ours[(size, p, l)], "{:.2f}") for p in PATTERNS for l in LOOPS]
        ratio = (f"{statistics.median(ours[(size, 'sequential', 'unrolled')]) / statistics.median(peer[size]):.2f}"
                 if peer[size] else "-")
        lmr = spread(peer[size], "{:.2f}") if peer[size] else "not run"
        lines.append(f"| {size} | {lmr} | " + " | ".join(cells) + f" | {ratio} |")
    write_generated_section(args.out, "chase_loop.py", "table", lines)


if __name__ == "__main__":
    main()
