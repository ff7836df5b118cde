#!/usr/bin/env python3
"""Writes drive.nmea for the daemon tests: two trips with a long park between and after them.

No-fix epochs first (so a client connecting to gpsfake's gpsd misses nothing that matters), then
120 s standing, a 6-minute drive with a 40 s stop at a light, 420 s parked (the trip ends), a
3-minute drive and 420 s parked again. 1 Hz RMC+GGA, dated 2026 (gpsd 3.22 shifts pre-2017 dates),
with a little deterministic position noise.   python3 make-drive.py > drive.nmea
"""
import math
import random

A, F = 6378137.0, 1 / 298.257223563
E2 = F * (2 - F)
rnd = random.Random(5)


def cks(body):
    c = 0
    for ch in body.encode():
        c ^= ch
    return "%02X" % c


def ddmm(v, lat):
    h = ("N" if v >= 0 else "S") if lat else ("E" if v >= 0 else "W")
    v = abs(v)
    d = int(v)
    return ("%02d%08.5f" if lat else "%03d%08.5f") % (d, (v - d) * 60), h


t0 = 1795248000  # 2026-11-21T08:00:00Z
lat, lon, heading, speed = 59.437, 24.7536, 40.0, 0.0
plan = [("nofix", 30), ("stand", 120), ("drive", 170), ("stand", 40), ("drive", 190), ("stand", 420),
        ("drive", 180), ("stand", 420)]
t = t0
out = []
for kind, seconds in plan:
    for k in range(seconds):
        hhmmss = "%02d%02d%02d.00" % ((t // 3600) % 24, (t // 60) % 60, t % 60)
        if kind == "nofix":
            g = "GPGGA,%s,,,,,0,00,99.99,,,,,," % hhmmss
            r = "GPRMC,%s,V,,,,,,,211126,,,N" % hhmmss
        else:
            if kind == "drive":
                speed = min(13.0, speed + 2.0) if k < seconds - 7 else max(0.0, speed - 2.0)
                heading = (heading + 0.6) % 360
            else:
                speed = 0.0
            s = math.sin(math.radians(lat))
            w = math.sqrt(1 - E2 * s * s)
            m, n = A * (1 - E2) / w ** 3, A / w
            lat += math.degrees(speed * math.cos(math.radians(heading)) / m)
            lon += math.degrees(speed * math.sin(math.radians(heading)) / (n * math.cos(math.radians(lat))))
            nlat = lat + math.degrees(rnd.gauss(0, 0.8) / m)
            nlon = lon + math.degrees(rnd.gauss(0, 0.8) / (n * math.cos(math.radians(lat))))
            la, lah = ddmm(nlat, True)
            lo, loh = ddmm(nlon, False)
            reported = speed + abs(rnd.gauss(0, 0.05))
            g = "GPGGA,%s,%s,%s,%s,%s,1,09,0.9,41.0,M,18.0,M,," % (hhmmss, la, lah, lo, loh)
            r = "GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,211126,,,A" % (hhmmss, la, lah, lo, loh, reported / 0.514444, heading)
        out.append("$%s*%s\r\n$%s*%s\r\n" % (g, cks(g), r, cks(r)))
        t += 1
print("".join(out), end="")
