#!/usr/bin/env python3
"""What moves a 1 GiB copy from one membench invocation to the next (issue 18)?

Two candidates are tested against each other in pairs of invocations of
`membench run memcpy --size 1G --impl movsb`:
  - cold: started once the host has had 20 s to take back the guest's free
    memory (free page reporting), so the buffers land on memory the host must
    back again;
  - warm: started right after this script wrote and freed 2 GiB, so the
    buffers reuse memory the host still backs.
If cold memory made the spread, the cold column would be slower or noisier;
if the host drifts, the two invocations of a pair agree and the pairs
differ.
"""
import argparse
import mmap
import statistics
import time

from peer_table import membench
from perf_bench_compare import section_head
from results_md import write_generated_section
from usemem_gap import reported_kib

WARM_BYTES = 2 << 30
PAGE = 4096


def copy_rate(binary):
    """(mean GB/s, CV of the samples %) of one plain invocation."""
    rate = membench(binary, ["memcpy", "--size", "1G", "--impl", "movsb"])["stats"]["rate_per_second"]
    return rate["mean"] / 1e9, rate["cv_pct"]


def let_host_reclaim(seconds=20.0):
    """Idles; returns the KiB the guest reported to the host meanwhile (None where not counted)."""
    before = reported_kib()
    time.sleep(seconds)
    after = reported_kib()
    return None if before is None or after is None else after - before


def write_and_free(size):
    region = mmap.mmap(-1, size)
    for offset in range(0, size, PAGE):
        region[offset] = 1
    region.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    rows, reported = [], []
    for i in range(args.pairs):
        reported.append(let_host_reclaim())
        cold = copy_rate(args.membench)
        write_and_free(WARM_BYTES)
        warm = copy_rate(args.membench)
        rows.append((cold, warm))
        print(i, cold, warm, flush=True)

    def between(col):
        means = [r[col][0] for r in rows]
        return 100 * statistics.stdev(means) / statistics.mean(means)

    pair_gaps = [abs(c[0] - w[0]) / ((c[0] + w[0]) / 2) * 100 for c, w in rows]
    counted = [r for r in reported if r is not None]
    lines = section_head("A 1 GiB copy from one invocation to the next: cold memory or the host's drift (issue 18)") + [
        f"Command: `bench/invocation_drift.sh {args.pairs}`: {args.pairs} pairs in a row, each a cold invocation "
        "of `membench run memcpy --size 1G --impl movsb` (after 20 s idle, the host taking back free memory: "
        + (f"{min(counted) // 1024}-{max(counted) // 1024} MiB reported meanwhile" if counted else "not counted here")
        + ") and a warm one (right after 2 GiB were written and freed). GB/s: the invocation's mean; CV: its "
        "samples'.",
        "",
        "| pair | cold GB/s | cold CV | warm GB/s | warm CV | warm / cold |",
        "|---|---|---|---|---|---|",
    ]
    for i, (cold, warm) in enumerate(rows):
        lines.append(f"| {i + 1} | {cold[0]:.2f} | {cold[1]:.1f}% | {warm[0]:.2f} | {warm[1]:.1f}% | "
                     f"{warm[0] / cold[0]:.2f} |")
    lines += [
        "",
        f"CV between invocations: cold {between(0):.1f}%, warm {between(1):.1f}%. The two invocations of a pair "
        f"differ by {statistics.median(pair_gaps):.1f}% (median; {min(pair_gaps):.1f}-{max(pair_gaps):.1f}%). "
        f"Warm was faster in {sum(w[0] > c[0] for c, w in rows)} of {len(rows)} pairs.",
    ]
    write_generated_section(args.out, "invocation_drift.py", "table", lines)


if __name__ == "__main__":
    main()
