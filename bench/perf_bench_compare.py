#!/usr/bin/env python3
"""membench against perf bench mem (memcpy, memset), side by side on one machine.

The two tools alternate (perf, membench, perf, membench, ...) at every size so
drift of a noisy VM spreads over both. For each tool and function/impl the
median over rounds is taken; "best" is the function with the highest median.
Ratio = membench best / perf best. perf prints 2^30 B/s as "GB/sec"; this
script reads perf's raw bytes/s (-f simple) and reports 10^9 B/s for both.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import tempfile

from results_md import cpu_model, write_generated_section

SIZES = [("4K", "4KB", 4 << 10), ("256K", "256KB", 256 << 10), ("4M", "4MB", 4 << 20),
         ("64M", "64MB", 64 << 20), ("1G", "1GB", 1 << 30)]
# perf's timed region is nr_loops copies; aim at about 8 GiB copied (0.1-0.5 s
# here), and never fewer than 5 loops: its first pass over fresh memory is
# sometimes 1.5-2x slower on this VM.
PERF_TARGET_BYTES = 8 << 30


def perf_run(op, size_arg, size_bytes, function="all"):
    loops = max(5, PERF_TARGET_BYTES // size_bytes)
    out = subprocess.run(["perf", "bench", "-f", "simple", "mem", op, "-s", size_arg, "-l", str(loops), "-f", function],
                         check=True, capture_output=True, text=True).stdout
    rates, name = {}, None
    for line in out.splitlines():
        if line.startswith("# function"):
            name = line.split("'")[1]
        elif name and line.strip():
            rates[name] = float(line) / 1e9
            name = None
    return rates


def membench_all(binary, args):
    """Every measurement of one `membench run` invocation, from its --json."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        subprocess.run([binary, "run"] + args + ["--json", path], check=True, capture_output=True, text=True)
        with open(path) as f:
            return json.load(f)["measurements"]
    finally:
        os.unlink(path)


def membench_run(binary, op, size_arg, reps=5, impl="all", with_cv=False):
    measurements = membench_all(binary, [op, "--size", size_arg, "--impl", impl, "-r", str(reps), "-e", "task-clock"])
    if with_cv:
        return {m["point"]["impl"]: (m["stats"]["rate_per_second"]["mean"] / 1e9, m["stats"]["rate_per_second"]["cv_pct"])
                for m in measurements}
    return {m["point"]["impl"]: m["stats"]["rate_per_second"]["mean"] / 1e9 for m in measurements}


def best(per_name):
    medians = {name: statistics.median(v) for name, v in per_name.items()}
    name = max(medians, key=medians.get)
    return name, medians[name], min(per_name[name]), max(per_name[name])


def commit_of(binary):
    """The commit a membench binary in a checkout's build/ was built from, as far as git knows."""
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(binary)))
    out = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "an earlier commit"


def cv_pct(values):
    return 100 * statistics.stdev(values) / statistics.mean(values)


