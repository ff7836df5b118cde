#!/usr/bin/env python3
"""Statistical accuracy benchmark (issue 26): `logbook replay` on hundreds of random drives.

Two simulators make the drives, each with exact truth:
  - drivesim — the shared one, used from ../shared/tools/drivesim/ (never copied here): every
    scenario (commute, delivery, highway, canyon, parked, shortstops, mixed);
  - faultsim — Benchmarks/scripts/faultsim.py, written apart from it with the faults of issue 26
    (garage, winding, stopgo, canyonpark, errands).
Every drive is made at 0.2, 1 and 5 Hz and replayed in four renderings: NMEA (speed), gpsd JSON
(speed), GPX (positions only) and the phone rendering: phone.jsonl (a point after 75 m or 300 s,
accuracy in metres) turned into gpsd TPV lines with `eph` = accuracy and replayed with `--source phone`
(a phone app's points: a silence is no power-off), as the server does when a phone reports to it.

Seeds are drawn by the benchmark, never picked by hand: for each generator, scenario and rate a
random.Random seeded with the split's name draws them from the split's range.
  --split tuning   seeds 1000-1999      (the range the engine was tuned on)
  --split holdout  seeds 900000-999999 (kept apart: run it for the figures, not while tuning)
  --split fresh    seeds 3000000-3999999 (round 3: a range no engine was run on before its figures)
  --split fresh5   seeds 5000000-5999999 (round 5: the same, drawn after round 5's rules were written)
  --split fresh6   seeds 6000000-6999999 (round 6: the same, drawn after round 6's rules and faultsim's fix)
  --split fresh7   seeds 7000000-7999999 (round 7: the same, drawn after round 7's rules; 6 drives of each
                   scenario and rate from both generators)
  --split fresh8   seeds 8000000-8999999 (round 7's last two rules came from fresh7's worst drives: drawn after
                   them; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh9   seeds 9000000-9999999 (round 8's rules came from fresh8's worst drive: drawn after them; drivesim
                   6, faultsim 3 of each scenario and rate)
  --split fresh10  seeds 10000000-10999999 (round 9's phone rules were weighed on every split up to fresh9: drawn
                   after them; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh11  seeds 11000000-11999999 (round 10's rules came from fresh9's and fresh10's failures: drawn after
                   them; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh12  seeds 12000000-12999999 (round 11's rules came from the garage drives of every split up to fresh11:
                   drawn after them; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh13  seeds 13000000-13999999 (round 11's two guards came from fresh12's regressions: drawn after them;
                   drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh14  seeds 14000000-14999999 (round 12's first rules came from fresh13's failures and a study of the
                   splits before it: drawn before them, run once they were done; drivesim 6, faultsim 3 of each
                   scenario and rate)
  --split fresh15  seeds 15000000-15999999 (drawn after round 12's rules, for the next round's figures; drivesim 6,
                   faultsim 3 of each scenario and rate)
  --split fresh16  seeds 16000000-16999999 (round 13 looked at one of fresh15's regressions before its rule was
                   final: drawn after it, for round 13's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh17  seeds 17000000-17999999 (round 14's rules came from fresh15's and fresh16's failures: drawn after
                   them, for round 14's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh18  seeds 18000000-18999999 (round 14's sixth rule came from fresh17's phantom: drawn after it, for
                   round 15's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh19  seeds 19000000-19999999 (round 15 looked at fresh18's failures for its note: drawn after it, for
                   round 16's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh20  seeds 20000000-20999999 (round 16 looked at fresh19's missed trip for its note: drawn after it,
                   for round 17's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh21  seeds 21000000-21999999 (round 17's third rule came from fresh20's drive without a trip: drawn
                   after it, for round 18's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh22  seeds 22000000-22999999 (round 18 diagnosed fresh21's worst drive for its note: drawn after it,
                   for round 19's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh23  seeds 23000000-23999999 (round 19 diagnosed fresh22's phantom trips for its note: drawn after
                   them, for round 20's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh24  seeds 24000000-24999999 (round 20 diagnosed fresh23's missed trip for its note: drawn after it,
                   for round 21's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh25  seeds 25000000-25999999 (round 21 diagnosed fresh24's failing classes for its note: drawn after
                   it, for round 22's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh26  seeds 26000000-26999999 (round 22 diagnosed fresh25's failing classes for its note: drawn after
                   it, for round 23's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh27  seeds 27000000-27999999 (round 23 diagnosed fresh26's failing classes for its note: drawn after
                   it, for round 24's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh28  seeds 28000000-28999999 (round 24 diagnosed fresh27's failing classes for its note: drawn after
                   it, for round 25's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh29  seeds 29000000-29999999 (round 25 diagnosed fresh28's failing classes for its note: drawn after
                   it, for round 26's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh30  seeds 30000000-30999999 (round 26 diagnosed fresh29's failing classes for its note: drawn after
                   it, for round 27's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh31  seeds 31000000-31999999 (round 27 diagnosed fresh30's failing classes for its note: drawn after
                   it, for round 28's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh32  seeds 32000000-32999999 (round 27's positions-only rule was found on fresh31: drawn after it, for
                   that rule's figures; drivesim 6, faultsim 3 of each scenario and rate)
  --split fresh33  seeds 33000000-33999999 (drawn at the start of round 28, before any engine change was tried, for
                   that round's figures; drivesim 6, faultsim 3 of each scenario and rate)

Targets, for every drive: no missed and no phantom trip; total distance within 1 % with speed
(NMEA, gpsd JSON) and within 2 % without (GPX) and for the phone rendering; each trip's start and end
within 60 s; at most 20 m counted while parked (phantom trips, or anything on a drive without trips). A phantom
that lies mostly inside a true trip is that trip cut in two: `--failures` says so, and the saved records count them
(`cut`); its metres were driven, though counted as parked, as drivesim's score.py counts them.

    python3 Benchmarks/run_statistical.py [--split tuning|holdout] [--drivesim N] [--faultsim N]
        [--logbook PATH | --bench PATH] [--jobs 2] [--only TEXT] [--renderings nmea,jsonl,gpx,phone] [--rates 0.2,1,5]
        [--failures] [--save FILE] [--generate-only]

Drives are cached under Benchmarks/data/statistical/ (git-ignored); a venv with geographiclib is made
in Benchmarks/.venv on first use.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DRIVESIM = os.path.normpath(os.path.join(ROOT, "..", "shared", "tools", "drivesim", "drivesim.py"))
FAULTSIM = os.path.join(HERE, "scripts", "faultsim.py")
DATA = os.path.join(HERE, "data", "statistical")
VENV = os.path.join(HERE, ".venv")

GENERATORS = {
    "drivesim": (DRIVESIM, ["commute", "delivery", "highway", "canyon", "parked", "shortstops", "mixed"]),
    "faultsim": (FAULTSIM, ["garage", "winding", "stopgo", "canyonpark", "errands"]),
}
SPLITS = {
    "tuning": (1000, 2000), "holdout": (900000, 1000000), "fresh": (3000000, 4000000), "fresh5": (5000000, 6000000),
    "fresh6": (6000000, 7000000), "fresh7": (7000000, 8000000),
    "fresh8": (8000000, 9000000), "fresh9": (9000000, 10000000),
    "fresh10": (10000000, 11000000),
    "fresh11": (11000000, 12000000),
    "fresh12": (12000000, 13000000),
    "fresh13": (13000000, 14000000),
    "fresh14": (14000000, 15000000),
    "fresh15": (15000000, 16000000),
    "fresh16": (16000000, 17000000),
    "fresh17": (17000000, 18000000),
    "fresh18": (18000000, 19000000),
    "fresh19": (19000000, 20000000),
    "fresh20": (20000000, 21000000),
    "fresh21": (21000000, 22000000),
    "fresh22": (22000000, 23000000),
    "fresh23": (23000000, 24000000),
    "fresh24": (24000000, 25000000),
    "fresh25": (25000000, 26000000),
    "fresh26": (26000000, 27000000),
    "fresh27": (27000000, 28000000),
    "fresh28": (28000000, 29000000),
    "fresh29": (29000000, 30000000),
    "fresh30": (30000000, 31000000),
    "fresh31": (31000000, 32000000),
    "fresh32": (32000000, 33000000),
    "fresh33": (33000000, 34000000),
}
RATES = [0.2, 1.0, 5.0]
RENDERINGS = ["nmea", "jsonl", "gpx", "phone"]
LIMIT = {"nmea": 1.0, "jsonl": 1.0, "gpx": 2.0, "phone": 2.0}
# --before: the engine under test predates `--source phone` (for the before figures).
BEFORE = False


def venv_python():
    """A Python with geographiclib: Benchmarks/.venv, made (idempotently) when missing."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    ok = subprocess.run([python, "-c", "import geographiclib"], capture_output=True).returncode == 0
    if not ok:
        subprocess.run([python, "-m", "pip", "install", "-q", "geographiclib"], check=True)
    return python


