#!/usr/bin/env python3
"""faultsim: synthetic drives with the faults of issue 26, and their exact truth.

A second simulator beside ../shared/tools/drivesim, written apart from it so that no engine rule
fits one simulator's habits. Its road, driver and receiver models differ on purpose:

- Roads have continuous curvature (winding rural roads, ramps that spiral into garages), not
  straight segments with corners; the driver slows for curves by lateral acceleration.
- The vehicle moves in geodesic steps of 0.5 s (one `Direct` each); the truth distance is the sum of
  the steps, so it is exact for the path the reports are sampled from. Reports between two steps
  are interpolated along the step (steps are at most 17 m long: the error is nanometres).
- The receiver's error is an Ornstein-Uhlenbeck bias plus white noise scaled by HDOP, with heavy
  multipath in street canyons; its reported error (`eph`, phone accuracy) is a noisy, sometimes
  wrong, estimate of it. Cold starts converge exponentially from hundreds of metres off while the
  Doppler speed is right from the first epoch. Some receivers pin the position while standing.

Faults (the scenario chooses them, so each drive has them for sure):
- `garage`: trips that end in an underground garage or multi-storey car park: the fix is lost on
  the approach (a ramp that turns), the box is switched off while parked (or stays on without a
  fix), and the fix comes back at power-on or only when the car has driven out.
- `winding`: long outages (40-240 s) on winding roads, with Doppler speed and course known on both
  sides.
- `stopgo`: stop-and-go traffic with many short stops and short outages.
- `canyonpark`: trips that end parked inside a street canyon (positions wander by tens of metres).
- `errands`: many short stops (30-250 s) and short parkings, box on or off.

Writes, like drivesim: track.nmea (RMC, GGA, GSA; no-fix epochs in outages), track.jsonl (gpsd
TPV), track.gpx (no speed), phone.jsonl (a point after 75 m or 300 s: time, lat, lon, accuracy,
speed, course, altitude; nothing without a fix) and truth.json (true trips: start, end,
distance; a trip ends when the vehicle stands 300 s or more).

    faultsim.py --seed N --scenario NAME --out DIR [--rate HZ]

Needs geographiclib.
"""
import argparse
import bisect
import datetime as dt
import json
import math
import os
import random

from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
PARK_S = 300.0
SCENARIOS = ("garage", "winding", "stopgo", "canyonpark", "errands")
PLACES = [(59.33, 18.07), (45.46, 9.19), (50.08, 14.44), (-37.81, 144.96), (43.65, -79.38), (35.68, 139.69),
          (19.43, -99.13), (47.37, 8.54), (61.5, 23.76), (-1.29, 36.82), (38.72, -9.14), (53.35, -6.26)]

WGS_A = 6378137.0
WGS_E2 = 0.00669437999014


def metres_per_degree(lat):
    s = math.sin(math.radians(lat))
    w = math.sqrt(1 - WGS_E2 * s * s)
    m = WGS_A * (1 - WGS_E2) / w ** 3 * math.pi / 180
    n = WGS_A / w * math.cos(math.radians(lat)) * math.pi / 180
    return m, n


