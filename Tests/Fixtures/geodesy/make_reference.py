#!/usr/bin/env python3
"""Write reference.csv: WGS84 geodesic cases solved by GeographicLib (PyPI `geographiclib`, C. F. F. Karney).

Deterministic (fixed seed). Each row is one problem:

  type     "inverse" or "direct"
  category what kind of case (random, short, nearly-antipodal, antipodal, equatorial, meridional, polar,
           coincident, antimeridian, tiny-latitude, long, backwards)
  lat1, lon1                 point 1 (input)
  azi1                       direct: input azimuth; inverse: output azimuth at point 1
  lat2, lon2                 inverse: input point 2; direct: output point 2 (lon2 reduced to [-180, 180])
  azi2                       output forward azimuth at point 2
  s12                        inverse: output distance (m); direct: input distance (m)
  a12                        output arc length on the auxiliary sphere (degrees)

Numbers are written with repr(), the shortest text that reads back as the same double.

Usage:  python3 make_reference.py        (writes reference.csv beside this script)
        pip install geographiclib        (if missing; tested with 2.1)
"""

import csv
import math
import os
import random

from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
rng = random.Random(20240611)
rows = []


def r(x, digits=9):
    """Inputs rounded to a short decimal text, so the CSV stays small and the inputs are exact as written."""
    return round(x, digits)


def inverse(category, lat1, lon1, lat2, lon2):
    g = G.Inverse(lat1, lon1, lat2, lon2)
    rows.append(["inverse", category, lat1, lon1, g["azi1"], lat2, lon2, g["azi2"], g["s12"], g["a12"]])


def direct(category, lat1, lon1, azi1, s12):
    g = G.Direct(lat1, lon1, azi1, s12)
    rows.append(["direct", category, lat1, lon1, azi1, g["lat2"], g["lon2"], g["azi2"], s12, g["a12"]])


def random_point():
    # uniform on the sphere (close enough for test coverage)
    lat = math.degrees(math.asin(rng.uniform(-1, 1)))
    return r(lat), r(rng.uniform(-180, 180))


# ---- inverse problems ------------------------------------------------------------------------------------------
for _ in range(100):
    lat1, lon1 = random_point()
    lat2, lon2 = random_point()
    inverse("random", lat1, lon1, lat2, lon2)

# short hops 0.1 m ... 10 km, log-uniform, in every direction and at every latitude
for _ in range(80):
    lat1, lon1 = random_point()
    s = 10 ** rng.uniform(-1, 4)
    g = G.Direct(lat1, lon1, rng.uniform(-180, 180), s)
    inverse("short", lat1, lon1, r(g["lat2"], 12), r(g["lon2"], 12))

# nearly antipodal: offsets from the antipode between 1e-7 and 1 degree
for _ in range(40):
    lat1, lon1 = random_point()
    dlat = rng.choice([-1, 1]) * 10 ** rng.uniform(-7, 0)
    dlon = rng.choice([-1, 1]) * 10 ** rng.uniform(-7, 0)
    lat2 = max(-90.0, min(90.0, r(-lat1 + dlat, 10)))
    lon2 = r(lon1 + 180 + dlon, 10)
    inverse("nearly-antipodal", lat1, lon1, lat2, lon2)
# nearly antipodal on and near the equator (the astroid's hardest region)
for lat1, lat2, lon12 in [(0, 0, 179.5), (0, 0, 179.8), (0, 0, 179.9), (0, 0, 179.99), (0, 0, 179.999999),
                          (0.1, -0.1, 179.7), (0.01, -0.01, 179.5), (0.5, -0.4, 179.9), (1e-6, -1e-6, 179.6),
                          (0, 1e-5, 179.5), (-0.3, 0.3, 179.99), (2, -2, 179.9)]:
    inverse("nearly-antipodal", lat1, 10.0, lat2, 10.0 + lon12)

# exactly antipodal
for lat1 in [0.0, 1.0, 10.0, 30.0, 45.0, 60.0, 89.0, -20.0, 89.9999, 0.5]:
    lon1 = r(rng.uniform(-180, 180), 6)
    lon2 = lon1 + 180 if lon1 < 0 else lon1 - 180
    inverse("antipodal", lat1, lon1, -lat1, lon2)

# equatorial: along the equator up to and beyond the limit 180 (1 - f) where the geodesic leaves it
for lon12 in [0.001, 1.0, 10.0, 45.0, 90.0, 135.0, 170.0, 179.0, 179.3, 179.39, 179.4, 179.45, 179.6, 179.99, 180.0]:
    inverse("equatorial", 0.0, -30.0, 0.0, -30.0 + lon12)
    inverse("equatorial", 0.0, 100.0, 0.0, 100.0 - lon12)

