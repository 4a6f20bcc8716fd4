"""Fills a membench store with many runs and times what a user waits for.

Each back end gets RUNS results made from one real run (distinct start times,
tags of 10 runs each, two hosts), imported by one `membench history import`
in batches; then `history`, `history --tag`, `history --workload` and
`compare @tag @tag` (10 runs a side) are timed, median of 5 invocations."""
import argparse, datetime, json, os, pwd, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from results_md import cpu_model, write_generated_section

RUNS_PER_TAG = 10


def timed(cmd, env=None, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def make_results(membench, folder, runs):
    template = os.path.join(folder, "template.json")
    subprocess.run([membench, "run", "memcpy", "--size", "64K,1M", "--impl", "libc,movsb", "-r", "5",
                    "--json", template], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = json.load(open(template))
    start = datetime.datetime(2026, 1, 1)
    files = []
    for i in range(runs):
        r = dict(base)
        r["started_at"] = (start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        r["tag"] = f"bench-{i // RUNS_PER_TAG}"
        r["system"] = dict(base["system"], hostname=f"host-{i % 2}")
        path = os.path.join(folder, f"r{i}.json")
        with open(path, "w") as f:
            json.dump(r, f)
        files.append(path)
    return files, os.path.getsize(template)


def fill(membench, store, files):
    start = time.perf_counter()
    for i in range(0, len(files), 2000):
        subprocess.run([membench, "history", "import", "--store", store] + files[i:i + 2000], check=True,
                       stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) / len(files)


def queries(membench, store, runs):
    last_tag = f"bench-{runs // RUNS_PER_TAG - 1}"
    cmds = {
        "history (the 20 most recent)": ["history"],
        "history --tag T (10 runs)": ["history", "--tag", last_tag],
        "history --workload memcpy --host host-1 -n 100": ["history", "--workload", "memcpy", "--host", "host-1",
                                                           "-n", "100"],
        "compare @T1 @T2 (10 runs a side)": ["compare", "@bench-1", f"@{last_tag}"],
    }
    return {name: timed([membench] + args + ["--store", store]) for name, args in cmds.items()}


class Cluster:
    """A throw-away PostgreSQL cluster on a private socket, as the tests start one."""

    def __init__(self):
        bins = sorted(d for d in os.listdir("/usr/lib/postgresql") if d.isdigit())
        self.bin = f"/usr/lib/postgresql/{bins[-1]}/bin"
        self.folder = tempfile.mkdtemp(prefix="membench-bench-pg-")
        self.prefix = []
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")
            os.chown(self.folder, pw.pw_uid, pw.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        subprocess.run(self.prefix + [f"{self.bin}/initdb", "-A", "trust", "-U", "postgres", "-D",
                                      f"{self.folder}/data"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(self.prefix + [f"{self.bin}/pg_ctl", "-w", "-D", f"{self.folder}/data", "-l",
                                      f"{self.folder}/log", "-o", f"-k {self.folder} -p 54330 -c listen_addresses=''",
                                      "start"], check=True, stdout=subprocess.DEVNULL)
        self.uri = f"postgresql:///postgres?host={self.folder}&port=54330&user=postgres"

    def size(self):
        out = subprocess.run([f"{self.bin}/psql", "-At", "-h", self.folder, "-p", "54330", "-U", "postgres", "-c",
                              "SELECT pg_total_relation_size('runs') + pg_total_relation_size('measurements') + "
                              "pg_total_relation_size('labels')", "postgres"], check=True, capture_output=True,
                             text=True)
        return int(out.stdout.strip())

    def stop(self):
        subprocess.run(self.prefix + [f"{self.bin}/pg_ctl", "-w", "-D", f"{self.folder}/data", "-m", "fast", "stop"],
                       stdout=subprocess.DEVNULL)
        shutil.rmtree(self.folder, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10000)
    ap.add_argument("--membench", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="membench-store-scale-")
    try:
        files, result_bytes = make_results(a.membench, folder, a.runs)
        rows = []
        sqlite = os.path.join(folder, "history.sqlite")
        save = fill(a.membench, sqlite, files)
        subprocess.run([a.membench, "history", "--store", sqlite], check=True, stdout=subprocess.DEVNULL)
        size = sum(os.path.getsize(p) for p in [sqlite, sqlite + "-wal"] if os.path.exists(p))
        rows.append(("SQLite", save, size, queries(a.membench, sqlite, a.runs)))
        cluster = Cluster()
        try:
            save = fill(a.membench, cluster.uri, files)
            rows.append(("PostgreSQL", save, cluster.size(), queries(a.membench, cluster.uri, a.runs)))
        finally:
            cluster.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    cpu = cpu_model()
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {cpu}, {os.cpu_count()} CPUs, by `bench/store_scale.sh "
             f"{a.runs}`: {a.runs} runs per back end, each a real result of 4 measurements x 5 samples "
             f"({result_bytes / 1024:.0f} KiB as a --json file), tags of {RUNS_PER_TAG} runs, two hosts. "
             "Times are the median (min..max) of 5 invocations of the binary, process start included.", "",
             "| back end | save per run | size per run | " + " | ".join(rows[0][3].keys()) + " |",
             "|---|---|---|" + "---|" * len(rows[0][3])]
    for name, save, size, q in rows:
        cells = [f"{m * 1000:.0f} ms ({lo * 1000:.0f}..{hi * 1000:.0f})" for m, lo, hi in q.values()]
        lines.append(f"| {name} | {save * 1000:.1f} ms | {size / a.runs / 1024:.1f} KiB | " + " | ".join(cells) + " |")
    write_generated_section(a.out, "store_scale", "scale", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