def machine_line():
    model = cpu_model()
    perf_version = subprocess.run(["perf", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{model}, {os.cpu_count()} CPUs, Linux {platform.release()}, {perf_version}"


def section_head(title):
    """A generated section's title and the line that says where and when its figures come from."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return [f"## {title}", "", f"Machine: {machine_line()}. Date: {now}."]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--previous", default="",
                    help="a membench built from an earlier commit, run in the same rounds: does the harness change "
                         "what is measured?")
    ap.add_argument("--out", default="bench/RESULTS.md")
    ap.add_argument("--sections", default="ratio,cv", help="ratio, cv or both")
    ap.add_argument("--cv-reps", type=int, default=10,
                    help="membench samples per invocation in the spread comparison (20 match perf's 1 s region)")
    args = ap.parse_args()

    sections = args.sections.split(",")
    if "ratio" in sections:
        write_generated_section(args.out, "perf_bench_compare.py", "ratio", ratio_section(args))
    if "cv" in sections:
        write_generated_section(args.out, "perf_bench_compare.py", f"cv-r{args.cv_reps}", cv_section(args))


def ratio_section(args):
    rows = []
    for op in ("memcpy", "memset"):
        for mb_size, perf_size, size_bytes in SIZES:
            perf_rates, mb_rates, prev_rates = {}, {}, {}
            for _ in range(args.rounds):
                for name, rate in perf_run(op, perf_size, size_bytes).items():
                    perf_rates.setdefault(name, []).append(rate)
                for name, rate in membench_run(args.membench, op, mb_size).items():
                    mb_rates.setdefault(name, []).append(rate)
                if args.previous:
                    for name, rate in membench_run(args.previous, op, mb_size).items():
                        prev_rates.setdefault(name, []).append(rate)
            rows.append((op, mb_size, best(perf_rates), best(mb_rates), best(prev_rates) if args.previous else None))
            print(op, mb_size, rows[-1], flush=True)
    previous = args.previous and (
        f" The previous engine (`membench` built from commit {commit_of(args.previous)}) ran in the same rounds, "
        "after membench, with the same command.")
    lines = section_head("membench against perf bench mem") + [
        f"Command: `bench/perf_bench_compare.sh {args.rounds} ratio` ({args.rounds} rounds, tools alternating at every size)."
        + (previous or ""),
        "",
        "GB/s = 10^9 bytes/s for both tools (perf's \"GB/sec\" is 2^30 B/s; its raw bytes/s were converted).",
        "Per tool and function: median over the rounds, (min-max) of that function's rounds. perf: `perf bench",
        "-f simple mem OP -s SIZE -l LOOPS -f all` with LOOPS = max(5, 8 GiB / SIZE); membench: `membench run OP",
        "--size SIZE --impl all -r 5` (loops calibrated to >= 50 ms per sample, adaptive warm-up), its mean of 5 samples.",
        "",
    ]
    if args.previous:
        lines += ["| op | size | perf best function | perf GB/s | membench best impl | membench GB/s | ratio | "
                  "previous engine GB/s | its ratio | membench / previous |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
    else:
        lines += ["| op | size | perf best function | perf GB/s | membench best impl | membench GB/s | ratio |",
                  "|---|---|---|---|---|---|---|"]
    for op, size, (pf, pmed, pmin, pmax), (mf, mmed, mmin, mmax), prev in rows:
        line = (f"| {op} | {size} | {pf} | {pmed:.1f} ({pmin:.1f}-{pmax:.1f}) | {mf} | "
                f"{mmed:.1f} ({mmin:.1f}-{mmax:.1f}) | {mmed / pmed:.2f} |")
        if prev:
            qf, qmed, qmin, qmax = prev
            line += f" {qf} {qmed:.1f} ({qmin:.1f}-{qmax:.1f}) | {qmed / pmed:.2f} | {mmed / qmed:.2f} |"
        lines.append(line)
    return lines


def cv_section(args):
    """Run-to-run spread at 64 MiB: batches of 10 invocations of each tool,
    alternating, the same method in both (rep movsb / rep stosb), each
    invocation's figure; plus the spread of membench's samples inside one run
    (what its +- is computed from). A CV from 10 values is itself uncertain
    (about +-25% of its value), hence several batches."""
    rows = []
    for op, perf_fn, mb_impl in (("memcpy", "x86-64-movsb", "movsb"), ("memset", "x86-64-stosb", "stosb")):
        for batch in range(args.rounds):
            perf_v, mb_v, mb_sample_cv = [], [], []
            for _ in range(10):
                perf_v.append(perf_run(op, "64MB", 64 << 20, perf_fn)[perf_fn])
                mean, sample_cv = membench_run(args.membench, op, "64M", reps=args.cv_reps, impl=mb_impl,
                                               with_cv=True)[mb_impl]
                mb_v.append(mean)
                mb_sample_cv.append(sample_cv)
            rows.append((op, batch + 1, perf_fn, mb_impl, perf_v, mb_v, statistics.median(mb_sample_cv)))
            print(op, batch, "cv", cv_pct(perf_v), cv_pct(mb_v), flush=True)
    lines = section_head(f"Run-to-run spread at 64 MiB, membench -r {args.cv_reps}") + [
        f"Command: `python3 bench/perf_bench_compare.py --rounds {args.rounds} --sections cv --cv-reps {args.cv_reps}`.",
        "",
        f"{args.rounds} batches of 10 invocations of each tool, alternating, the same method in both. perf: `perf",
        "bench -f simple mem OP -s 64MB -l 128 -f FUNCTION` (8 GiB in one timed region); membench: `membench run OP",
        f"--size 64M --impl IMPL -r {args.cv_reps}` (its mean of {args.cv_reps} samples of >= 50 ms). CV = stddev / mean",
        "of a batch's 10 figures (GB/s median in brackets). The last column is the median CV of the samples inside",
        "one membench run.",
        "",
        "| op | batch | perf function | perf CV | membench impl | membench CV | membench in-run CV |",
        "|---|---|---|---|---|---|---|",
    ]
    for op, batch, pf, mi, pv, mv, in_run in rows:
        lines.append(f"| {op} | {batch} | {pf} | {cv_pct(pv):.1f}% ({statistics.median(pv):.1f}) | {mi} | "
                     f"{cv_pct(mv):.1f}% ({statistics.median(mv):.1f}) | {in_run:.1f}% |")
    return lines


if __name__ == "__main__":
    main()
