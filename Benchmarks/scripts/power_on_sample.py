#!/usr/bin/env python3
"""Power cycles in the GPX renderings, and where the car really was when the box came on again.

For every drive of a split that run_statistical.py has generated (Benchmarks/data/statistical/), reads track.gpx and,
at every silence of 300 s or more (the box off), takes the last fix before it and the first fix after it that
settles a receiver (the third in a row with HDOP 2.5 or less within 120 s of the power-on, as the trip engine's gate
does for a source without eph). The drive's simulator, re-run with the same seed, gives the true odometer: how far
the car drove from the last fix to the power-on (the way into a garage without a fix) and during the cold start.
Prints one line a silence (with how long the first fix's place stood) and, at the end, how the engine's bound (`TripEngine.launchAcceleration`: a car starting
from a stand at the power-on at 3 m/s², three stop radii spared) separates the silences where the car had parked at
its last fix (it drove 50 m or less before the power-on) from those where it drove on into the silence.

    Benchmarks/.venv/bin/python Benchmarks/scripts/power_on_sample.py --split fresh30 --split fresh31
"""
import argparse
import bisect
import datetime
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from outage_sample import DATA, drives_of, odometer  # noqa: E402

LAUNCH = 3.0
SPARE = 30.0
POINT = re.compile(r"<trkpt (.*?)</trkpt>", re.S)


def timestamp(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def metres(a, b):
    k = 111320.0
    return math.hypot((a[1] - b[1]) * k, (a[2] - b[2]) * k * math.cos(math.radians(a[1])))


def launch_reach(seconds, top=75.0):
    accelerating = top / LAUNCH
    if seconds <= accelerating:
        return LAUNCH * seconds * seconds / 2
    return top * accelerating / 2 + top * (seconds - accelerating)


def points(path):
    out = []
    for block in POINT.findall(open(path).read()):
        place = re.search(r'lat="([-\d.]+)" lon="([-\d.]+)"', block)
        time = re.search(r"<time>([^<]+)</time>", block)
        hdop = re.search(r"<hdop>([\d.]+)", block)
        if place and time:
            out.append((timestamp(time.group(1)), float(place.group(1)), float(place.group(2)),
                        float(hdop.group(1)) if hdop else 0.0))
    return out


def silences(drive):
    generator, name = drive.split("/")
    scenario, rate, seed = name.split("-")
    fixes = points(os.path.join(DATA, drive, "track.gpx"))
    gaps = [i for i in range(1, len(fixes)) if fixes[i][0] - fixes[i - 1][0] >= 300]
    if not gaps:
        return
    times, odo = odometer(generator, scenario, float(rate[:-2]), int(seed))

    def way(t):
        return odo[min(bisect.bisect_left(times, t), len(odo) - 1)]

    for i in gaps:
        last, on = fixes[i - 1], fixes[i][0]
        run, j = 0, i
        while j < len(fixes) and fixes[j][0] - on < 120:
            run = run + 1 if fixes[j][3] <= 2.5 else 0
            if run >= 3:
                break
            j += 1
        if j >= len(fixes):
            continue
        first = fixes[j]
        # How long the first fix's place stood: the fixes after it within 15 m of it.
        k = j
        while k + 1 < len(fixes) and metres(first, fixes[k + 1]) < 15:
            k += 1
        yield dict(drive=drive, line=round(metres(last, first), 1), since_power_on=round(first[0] - on, 1),
                   stood=round(fixes[k][0] - first[0], 1), into_silence=round(way(on) - way(last[0]), 1),
                   cold_start=round(way(first[0]) - way(on), 1))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--split", action="append", required=True, help="a split run_statistical.py has generated")
    p.add_argument("--generator", action="append", choices=["drivesim", "faultsim"],
                   help="only these simulators' drives (default: both)")
    a = p.parse_args()
    rows = []
    for drive in drives_of(a.split, a.generator or ["drivesim", "faultsim"], "power_on_sample.py"):
        for row in silences(drive):
            rows.append(row)
            print(json.dumps(row), flush=True)
    parked = [r for r in rows if r["into_silence"] <= 50]
    drove = [r for r in rows if r["into_silence"] > 50]

    def beyond(r):
        return r["line"] > launch_reach(r["since_power_on"]) + SPARE

    print("silences: %d; parked at the last fix: %d, %d of them beyond the bound; drove on into the silence: %d, %d "
          "of them beyond the bound" % (len(rows), len(parked), sum(map(beyond, parked)), len(drove),
                                        sum(map(beyond, drove))))

    # The sign dropped in round 28: the first fix's place standing 10 s or more, where the bound leaves it open.
    def stood(r):
        return not beyond(r) and r["line"] > SPARE and r["stood"] >= 10

    print("within the bound, more than %g m on, the first fix's place standing 10 s or more: %d where the car drove "
          "on into the silence, %d where it had parked" % (SPARE, sum(map(stood, drove)), sum(map(stood, parked))))


if __name__ == "__main__":
    main()