# meridional: same or opposite longitudes
for lat1, lat2, lon1, lon2 in [(0, 1, 0, 0), (0, 90, 0, 0), (-90, 90, 0, 0), (10, 20, 30, 30), (-45, 45, 10, 10),
                               (-30, 70, -100, -100), (10, 20, 0, 180), (80, 85, 0, 180), (-80, -70, 45, -135),
                               (1, 1, 0, 180), (0.5, -0.2, 20, -160), (60, 60, 0, 180), (-89, 89, 0, 0),
                               (45, -45, 170, -10), (30, 30, -90, 90)]:
    inverse("meridional", lat1, lon1, lat2, lon2)

# polar
for lat1, lon1, lat2, lon2 in [(90, 0, 0, 0), (90, 0, 0, 90), (-90, 0, 45, 120), (90, 30, 89, -150),
                               (90, 0, -90, 0), (-90, 10, -90, 50), (90, 0, 90, 180), (-90, 0, 90, 33),
                               (89.9999999, 0, 89.9999999, 180), (90, 0, -89, 0), (-90, 0, 12.5, -170),
                               (90, -45, 60, 135), (45, 0, 90, 0), (-10, 80, -90, 0), (90, 0, 0, 179.9)]:
    inverse("polar", lat1, lon1, lat2, lon2)

# coincident
for lat, lon in [(0, 0), (45, 45), (-30.5, 120.25), (90, 0), (-90, 0), (89.5, -179.5), (0, 180), (12, -180)]:
    inverse("coincident", lat, lon, lat, lon)
inverse("coincident", 10.0, 180.0, 10.0, -180.0)
inverse("coincident", -33.0, 0.0, -33.0, 360.0)

# across the antimeridian
for _ in range(20):
    lat1 = r(rng.uniform(-80, 80))
    lat2 = r(lat1 + rng.uniform(-5, 5))
    inverse("antimeridian", lat1, r(180 - rng.uniform(0, 3)), lat2, r(-180 + rng.uniform(0, 3)))

# latitudes a hair off the equator
for lat1, lat2, lon12 in [(1e-10, 0, 90), (0, -1e-12, 170), (1e-9, 1e-9, 179.5), (-1e-8, 0, 1), (1e-15, 0, 179.9)]:
    inverse("tiny-latitude", lat1, 0.0, lat2, lon12)

# ---- direct problems -------------------------------------------------------------------------------------------
for _ in range(60):
    lat1, lon1 = random_point()
    direct("random", lat1, lon1, r(rng.uniform(-180, 180)), r(rng.uniform(0, 2e7), 3))
for _ in range(20):
    lat1, lon1 = random_point()
    direct("short", lat1, lon1, r(rng.uniform(-180, 180)), r(10 ** rng.uniform(-1, 4), 6))
for _ in range(10):
    lat1, lon1 = random_point()
    direct("long", lat1, lon1, r(rng.uniform(-180, 180)), r(rng.uniform(2e7, 4e7), 3))
for _ in range(6):
    lat1, lon1 = random_point()
    direct("backwards", lat1, lon1, r(rng.uniform(-180, 180)), -r(rng.uniform(1, 1e7), 3))
for lat1, azi1, s12 in [(90, 0, 1e6), (90, 45, 5e6), (-90, 180, 2e6), (-90, 30, 1e7), (90, 90, 100.0)]:
    direct("polar", lat1, 0.0, azi1, s12)
for azi1, s12 in [(90, 1e6), (-90, 3e6), (90, 2.0003e7), (90, 4e7)]:
    direct("equatorial", 0.0, 20.0, azi1, s12)
for lat1, azi1, s12 in [(0, 0, 1e7), (30, 180, 5e6), (-60, 0, 1.5e7), (45, 0, 2e7)]:
    direct("meridional", lat1, -75.0, azi1, s12)
direct("coincident", 12.5, 33.0, 45.0, 0.0)

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference.csv")
with open(path, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["type", "category", "lat1", "lon1", "azi1", "lat2", "lon2", "azi2", "s12", "a12"])
    for row in rows:
        w.writerow([c if isinstance(c, str) else repr(float(c)) for c in row])
print(f"wrote {len(rows)} cases to {path} ({os.path.getsize(path)} bytes)")
