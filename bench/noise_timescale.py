#!/usr/bin/env python3
"""On what time scale a 1 GiB copy's rate wanders, inside one invocation and between invocations.

Issue 18: at 1 GiB, the samples inside one membench invocation agree within 1-2% while
invocations differ by 9-17%, for perf bench as much as for membench. Two causes predict
different things:
- a state fixed for the life of a process (its buffers' placement, its CPU): a longer
  invocation does not shrink the spread between invocations, and the samples inside one
  show no slow wander;
- the host's load drifting over seconds: the samples inside one long invocation wander
  too (the Allan deviation of their block means stops falling as 1/sqrt(block)), and a
  longer invocation averages more of the drift away.
The CPU is one such state: membench runs unpinned, so each invocation also runs pinned
to each of the first two CPUs in turn; if the CPUs differ, the pinned figures part by
CPU.

Each round runs, in this order: perf bench with 8 GiB copied in its timed region,
`membench run memcpy --size 1G --impl movsb -r 40`, perf bench with 40 GiB, and the
membench command pinned to each CPU. From membench's 40
samples (in the order taken, ~50 ms each) it takes the mean of the first 5 (what the
default -r 5 reads), of all 40, and their median; and, inside each invocation, the
relative Allan deviation at blocks of 1-16 samples.
"""
import argparse
import math
import statistics
import subprocess

from perf_bench_compare import cv_pct, membench_all, section_head
from results_md import write_generated_section

SAMPLES = 40
BLOCKS = [1, 2, 4, 8, 16]


def perf_rate(gib_copied):
    out = subprocess.run(["perf", "bench", "-f", "simple", "mem", "memcpy", "-s", "1GB", "-l", str(gib_copied), "-f",
                          "x86-64-movsb"], check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1]) / 1e9


def membench_rates(binary, samples, extra=(), size="1G"):
    """The rate of every timed sample of one invocation, GB/s, in the order taken."""
    m = membench_all(binary, ["memcpy", "--size", size, "--impl", "movsb", "-r", str(samples), *extra])[0]
    return [s["work"] / s["wall_ns"] for s in m["samples"]]


def allan_pct(rates, block):
    """Relative Allan deviation of the means of consecutive blocks of `block` samples."""
    means = [statistics.mean(rates[i:i + block]) for i in range(0, len(rates) - block + 1, block)]
    if len(means) < 2:
        return math.nan
    squares = [(b - a) ** 2 for a, b in zip(means, means[1:])]
    return 100 * math.sqrt(0.5 * statistics.mean(squares)) / statistics.mean(rates)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    perf8, perf40, runs = [], [], []
    pinned = {0: [], 1: []}
    for r in range(args.rounds):
        perf8.append(perf_rate(8))
        runs.append(membench_rates(args.membench, SAMPLES))
        perf40.append(perf_rate(40))
        for cpu in (r % 2, 1 - r % 2):
            pinned[cpu].append(statistics.mean(membench_rates(args.membench, 5, ["--cpu", str(cpu)])))
        print(r + 1, f"perf8 {perf8[-1]:.2f} perf40 {perf40[-1]:.2f} membench first5 "
              f"{statistics.mean(runs[-1][:5]):.2f} all {statistics.mean(runs[-1]):.2f} "
              f"cpu0 {pinned[0][-1]:.2f} cpu1 {pinned[1][-1]:.2f}", flush=True)
    first5 = [statistics.mean(x[:5]) for x in runs]
    all40 = [statistics.mean(x) for x in runs]
    median40 = [statistics.median(x) for x in runs]

    def cell(values):
        return f"{cv_pct(values):.1f}% ({statistics.median(values):.2f})"

    lines = section_head("On what time scale a 1 GiB copy wanders (issue 18)") + [
        f"Command: `bench/noise_timescale.sh {args.rounds}`: {args.rounds} rounds, each, in this order, "
        "`perf bench -f simple mem memcpy -s 1GB -l 8 -f x86-64-movsb`, `membench run memcpy --size 1G --impl movsb "
        f"-r {SAMPLES}` and the same perf bench with `-l 40`, then the membench command with `-r 5 --cpu N` for CPUs 0 and 1 "
        "(which first alternates).",
        "",
        "Spread between invocations: CV of the rounds' figures (their median in GB/s in brackets).",
        "",
        "| figure of an invocation | timed | CV between invocations |",
        "|---|---|---|",
        f"| perf bench, 8 GiB copied | ~0.4 s | {cell(perf8)} |",
        f"| perf bench, 40 GiB copied | ~2 s | {cell(perf40)} |",
        f"| membench, mean of the first 5 samples | ~0.25 s | {cell(first5)} |",
        f"| membench, mean of all {SAMPLES} samples | ~2 s | {cell(all40)} |",
        f"| membench, median of all {SAMPLES} samples | ~2 s | {cell(median40)} |",
        f"| membench `--cpu 0`, mean of 5 samples | ~0.25 s | {cell(pinned[0])} |",
        f"| membench `--cpu 1`, mean of 5 samples | ~0.25 s | {cell(pinned[1])} |",
        f"| both pinned runs together | ~0.25 s | {cell(pinned[0] + pinned[1])} |",
        "",
        "Inside one invocation: relative Allan deviation of the means of consecutive blocks of samples "
        "(white noise falls as 1/sqrt(block); a slow wander does not), median over the invocations.",
        "",
        "| block (samples) | " + " | ".join(str(b) for b in BLOCKS) + " |",
        "|---|" + "---|" * len(BLOCKS),
        "| Allan deviation | " + " | ".join(f"{statistics.median(allan_pct(x, b) for x in runs):.2f}%"
                                         for b in BLOCKS) + " |",
    ]
    write_generated_section(args.out, "noise_timescale.py", "table", lines)


if __name__ == "__main__":
    main()
