"""Do compare's verdicts hold with default settings, and does the design
doctor --noise recommends find a 3% change?

1. A/A: pairs of the default `run memcpy --size S --impl libc` (three
   invocations of two samples a point), alternating A and B, one result a
   side, compared with `compare a.json b.json` three ways: as on a fresh
   machine (no noise floor recorded: the assumed one applies), with the
   floor `doctor --noise` recorded, and with `--threshold 1` (the runs
   alone, as before the floor applied to one result a side). How many pairs
   are called changed (the goal: at most 1 of 20).
2. The design for 3%: `doctor --noise` prints the runs a side that find a
   3% change of its memcpy point (4 MiB, libc) with 80% power, each a result
   of --invocations 1, A and B alternated; trials of that design, side B's
   sample times divided by 0.97 (its rate falls exactly 3%, the real noise
   kept), compared `A1 .. AN vs B1 .. BN`: how many are found slower (the
   goal: at least 18 of 20), and the same trials unchanged (A/A).

Each run's wall time is recorded: what the design costs."""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from results_md import cpu_model, write_generated_section

DOCTOR_POINT = "4M"


def run_args(size, invocations=None):
    args = ["run", "memcpy", "--size", size, "--impl", "libc"]
    return args + (["--invocations", str(invocations)] if invocations else [])


def invoke(membench, args, path):
    start = time.monotonic()
    subprocess.run([membench] + args + ["--json", path], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def rate_row(membench, a, b, out, state, extra=()):
    """a and b: a result file each, or lists of them. The state folder is the script's own: the
    floor found there is doctor's, or none (the assumed one)."""
    sides = [a, b] if isinstance(a, str) else a + ["vs"] + b
    subprocess.run([membench, "compare"] + sides + ["--json", out] + list(extra), check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, XDG_STATE_HOME=state, XDG_DATA_HOME=state))
    rows = json.load(open(out))["rows"]
    return next(r for r in rows if r["figure"].startswith("rate"))


def slowed(path, factor, to):
    doc = json.load(open(path))
    for m in doc["measurements"]:
        for s in m["samples"]:
            s["wall_ns"] = int(round(s["wall_ns"] / factor))
    json.dump(doc, open(to, "w"))
    return to


def pairs(membench, args, count, folder, tag, log):
    """count pairs of runs, A and B alternating; their result files and wall times."""
    out, seconds = [], []
    for p in range(count):
        files = []
        for name in ("a", "b"):
            path = os.path.join(folder, f"{tag}-p{p}{name}.json")
            seconds.append(invoke(membench, args, path))
            files.append(path)
        out.append(files)
        log(f"{tag} pair {p + 1} of {count}")
    return out, seconds


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def row(label, rows, seconds, design):
    called = sum(1 for r in rows if r["significant"])
    slower = sum(1 for r in rows if r["significant"] and r["change_pct"] < 0)
    changes = sorted(r["change_pct"] for r in rows)
    finds = [r["detectable_pct"] for r in rows if r.get("detectable_pct") is not None]
    between = [r["a_runs"]["between_run_cv_pct"] for r in rows if r.get("a_runs")]
    return (f"| {label} | {design} | {called} of {len(rows)} (slower: {slower}) | {changes[0]:+.2f}% .. "
            f"{changes[-1]:+.2f}% | {median(between):.2f}% | {median(finds) if finds else float('nan'):.1f}% | "
            f"{median(seconds):.1f} s |")


def doctor_design(membench, state, log):
    """The runs a side doctor --noise gives memcpy for 3%, and its output lines (recording its floor in state)."""
    log("doctor --noise")
    out = subprocess.run([membench, "doctor", "--noise"], check=True, capture_output=True, text=True,
                         env=dict(os.environ, XDG_STATE_HOME=state, XDG_DATA_HOME=state)).stdout
    line = next(l for l in out.splitlines() if re.match(r"\s+memcpy\s+1%:", l))
    floor = next(l for l in out.splitlines() if re.match(r"\s+memcpy\s+size=", l))
    found = re.search(r"3%: (> )?(\d+)", line)
    return (101 if found.group(1) else int(found.group(2))), [floor.strip(), line.strip()]


