"""A/A pairs and an injected 3% change, compared with runs as the unit.

For each size: pairs of 3 invocations a side of `run memcpy --size S`,
alternating A B A B A B (and the sizes within each pair, so they see the
same machine), each writing --json; `compare a1 a2 a3 vs b1 b2 b3 --json`
gives the rate row's verdict. The injected change divides every sample
time of side B by 0.97 (the rate falls exactly 3%), keeping the real noise
of the runs."""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from results_md import cpu_model, write_generated_section


def run_args(size):
    return ["run", "memcpy", "--size", size, "--impl", "libc", "-r", "10", "-e", "task-clock"]


def invoke(membench, size, path):
    subprocess.run([membench] + run_args(size) + ["--json", path], check=True, stdout=subprocess.DEVNULL,
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


def table_rows(size, aa, injected):
    def changed(rows):
        return sum(1 for r in rows if r["significant"])

    def spread(rows):
        values = sorted(r["change_pct"] for r in rows)
        return f"{values[0]:+.2f}% .. {values[-1]:+.2f}%"

    between = sorted(r["a_runs"]["between_run_cv_pct"] for r in aa)
    within = sorted(r["a_runs"]["within_run_cv_pct"] for r in aa)
    slower = sum(1 for r in injected if r["significant"] and r["change_pct"] < 0)
    return [f"| {size} | A/A | {changed(aa)} of {len(aa)} | {spread(aa)} | {between[len(between) // 2]:.2f}% "
            f"({between[0]:.2f}..{between[-1]:.2f}%) | {within[len(within) // 2]:.2f}% |",
            f"| {size} | B rate -3% | {changed(injected)} of {len(injected)} (as slower: {slower}) | "
            f"{spread(injected)} | | |"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--sizes", default="16K,4M")
    ap.add_argument("--membench", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    sizes = a.sizes.split(",")
    folder = tempfile.mkdtemp(prefix="membench-aa-")
    aa = {s: [] for s in sizes}
    injected = {s: [] for s in sizes}
    try:
        for p in range(a.pairs):
            sides = {s: ([], []) for s in sizes}
            for i in range(3):
                for size in sizes:
                    for side, name in zip(sides[size], ("a", "b")):
                        path = os.path.join(folder, f"{size}-p{p}{name}{i}.json")
                        invoke(a.membench, size, path)
                        side.append(path)
            for size in sizes:
                side_a, side_b = sides[size]
                aa[size].append(rate_row(a.membench, side_a, side_b, os.path.join(folder, f"{size}-p{p}aa.json")))
                slow = [slowed(f, 0.97, f.replace(".json", "-slow.json")) for f in side_b]
                injected[size].append(rate_row(a.membench, side_a, slow, os.path.join(folder, f"{size}-p{p}inj.json")))
                print(f"pair {p + 1} {size}: A/A {aa[size][-1]['verdict']} ({aa[size][-1]['change_pct']:+.2f}%), "
                      f"-3%: {injected[size][-1]['verdict']} ({injected[size][-1]['change_pct']:+.2f}%)", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    command = " ".join(run_args("S"))
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {cpu_model()}, {os.cpu_count()} CPUs, by `bench/aa_runs.sh "
             f"{a.pairs}`: {a.pairs} pairs per size, each side 3 invocations of `membench {command}` (alternating A "
             "and B, and the sizes), compared with `membench compare a1 a2 a3 vs b1 b2 b3` (Welch's t-test on the "
             "runs' means, p < 0.05, change >= 1%). The injected change divides side B's sample times by 0.97 (its "
             "rate falls exactly 3%) and keeps their real noise.", "",
             "| size S | comparison | called changed | changes seen | run-to-run CV (median, range) | "
             "sample-to-sample CV |",
             "|---|---|---|---|---|---|"]
    for size in sizes:
        lines += table_rows(size, aa[size], injected[size])
    write_generated_section(a.out, "aa_runs", "pairs", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
