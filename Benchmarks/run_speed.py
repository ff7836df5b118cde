#!/usr/bin/env python3
"""Speed and memory benchmark against peers, on the same 1 M-fix files in the same run.

Generates (once) a 1 M-fix drive as NMEA (RMC+GGA, ~145 MB) and GPX (~125 MB) under
Benchmarks/data/ with scripts/gendrive.py, builds release binaries, then measures (best of N runs,
wall time, peak RSS of each process via wait4):
  decode  logbook-bench decode FILE          vs  gpsbabel -t -i nmea|gpx -f FILE -o unicsv -F /dev/null
  replay  logbook replay --format json FILE  vs  gpsbabel on the NMEA, gpxpy length_2d() on the GPX
Targets: decode NMEA >= 300 MB/s, GPX >= 100 MB/s; replay >= 50x GPSBabel (NMEA), >= 100x gpxpy (GPX);
peak memory <= 32 MB.

    python3 Benchmarks/run_speed.py [--fixes 1000000] [--runs 3] [--skip-peers]
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def measure(cmd, runs=1, stdout=subprocess.DEVNULL):
    """Best wall time over `runs`, and the largest peak RSS (MB) seen, of a child process."""
    best, peak = None, 0.0
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t0
        err = proc.stderr.read().decode(errors="replace")
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("failed: %s\n%s" % (" ".join(cmd), err))
        best = elapsed if best is None else min(best, elapsed)
        peak = max(peak, usage.ru_maxrss / 1024)
    return best, peak


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fixes", type=int, default=1_000_000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--skip-peers", action="store_true")
    a = p.parse_args()
    data = os.path.join(HERE, "data")
    os.makedirs(data, exist_ok=True)
    files = {}
    for fmt in ("nmea", "gpx"):
        path = os.path.join(data, "drive-%d.%s" % (a.fixes, fmt))
        if not os.path.exists(path):
            print("generating %s ..." % path, flush=True)
            subprocess.run([sys.executable, os.path.join(HERE, "scripts", "gendrive.py"), "--fixes", str(a.fixes),
                            "--format", fmt, "--seed", "1", "--out", path], check=True)
        files[fmt] = path
    subprocess.run(["swift", "build", "-c", "release", "-q", "--product", "logbook"], cwd=ROOT, check=True)
    subprocess.run(["swift", "build", "-c", "release", "-q", "--package-path", HERE], check=True)
    logbook = os.path.join(ROOT, ".build", "release", "logbook")
    bench = os.path.join(HERE, ".build", "release", "logbook-bench")
    gpsbabel = None if a.skip_peers else shutil.which("gpsbabel")
    try:
        import gpxpy  # noqa: F401
        have_gpxpy = not a.skip_peers
    except ImportError:
        have_gpxpy = False

    rows = []
    for fmt, path in files.items():
        mb = os.path.getsize(path) / 1e6
        d_s, d_mem = measure([bench, "decode", path], a.runs)
        r_s, r_mem = measure([logbook, "replay", "--format", "json", path], a.runs)
        babel = measure([gpsbabel, "-t", "-i", fmt, "-f", path, "-o", "unicsv", "-F", "/dev/null"])[0] if gpsbabel else None
        gpxpy_s = None
        if fmt == "gpx" and have_gpxpy:
            code = "import gpxpy,sys; print(gpxpy.parse(open(sys.argv[1])).length_2d())"
            gpxpy_s = measure([sys.executable, "-c", code, path])[0]
        rows.append((fmt, mb, d_s, d_mem, r_s, r_mem, babel, gpxpy_s))

    print()
    print("%-5s %7s | %8s %8s %7s | %8s %8s %7s | %9s %8s %8s %8s" % (
        "file", "MB", "decode s", "MB/s", "peak MB", "replay s", "MB/s", "peak MB",
        "gpsbabel", "dec x", "replay x", "gpxpy x"))
    for fmt, mb, d_s, d_mem, r_s, r_mem, babel, gpxpy_s in rows:
        print("%-5s %7.1f | %8.3f %8.1f %7.1f | %8.3f %8.1f %7.1f | %9s %8s %8s %8s" % (
            fmt, mb, d_s, mb / d_s, d_mem, r_s, mb / r_s, r_mem,
            ("%.2f s" % babel) if babel else "-",
            ("%.0f" % (babel / d_s)) if babel else "-",
            ("%.0f" % (babel / r_s)) if babel else "-",
            ("%.0f" % (gpxpy_s / r_s)) if gpxpy_s else "-"))


if __name__ == "__main__":
    main()
