#!/usr/bin/env python3
"""Outages with Doppler speed at both ends, and the way the simulators' cars really drove across them.

For every drive of a split that run_statistical.py has generated (Benchmarks/data/statistical/), reads the gpsd
JSON rendering (track.jsonl: the same epochs as the NMEA one) and re-runs the drive's simulator with the same seed to
get its true odometer (drivesim: the drive's states; faultsim: --odometer). Every step between two fixes longer
than 2.5 epochs (and under 290 s) over which the car drove 20 m or more is one outage; written as one JSON object a
line: chord (m, on the plane at the first fix), angle1/angle2 (course minus the chord's bearing at each end,
degrees), duration (s), speed1/speed2 (m/s) and truth (m). Outages at either end without speed or course are left
out.

    Benchmarks/.venv/bin/python Benchmarks/scripts/outage_sample.py --split fresh17 --out outages.jsonl

The trip engine's weighting of an outage's speeds against its bent chord (`OutageBridge.SpeedsWeighting`) was
calibrated on fresh14-16; Tests/Fixtures/outages/fresh17-18.jsonl, made by this script, checks it on drives it was
not fitted to (OutageWeightingTests).
"""
import argparse
import bisect
import contextlib
import datetime
import importlib.util
import io
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
DATA = os.path.join(BENCH, "data", "statistical")
DRIVESIM = os.path.join(os.path.dirname(os.path.dirname(BENCH)), "shared", "tools", "drivesim", "drivesim.py")


def split_range(split):
    spec = importlib.util.spec_from_file_location("run_statistical", os.path.join(BENCH, "run_statistical.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SPLITS[split]


def odometer(generator, scenario, rate, seed):
    """(times, odometer) of the true drive, about one a second."""
    if generator == "faultsim":
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "odometer.txt")
            subprocess.run([sys.executable, os.path.join(HERE, "faultsim.py"), "--seed", str(seed), "--scenario",
                            scenario, "--rate", "%g" % rate, "--out", out, "--odometer", path],
                           check=True, capture_output=True)
            rows = [line.split() for line in open(path)]
        return [float(r[0]) for r in rows], [float(r[1]) for r in rows]
    spec = importlib.util.spec_from_file_location("drivesim", DRIVESIM)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kept = {}
    finish = module.Drive.finish

    def keep(drive):
        kept["drive"] = drive
        return finish(drive)

    module.Drive.finish = keep
    with tempfile.TemporaryDirectory() as out:
        sys.argv = ["drivesim", "--seed", str(seed), "--scenario", scenario, "--rate", "%g" % rate, "--out", out]
        with contextlib.redirect_stdout(io.StringIO()):
            module.main()
    times, odo, last = [], [], None
    for state in kept["drive"].states:
        t, total = state[0], state[7]
        if last is None or t - last >= 1:
            times.append(t)
            odo.append(total)
            last = t
    return times, odo


def wrap(degrees):
    a = math.fmod(degrees, 360)
    return a - 360 if a > 180 else a + 360 if a <= -180 else a


def outages(drive):
    generator, name = drive.split("/")
    scenario, rate, seed = name.split("-")
    rate = float(rate[:-2])
    times, odo = odometer(generator, scenario, rate, int(seed))

    def way(t):
        i = bisect.bisect_left(times, t)
        if i <= 0:
            return odo[0]
        if i >= len(times):
            return odo[-1]
        f = (t - times[i - 1]) / (times[i] - times[i - 1])
        return odo[i - 1] + f * (odo[i] - odo[i - 1])

    fixes = []
    for line in open(os.path.join(DATA, drive, "track.jsonl")):
        d = json.loads(line)
        if d.get("class") == "TPV" and "lat" in d and d.get("mode", 0) >= 2:
            t = datetime.datetime.fromisoformat(d["time"].replace("Z", "+00:00")).timestamp()
            fixes.append((t, d["lat"], d["lon"], d.get("speed"), d.get("track")))
    for a, b in zip(fixes, fixes[1:]):
        dt = b[0] - a[0]
        if dt <= 2.5 / rate or dt > 290 or None in (a[3], b[3], a[4], b[4]):
            continue
        truth = way(b[0]) - way(a[0])
        if truth < 20:
            continue
        north = (b[1] - a[1]) * 111132.0
        east = (b[2] - a[2]) * 111320.0 * math.cos(math.radians(a[1]))
        bearing = math.degrees(math.atan2(east, north))
        yield dict(drive=drive, chord=round(math.hypot(north, east), 2), angle1=round(wrap(a[4] - bearing), 2),
                   angle2=round(wrap(b[4] - bearing), 2), duration=round(dt, 2), speed1=a[3], speed2=b[3],
                   truth=round(truth, 2))


def drives_of(splits, generators=("drivesim", "faultsim"), program="outage_sample.py"):
    """The drives ("generator/name") of the splits that run_statistical.py has generated; exits naming a split that
    is unknown or not generated."""
    drives = []
    for split in splits:
        try:
            low, high = split_range(split)
        except KeyError:
            sys.exit("%s: unknown split %r (see run_statistical.py --help)" % (program, split))
        for generator in generators:
            folder = os.path.join(DATA, generator)
            if not os.path.isdir(folder):
                sys.exit("%s: %s: no drives; run run_statistical.py --split %s first" % (program, folder, split))
            for name in sorted(os.listdir(folder)):
                if low <= int(name.split("-")[-1]) < high:
                    drives.append(generator + "/" + name)
    return drives


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--split", action="append", required=True, help="a split run_statistical.py has generated")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    drives = drives_of(a.split)
    with open(a.out, "w") as out:
        for drive in drives:
            for row in outages(drive):
                out.write(json.dumps(row) + "\n")
    print("%d drives, %d outages -> %s" % (len(drives), sum(1 for _ in open(a.out)), a.out))


if __name__ == "__main__":
    main()
