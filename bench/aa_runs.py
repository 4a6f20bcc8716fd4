"""Do compare's verdicts hold with default settings, and does the design
doctor --noise recommends find a 3% change?

1. A/A: pairs of the default `run memcpy --size S --impl libc` (three
   invocations of two samples a point), alternating A and B, one result a
   side, compared with `compare a.json b.json`: how many pairs are called
   changed (the goal: at most 1 of 20).
2. The design for 3%: `doctor --noise` prints the invocations a side that
   find a 3% change of its memcpy point (4 MiB, libc) with 80% power; pairs
   of runs with that many invocations, side B's sample times divided by 0.97
   (its rate falls exactly 3%, the real noise kept): how many are found
   slower (the goal: at least 18 of 20), and the same pairs unchanged (A/A).

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


def rate_row(membench, a, b, out, state):
    # The state folder is the script's own: no noise floor is found, the runs decide.
    subprocess.run([membench, "compare", a, b, "--json", out], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, XDG_STATE_HOME=state))
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
    """The invocations a side doctor --noise gives memcpy for 3%, and its output line."""
    log("doctor --noise")
    out = subprocess.run([membench, "doctor", "--noise"], check=True, capture_output=True, text=True,
                         env=dict(os.environ, XDG_STATE_HOME=state, XDG_DATA_HOME=state)).stdout
    line = next(l for l in out.splitlines() if re.match(r"\s+memcpy\s+1%:", l))
    found = re.search(r"3%: (> )?(\d+)", line)
    return (101 if found.group(1) else int(found.group(2))), line.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--sizes", default="16K,4M")
    ap.add_argument("--max-invocations", type=int, default=50,
                    help="the most invocations a side the 3%% design may take here")
    ap.add_argument("--membench", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    log = lambda text: print(text, file=sys.stderr, flush=True)
    folder = tempfile.mkdtemp(prefix="membench-aa-")
    state = os.path.join(folder, "state")
    os.makedirs(state)
    lines = []
    try:
        default_rows = []
        for size in a.sizes.split(","):
            runs, seconds = pairs(a.membench, run_args(size), a.pairs, folder, f"default-{size}", log)
            rows = [rate_row(a.membench, x, y, os.path.join(folder, f"c-{size}-{i}.json"), state)
                    for i, (x, y) in enumerate(runs)]
            default_rows.append(row(f"A/A, `run memcpy --size {size} --impl libc`", rows, seconds, "3 x 2 (default)"))
        needed, doctor_line = doctor_design(a.membench, state, log)
        design_rows = []
        if needed <= a.max_invocations:
            args = run_args(DOCTOR_POINT, needed)
            runs, seconds = pairs(a.membench, args, a.pairs, folder, "design", log)
            aa = [rate_row(a.membench, x, y, os.path.join(folder, f"d-aa-{i}.json"), state)
                  for i, (x, y) in enumerate(runs)]
            injected = [rate_row(a.membench, x, slowed(y, 0.97, y.replace(".json", "-slow.json")),
                                 os.path.join(folder, f"d-inj-{i}.json"), state) for i, (x, y) in enumerate(runs)]
            design = f"{needed} x 2"
            design_rows = [row(f"A/A, `run memcpy --size {DOCTOR_POINT} --impl libc --invocations {needed}`", aa,
                               seconds, design),
                           row("the same, B's rate -3%", injected, seconds, design)]
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {cpu_model()}, {os.cpu_count()} CPUs, by `bench/aa_runs.sh "
             f"{a.pairs}`: {a.pairs} pairs of runs, A and B alternating, one result a side, compared with `membench "
             "compare a.json b.json` (each invocation a run: Welch's t-test on the logs of the runs' rates, p < "
             "0.05, change >= 1%). The injected change divides side B's sample times by 0.97 (its rate falls "
             "exactly 3%) and keeps their real noise. `doctor --noise` printed, for its memcpy point:", "",
             f"    {doctor_line}", "",
             "| comparison | invocations x samples a side | called changed | changes seen | run-to-run CV "
             "(median) | finds (median) | wall time a run (median) |",
             "|---|---|---|---|---|---|---|"]
    lines += default_rows + design_rows
    if not design_rows:
        lines += ["", f"doctor --noise asks {needed if needed <= 100 else 'more than 100'} invocations a side for 3%; "
                      f"more than --max-invocations {a.max_invocations}, so the injected pairs were not run."]
    write_generated_section(a.out, "aa_runs", "pairs", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