class Vehicle:
    """The true motion, in steps of DT seconds along geodesics."""
    DT = 0.5

    def __init__(self, rng, lat, lon, t0):
        self.rng = rng
        self.t = t0
        self.lat, self.lon = lat, lon
        self.az = rng.uniform(0, 360)
        self.v = 0.0
        self.odo = 0.0
        # reception: "fix", "nofix" (epochs without a fix), "off" (no epochs); env: "open" or "canyon"
        self.reception = "fix"
        self.env = "open"
        self.states = [self._state()]

    def _state(self):
        return (self.t, self.lat, self.lon, self.v, self.az % 360, self.odo, self.reception, self.env)

    def step(self, accel, curvature, vmax):
        v0 = self.v
        v1 = max(0.0, min(vmax, v0 + accel * self.DT))
        d = 0.5 * (v0 + v1) * self.DT
        if d > 0:
            # Turn by half the step's heading change before and after: a chord of the arc.
            turn = math.degrees(d * curvature)
            r = G.Direct(self.lat, self.lon, self.az + turn / 2, d)
            self.lat, self.lon = r["lat2"], r["lon2"]
            self.az = r["azi2"] + turn / 2
            self.odo += d
        self.v = v1
        self.t += self.DT
        self.states.append(self._state())

    def stand(self, seconds, reception=None, env=None):
        if reception is not None:
            self.reception = reception
        if env is not None:
            self.env = env
        self.v = 0.0
        for _ in range(int(round(seconds / self.DT))):
            self.t += self.DT
            self.states.append(self._state())

    def road(self, length, vmax, curvature=lambda s: 0.0, stop_at_end=False, lateral=2.5, until=None,
             on_step=None):
        """Drives `length` metres (or until the clock reaches `until`), at most vmax, slower in curves (lateral
        acceleration). `on_step(vehicle)` runs after every step: a scenario switches reception there, so that a
        fix lost or regained changes nothing in how the car is driven."""
        acc = self.rng.uniform(1.0, 2.0)
        dec = self.rng.uniform(1.5, 2.8)
        start = self.odo
        guard = 0
        while True:
            if on_step is not None:
                on_step(self)
            done = self.odo - start
            remaining = length - done
            if remaining <= 0.02 or (until is not None and self.t >= until):
                break
            guard += 1
            if guard > 200000:
                break
            # Curvature is a function of the odometer (the road stays where it is between calls).
            k = curvature(self.odo)
            # Speed limit from the curvature here and a little ahead.
            k_ahead = max(abs(k), abs(curvature(self.odo + self.v * 3)))
            limit = vmax if k_ahead < 1e-6 else min(vmax, math.sqrt(lateral / k_ahead))
            limit = max(limit, 2.0)
            if stop_at_end:
                brake = self.v * self.v / (2 * dec)
                if remaining <= brake + self.v * self.DT:
                    # Brake to stop exactly at the end (creep when very slow).
                    if self.v < 0.6:
                        a = 0.0
                        self.v = min(max(self.v, 0.5), remaining / self.DT)
                        if remaining < 0.3:
                            self.step(0.0, k, vmax)
                            self.v = 0.0
                            self.states[-1] = self._state()
                            break
                    else:
                        a = -min(4.0, self.v * self.v / (2 * max(remaining, 0.1)))
                    self.step(a, k, vmax)
                    continue
            if self.v < limit - 0.2:
                a = acc
            elif self.v > limit + 0.2:
                a = -min(dec, (self.v - limit) / self.DT)
            else:
                a = (limit - self.v) / self.DT
            self.step(a, k, vmax)
        if stop_at_end:
            self.v = 0.0
            self.states[-1] = self._state()


def winding(rng, amplitude):
    """A road whose curvature varies smoothly with the odometer: two sines of random wavelengths."""
    l1, l2 = rng.uniform(150, 600), rng.uniform(400, 1500)
    p1, p2 = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
    a1 = amplitude * rng.uniform(0.5, 1.0)
    a2 = amplitude * rng.uniform(0.2, 0.6)
    return lambda s: a1 * math.sin(2 * math.pi * s / l1 + p1) + a2 * math.sin(2 * math.pi * s / l2 + p2)


def city_blocks(rng, start):
    """Straight streets with rounded corners (radius 8-20 m) every 80-300 m of odometer from `start`."""
    starts, corners = [], []
    s = start
    for _ in range(400):
        s += rng.uniform(80, 300)
        radius = rng.uniform(8, 20)
        angle = math.radians(rng.choice([90, -90, 45, -45, 90, -90]))
        starts.append(s)
        corners.append((s + abs(angle) * radius, (1 if angle > 0 else -1) / radius))
        s += abs(angle) * radius

    def k(x):
        i = bisect.bisect_right(starts, x) - 1
        if i >= 0 and x <= corners[i][0]:
            return corners[i][1]
        return 0.0
    return k


