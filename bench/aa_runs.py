"""A/A pairs and an injected 3% change, compared with runs as the unit.

Each pair: 3 invocations a side of RUN, alternating A B A B A B, each writing
--json; `compare a1 a2 a3 vs b1 b2 b3 --json` gives the rate row's verdict.
The injected change divides every sample time of side B by 0.97 (the rate
falls exactly 3%), keeping the real noise of the runs."""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from results_md import cpu_model, write_generated_section

RUN = ["run", "memcpy", "--size", "4M", "--impl", "libc", "-r", "10", "-e", "task-clock"]


def invoke(membench, path):
    subprocess.run([membench] + RUN + ["--json", path], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def rate_row(membench, a, b, out):
    subprocess.run([membench, "compare"] + a + ["vs"] + b + ["--json", out], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, XDG_STATE_HOME=os.path.dirname(out)))
    rows = json.load(open(out))["rows"]
    return next(r for r in rows if r["figure"].startswith("rate"))


def slowed(path, factor, to):
    doc = json.load(open(path))
    for m in doc["measurements"]:
        for s in m["samples"]:
            s["wall_ns"] = int(round(s["wall_ns"] / factor))
    json.dump(doc, open(to, "w"))
    return to


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--membench", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="membench-aa-")
    aa, injected = [], []
    try:
        for p in range(a.pairs):
            side_a, side_b = [], []
            for i in range(3):
                for side, name in ((side_a, "a"), (side_b, "b")):
                    path = os.path.join(folder, f"p{p}{name}{i}.json")
                    invoke(a.membench, path)
                    side.append(path)
            aa.append(rate_row(a.membench, side_a, side_b, os.path.join(folder, f"p{p}aa.json")))
            slow = [slowed(f, 0.97, f.replace(".json", "-slow.json")) for f in side_b]
            injected.append(rate_row(a.membench, side_a, slow, os.path.join(folder, f"p{p}inj.json")))
            print(f"pair {p + 1}: A/A {aa[-1]['verdict']} ({aa[-1]['change_pct']:+.2f}%), "
                  f"-3%: {injected[-1]['verdict']} ({injected[-1]['change_pct']:+.2f}%)", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def changed(rows):
        return sum(1 for r in rows if r["significant"])

    def spread(rows, key):
        values = sorted(r[key] for r in rows)
        return f"{values[0]:+.2f}% .. {values[-1]:+.2f}%"

    between = sorted(r["a_runs"]["between_run_cv_pct"] for r in aa)
    within = sorted(r["a_runs"]["within_run_cv_pct"] for r in aa)
    cpu = cpu_model()
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {cpu}, {os.cpu_count()} CPUs, by `bench/aa_runs.sh {a.pairs}`: "
             f"{a.pairs} pairs, each side 3 invocations of `membench {' '.join(RUN)}` (alternating A and B), compared "
             "with `membench compare a1 a2 a3 vs b1 b2 b3` (Welch's t-test on the runs' means, p < 0.05, change "
             ">= 1%). The injected change divides side B's sample times by 0.97 (its rate falls exactly 3%) and keeps "
             "their real noise.", "",
             "| comparison | called changed | changes seen | run-to-run CV (median, range) | sample-to-sample CV |",
             "|---|---|---|---|---|",
             f"| A/A | {changed(aa)} of {len(aa)} | {spread(aa, 'change_pct')} | {between[len(between) // 2]:.2f}% "
             f"({between[0]:.2f}..{between[-1]:.2f}%) | {within[len(within) // 2]:.2f}% |",
             f"| B rate -3% | {changed(injected)} of {len(injected)} (as slower: "
             f"{sum(1 for r in injected if r['significant'] and r['change_pct'] < 0)}) | "
             f"{spread(injected, 'change_pct')} | | |"]
    write_generated_section(a.out, "aa_runs", "pairs", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
