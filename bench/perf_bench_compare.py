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

SIZES = [("4K", "4KB", 4 << 10), ("256K", "256KB", 256 << 10), ("4M", "4MB", 4 << 20),
         ("64M", "64MB", 64 << 20), ("1G", "1GB", 1 << 30)]
# perf's timed region is nr_loops copies; aim at about 8 GiB copied (0.1-0.5 s
# here), and never fewer than 5 loops: its first pass over fresh memory is
# sometimes 1.5-2x slower on this VM.
PERF_TARGET_BYTES = 8 << 30


def perf_run(op, size_arg, size_bytes):
    loops = max(5, PERF_TARGET_BYTES // size_bytes)
    out = subprocess.run(["perf", "bench", "-f", "simple", "mem", op, "-s", size_arg, "-l", str(loops), "-f", "all"],
                         check=True, capture_output=True, text=True).stdout
    rates, name = {}, None
    for line in out.splitlines():
        if line.startswith("# function"):
            name = line.split("'")[1]
        elif name and line.strip():
            rates[name] = float(line) / 1e9
            name = None
    return rates


def membench_run(binary, op, size_arg, reps=5):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        subprocess.run([binary, "run", op, "--size", size_arg, "--impl", "all", "-r", str(reps), "-e", "task-clock",
                        "--json", path], check=True, capture_output=True, text=True)
        with open(path) as f:
            result = json.load(f)
    finally:
        os.unlink(path)
    return {m["point"]["impl"]: m["stats"]["rate_per_second"]["mean"] / 1e9 for m in result["measurements"]}


def best(per_name):
    medians = {name: statistics.median(v) for name, v in per_name.items()}
    name = max(medians, key=medians.get)
    return name, medians[name], min(per_name[name]), max(per_name[name])


def cv_pct(values):
    return 100 * statistics.stdev(values) / statistics.mean(values)


def machine_line():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    perf_version = subprocess.run(["perf", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{model}, {os.cpu_count()} CPUs, Linux {platform.release()}, {perf_version}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()

    rows = []
    for op in ("memcpy", "memset"):
        for mb_size, perf_size, size_bytes in SIZES:
            perf_rates, mb_rates = {}, {}
            for _ in range(args.rounds):
                for name, rate in perf_run(op, perf_size, size_bytes).items():
                    perf_rates.setdefault(name, []).append(rate)
                for name, rate in membench_run(args.membench, op, mb_size).items():
                    mb_rates.setdefault(name, []).append(rate)
            rows.append((op, mb_size, best(perf_rates), best(mb_rates)))
            print(op, mb_size, rows[-1], flush=True)

    # Run-to-run spread at 64 MiB: 10 invocations of each tool, alternating,
    # the same method in both (rep movsb), each invocation's reported figure.
    cv_rows = []
    for op, perf_fn, mb_impl in (("memcpy", "x86-64-movsb", "movsb"), ("memset", "x86-64-stosb", "stosb")):
        perf_v, mb_v = [], []
        for _ in range(10):
            perf_v.append(perf_run(op, "64MB", 64 << 20)[perf_fn])
            mb_v.append(membench_run(args.membench, op, "64M")[mb_impl])
        cv_rows.append((op, perf_fn, mb_impl, perf_v, mb_v))
        print(op, "cv", cv_pct(perf_v), cv_pct(mb_v), flush=True)

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## membench against perf bench mem",
        "",
        f"Machine: {machine_line()}. Date: {now}.",
        f"Command: `bench/perf_bench_compare.sh {args.rounds}` ({args.rounds} rounds, tools alternating at every size).",
        "",
        "GB/s = 10^9 bytes/s for both tools (perf's \"GB/sec\" is 2^30 B/s; its raw bytes/s were converted).",
        "Per tool and function: median over the rounds, (min-max) of that function's rounds. perf: `perf bench",
        "-f simple mem OP -s SIZE -l LOOPS -f all` with LOOPS = max(5, 8 GiB / SIZE); membench: `membench run OP",
        "--size SIZE --impl all -r 5` (loops calibrated to >= 50 ms per sample, 1 warm-up), its mean of 5 samples.",
        "",
        "| op | size | perf best function | perf GB/s | membench best impl | membench GB/s | ratio |",
        "|---|---|---|---|---|---|---|",
    ]
    for op, size, (pf, pmed, pmin, pmax), (mf, mmed, mmin, mmax) in rows:
        lines.append(f"| {op} | {size} | {pf} | {pmed:.1f} ({pmin:.1f}-{pmax:.1f}) | {mf} | "
                     f"{mmed:.1f} ({mmin:.1f}-{mmax:.1f}) | {mmed / pmed:.2f} |")
    lines += ["", "Run-to-run coefficient of variation at 64 MiB, 10 invocations of each tool, alternating:", "",
              "| op | perf function | perf CV | membench impl | membench CV |", "|---|---|---|---|---|"]
    for op, pf, mi, pv, mv in cv_rows:
        lines.append(f"| {op} | {pf} | {cv_pct(pv):.1f}% | {mi} | {cv_pct(mv):.1f}% |")
    write_generated_section(args.out, lines)
    print("\n".join(lines))


BEGIN, END = "<!-- perf_bench_compare.py: begin -->", "<!-- perf_bench_compare.py: end -->"


def write_generated_section(path, lines):
    """Replaces the generated section of RESULTS.md, keeping what people wrote around it."""
    text = open(path).read() if os.path.exists(path) else ""
    block = BEGIN + "\n" + "\n".join(lines) + "\n" + END
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = (text + "\n" if text else "") + block + "\n"
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