def spiral_ramp(rng):
    """A garage ramp: a turn of radius 12-20 m (as long as the ramp: at most one turn)."""
    r = rng.uniform(12, 20) * rng.choice([1, -1])
    return lambda s: 1.0 / r


# ---------------------------------------------------------------------------------------------
# Scenarios: each drives a Vehicle and sets reception and environment along the way.

class Outages:
    """Fixes lost while driving, as an `on_step` hook: each (at, seconds) is lost once the odometer passes `at`
    and back `seconds` later (overlapping ones join). The car is driven the same with or without them: the
    simulator must not change speed where the fix is gone."""

    def __init__(self, marks):
        self.marks = sorted(marks)
        self.until = []

    def __call__(self, v):
        while self.marks and v.odo >= self.marks[0][0]:
            self.until.append(v.t + self.marks.pop(0)[1])
        self.until = [t for t in self.until if v.t < t]
        v.reception = "nofix" if self.until else "fix"

    def finish(self, v, vmax, curvature):
        """Drives on, as before, until the outages begun are over (one may outlast the stretch it began in)."""
        if self.until:
            v.road(1e9, vmax, curvature, until=max(self.until), on_step=self)
        self.marks, self.until = [], []
        v.reception = "fix"


def urban_leg(v, rng, km, outages=0.0, outage_s=(5, 40)):
    """km of city driving with traffic stops; optional short outages (probability per 100 m)."""
    k = city_blocks(rng, v.odo)
    target = v.odo + km * 1000
    while v.odo < target - 1:
        part = min(rng.uniform(150, 600), target - v.odo)
        if outages and rng.random() < outages * part / 100:
            outage = Outages([(v.odo + rng.uniform(0.2, 0.8) * part, rng.uniform(*outage_s))])
            vmax = rng.uniform(9, 14)
            v.road(part, vmax, k, on_step=outage)
            outage.finish(v, vmax, k)
        else:
            stop = rng.random() < 0.35
            v.road(part, rng.uniform(9, 14), k, stop_at_end=stop)
            if stop:
                v.stand(rng.uniform(5, 90))


def rural_leg(v, rng, km, outages=(), amplitude=1 / 120):
    """Winding road; `outages` is a list of (at_km, seconds) outages while moving. The speed limit changes every
    1-5 km, wherever the outages are."""
    k = winding(rng, amplitude)
    start = v.odo
    outage = Outages([(start + at_km * 1000, seconds) for at_km, seconds in outages])
    end = start + km * 1000
    vmax = None
    while end - v.odo > 1:
        vmax = rng.uniform(18, 26)
        v.road(min(rng.uniform(1000, 5000), end - v.odo), vmax, k, on_step=outage)
    outage.finish(v, vmax, k)


def arrive(v, rng, metres=40):
    v.road(metres, 6.0, stop_at_end=True)


def park(v, rng, seconds, reception="fix", env="open"):
    v.stand(seconds, reception=reception, env=env)
    v.env = "open"
    v.reception = "fix"


def scenario_garage(v, rng):
    for i in range(rng.randint(3, 5)):
        urban_leg(v, rng, rng.uniform(2, 9))
        kind = rng.choice(["off-fix", "off-underground", "on-underground", "open-off"])
        if kind == "open-off":
            arrive(v, rng)
            park(v, rng, rng.uniform(8, 50) * 60, reception="off")
            continue
        # The approach: the fix is lost 20-120 s before the car stops (the street into the garage
        # entrance, its corners), then a ramp of one turn down or up to the parking place.
        lost = rng.uniform(20, 120)
        t_stop = v.t + lost
        v.reception = "nofix"
        ramp = spiral_ramp(rng)
        street = city_blocks(rng, v.odo)
        v.road(1e9, rng.uniform(5, 10), street, until=t_stop - 20)
        v.road(rng.uniform(15, 60), 4.0, ramp, stop_at_end=True)
        parked = rng.uniform(8, 50) * 60
        if kind == "off-fix":
            # Box off while parked; at power-on the fix is there (top deck, or a garage with
            # reception by the exit); the car stands a little, then leaves.
            v.stand(parked, reception="off")
            v.stand(rng.uniform(0, 60), reception="fix")
        elif kind == "off-underground":
            # Box off; at power-on no fix until the car is out of the garage.
            v.stand(parked, reception="off")
            v.stand(rng.uniform(0, 30), reception="nofix")
            v.road(rng.uniform(40, 200), rng.uniform(3, 6), ramp)
        else:
            # Box on without a fix the whole time; the fix comes back outside.
            v.stand(parked, reception="nofix")
            v.road(rng.uniform(40, 200), rng.uniform(3, 6), ramp)
        v.reception = "fix"
    urban_leg(v, rng, rng.uniform(2, 9))
    arrive(v, rng)