def alternated(membench, args, count, folder, tag, log):
    """count results a side of args, A and B taking turns; the two lists of files and the wall times."""
    a, b, seconds = [], [], []
    for i in range(count):
        for side, name in ((a, "a"), (b, "b")):
            path = os.path.join(folder, f"{tag}-{i}{name}.json")
            seconds.append(invoke(membench, args, path))
            side.append(path)
    log(f"{tag}: {count} a side")
    return a, b, seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--sizes", default="16K,4M")
    ap.add_argument("--max-invocations", type=int, default=60,
                    help="the most runs a side the 3%% design may take here")
    ap.add_argument("--design-trials", type=int, default=20, help="trials of the 3%% design")
    ap.add_argument("--membench", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    log = lambda text: print(text, file=sys.stderr, flush=True)
    folder = tempfile.mkdtemp(prefix="membench-aa-")
    fresh = os.path.join(folder, "fresh")  # no floor recorded: the assumed one
    floored = os.path.join(folder, "floored")  # doctor's
    os.makedirs(fresh)
    os.makedirs(floored)
    try:
        default_runs = []
        for size in a.sizes.split(","):
            runs, seconds = pairs(a.membench, run_args(size), a.pairs, folder, f"default-{size}", log)
            default_runs.append((size, runs, seconds))
        needed, doctor_lines = doctor_design(a.membench, floored, log)
        default_rows = []
        for size, runs, seconds in default_runs:
            for how, state, extra in (("fresh machine", fresh, ()), ("doctor's floor", floored, ()),
                                      ("`--threshold 1`: the runs alone", fresh, ("--threshold", "1"))):
                rows = [rate_row(a.membench, x, y, os.path.join(folder, f"c-{size}-{i}.json"), state, extra)
                        for i, (x, y) in enumerate(runs)]
                default_rows.append(row(f"A/A, `run memcpy --size {size} --impl libc`, {how}", rows, seconds,
                                        "1 result of 3 x 2 (default)"))
        design_rows = []
        if needed <= a.max_invocations:
            args = run_args(DOCTOR_POINT, 1)
            aa, injected, seconds = [], [], []
            for t in range(a.design_trials):
                xs, ys, took = alternated(a.membench, args, needed, folder, f"design-{t}", log)
                seconds += took
                aa.append(rate_row(a.membench, xs, ys, os.path.join(folder, f"d-aa-{t}.json"), fresh))
                slow = [slowed(y, 0.97, y.replace(".json", "-slow.json")) for y in ys]
                injected.append(rate_row(a.membench, xs, slow, os.path.join(folder, f"d-inj-{t}.json"), fresh))
            design = f"{needed} results of 1 x 2, alternated"
            design_rows = [row(f"A/A, `run memcpy --size {DOCTOR_POINT} --impl libc --invocations 1`", aa, seconds,
                               design),
                           row("the same, B's rate -3%", injected, seconds, design)]
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {cpu_model()}, {os.cpu_count()} CPUs, by `bench/aa_runs.sh "
             f"{a.pairs} {a.sizes} {a.design_trials}`: {a.pairs} pairs of default runs, A and B alternating, one "
             "result a side, compared with `membench compare a.json b.json` (each invocation a run: Welch's t-test "
             "on the logs of the runs' rates, p < 0.05, and a change of at least 1%, or the noise floor where a "
             "side is one result: 13.9% assumed on a fresh machine, or doctor's); then trials of the design doctor "
             "asks for 3%, compared `A1 .. AN vs B1 .. BN`. The injected change divides side B's sample times by "
             "0.97 (its rate falls exactly 3%) and keeps their real noise. `doctor --noise` printed, for its "
             "memcpy point:", ""]
    lines += [f"    {line}" for line in doctor_lines]
    lines += ["",
              "| comparison | design a side | called changed | changes seen | run-to-run CV "
              "(median) | finds (median) | wall time a run (median) |",
              "|---|---|---|---|---|---|---|"]
    lines += default_rows + design_rows
    if needed > a.max_invocations:
        lines += ["", f"doctor --noise asks {needed if needed <= 100 else 'more than 100'} runs a side for 3%; "
                      f"more than --max-invocations {a.max_invocations}, so the injected trials were not run."]
    write_generated_section(a.out, "aa_runs", "pairs", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
