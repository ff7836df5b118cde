#!/usr/bin/env python3
"""Speed and memory of replay against peers, on the same files in the same run (issue 17 §1).

Generates (once) synthetic drives of 1 M and 200 k fixes as NMEA (RMC+GGA, ~145 MB for 1 M) and GPX (~130 MB)
under Benchmarks/data/ with scripts/gendrive.py, builds release binaries, then measures wall time (median of
--runs runs) and peak resident memory of each process (wait4):

  nmea replay   logbook replay --format json FILE.nmea    vs  gpsbabel -t -i nmea -f FILE -o unicsv -F /dev/null
                                                          target: >= 100x GPSBabel
  gpx replay    logbook replay --format json FILE.gpx     vs  xmllint --sax --noout FILE (libxml2's own SAX pass)
                                                          target: within 2x (ratio <= 2.0)
  fixes json    logbook fixes --format json FILE.nmea     (figure beside the replay; issue 17 measured 3.5 s
                                                          before, target >= 3x faster)
  memory        peak RSS of the replays of 200 k and 1 M fixes minus that of `logbook --help`
                                                          target: <= 8 MB, the same for 200 k and 1 M (±1 MB)
  decode        logbook-bench decode FILE                 decoding alone, one thread (MB/s)

Replay decodes on a second thread while the engine runs (TrackFileReader.readAhead), so on two cores its time
is the larger of decoding and the engine; `--runs` medians absorb the scheduler's noise.

    python3 Benchmarks/run_speed.py [--fixes 1000000] [--small 200000] [--runs 5] [--skip-peers]
Exit status 1 when a target is missed (so the run can gate), 0 otherwise.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def measure(cmd, runs=1):
    """Median wall time over `runs`, and the largest peak RSS (MB) seen, of a child process."""
    times, peak = [], 0.0
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - t0)
        err = proc.stderr.read().decode(errors="replace")
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("failed: %s\n%s" % (" ".join(cmd), err))
        peak = max(peak, usage.ru_maxrss / 1024)
    return statistics.median(times), peak


def drive(data, fixes, fmt):
    path = os.path.join(data, "drive-%d.%s" % (fixes, fmt))
    if not os.path.exists(path):
        print("generating %s ..." % path, flush=True)
        subprocess.run([sys.executable, os.path.join(HERE, "scripts", "gendrive.py"), "--fixes", str(fixes),
                        "--format", fmt, "--seed", "1", "--out", path], check=True)
    return path


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fixes", type=int, default=1_000_000)
    p.add_argument("--small", type=int, default=200_000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--skip-peers", action="store_true")
    p.add_argument("--logbook", default=None, help="a release logbook to measure (default: build one)")
    a = p.parse_args()
    data = os.path.join(HERE, "data")
    os.makedirs(data, exist_ok=True)
    nmea, gpx = drive(data, a.fixes, "nmea"), drive(data, a.fixes, "gpx")
    small_nmea, small_gpx = drive(data, a.small, "nmea"), drive(data, a.small, "gpx")
    if a.logbook is None:
        subprocess.run(["swift", "build", "-c", "release", "-q", "--product", "logbook"], cwd=ROOT, check=True)
    subprocess.run(["swift", "build", "-c", "release", "-q", "--package-path", HERE], check=True)
    logbook = a.logbook or os.path.join(ROOT, ".build", "release", "logbook")
    bench = os.path.join(HERE, ".build", "release", "logbook-bench")
    gpsbabel = None if a.skip_peers else shutil.which("gpsbabel")
    xmllint = None if a.skip_peers else shutil.which("xmllint")
    if not a.skip_peers and not (gpsbabel and xmllint):
        print("note: gpsbabel or xmllint missing (scripts/install-test-deps installs them); ratios left out")

    mb = lambda path: os.path.getsize(path) / 1e6  # noqa: E731
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)
        return "ok" if ok else "MISSED"

    _, help_rss = measure([logbook, "--help"], a.runs)
    rows = []
    for label, path in (("nmea", nmea), ("gpx", gpx)):
        d_s, _ = measure([bench, "decode", path], a.runs)
        r_s, r_rss = measure([logbook, "replay", "--format", "json", path], a.runs)
        rows.append((label, path, d_s, r_s, r_rss))
    fixes_s, fixes_rss = measure([logbook, "fixes", "--format", "json", nmea], a.runs)
    small = {}
    for label, path in (("nmea", small_nmea), ("gpx", small_gpx)):
        small[label] = measure([logbook, "replay", "--format", "json", path], a.runs)[1]
    babel_s = measure([gpsbabel, "-t", "-i", "nmea", "-f", nmea, "-o", "unicsv", "-F", "/dev/null"])[0] \
        if gpsbabel else None
    xmllint_s = measure([xmllint, "--sax", "--noout", gpx], a.runs)[0] if xmllint else None

    print()
    print("1 M-fix files: %s (%.0f MB), %s (%.0f MB); medians of %d runs" % (
        os.path.basename(nmea), mb(nmea), os.path.basename(gpx), mb(gpx), a.runs))
    print("%-6s | %9s %8s | %9s %9s | %-40s" % ("file", "decode s", "MB/s", "replay s", "peak MB", "peer, ratio, target"))
    for label, path, d_s, r_s, r_rss in rows:
        if label == "nmea" and babel_s:
            ratio = babel_s / r_s
            peer = "gpsbabel %.2f s: %.0fx (>= 100x) %s" % (babel_s, ratio, check(ratio >= 100, "nmea replay vs gpsbabel"))
        elif label == "gpx" and xmllint_s:
            ratio = r_s / xmllint_s
            peer = "xmllint --sax %.3f s: %.2fx (<= 2x) %s" % (
                xmllint_s, ratio, check(ratio <= 2.0, "gpx replay vs xmllint"))
        else:
            peer = "-"
        print("%-6s | %9.3f %8.1f | %9.3f %9.1f | %s" % (label, d_s, mb(path) / d_s, r_s, r_rss, peer))
    print("fixes --format json (nmea): %.3f s, %.0f MB/s, peak %.1f MB (issue 17 measured 3.5 s before; >= 3x: <= 1.17 s) %s"
          % (fixes_s, mb(nmea) / fixes_s, fixes_rss, check(fixes_s <= 3.5 / 3, "fixes json >= 3x")))
    print("memory: logbook --help %.1f MB; replay peak above it:" % help_rss)
    for label, path, _, _, r_rss in rows:
        above_big, above_small = r_rss - help_rss, small[label] - help_rss
        print("  %-4s %d k fixes %+.1f MB, %d k fixes %+.1f MB (<= 8 MB, same within 1 MB) %s" % (
            label, a.small // 1000, above_small, a.fixes // 1000, above_big,
            check(above_big <= 8 and above_small <= 8 and abs(above_big - above_small) <= 1, label + " memory")))
    if failures:
        print("targets missed: " + ", ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
