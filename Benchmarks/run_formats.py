#!/usr/bin/env python3
"""Decoder benchmark: Logbook's NMEA and GPX decoders against GPSBabel on the same 1 M-fix files.

Generates (once) a 1 M-fix drive as NMEA (RMC+GGA) and GPX under Benchmarks/data/, builds the
benchmark executable in release mode, then in the same run times:
  - logbook-bench decode FILE      (Logbook's decoder, one core, peak RSS)
  - gpsbabel -t -i nmea|gpx -f FILE -o unicsv -F /dev/null
and prints MB/s, peak memory and the speed ratio.

    python3 Benchmarks/run_formats.py [--fixes 1000000] [--skip-gpsbabel]
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), proc.stderr))
    return elapsed, after.ru_maxrss / 1024, after.ru_utime - before.ru_utime, proc.stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fixes", type=int, default=1_000_000)
    p.add_argument("--skip-gpsbabel", action="store_true")
    a = p.parse_args()
    data = os.path.join(HERE, "data")
    os.makedirs(data, exist_ok=True)
    files = {}
    for fmt, ext in (("nmea", "nmea"), ("gpx", "gpx")):
        path = os.path.join(data, "drive-%d.%s" % (a.fixes, ext))
        if not os.path.exists(path):
            print("generating %s ..." % path, flush=True)
            subprocess.run([sys.executable, os.path.join(HERE, "scripts", "gendrive.py"), "--fixes", str(a.fixes),
                            "--format", fmt, "--seed", "1", "--out", path], check=True)
        files[fmt] = path
    subprocess.run(["swift", "build", "-c", "release", "-q", "--package-path", HERE], check=True)
    bench = os.path.join(HERE, ".build", "release", "logbook-bench")
    gpsbabel = shutil.which("gpsbabel")
    print()
    print("%-6s %10s %12s %10s %12s %10s %8s" % ("format", "MB", "logbook s", "MB/s", "peak MB", "gpsbabel s", "ratio"))
    for fmt, path in files.items():
        size_mb = os.path.getsize(path) / 1e6
        # Best of three for Logbook (the file is in the page cache after the first run).
        best = None
        for _ in range(3):
            _, _, _, out = run_timed([bench, "decode", path])
            m = re.search(r"in ([0-9.]+) s = ([0-9.]+) MB/s, peak RSS ([0-9]+) MB", out)
            if not m:
                sys.exit("unexpected benchmark output: " + out)
            secs, peak = float(m.group(1)), int(m.group(3))
            if best is None or secs < best[0]:
                best = (secs, peak)
        babel_s = None
        if gpsbabel and not a.skip_gpsbabel:
            babel_s, _, _, _ = run_timed([gpsbabel, "-t", "-i", fmt, "-f", path, "-o", "unicsv", "-F", "/dev/null"])
        ratio = ("%.0fx" % (babel_s / best[0])) if babel_s else "-"
        print("%-6s %10.1f %12.3f %10.1f %12d %10s %8s" % (
            fmt, size_mb, best[0], size_mb / best[0], best[1], ("%.2f" % babel_s) if babel_s else "-", ratio))


if __name__ == "__main__":
    main()
