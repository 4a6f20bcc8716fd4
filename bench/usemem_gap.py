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
    converts every figure to GB/s of memory mapped and touched;
  - which memory one invocation draws: a burst of usemem --step 4096 runs back
    to back with THP, beside every one of membench's samples, shows whether a
    single usemem figure can be trusted to be warm.
The table's THP rows set /sys/kernel/mm/transparent_hugepage/enabled to
`always` for usemem (older copies cannot madvise) and put the setting back
afterwards; the burst uses --madv-thp and runs only where usemem has it.
"""
import argparse
import re
import statistics
import time

from peer_runs import GIB, reported_kib, usemem, usemem_madvises
from peer_table import gb_per_s, membench, spread
from perf_bench_compare import section_head
from results_md import write_generated_section

THP_ENABLED = "/sys/kernel/mm/transparent_hugepage/enabled"


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
    return membench(binary, ["fault", "--case", "anon-w-seq", "--size", "1G", "--pages", pages, "--touch", touch,
                             "--recycle", recycle, "-r", str(reps), "-e", "task-clock"])


def sample_gb_per_s(m):
    return [s["work"] / s["wall_ns"] for s in m["samples"]]  # bytes per ns = GB/s


def fault_rows(binary, pages, mb, samples):
    """membench's points of one page size, once each; fewer samples where each waits for the host.
    Every sample of the one-word-a-page point goes into samples (the THP call's, for the burst's comparison)."""
    for (p, touch, recycle), values in mb.items():
        if p == pages:
            m = fault(binary, pages, touch, recycle, 5 if recycle == "yes" else 3)
            values.append(m)
            if touch == "4K":
                samples.extend(sample_gb_per_s(m))


def usemem_burst(binary, runs):
    """usemem --step 4096 --madv-thp 1G, runs times back to back: (GB/s each, MiB the host took back meanwhile)."""
    before = reported_kib()
    rates = [usemem(binary, GIB, 4096, madv_thp=True).gb_per_s for _ in range(runs)]
    after = reported_kib()
    return rates, (after - before) // 1024 if before is not None else None


def usemem_rows(binary, pages, rows):
    cold_wait = wait_for_host_reclaim(reported_kib() or 0)
    rows[(pages, "usemem", "cold")].append(usemem(binary, GIB))
    rows[(pages, "usemem", "warm")].append(usemem(binary, GIB))
    rows[(pages, "usemem --step 4096", "warm")].append(usemem(binary, GIB, 4096))
    return cold_wait


def median_ms(values):
    return f"{statistics.median(values) * 1e3:.0f}"


def time_lines(rows, mb):
    """Where each tool's time goes, warm: user space is the touch loop, the kernel the faults."""
    lines = [
        "",
        "Where the time goes, warm memory: ms per GiB, median over the rounds. usemem's user and kernel time are "
        "wait4's rusage of usemem and its worker; its kernel time less the unmapping it prints (not in its rate). "
        "membench's are each invocation's median sample (getrusage around the timed region; unmapping not in it).",
        "",
        "| pages | run | timed ms | user ms (the loop) | kernel ms (the faults) |",
        "|---|---|---|---|---|",
    ]
    for pages in ("4k", "thp"):
        for tool in ("usemem", "usemem --step 4096"):
            runs = rows[(pages, tool, "warm")]
            lines.append(f"| {pages} | {tool}, warm | {median_ms([r.usecs / 1e6 for r in runs])} | "
                         f"{median_ms([r.user_s for r in runs])} | "
                         f"{median_ms([r.sys_s - r.free_us / 1e6 for r in runs])} |")
        for touch in ("words", "4K"):
            ms = mb[(pages, touch, "yes")]

            def per_sample(key):
                return [statistics.median(s[key] for s in m["samples"]) / 1e9 for m in ms]
            lines.append(f"| {pages} | membench --touch {touch}, recycle yes | {median_ms(per_sample('wall_ns'))} | "
                         f"{median_ms(per_sample('user_ns'))} | {median_ms(per_sample('system_ns'))} |")
    return lines