def scenario_winding(v, rng):
    for i in range(rng.randint(1, 2)):
        urban_leg(v, rng, rng.uniform(1, 4))
        km = rng.uniform(15, 45)
        outs = [(rng.uniform(0.1, 0.9) * km, rng.uniform(40, 240)) for _ in range(rng.randint(2, 5))]
        outs.sort()
        # Keep outages apart.
        spaced = []
        for at, s in outs:
            if not spaced or at - spaced[-1][0] > 3:
                spaced.append((at, s))
        rural_leg(v, rng, km, spaced, amplitude=rng.uniform(1 / 400, 1 / 150))
        urban_leg(v, rng, rng.uniform(1, 3))
        arrive(v, rng)
        if i == 0:
            park(v, rng, rng.uniform(10, 40) * 60, reception=rng.choice(["fix", "off"]))


def scenario_stopgo(v, rng):
    for i in range(rng.randint(1, 2)):
        urban_leg(v, rng, rng.uniform(1, 3))
        # Stop-and-go: creep and stop, with short outages under bridges and signs.
        k = city_blocks(rng, v.odo)
        for _ in range(rng.randint(15, 40)):
            if rng.random() < 0.3:
                v.reception = "nofix"
            v.road(rng.uniform(10, 80), rng.uniform(3, 9), k, stop_at_end=rng.random() < 0.7)
            if v.v == 0:
                v.stand(rng.uniform(3, 45))
            if v.reception == "nofix" and rng.random() < 0.5:
                v.road(rng.uniform(10, 60), rng.uniform(3, 9), k)
            v.reception = "fix"
        urban_leg(v, rng, rng.uniform(1, 4), outages=0.15)
        arrive(v, rng)
        if i == 0:
            park(v, rng, rng.uniform(6, 30) * 60, reception=rng.choice(["fix", "off"]))


def scenario_canyonpark(v, rng):
    for i in range(rng.randint(2, 4)):
        urban_leg(v, rng, rng.uniform(2, 8))
        arrive(v, rng)
        # Parked in a street canyon with the receiver on (its positions wander), or off.
        park(v, rng, rng.uniform(6, 40) * 60, reception="fix" if rng.random() < 0.75 else "off", env="canyon")
    urban_leg(v, rng, rng.uniform(2, 8))
    arrive(v, rng)


def scenario_errands(v, rng):
    for i in range(rng.randint(4, 8)):
        urban_leg(v, rng, rng.uniform(0.8, 4))
        arrive(v, rng)
        if rng.random() < 0.5:
            # A short stop: stays inside the trip.
            v.stand(rng.uniform(30, 250), reception="fix")
        else:
            park(v, rng, rng.uniform(5.5, 20) * 60, reception=rng.choice(["fix", "off", "fix"]),
                 env=rng.choice(["open", "open", "canyon"]))
    urban_leg(v, rng, rng.uniform(0.8, 4))
    arrive(v, rng)


# ---------------------------------------------------------------------------------------------
# Truth

