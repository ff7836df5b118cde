#!/usr/bin/env python3
"""Accuracy benchmark: `logbook replay` against exact ground truth.

For every drive in ../shared/data/groundtruth (or DIR) and each rendering (NMEA with speed, gpsd
JSON with speed, GPX without speed) it runs `logbook replay --format json` and prints, beside a
plain chord sum of the same fixes (what gpxpy's length, GPSBabel and Traccar's default report):
  - total distance error against truth (%),
  - missed and phantom trips (a trip matches a true trip when their time spans overlap),
  - the worst trip start/end error (s) over matched trips,
  - distance counted while truly parked (m): distance of phantom trips plus distance reported
    outside the true trips' spans.
Targets: |error| ≤ 1 % with speed (NMEA, JSON), ≤ 2 % for GPX; no missed or phantom trip;
boundaries within 60 s; at most 20 m counted over a parked night.

Two more input paths go through a real gpsd (gpsfake on loopback, see gpsd_paths.py), fed the drive's
NMEA with a parked tail: `gpspipe` — replay of the `gpspipe -w` recording of gpsd's output — and
`live` — the trips `logbook daemon` stored from gpsd while it played. Each is also set against replay
of the NMEA it came from ("vs nmea": same trip count, worst boundary difference, distance
difference); targets: same count, boundaries within 2 s, distance within 0.5 %.

    python3 Benchmarks/run_accuracy.py [--logbook PATH] [--only NAME] [--paths nmea,jsonl,gpx,gpspipe,live]
                                       [--cycle 0.002] [--jobs 3] [--keep DIR] [DIR]
"""
import argparse
import concurrent.futures
import shutil
import tempfile
import datetime
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gpsd_paths  # noqa: E402
A = 6378137.0
F = 1 / 298.257223563


