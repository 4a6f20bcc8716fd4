#!/usr/bin/env python3
"""Why membench's anon-w-seq and vm-scalability's usemem disagree (issue 18).

Runs usemem (built by the user from vm-scalability; not packaged) side by
side with `membench run fault --case anon-w-seq`, alternating, and takes the
difference apart into what can be measured:
  - cold memory: usemem right after the host took memory back (waits until
    the guest's free page reporting has handed 1 GiB more to the host) against
    usemem right after another usemem freed the same amount; membench's
    --recycle yes/no is the same pair;
  - the touch loop: every word against one word per 4 KiB page (usemem --step
    4096, membench --touch 4K);
  - the clock start: usemem's clock runs from main() through fork, a pipe
    handshake and mmap; `usemem 4096` times all of that around one page;
  - the accounting: usemem prints 9/8 of the bytes in KiB/s; this table
    converts every figure to GB/s of memory mapped and touched.
THP rows set /sys/kernel/mm/transparent_hugepage/enabled to `always` for
usemem (it cannot madvise) and put the setting back afterwards.
"""
import argparse
import re
import statistics
import subprocess
import time

from peer_table import gb_per_s, membench, spread
from perf_bench_compare import section_head
from results_md import write_generated_section

GIB = 1 << 30
THP_ENABLED = "/sys/kernel/mm/transparent_hugepage/enabled"
REPORTED_KIB = "/sys/module/page_reporting/parameters/reported_kib"


def vmstat(name):
    with open("/proc/vmstat") as f:
        return next(int(l.split()[1]) for l in f if l.startswith(name + " "))


def reported_kib():
    try:
        with open(REPORTED_KIB) as f:
            return int(f.read())
    except OSError:
        return None


def wait_for_host_reclaim(before_kib, timeout_s=15.0):
    """Seconds waited until the host took back 1 GiB more than before_kib."""
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        now = reported_kib()
        if now is None:
            time.sleep(4)
            break
        if now - before_kib >= GIB // 1024:
            break
        time.sleep(0.1)
    return time.monotonic() - start


def usemem(binary, size, step=None):
    """(GB/s of the region, microseconds, THP faults)."""
    thp_before = vmstat("thp_fault_alloc")
    cmd = [binary] + (["--step", str(step)] if step else []) + [str(size)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    usecs = int(re.search(r"\d+ bytes / (\d+) usecs", out).group(1))
    return size / usecs / 1e3, usecs, vmstat("thp_fault_alloc") - thp_before


class ThpAlways:
    """THP `always` for usemem, which cannot madvise; the old mode comes back."""

    def __enter__(self):
        with open(THP_ENABLED) as f:
            self.old = re.search(r"\[(\w+)\]", f.read()).group(1)
        with open(THP_ENABLED, "w") as f:
            f.write("always")

    def __exit__(self, *exc):
        with open(THP_ENABLED, "w") as f:
            f.write(self.old)


def fault(binary, pages, touch, recycle, reps):
    return gb_per_s(membench(binary, ["fault", "--case", "anon-w-seq", "--size", "1G", "--pages", pages, "--touch",
                                      touch, "--recycle", recycle, "-r", str(reps), "-e", "task-clock"]))


def fault_rows(binary, pages, mb):
    """membench's points of one page size, once each; fewer samples where each waits for the host."""
    for (p, touch, recycle), values in mb.items():
        if p == pages:
            values.append(fault(binary, pages, touch, recycle, 5 if recycle == "yes" else 3))


def usemem_rows(binary, pages, rows):
    cold_wait = wait_for_host_reclaim(reported_kib() or 0)
    rows[(pages, "usemem", "cold")].append(usemem(binary, GIB))
    rows[(pages, "usemem", "warm")].append(usemem(binary, GIB))
    rows[(pages, "usemem --step 4096", "warm")].append(usemem(binary, GIB, 4096))
    return cold_wait


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--usemem", required=True)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    args = ap.parse_args()
    rows = {}
    for pages in ("4k", "thp"):
        for tool, state in (("usemem", "cold"), ("usemem", "warm"), ("usemem --step 4096", "warm")):
            rows[(pages, tool, state)] = []
    mb = {(pages, touch, recycle): [] for pages in ("4k", "thp") for touch, recycle in
          (("words", "yes"), ("4K", "yes"), ("words", "no"))}
    overhead_us, waits = [], []
    for r in range(args.rounds):
        waits.append(usemem_rows(args.usemem, "4k", rows))
        overhead_us.append(usemem(args.usemem, 4096)[1])
        fault_rows(args.membench, "4k", mb)
        with ThpAlways():
            waits.append(usemem_rows(args.usemem, "thp", rows))
        fault_rows(args.membench, "thp", mb)
        print("round", r, flush=True)

    lines = section_head("usemem beside membench's anon-w-seq, taken apart (issue 18)") + [
        f"Command: `USEMEM=path/to/usemem bench/usemem_gap.sh {args.rounds}`: {args.rounds} rounds, every row once a "
        "round, in turn; usemem built from vm-scalability's usemem.c with its Makefile's flags (`-O -g`).",
        "Figures: GB/s of the 1 GiB mapped and touched, median over the rounds (min-max). usemem's: one invocation "
        "each, 1 GiB / its printed usecs (its own KB/s counts 9/8 of the bytes, in KiB); membench's: one "
        "invocation's median sample (`membench run fault --case anon-w-seq --size 1G --pages P --touch T "
        "--recycle R -r 5`, -r 3 for recycle no).",
        "Cold: usemem started once the host had taken back 1 GiB more of the guest's free memory (free page "
        f"reporting; waited {min(waits):.1f}-{max(waits):.1f} s); warm: started right after another usemem freed 1 GiB.",
        "",
        "| pages | usemem cold | usemem warm | usemem --step 4096 warm | membench words, recycle no | "
        "membench words, recycle yes | membench --touch 4K, recycle yes |",
        "|---|---|---|---|---|---|---|",
    ]
    for pages in ("4k", "thp"):
        def u(tool, state):
            return spread([row[0] for row in rows[(pages, tool, state)]], "{:.2f}")
        lines.append(f"| {pages} | {u('usemem', 'cold')} | {u('usemem', 'warm')} | {u('usemem --step 4096', 'warm')} | "
                     f"{spread(mb[(pages, 'words', 'no')], '{:.2f}')} | {spread(mb[(pages, 'words', 'yes')], '{:.2f}')} | "
                     f"{spread(mb[(pages, '4K', 'yes')], '{:.2f}')} |")
    thp_faults = sorted({row[2] for key, values in rows.items() if key[0] == "thp" for row in values})
    lines += [
        "",
        f"usemem's THP faults per 1 GiB run (thp_fault_alloc): {', '.join(map(str, thp_faults))}; with THP in madvise "
        f"mode its 4k rows took {', '.join(map(str, sorted({row[2] for key, values in rows.items() if key[0] == '4k' for row in values})))}.",
        f"usemem's clock start: `usemem 4096` (fork, pipe handshake, mmap and one page) took "
        f"{spread(overhead_us, '{:.0f}')} us.",
    ]
    write_generated_section(args.out, "usemem_gap.py", "table", lines)


if __name__ == "__main__":
    main()
