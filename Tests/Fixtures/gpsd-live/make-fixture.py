#!/usr/bin/python3
"""Builds drive.nmea, the small recorded drive that the GPSDClient tests replay through gpsfake.

    Tests/Fixtures/gpsd-live/make-fixture.py ../shared/data/groundtruth/shortstops-1hz/track.nmea

Takes GGA+RMC of epochs FIRST..FIRST+COUNT-1 of the source (1 Hz, dated 2026-04-17; GSA dropped) and
puts LEAD_IN no-fix epochs (RMC status V, GGA quality 0, same date) in front, one second apart, so a
client that connects while gpsd opens the fake device still sees every positioned epoch.
"""
import sys

FIRST, COUNT, LEAD_IN = 95, 120, 20


def checksum(body):
    c = 0
    for ch in body.encode("ascii"):
        c ^= ch
    return "%02X" % c


def sentence(body):
    return "$%s*%s" % (body, checksum(body))


def main(path):
    epochs = []  # (time, date, [sentences])
    current = None
    for line in open(path, encoding="ascii"):
        line = line.strip()
        fields = line.split("*")[0].split(",")
        kind = fields[0][3:]
        if kind not in ("GGA", "RMC"):
            continue
        if current is None or current[0] != fields[1]:
            current = [fields[1], None, []]
            epochs.append(current)
        if kind == "RMC":
            current[1] = fields[9]
        current[2].append(line)
    chosen = epochs[FIRST:FIRST + COUNT]
    first = chosen[0][0]
    date = chosen[0][1]
    seconds = int(first[0:2]) * 3600 + int(first[2:4]) * 60 + int(first[4:6])
    assert seconds >= LEAD_IN and all(e[1] == date for e in chosen)
    out = []
    for k in range(LEAD_IN, 0, -1):
        s = seconds - k
        hms = "%02d%02d%02d.00" % (s // 3600, s // 60 % 60, s % 60)
        out.append(sentence("GPGGA,%s,,,,,0,00,99.99,,,,,," % hms))
        out.append(sentence("GPRMC,%s,V,,,,,,,%s,,,N" % (hms, date)))
    for e in chosen:
        out.extend(e[2])
    sys.stdout.write("\r\n".join(out) + "\r\n")


if __name__ == "__main__":
    main(sys.argv[1])
