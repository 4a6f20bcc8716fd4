#!/usr/bin/env python3
"""membench's stream beside McCalpin's STREAM, alternating, on one machine.

STREAM is in no Debian package: build stream.c from its public source
outside this tree (gcc -O3 -mcmodel=medium -DSTREAM_ARRAY_SIZE=N
-DNTIMES=10) with N the elements of membench's array (its --size / 8), and
name the binary. Each round runs STREAM once and membench once (one
invocation, -r 10), in turn. STREAM prints its best rate (the shortest of
NTIMES-1 timed passes) and the average time; membench's figure is the mean
of its samples' rates. The table gives the median over rounds of each, in
10^9 B/s (STREAM prints 10^6 B/s), and membench mean / STREAM's rate from
its average time: the like-for-like pair.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import tempfile

from results_md import cpu_model, write_generated_section

OPS = ["copy", "scale", "add", "triad"]


def stream_run(binary, threads):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.run([binary], check=True, capture_output=True, text=True, env=env).stdout
    best, from_avg, elements = {}, {}, None
    for line in out.splitlines():
        if line.startswith("Array size ="):
            elements = int(line.split("=")[1].split()[0])
        for op in OPS:
            if line.startswith(op.capitalize() + ":"):
                fields = line.split()
                best[op] = float(fields[1]) / 1e3
                arrays = 2 if op in ("copy", "scale") else 3
                from_avg[op] = arrays * 8 * elements / float(fields[2]) / 1e9
    if "Solution Validates" not in out:
        raise SystemExit("STREAM did not validate:\n" + out)
    return best, from_avg, elements


def membench_run(binary, size, threads, reps):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    args = [binary, "run", "stream", "--size", str(size), "-r", str(reps), "--invocations", "1", "-e", "task-clock",
            "--json", path]
    if threads > 1:
        args += ["--threads", str(threads)]
    try:
        subprocess.run(args, check=True, capture_output=True, text=True)
        with open(path) as f:
            measurements = json.load(f)["measurements"]
    finally:
        os.unlink(path)
    return {m["point"]["op"]: m["stats"]["rate_per_second"]["mean"] / 1e9 for m in measurements}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--stream", required=True, help="STREAM built with -DSTREAM_ARRAY_SIZE = membench's --size / 8")
    p.add_argument("--membench", required=True)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--threads", type=int, default=1, help="OMP_NUM_THREADS for STREAM, --threads for membench")
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--out")
    a = p.parse_args()
    rows = {op: {"best": [], "avg": [], "membench": []} for op in OPS}
    elements = None
    for _ in range(a.rounds):
        best, from_avg, elements = stream_run(a.stream, a.threads)
        # STREAM splits one array among its threads; membench gives each
        # worker arrays of its own, so a worker's are 1/threads as large.
        mine = membench_run(a.membench, elements * 8 // a.threads, a.threads, a.reps)
        for op in OPS:
            rows[op]["best"].append(best[op])
            rows[op]["avg"].append(from_avg[op])
            rows[op]["membench"].append(mine[op])
    lines = [f"Machine: {cpu_model()}; {datetime.date.today()}; arrays of {elements * 8 >> 20} MiB "
             f"({elements} doubles), {a.threads} thread(s); medians of {a.rounds} alternating rounds; GB/s = 10^9 B/s.",
             "", "| op | STREAM best | STREAM from avg time | membench mean | membench / STREAM avg |",
             "|---|---|---|---|---|"]
    for op in OPS:
        best = statistics.median(rows[op]["best"])
        avg = statistics.median(rows[op]["avg"])
        mine = statistics.median(rows[op]["membench"])
        lines.append(f"| {op} | {best:.2f} | {avg:.2f} | {mine:.2f} | {mine / avg:.3f} |")
    print("\n".join(lines))
    if a.out:
        write_generated_section(a.out, "stream_compare", f"threads {a.threads}", lines)


if __name__ == "__main__":
    main()
