#!/usr/bin/env python3
"""Generate a synthetic drive as NMEA 0183 (GGA+RMC), GPX 1.1 or gpsd JSON (TPV lines).

The vehicle follows a smooth random road: heading changes gently, speed follows a profile of
accelerations, cruising and stops (traffic lights, parking), positions carry receiver noise.
Deterministic for a given seed. Used for SampleTracks/ and for the 1 M-fix benchmark files.

    gendrive.py --fixes 1000000 --format nmea --out drive.nmea [--seed 7] [--rate 1]
"""
import argparse
import math
import random
import sys

A = 6378137.0
F = 1 / 298.257223563
E2 = F * (2 - F)


def radii(lat):
    s = math.sin(math.radians(lat))
    w = math.sqrt(1 - E2 * s * s)
    return A * (1 - E2) / w ** 3, A / w  # meridional, prime vertical


def nmea_checksum(body):
    c = 0
    for ch in body.encode("ascii"):
        c ^= ch
    return "%02X" % c


def ddmm(value, is_lat):
    hemi = ("N" if value >= 0 else "S") if is_lat else ("E" if value >= 0 else "W")
    v = abs(value)
    deg = int(v)
    minutes = (v - deg) * 60
    if round(minutes, 5) >= 60:
        deg += 1
        minutes = 0.0
    width = 2 if is_lat else 3
    return "%0*d%08.5f" % (width, deg, minutes), hemi


def simulate(n, rate, seed, lat0, lon0, start):
    rnd = random.Random(seed)
    dt = 1.0 / rate
    lat, lon = lat0, lon0
    heading = rnd.uniform(0, 360)
    speed = 0.0
    target = 13.9
    phase_left = 0.0
    stopped_left = rnd.uniform(5, 30)
    t = start
    drift_n = drift_e = 0.0
    for i in range(n):
        # Speed profile: stop, accelerate to a target, cruise, brake to a stop.
        if stopped_left > 0:
            stopped_left -= dt
            speed = 0.0
            if stopped_left <= 0:
                target = rnd.choice([8.3, 13.9, 13.9, 22.2, 27.8])
                phase_left = rnd.uniform(60, 600)
        else:
            phase_left -= dt
            if phase_left <= 0:
                speed = max(0.0, speed - 3.0 * dt)
                if speed == 0.0:
                    stopped_left = rnd.choice([20, 45, 90, 400]) if rnd.random() < 0.9 else 900
            else:
                speed = min(target, speed + 2.0 * dt)
            heading = (heading + rnd.gauss(0, 2.0) * dt * (speed / 14.0)) % 360
        m, nrad = radii(lat)
        d = speed * dt
        lat += math.degrees(d * math.cos(math.radians(heading)) / m)
        lon += math.degrees(d * math.sin(math.radians(heading)) / (nrad * math.cos(math.radians(lat))))
        # Receiver noise: slow correlated drift plus white noise (metres).
        drift_n = 0.99 * drift_n + rnd.gauss(0, 0.15)
        drift_e = 0.99 * drift_e + rnd.gauss(0, 0.15)
        hdop = round(rnd.uniform(0.7, 1.6), 1)
        noise_n = drift_n + rnd.gauss(0, 0.8 * hdop)
        noise_e = drift_e + rnd.gauss(0, 0.8 * hdop)
        mlat = lat + math.degrees(noise_n / m)
        mlon = lon + math.degrees(noise_e / (nrad * math.cos(math.radians(lat))))
        alt = 40.0 + 15 * math.sin(i / 900.0) + rnd.gauss(0, 1.5)
        sats = rnd.randint(7, 12)
        measured_speed = max(0.0, speed + rnd.gauss(0, 0.05)) if speed > 0 else abs(rnd.gauss(0, 0.05))
        yield t, mlat, mlon, alt, measured_speed, heading, hdop, sats
        t += dt


def utc(t):
    import datetime
    d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
    return d


def write_nmea(out, fixes):
    for t, lat, lon, alt, spd, hdg, hdop, sats in fixes:
        d = utc(t)
        hhmmss = d.strftime("%H%M%S") + ".%02d" % (d.microsecond // 10000)
        la, lah = ddmm(lat, True)
        lo, loh = ddmm(lon, False)
        gga = "GPGGA,%s,%s,%s,%s,%s,1,%02d,%.1f,%.1f,M,18.0,M,," % (hhmmss, la, lah, lo, loh, sats, hdop, alt)
        rmc = "GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,%s,,,A" % (
            hhmmss, la, lah, lo, loh, spd / 0.514444, hdg, d.strftime("%d%m%y"))
        out.write("$%s*%s\r\n$%s*%s\r\n" % (gga, nmea_checksum(gga), rmc, nmea_checksum(rmc)))


def write_gpx(out, fixes):
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<gpx version="1.1" creator="Logbook gendrive.py" xmlns="http://www.topografix.com/GPX/1/1">\n'
              '<trk><name>synthetic drive</name><trkseg>\n')
    for t, lat, lon, alt, spd, hdg, hdop, sats in fixes:
        d = utc(t)
        out.write('<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s.%03dZ</time><sat>%d</sat>'
                  '<hdop>%.1f</hdop></trkpt>\n' % (lat, lon, alt, d.strftime("%Y-%m-%dT%H:%M:%S"),
                                                   d.microsecond // 1000, sats, hdop))
    out.write('</trkseg></trk>\n</gpx>\n')


def write_json(out, fixes):
    for t, lat, lon, alt, spd, hdg, hdop, sats in fixes:
        d = utc(t)
        out.write('{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"%s.%03dZ","lat":%.9f,"lon":%.9f,'
                  '"altMSL":%.3f,"speed":%.3f,"track":%.4f,"eph":%.3f}\n' % (
                      d.strftime("%Y-%m-%dT%H:%M:%S"), d.microsecond // 1000, lat, lon, alt, spd, hdg,
                      hdop * 4.0))
        out.write('{"class":"SKY","device":"/dev/ttyACM0","time":"%s.%03dZ","hdop":%.2f,"uSat":%d}\n' % (
            d.strftime("%Y-%m-%dT%H:%M:%S"), d.microsecond // 1000, hdop, sats))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--fixes", type=int, default=3600)
    p.add_argument("--rate", type=float, default=1.0, help="fixes per second")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--format", choices=["nmea", "gpx", "json"], default="nmea")
    p.add_argument("--lat", type=float, default=59.437)
    p.add_argument("--lon", type=float, default=24.7536)
    p.add_argument("--start", type=float, default=1795852800.0, help="Unix time of the first fix (2026-11-28)")
    p.add_argument("--out", default="-")
    a = p.parse_args()
    out = sys.stdout if a.out == "-" else open(a.out, "w", newline="", buffering=1 << 20)
    fixes = simulate(a.fixes, a.rate, a.seed, a.lat, a.lon, a.start)
    {"nmea": write_nmea, "gpx": write_gpx, "json": write_json}[a.format](out, fixes)
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