def draw_seeds(split, generator, scenario, rate, n):
    lo, hi = SPLITS[split]
    rng = random.Random("%s-%s-%s-%g" % (split, generator, scenario, rate))
    return rng.sample(range(lo, hi), n)


def drive_dir(generator, scenario, rate, seed):
    return os.path.join(DATA, generator, "%s-%ghz-%d" % (scenario, rate, seed))


def generate(python, generator, scenario, rate, seed):
    """Makes the drive unless cached; adds the phone rendering as gpsd TPV lines."""
    out = drive_dir(generator, scenario, rate, seed)
    if os.path.exists(os.path.join(out, "truth.json")) and os.path.exists(os.path.join(out, "phone.tpv.jsonl")):
        return out
    script = GENERATORS[generator][0]
    tmp = tempfile.mkdtemp(prefix=".gen-", dir=os.path.dirname(out))
    try:
        subprocess.run([python, script, "--seed", str(seed), "--scenario", scenario, "--out", tmp,
                        "--rate", "%g" % rate], check=True, capture_output=True)
        phone_to_tpv(os.path.join(tmp, "phone.jsonl"), os.path.join(tmp, "phone.tpv.jsonl"))
        if os.path.exists(out):
            shutil.rmtree(out)
        os.rename(tmp, out)
    finally:
        if os.path.exists(tmp):
            shutil.rmtree(tmp, ignore_errors=True)
    return out


