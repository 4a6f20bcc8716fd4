#!/usr/bin/env python3
"""Per-process state or the machine's drift: what sets the spread between invocations at one size.

Issue 18 asks membench's spread between invocations to be at most half of perf bench's.
Two causes predict different things:
- a state fixed for the life of a process (its placement, its CPU, its layout): the means
  of consecutive 5-sample blocks inside one long invocation agree more closely than
  separate 5-sample invocations over the same span of time;
- the machine drifting over seconds, whatever process runs: the block means spread as
  much as the separate invocations, and perf bench's invocations too.

Each round runs one long invocation of membench (`-r LONG`) for each of three ways of
placing the buffers (as typed, which remaps before every sample up to 256 MiB;
`--remap no` where that differs; `--pages thp`), then SHORT rounds of perf bench and a plain membench
invocation (-r 5), alternating. Inside each long invocation it reports the CV of its
samples, the CV of the means of consecutive blocks of 5 (what 5-sample invocations
would spread if only time mattered), and the relative Allan deviation at several block
lengths (white noise falls as 1/sqrt(block); a drift slower than the block does not).
"""
import argparse
import statistics
import time

from noise_timescale import allan_pct, membench_rates
from perf_bench_compare import cv_pct, perf_run, section_head
from results_md import write_generated_section

REMAPPED_UP_TO = 256 << 20  # the default remaps before every sample up to this size
BLOCKS = [1, 5, 10, 20, 40]
SIZES = {"64M": ("64MB", 64 << 20), "256M": ("256MB", 256 << 20), "1G": ("1GB", 1 << 30)}


def membench_samples(binary, size, samples, extra):
    """The rate of every timed sample of one invocation (GB/s, in the order taken) and its wall time (s)."""
    start = time.monotonic()
    rates = membench_rates(binary, samples, extra, size)
    return rates, time.monotonic() - start


def block_cv(rates, block):
    means = [statistics.mean(rates[i:i + block]) for i in range(0, len(rates) - block + 1, block)]
    return cv_pct(means)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--size", default="64M", choices=sorted(SIZES))
    ap.add_argument("--long", type=int, default=120, help="samples of the long invocations")
    ap.add_argument("--short", type=int, default=12, help="short invocations of each tool per round")
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    perf_size, size_bytes = SIZES[args.size]
    variants = [("as typed", [])] + ([("`--remap no`", ["--remap", "no"])] if size_bytes <= REMAPPED_UP_TO else [])
    variants.append(("`--pages thp`", ["--pages", "thp"]))
    long_rows, short_rows = [], []
    for r in range(args.rounds):
        for name, extra in variants:
            rates, wall = membench_samples(args.membench, args.size, args.long, extra)
            long_rows.append((r + 1, name, rates, wall))
            print(r + 1, name, f"{wall:.0f} s", f"blocks of 5: {block_cv(rates, 5):.1f}%", flush=True)
        perf_v, plain = [], []
        start = time.monotonic()
        for _ in range(args.short):
            perf_v.append(perf_run("memcpy", perf_size, size_bytes, "x86-64-movsb")["x86-64-movsb"])
            plain.append(statistics.mean(membench_samples(args.membench, args.size, 5, [])[0]))
        short_rows.append((r + 1, perf_v, plain, time.monotonic() - start))
        print(r + 1, f"perf {cv_pct(perf_v):.1f}% membench {cv_pct(plain):.1f}%", flush=True)

    lines = section_head(f"Per-process state or the machine's drift: {args.size} copies (issue 18)") + [
        f"Command: `bench/drift_scale.sh {args.rounds} {args.size}`: {args.rounds} rounds, each one long invocation "
        f"`membench run memcpy --size {args.size} --impl movsb -r {args.long}` per placement (as typed, which "
        "remaps before every sample up to 256 MiB; `--remap no` where that differs: one mapping; `--pages thp`), "
        "then "
        f"{args.short} invocations each of `perf bench -f simple mem memcpy -s {perf_size} -f x86-64-movsb` "
        f"(8 GiB copied) and `membench run memcpy --size {args.size} --impl movsb` (5 samples, its mean), "
        "alternating.",
        "",
        "Inside each long invocation: the CV of its samples; the CV of the means of its consecutive blocks of 5 "
        "samples (what separate 5-sample invocations would spread if only the time mattered); and the relative Allan "
        "deviation of the means of blocks of B samples (white noise falls as 1/sqrt(B); a drift slower than a block "
        "does not). s/sample: the invocation's wall time over its samples, warm-ups and remaps included.",
        "",
        "| round | placement | GB/s (median) | s/sample | sample CV | CV of 5-blocks | "
        + " | ".join(f"Allan B={b}" for b in BLOCKS) + " |",
        "|---|---|---|---|---|---|" + "---|" * len(BLOCKS),
    ]
    for r, name, rates, wall in long_rows:
        lines.append(f"| {r} | {name} | {statistics.median(rates):.2f} | {wall / len(rates):.2f} | "
                     f"{cv_pct(rates):.1f}% | {block_cv(rates, 5):.1f}% | "
                     + " | ".join(f"{allan_pct(rates, b):.2f}%" for b in BLOCKS) + " |")
    lines += [
        "",
        "Separate invocations in the same rounds: CV of their figures (median GB/s in brackets), and the seconds "
        "the alternating invocations took.",
        "",
        "| round | perf bench CV | membench CV | membench / perf | s |",
        "|---|---|---|---|---|",
    ]
    for r, perf_v, plain, wall in short_rows:
        lines.append(f"| {r} | {cv_pct(perf_v):.1f}% ({statistics.median(perf_v):.2f}) | "
                     f"{cv_pct(plain):.1f}% ({statistics.median(plain):.2f}) | "
                     f"{cv_pct(plain) / cv_pct(perf_v):.2f} | {wall:.0f} |")
    write_generated_section(args.out, "drift_scale.py", "table " + args.size, lines)


if __name__ == "__main__":
    main()
