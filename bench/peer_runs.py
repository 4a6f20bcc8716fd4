"""Running the peers that Debian does not package, built by the user outside
this tree: lmbench's lat_mem_rd and vm-scalability's usemem. Each call is one
invocation of the peer, parsed into the units membench's tables use."""
import collections
import os
import re
import resource
import subprocess

GIB = 1 << 30
REPORTED_KIB = "/sys/module/page_reporting/parameters/reported_kib"


def lat_mem_rd(binary, sizes_mib):
    """ns per load at each size in sizes_mib, from one `lat_mem_rd -P 1 MAX 64` (MAX the largest size)."""
    # Preset overheads and a 20 ms timing target: lmbench's own calibration
    # takes longer than the measurement on this machine.
    env = dict(os.environ, LOOP_O="0", TIMING_O="0", ENOUGH="20000")
    out = subprocess.run([binary, "-P", "1", str(int(max(sizes_mib))), "64"], env=env, check=True,
                         capture_output=True, text=True).stderr
    figures = {float(m.group(1)): float(m.group(2)) for m in re.finditer(r"^([0-9.]+) ([0-9.]+)$", out, re.M)}
    return {mib: figures[mib] for mib in sizes_mib}


def vmstat(name):
    with open("/proc/vmstat") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(name + " "))


def reported_kib():
    """KiB of free memory the guest has handed back to the host so far (free page reporting), or None."""
    try:
        with open(REPORTED_KIB) as f:
            return int(f.read())
    except OSError:
        return None


# gb_per_s: size / the usecs usemem printed (its own KB/s counts 9/8 of the bytes, in KiB);
# user_s, sys_s: CPU time of usemem and the worker it forks, from wait4's rusage;
# free_us: what usemem printed for unmapping, which sys_s includes and its rate does not.
UsememRun = collections.namedtuple("UsememRun", "gb_per_s usecs thp_faults user_s sys_s free_us")


def usemem(binary, size, step=None, madv_thp=False):
    """One usemem run."""
    thp_before = vmstat("thp_fault_alloc")
    cmd = [binary] + (["--step", str(step)] if step else []) + (["--madv-thp"] if madv_thp else []) + [str(size)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    usecs = int(re.search(r"\d+ bytes / (\d+) usecs", out).group(1))
    free = re.search(r"(\d+) usecs to free memory", out)
    return UsememRun(size / usecs / 1e3, usecs, vmstat("thp_fault_alloc") - thp_before,
                     after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime,
                     int(free.group(1)) if free else 0)


def usemem_madvises(binary):
    """Newer usemem (the teawater fork) has --madv-thp; older copies only run with THP `always`."""
    out = subprocess.run([binary, "--help"], capture_output=True, text=True)
    return "--madv-thp" in out.stdout + out.stderr