def phone_to_tpv(src, dst):
    """Phone points as the server hands them to the engine: TPV with eph = the reported accuracy."""
    with open(src) as f, open(dst, "w") as g:
        for line in f:
            p = json.loads(line)
            tpv = {"class": "TPV", "mode": 3, "time": p["time"], "lat": p["lat"], "lon": p["lon"]}
            if p.get("accuracy") is not None:
                tpv["eph"] = p["accuracy"]
            if p.get("speed") is not None and p["speed"] >= 0:
                tpv["speed"] = p["speed"]
            if p.get("course") is not None and p["course"] >= 0:
                tpv["track"] = p["course"]
            if p.get("altitude") is not None:
                tpv["altHAE"] = p["altitude"]
            g.write(json.dumps(tpv) + "\n")


def ts(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def score(truth, out, limit):
    """Matches trips as ../shared/tools/drivesim/score.py does (each true trip takes the unused
    engine trip that overlaps it most) and checks the targets."""
    tt = [(ts(t["start"]), ts(t["end"]), t["distance_m"]) for t in truth["trips"]]
    et = [(ts(t["start"]), ts(t["end"]), float(t["distance_m"]), t.get("estimated") or []) for t in out["trips"]]
    used, per_trip, bounds, missed = set(), [], [], 0
    for (s, e, d) in tt:
        best, overlap = None, 0.0
        for i, (s2, e2, _, _) in enumerate(et):
            ov = min(e, e2) - max(s, s2)
            if ov > overlap and i not in used:
                best, overlap = i, ov
        if best is None:
            missed += 1
            continue
        used.add(best)
        s2, e2, d2, _ = et[best]
        per_trip.append(abs(d2 - d) / d)
        bounds += [abs(s2 - s), abs(e2 - e)]
    phantom = [et[i] for i in range(len(et)) if i not in used]
    # A phantom lying mostly inside a true trip is that trip cut in two (its metres were driven, though counted as
    # "parked" above, as drivesim's score.py counts them); the others were made while the vehicle stood.
    cut = sum(1 for (s2, e2, _, _) in phantom
              if any(min(e, e2) - max(s, s2) >= 0.5 * max(e2 - s2, 1e-9) for (s, e, _) in tt))
    total_truth = truth["distance_m"]
    total = float(out["distance_m"])
    parked = sum(p[2] for p in phantom) + (total if total_truth == 0 else 0.0)
    err = 100 * (total - total_truth) / total_truth if total_truth > 0 else 0.0
    ok = missed == 0 and not phantom and abs(err) <= limit and all(b <= 60 for b in bounds) and parked <= 20
    return {"err": err, "per_trip": per_trip, "bounds": bounds, "missed": missed, "phantom": len(phantom),
            "parked": parked, "cut": cut, "ok": ok, "trips": len(tt), "got": len(et),
            "estimated": sum(1 for t in et if t[3])}


def replay(command, path, extra=()):
    p = subprocess.run(command + [path] + list(extra), capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("replay failed (%d): %s" % (p.returncode, p.stderr.strip()[:300]))
    return json.loads(p.stdout)


def run_drive(logbook, d, renderings):
    truth = json.load(open(os.path.join(d, "truth.json")))
    files = {"nmea": "track.nmea", "jsonl": "track.jsonl", "gpx": "track.gpx", "phone": "phone.tpv.jsonl"}
    results = {}
    for r in renderings:
        try:
            # The phone's points go in as the server takes them: a phone app's points (`--source phone`).
            extra = ["--source", "phone"] if r == "phone" and not BEFORE else []
            results[r] = score(truth, replay(logbook, os.path.join(d, files[r]), extra), LIMIT[r])
        except Exception as e:  # counted as a miss, shown with --failures
            results[r] = {"error": str(e), "ok": False, "err": float("nan"), "per_trip": [], "bounds": [],
                          "missed": len(truth["trips"]), "phantom": 0, "parked": 0.0, "trips": len(truth["trips"]),
                          "got": 0, "estimated": 0}
    return results


def pct(values, q):
    if not values:
        return float("nan")
    v = sorted(values)
    k = (len(v) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def summary(rows, title):
    """Figures over a list of (key, rendering, result)."""
    n = len(rows)
    ok = sum(1 for r in rows if r[2]["ok"])
    errs = [abs(r[2]["err"]) for r in rows if r[2]["err"] == r[2]["err"] and r[2]["trips"]]
    per_trip = [100 * x for r in rows for x in r[2]["per_trip"]]
    bounds = [b for r in rows for b in r[2]["bounds"]]
    parked = [r[2]["parked"] for r in rows]
    missed = sum(r[2]["missed"] for r in rows)
    phantom = sum(r[2]["phantom"] for r in rows)
    trips = sum(r[2]["trips"] for r in rows)
    return ("%-22s %5d/%-5d %6d/%-6d %7d | %6.2f %6.2f %7.2f | %6.2f %6.2f %7.2f | %6.1f %7.1f | %6.1f" % (
        title, ok, n, missed, trips, phantom, statistics.median(errs) if errs else float("nan"), pct(errs, 0.95),
        max(errs) if errs else float("nan"), statistics.median(per_trip) if per_trip else float("nan"),
        pct(per_trip, 0.95), max(per_trip) if per_trip else float("nan"), pct(bounds, 0.95),
        max(bounds) if bounds else float("nan"), max(parked) if parked else 0.0))


HEADER = ("%-22s %11s %13s %7s | %-22s | %-22s | %-14s | %6s" % (
    "", "in target", "missed/trips", "phantom", "total err % med p95 max", "trip err % med p95 max",
    "bound s p95 max", "park m"))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--split", choices=sorted(SPLITS), default="tuning")
    p.add_argument("--drivesim", type=int, default=None, help="drives per scenario and rate (tuning 4, holdout 6)")
    p.add_argument("--faultsim", type=int, default=None, help="drives per scenario and rate (tuning 3, holdout 12)")
    p.add_argument("--logbook", default=None, help="the logbook executable (default: build the release one)")
    p.add_argument("--bench", default=None, help="tune with `logbook-bench replay` at this path instead of logbook")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", default=None, help="only drives whose name contains this text")
    p.add_argument("--renderings", default=",".join(RENDERINGS))
    p.add_argument("--rates", default=",".join("%g" % r for r in RATES))
    p.add_argument("--failures", action="store_true", help="list the drives that miss a target")
    p.add_argument("--save", default=None, help="write every drive's figures to this JSON file")
    p.add_argument("--generate-only", action="store_true")
    p.add_argument("--before", action="store_true",
                   help="the engine predates --source phone: feed the phone rendering without it")
    a = p.parse_args()
    global BEFORE
    BEFORE = a.before
    counts = {"drivesim": a.drivesim, "faultsim": a.faultsim}
    defaults = {"tuning": {"drivesim": 4, "faultsim": 3}, "holdout": {"drivesim": 6, "faultsim": 12},
                "fresh": {"drivesim": 3, "faultsim": 6}, "fresh5": {"drivesim": 3, "faultsim": 6},
                "fresh6": {"drivesim": 3, "faultsim": 6}, "fresh7": {"drivesim": 6, "faultsim": 6},
                "fresh8": {"drivesim": 6, "faultsim": 3}, "fresh9": {"drivesim": 6, "faultsim": 3},
                "fresh10": {"drivesim": 6, "faultsim": 3}, "fresh11": {"drivesim": 6, "faultsim": 3},
                "fresh12": {"drivesim": 6, "faultsim": 3}, "fresh13": {"drivesim": 6, "faultsim": 3},
                "fresh14": {"drivesim": 6, "faultsim": 3},
                "fresh15": {"drivesim": 6, "faultsim": 3}, "fresh16": {"drivesim": 6, "faultsim": 3},
                "fresh17": {"drivesim": 6, "faultsim": 3},
                "fresh18": {"drivesim": 6, "faultsim": 3},
                "fresh19": {"drivesim": 6, "faultsim": 3},
                "fresh20": {"drivesim": 6, "faultsim": 3},
                "fresh21": {"drivesim": 6, "faultsim": 3},
                "fresh22": {"drivesim": 6, "faultsim": 3},
                "fresh23": {"drivesim": 6, "faultsim": 3},
                "fresh24": {"drivesim": 6, "faultsim": 3},
                "fresh25": {"drivesim": 6, "faultsim": 3},
                "fresh26": {"drivesim": 6, "faultsim": 3},
                "fresh27": {"drivesim": 6, "faultsim": 3},
                "fresh28": {"drivesim": 6, "faultsim": 3},
                "fresh29": {"drivesim": 6, "faultsim": 3},
                "fresh30": {"drivesim": 6, "faultsim": 3},
                "fresh31": {"drivesim": 6, "faultsim": 3},
                "fresh32": {"drivesim": 6, "faultsim": 3},
                "fresh33": {"drivesim": 6, "faultsim": 3}}
    for g in counts:
        if counts[g] is None:
            counts[g] = defaults[a.split][g]
    rates = [float(x) for x in a.rates.split(",")]
    renderings = a.renderings.split(",")
    if not os.path.exists(DRIVESIM):
        sys.exit("drivesim not found at %s (it lives in ../shared/tools/drivesim)" % DRIVESIM)
    python = venv_python()
    drives = []
    for g, (_, scenarios) in GENERATORS.items():
        for sc in scenarios:
            for rate in rates:
                for seed in draw_seeds(a.split, g, sc, rate, counts[g]):
                    name = "%s/%s-%ghz-%d" % (g, sc, rate, seed)
                    if a.only and a.only not in name:
                        continue
                    drives.append((g, sc, rate, seed, name))
    for g in GENERATORS:
        os.makedirs(os.path.join(DATA, g), exist_ok=True)
    print("%d drives (%s split), %d renderings each; generating what is not cached..." % (
        len(drives), a.split, len(renderings)), file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        dirs = list(pool.map(lambda d: generate(python, d[0], d[1], d[2], d[3]), drives))
    if a.generate_only:
        return 0
    if a.bench:
        command = [a.bench, "replay"]
    else:
        logbook = a.logbook
        if logbook is None:
            subprocess.run(["swift", "build", "-c", "release", "-q", "--product", "logbook"], cwd=ROOT, check=True)
            logbook = os.path.join(ROOT, ".build", "release", "logbook")
        command = [logbook, "replay", "--format", "json"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda d: run_drive(command, d, renderings), dirs))
    rows = []
    for (g, sc, rate, seed, name), res in zip(drives, results):
        for r in renderings:
            rows.append(((g, sc, rate, seed, name), r, res[r]))
    print(HEADER)
    for r in renderings:
        for rate in rates:
            sel = [x for x in rows if x[1] == r and x[0][2] == rate]
            if sel:
                print(summary(sel, "%s %gHz" % (r, rate)))
    print()
    for g, (_, scenarios) in GENERATORS.items():
        for sc in scenarios:
            sel = [x for x in rows if x[0][0] == g and x[0][1] == sc]
            if sel:
                print(summary(sel, "%s %s" % (g[:5], sc)))
    print()
    print(summary(rows, "all"))
    failing = [x for x in rows if not x[2]["ok"]]
    print("\n%d of %d drive renderings within target (%d drives, split %s, seeds drawn in %d-%d)" % (
        len(rows) - len(failing), len(rows), len(drives), a.split, SPLITS[a.split][0], SPLITS[a.split][1] - 1))
    if a.failures:
        for key, r, res in sorted(failing, key=lambda x: (x[0][4], x[1])):
            if "error" in res:
                print("  %-34s %-5s %s" % (key[4], r, res["error"]))
                continue
            print("  %-34s %-5s err %+6.2f%%  missed %d phantom %d (%d/%d trips)  worst bound %6.1f s  "
                  "worst trip %5.1f%%  parked %.0f m%s" % (
                      key[4], r, res["err"], res["missed"], res["phantom"], res["got"], res["trips"],
                      max(res["bounds"]) if res["bounds"] else 0, 100 * max(res["per_trip"]) if res["per_trip"] else 0,
                      res["parked"], "  (%d a trip cut in two)" % res["cut"] if res.get("cut") else ""))
    if a.save:
        with open(a.save, "w") as f:
            json.dump([{"drive": k[4], "rendering": r, **res} for k, r, res in rows], f)
    return 0 if not failing else 1


if __name__ == "__main__":
    sys.exit(main())
