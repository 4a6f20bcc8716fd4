#!/usr/bin/env python3
"""Two builds of membench on one copy, alternating, beside perf bench mem.

For a change to how membench samples (say, how it remaps): does it change the
spread between invocations? Each batch runs 10 rounds of perf bench, then the
plain `membench run memcpy --size SIZE --impl movsb` from each build, the order
of the two builds swapped every round so neither always follows perf. The
figure of an invocation is its mean, as in noise_compare.py.
"""
import argparse
import statistics

from noise_compare import SIZES, membench_run
from perf_bench_compare import cv_pct, perf_run, section_head
from results_md import write_generated_section


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", type=int, default=4)
    ap.add_argument("--size", default="64M", choices=[s[0] for s in SIZES])
    ap.add_argument("--new", default="build/membench", help="the build with the change")
    ap.add_argument("--old", required=True, help="the build without it")
    ap.add_argument("--what", required=True, help="the change, for the section's title")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    size, perf_size, size_bytes, _ = next(s for s in SIZES if s[0] == args.size)
    rows = []
    for _ in range(args.batches):
        perf_v, runs = [], {args.new: [], args.old: []}
        for i in range(10):
            perf_v.append(perf_run("memcpy", perf_size, size_bytes, "x86-64-movsb")["x86-64-movsb"])
            for binary in ([args.new, args.old] if i % 2 == 0 else [args.old, args.new]):
                runs[binary].append(membench_run(binary, size, []))
        rows.append((perf_v, runs[args.new], runs[args.old]))
        print(cv_pct(perf_v), cv_pct([r[0] for r in runs[args.new]]), cv_pct([r[0] for r in runs[args.old]]), flush=True)
    lines = section_head(f"Two builds of membench, alternating: {args.what} ({size})") + [
        f"Command: `bench/builds_compare.sh {args.batches} {size} OLD \"{args.what}\"`.",
        "",
        f"Batches of 10 rounds: `perf bench -f simple mem memcpy -s {perf_size} -f x86-64-movsb` (8 GiB copied), then",
        f"`membench run memcpy --size {size} --impl movsb` from the new build and the old, in turns (the old first in",
        "every other round). CV = stddev / mean of a batch's 10 figures (each membench figure its invocation's mean;",
        "the batch's median in GB/s in brackets); in-run: the median CV of the samples inside one invocation.",
        "",
        "| batch | perf CV | new CV | new / perf | new in-run | old CV | old / perf | old in-run |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for batch, (pv, new, old) in enumerate(rows, 1):
        cells = [f"{batch}", f"{cv_pct(pv):.1f}% ({statistics.median(pv):.2f})"]
        for runs in (new, old):
            means = [r[0] for r in runs]
            cells += [f"{cv_pct(means):.1f}% ({statistics.median(means):.2f})", f"{cv_pct(means) / cv_pct(pv):.2f}",
                      f"{statistics.median(r[1] for r in runs):.1f}%"]
        lines.append("| " + " | ".join(cells) + " |")
    write_generated_section(args.out, "builds_compare.py", f"{args.what} {size}", lines)


if __name__ == "__main__":
    main()
