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

    python3 Benchmarks/run_accuracy.py [--logbook PATH] [--only NAME] [DIR]
"""
import argparse
import datetime
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
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


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir", nargs="?", default=os.path.join(ROOT, "..", "shared", "data", "groundtruth"))
    p.add_argument("--logbook", default=None)
    p.add_argument("--only", default=None)
    a = p.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit("no ground truth at %s (it lives in ../shared/data/groundtruth)" % a.dir)
    logbook = a.logbook
    if logbook is None:
        subprocess.run(["swift", "build", "-c", "release", "-q", "--product", "logbook"], cwd=ROOT, check=True)
        logbook = os.path.join(ROOT, ".build", "release", "logbook")
    print("%-16s %-5s %11s %8s %8s %6s %7s %8s %9s  %s" % (
        "drive", "file", "truth m", "err %", "chord %", "missed", "phantom", "worst s", "parked m", "verdict"))
    failures = 0
    for name in sorted(os.listdir(a.dir)):
        if a.only and a.only not in name:
            continue
        d = os.path.join(a.dir, name)
        truth = json.load(open(os.path.join(d, "truth.json")))
        chord = chord_sum(os.path.join(d, "track.jsonl"))
        for rendering, limit in (("nmea", 1.0), ("jsonl", 1.0), ("gpx", 2.0)):
            path = os.path.join(d, "track." + rendering)
            out = subprocess.run([logbook, "replay", "--format", "json", path], capture_output=True, text=True)
            if out.returncode != 0:
                print("%-16s %-5s replay failed: %s" % (name, rendering, out.stderr.strip()))
                failures += 1
                continue
            result = json.loads(out.stdout)
            true_d = truth["distance_m"]
            err = 100 * (result["distance_m"] - true_d) / true_d if true_d else 0.0
            chord_err = 100 * (chord - true_d) / true_d if true_d else float("nan")
            missed, phantom, worst, parked = score(truth, result)
            if not true_d:
                parked = result["distance_m"]
            ok = (abs(err) <= limit or not true_d) and missed == 0 and phantom == 0 and worst <= 60 and parked <= 20
            failures += 0 if ok else 1
            chord_text = ("%8.1f" % chord_err) if true_d else ("%7.0fm" % chord)
            print("%-16s %-5s %11.1f %8.2f %s %6d %7d %8.1f %9.1f  %s" % (
                name, rendering, true_d, err, chord_text, missed, phantom, worst, parked, "ok" if ok else "MISS"))
    print("\n%d of the drive renderings miss a target" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