def true_trips(states):
    """Trips from the true motion: a trip ends where the vehicle stands PARK_S or more."""
    # Standstills: [time it stopped, time it moved again]; the stream starts and ends standing.
    stills = []
    since = states[0][0]
    for prev, s in zip(states, states[1:]):
        moved = s[5] > prev[5]
        if moved and since is not None:
            stills.append((since, prev[0], prev[5]))
            since = None
        elif not moved and since is None:
            since = prev[0]
    stills.append((since if since is not None else states[-1][0], states[-1][0], states[-1][5]))
    trips = []
    trip = None
    for k, (a, b, odo) in enumerate(stills):
        first, last = k == 0, k == len(stills) - 1
        long_stop = (b - a) >= PARK_S or first or last
        if not long_stop:
            continue
        if trip is not None:
            trip["end"], trip["end_odo"] = a, odo
            trips.append(trip)
            trip = None
        if not last:
            trip = {"start": b, "start_odo": odo}
    return [t for t in trips if t["end_odo"] - t["start_odo"] > 50]


# ---------------------------------------------------------------------------------------------
# Receiver

class Receiver:
    def __init__(self, rng, rate):
        self.rng = rng
        self.rate = rate
        self.sigma_bias = rng.uniform(1.0, 3.5)
        self.tau = rng.uniform(20, 200)
        self.sigma_white = rng.uniform(0.3, 1.2)
        self.base_hdop = rng.uniform(0.6, 1.4)
        self.eph_scale = rng.uniform(0.7, 1.6)   # how honest the reported error is
        self.pins = rng.random() < 0.3           # static navigation
        self.bias = [0.0, 0.0]
        self.canyon_bias = [0.0, 0.0]
        self.cold = None
        self.pinned = None
        self.hdop_phase = rng.uniform(0, 100)

    def power_on(self, t):
        self.cold = (t, t + self.rng.uniform(8, 45), self.rng.uniform(100, 900), self.rng.uniform(0, 2 * math.pi))

    def report(self, t, lat, lon, v, course, env):
        rng = self.rng
        dt_s = 1.0 / self.rate
        canyon = env == "canyon"
        a = math.exp(-dt_s / self.tau)
        q = self.sigma_bias * math.sqrt(1 - a * a)
        self.bias = [a * self.bias[0] + rng.gauss(0, q), a * self.bias[1] + rng.gauss(0, q)]
        # Street canyon: a wide slow wander of its own, 12-30 m, 40-150 s.
        if canyon:
            ca = math.exp(-dt_s / 80)
            cq = 20 * math.sqrt(1 - ca * ca)
            self.canyon_bias = [ca * self.canyon_bias[0] + rng.gauss(0, cq),
                                ca * self.canyon_bias[1] + rng.gauss(0, cq)]
        else:
            self.canyon_bias = [0.9 * x for x in self.canyon_bias]
        hdop = self.base_hdop * (1 + 0.25 * math.sin(t / 700 + self.hdop_phase)) * rng.lognormvariate(0, 0.15)
        if canyon:
            hdop *= rng.uniform(1.3, 2.2)
        white = self.sigma_white * hdop
        e = self.bias[0] + self.canyon_bias[0] + rng.gauss(0, white)
        n = self.bias[1] + self.canyon_bias[1] + rng.gauss(0, white)
        if canyon and rng.random() < 0.03:
            ang = rng.uniform(0, 2 * math.pi)
            size = rng.uniform(30, 120)
            e += size * math.cos(ang)
            n += size * math.sin(ang)
        mode = 3
        cold = self.cold is not None and self.cold[0] <= t < self.cold[1]
        if cold:
            t_on, t_end, off, ang = self.cold
            frac = math.exp(-(t - t_on) / max(1.0, (t_end - t_on) / 3))
            e += off * frac * math.cos(ang)
            n += off * frac * math.sin(ang)
            hdop = rng.uniform(2.6, 8.0)
            mode = 2 if rng.random() < 0.5 else 3
        standing = v < 0.3
        if self.pins and standing and not cold:
            if self.pinned is None:
                self.pinned = (e, n)
            e, n = self.pinned
        elif not standing:
            self.pinned = None
        mlat, mlon = metres_per_degree(lat)
        rlat, rlon = lat + n / mlat, lon + e / mlon
        if standing:
            speed = 0.0 if self.pins and not cold else abs(rng.gauss(0, 0.1))
            crs = rng.uniform(0, 360)
        else:
            speed = max(0.0, v + rng.gauss(0, 0.1))
            crs = (course + rng.gauss(0, 1.0 + 6.0 / max(v, 1.0))) % 360
        sigma = math.hypot(self.sigma_bias, white) * (2.5 if canyon else 1.0)
        eph = 2 * sigma * self.eph_scale
        return {"lat": rlat, "lon": rlon, "alt": 30 + rng.gauss(0, hdop), "speed": speed, "course": crs,
                "hdop": round(hdop, 2), "eph": round(eph, 1), "accuracy": round(1.5 * sigma * self.eph_scale, 1),
                "sats": max(4, min(14, int(13 - 1.6 * hdop + rng.gauss(0, 1)))), "mode": mode}