def ts(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def chord_sum(jsonl_path):
    """Sum of straight lines between consecutive fixes (mode >= 2), as naive tools do."""
    try:
        from geographiclib.geodesic import Geodesic
        inverse = lambda a, b, c, d: Geodesic.WGS84.Inverse(a, b, c, d)["s12"]
    except ImportError:  # equirectangular fallback, fine for metre-scale hops
        def inverse(a, b, c, d):
            x = math.radians(d - b) * math.cos(math.radians((a + c) / 2))
            return 6371008.8 * math.hypot(math.radians(c - a), x)
    total, prev = 0.0, None
    for line in open(jsonl_path):
        o = json.loads(line)
        if o.get("class") != "TPV" or o.get("mode", 0) < 2 or "lat" not in o:
            continue
        if prev:
            total += inverse(prev[0], prev[1], o["lat"], o["lon"])
        prev = (o["lat"], o["lon"])
    return total


def score(truth, result):
    true_trips = [(ts(t["start"]), ts(t["end"]), t["distance_m"]) for t in truth["trips"]]
    got = [(ts(t["start"]), ts(t["end"]), t["distance_m"]) for t in result["trips"]]
    matched_true, matched_got, worst = set(), set(), 0.0
    for i, (s, e, _) in enumerate(true_trips):
        for j, (gs, ge, _) in enumerate(got):
            if gs < e and ge > s and j not in matched_got:
                matched_true.add(i)
                matched_got.add(j)
                worst = max(worst, abs(gs - s), abs(ge - e))
                break
    missed = len(true_trips) - len(matched_true)
    phantom = len(got) - len(matched_got)
    parked = sum(d for j, (_, _, d) in enumerate(got) if j not in matched_got)
    return missed, phantom, worst, parked


def through_gpsd(logbook, name, nmea, cycle, keep):
    """Feeds a drive to gpsd; returns (NMEA-with-tail replay, gpspipe recording replay, daemon's trips)."""
    work = tempfile.mkdtemp(prefix="logbook-acc-%s-" % name)
    try:
        fed = gpsd_paths.with_parked_tail(nmea, os.path.join(work, "fed.nmea"))
        recording = os.path.join(work, "gpspipe.jsonl")
        database = os.path.join(work, "live.sqlite")
        lines = sum(1 for _ in open(fed, "rb"))
        feed = gpsd_paths.Feed(fed, recording, cycle=cycle, logbook=logbook, database=database)
        try:
            if not feed.wait(timeout=120 + 3 * lines * cycle):
                raise RuntimeError("gpsd did not play %s to its end: %s" % (name, feed.diagnostics()))
        finally:
            feed.stop()
        reference = gpsd_paths.replay(logbook, fed)
        recorded = gpsd_paths.replay(logbook, recording)
        live = gpsd_paths.stored(logbook, database)
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copy(recording, os.path.join(keep, name + ".gpspipe.jsonl"))
            shutil.copy(fed, os.path.join(keep, name + ".fed.nmea"))
            shutil.copy(database + ".log", os.path.join(keep, name + ".daemon.log"))
        return reference, recorded, live
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir", nargs="?", default=os.path.join(ROOT, "..", "shared", "data", "groundtruth"))
    p.add_argument("--logbook", default=None)
    p.add_argument("--only", default=None)
    p.add_argument("--paths", default="nmea,jsonl,gpx,gpspipe,live")
    p.add_argument("--cycle", type=float, default=0.002, help="gpsfake's seconds between sentences")
    p.add_argument("--jobs", type=int, default=3, help="drives fed to gpsd at once")
    p.add_argument("--keep", default=None, help="keep the recordings, fed NMEA and daemon logs here")
    a = p.parse_args()
    paths = a.paths.split(",")
    if not os.path.isdir(a.dir):
        sys.exit("no ground truth at %s (it lives in ../shared/data/groundtruth)" % a.dir)
    logbook = a.logbook
    if logbook is None:
        subprocess.run(["swift", "build", "-c", "release", "-q", "--product", "logbook"], cwd=ROOT, check=True)
        logbook = os.path.join(ROOT, ".build", "release", "logbook")
    names = [n for n in sorted(os.listdir(a.dir)) if not a.only or a.only in n]
    gpsd_results = {}
    if ("gpspipe" in paths or "live" in paths) and not gpsd_paths.available():
        print("gpsd, gpsfake or gpspipe not installed: skipping the gpspipe and live paths")
        paths = [x for x in paths if x not in ("gpspipe", "live")]
    if "gpspipe" in paths or "live" in paths:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            futures = {n: pool.submit(through_gpsd, logbook, n, os.path.join(a.dir, n, "track.nmea"), a.cycle,
                                      a.keep) for n in names}
            for n, f in futures.items():
                try:
                    gpsd_results[n] = f.result()
                except Exception as e:  # reported in its row
                    gpsd_results[n] = e
    print("%-16s %-7s %11s %8s %8s %6s %7s %8s %9s %17s  %s" % (
        "drive", "path", "truth m", "err %", "chord %", "missed", "phantom", "worst s", "parked m",
        "vs nmea (n/s/%)", "verdict"))
    failures = 0
    for name in names:
        d = os.path.join(a.dir, name)
        truth = json.load(open(os.path.join(d, "truth.json")))
        chord = chord_sum(os.path.join(d, "track.jsonl"))
        for rendering in paths:
            limit = 2.0 if rendering == "gpx" else 1.0
            versus = None
            if rendering in ("nmea", "jsonl", "gpx"):
                path = os.path.join(d, "track." + rendering)
                out = subprocess.run([logbook, "replay", "--format", "json", path], capture_output=True, text=True)
                if out.returncode != 0:
                    print("%-16s %-7s replay failed: %s" % (name, rendering, out.stderr.strip()))
                    failures += 1
                    continue
                result = json.loads(out.stdout)
            else:
                got = gpsd_results.get(name)
                if isinstance(got, Exception):
                    print("%-16s %-7s failed: %s" % (name, rendering, got))
                    failures += 1
                    continue
                reference, recorded, live = got
                result = recorded if rendering == "gpspipe" else live
                versus = gpsd_paths.agreement(reference, result)
            true_d = truth["distance_m"]
            err = 100 * (result["distance_m"] - true_d) / true_d if true_d else 0.0
            chord_err = 100 * (chord - true_d) / true_d if true_d else float("nan")
            missed, phantom, worst, parked = score(truth, result)
            if not true_d:
                parked = result["distance_m"]
            ok = (abs(err) <= limit or not true_d) and missed == 0 and phantom == 0 and worst <= 60 and parked <= 20
            versus_text = "-"
            if versus:
                same, boundary, diff = versus
                ok = ok and same and boundary <= 2 and abs(diff) <= 0.5
                versus_text = "%s/%.1f/%+.2f" % ("=" if same else "≠", boundary, diff)
            failures += 0 if ok else 1
            chord_text = ("%8.1f" % chord_err) if true_d else ("%7.0fm" % chord)
            print("%-16s %-7s %11.1f %8.2f %s %6d %7d %8.1f %9.1f %17s  %s" % (
                name, rendering, true_d, err, chord_text, missed, phantom, worst, parked, versus_text,
                "ok" if ok else "MISS"))
    print("\n%d of the drive renderings miss a target" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