def burst_lines(bursts, runs, mb_samples):
    """One usemem run against another on the same memory state: how far apart single invocations land."""
    every = [rate for rates, _ in bursts for rate in rates]
    fastest = [max(rates) for rates, _ in bursts]
    near = sum(rate >= 0.8 * max(rates) for rates, _ in bursts for rate in rates)
    taken = [mib for _, mib in bursts if mib is not None]
    return [
        "",
        f"THP, one word a page, back to back: each round, after the table's THP rows, `usemem --step 4096 --madv-thp "
        f"1G` ran {runs} times in a row, THP back in the machine's own mode and madvised, as membench does.",
        "",
        "| | GB/s, median (min-max) | runs |",
        "|---|---|---|",
        f"| usemem, every run of the bursts | {spread(every, '{:.2f}')} | {len(every)} |",
        f"| usemem, the fastest run of each burst | {spread(fastest, '{:.2f}')} | {len(fastest)} |",
        f"| membench --touch 4K --recycle yes, every sample | {spread(mb_samples, '{:.2f}')} | {len(mb_samples)} |",
        "",
        f"usemem runs within 20% of their burst's fastest: {near} of {len(every)}. The host took back "
        + (f"{', '.join(map(str, taken))} MiB of the guest's free memory during the bursts (free page reporting)."
           if taken else "an unknown amount during the bursts (no reported_kib here)."),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--usemem", required=True)
    ap.add_argument("--membench", default="build/membench")
    ap.add_argument("--out", default="bench/RESULTS.md")
    ap.add_argument("--burst", type=int, default=6, help="usemem runs back to back a round, THP, one word a page")
    args = ap.parse_args()
    rows = {}
    for pages in ("4k", "thp"):
        for tool, state in (("usemem", "cold"), ("usemem", "warm"), ("usemem --step 4096", "warm")):
            rows[(pages, tool, state)] = []
    mb = {(pages, touch, recycle): [] for pages in ("4k", "thp") for touch, recycle in
          (("words", "yes"), ("4K", "yes"), ("words", "no"))}
    overhead_us, waits = [], []
    burst = usemem_madvises(args.usemem)
    bursts, mb_thp_4k_samples = [], []
    for r in range(args.rounds):
        waits.append(usemem_rows(args.usemem, "4k", rows))
        overhead_us.append(usemem(args.usemem, 4096).usecs)
        fault_rows(args.membench, "4k", mb, [])
        with ThpAlways():
            waits.append(usemem_rows(args.usemem, "thp", rows))
        if burst:
            bursts.append(usemem_burst(args.usemem, args.burst))
        fault_rows(args.membench, "thp", mb, mb_thp_4k_samples)
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
            return spread([row.gb_per_s for row in rows[(pages, tool, state)]], "{:.2f}")

        def m(touch, recycle):
            return spread([gb_per_s(run) for run in mb[(pages, touch, recycle)]], "{:.2f}")
        lines.append(f"| {pages} | {u('usemem', 'cold')} | {u('usemem', 'warm')} | {u('usemem --step 4096', 'warm')} | "
                     f"{m('words', 'no')} | {m('words', 'yes')} | {m('4K', 'yes')} |")
    thp_faults = sorted({row.thp_faults for key, values in rows.items() if key[0] == "thp" for row in values})
    lines += [
        "",
        f"usemem's THP faults per 1 GiB run (thp_fault_alloc): {', '.join(map(str, thp_faults))}; with THP in madvise "
        f"mode its 4k rows took {', '.join(map(str, sorted({row.thp_faults for key, values in rows.items() if key[0] == '4k' for row in values})))}.",
        f"usemem's clock start: `usemem 4096` (fork, pipe handshake, mmap and one page) took "
        f"{spread(overhead_us, '{:.0f}')} us.",
    ]
    lines += time_lines(rows, mb)
    lines += burst_lines(bursts, args.burst, mb_thp_4k_samples) if burst else [
        "", "THP burst not run: this usemem has no --madv-thp (the teawater fork of vm-scalability has it)."]
    write_generated_section(args.out, "usemem_gap.py", "table", lines)


if __name__ == "__main__":
    main()