def sample(states, rate, rx, rng):
    """Epochs at the receiver's rate: ("fix", t, report) or ("nofix", t, None)."""
    epochs = []
    period = 1.0 / rate
    t = states[0][0] + period
    i = 0
    powered = False
    end = states[-1][0]
    while t <= end + 1e-9:
        while i + 1 < len(states) and states[i + 1][0] < t - 1e-9:
            i += 1
        s0 = states[i]
        s1 = states[min(i + 1, len(states) - 1)]
        reception = s1[6] if s1[0] > s0[0] else s0[6]
        if reception == "off":
            powered = False
        else:
            if not powered:
                rx.power_on(t)
                powered = True
            if reception == "nofix":
                epochs.append(("nofix", t, None))
            else:
                f = 0.0 if s1[0] == s0[0] else (t - s0[0]) / (s1[0] - s0[0])
                lat = s0[1] + (s1[1] - s0[1]) * f
                lon = s0[2] + (s1[2] - s0[2]) * f
                v = s0[3] + (s1[3] - s0[3]) * f
                crs = s1[4] if v > 0 else s0[4]
                r = rx.report(t, lat, lon, v, crs, s1[7])
                epochs.append(("fix", t, r))
                if rng.random() < 0.001:
                    epochs.append(("fix", t, r))
        t = round(t + period, 6)
    return epochs


# ---------------------------------------------------------------------------------------------
# Output

def iso(t):
    return dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def nmea(body):
    c = 0
    for ch in body:
        c ^= ord(ch)
    return "$%s*%02X\r\n" % (body, c)


def ddmm(lat, lon):
    la, lo = abs(lat), abs(lon)
    lad, lod = int(la), int(lo)
    return ("%02d%08.5f" % (lad, (la - lad) * 60), "N" if lat >= 0 else "S",
            "%03d%08.5f" % (lod, (lo - lod) * 60), "E" if lon >= 0 else "W")


def write(out, epochs, truth):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "track.nmea"), "w") as f:
        for kind, t, r in epochs:
            tm = dt.datetime.fromtimestamp(t, dt.timezone.utc)
            hms = tm.strftime("%H%M%S.") + "%02d" % (tm.microsecond // 10000)
            dmy = tm.strftime("%d%m%y")
            if kind == "fix":
                la, ns, lo, ew = ddmm(r["lat"], r["lon"])
                f.write(nmea("GNRMC,%s,A,%s,%s,%s,%s,%.3f,%.1f,%s,,,A" % (
                    hms, la, ns, lo, ew, r["speed"] / 0.514444, r["course"], dmy)))
                f.write(nmea("GNGGA,%s,%s,%s,%s,%s,1,%02d,%.1f,%.1f,M,20.1,M,," % (
                    hms, la, ns, lo, ew, r["sats"], r["hdop"], r["alt"])))
                f.write(nmea("GNGSA,A,%d,02,05,07,13,15,18,20,24,29,,,,%.1f,%.1f,%.1f" % (
                    r["mode"], r["hdop"] * 1.5, r["hdop"], r["hdop"] * 1.2)))
            else:
                f.write(nmea("GNRMC,%s,V,,,,,,,%s,,,N" % (hms, dmy)))
                f.write(nmea("GNGGA,%s,,,,,0,00,,,M,,M,," % hms))
    with open(os.path.join(out, "track.jsonl"), "w") as f:
        for kind, t, r in epochs:
            if kind == "fix":
                f.write(json.dumps({"class": "TPV", "device": "/dev/ttyUSB0", "mode": r["mode"], "time": iso(t),
                                    "lat": round(r["lat"], 9), "lon": round(r["lon"], 9),
                                    "altHAE": round(r["alt"], 2), "speed": round(r["speed"], 3),
                                    "track": round(r["course"], 2), "eph": r["eph"]}) + "\n")
            else:
                f.write(json.dumps({"class": "TPV", "device": "/dev/ttyUSB0", "mode": 1, "time": iso(t)}) + "\n")
    with open(os.path.join(out, "track.gpx"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="faultsim" '
                'xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n')
        for kind, t, r in epochs:
            if kind == "fix":
                f.write('<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time><fix>%dd</fix>'
                        '<hdop>%.1f</hdop></trkpt>\n' % (r["lat"], r["lon"], r["alt"], iso(t), r["mode"], r["hdop"]))
        f.write("</trkseg></trk></gpx>\n")
    with open(os.path.join(out, "phone.jsonl"), "w") as f:
        last = None
        for kind, t, r in epochs:
            if kind != "fix":
                continue
            if last is not None:
                if t <= last[0]:
                    continue
                if t - last[0] < 300 and G.Inverse(last[1], last[2], r["lat"], r["lon"])["s12"] < 75:
                    continue
            last = (t, r["lat"], r["lon"])
            f.write(json.dumps({"time": iso(t), "lat": round(r["lat"], 7), "lon": round(r["lon"], 7),
                                "accuracy": r["accuracy"], "speed": round(r["speed"], 2),
                                "course": round(r["course"], 1), "altitude": round(r["alt"], 1)}) + "\n")
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--scenario", required=True, choices=SCENARIOS)
    ap.add_argument("--out", required=True)
    ap.add_argument("--rate", type=float, default=1.0)
    ap.add_argument("--odometer", default=None, help="also write the true odometer per second here (diagnosis)")
    a = ap.parse_args()
    rng = random.Random("faultsim-%d-%s-%s" % (a.seed, a.scenario, a.rate))
    lat, lon = rng.choice(PLACES)
    lat += rng.uniform(-0.05, 0.05)
    lon += rng.uniform(-0.05, 0.05)
    t0 = float(1_750_000_000 + rng.randint(0, 50_000_000))
    v = Vehicle(rng, lat, lon, t0)
    v.stand(rng.uniform(30, 150))
    globals()["scenario_" + a.scenario](v, rng)
    v.stand(rng.uniform(60, 400), reception="fix")
    trips = true_trips(v.states)
    rx = Receiver(rng, a.rate)
    epochs = sample(v.states, a.rate, rx, rng)
    truth_trips = [{"start": iso(tr["start"]), "end": iso(tr["end"]),
                    "distance_m": round(tr["end_odo"] - tr["start_odo"], 2)} for tr in trips]
    truth = {"scenario": a.scenario, "generator": "faultsim", "seed": a.seed, "rate_hz": a.rate,
             "park_threshold_s": PARK_S, "distance_m": round(sum(t["distance_m"] for t in truth_trips), 2),
             "trips": truth_trips, "fixes": sum(1 for e in epochs if e[0] == "fix")}
    write(a.out, epochs, truth)
    if a.odometer:
        with open(a.odometer, "w") as f:
            last = None
            for s in v.states:
                if last is None or s[0] - last >= 1:
                    f.write("%.1f %.2f %.2f %s\n" % (s[0], s[5], s[3], s[6]))
                    last = s[0]
    print(json.dumps({k: truth[k] for k in ("scenario", "distance_m", "fixes")} | {"trips": len(truth_trips)}))


if __name__ == "__main__":
    main()
