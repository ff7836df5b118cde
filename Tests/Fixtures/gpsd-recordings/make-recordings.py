#!/usr/bin/env python3
"""Makes the gpsd recordings the replay tests read (run from the package root; needs gpsd, gpsfake and
gpspipe — Debian's gpsd 3.22 and gpsd-clients).

For each drive in Tests/Fixtures/groundtruth it writes, gzip-compressed:
  DRIVE.fed.nmea.gz          the drive's NMEA with 420 s standing at the end (so a live daemon ends the
                             last trip as replay does), as fed to gpsd;
  DRIVE.gpspipe.jsonl.gz     what `gpspipe -w` recorded while gpsfake played it into a real gpsd.
And, derived from those recordings:
  multi-report.gpspipe.jsonl.gz  shortstops-1hz as gpsd reports an NMEA receiver when it does not know
                             the cycle's last sentence: per epoch a TPV after GGA (gpsd's speed from the
                             last two positions, no track, no climb), a SKY (HDOP and satellites from
                             the GGA, no time), then the TPV after RMC (the receiver's speed and track);
  two-devices.gpspipe.jsonl.gz   delivery-0.2hz on /dev/ttyACM0 and shortstops-1hz (shifted to the same
                             day) on /dev/ttyUSB1, interleaved by time as one gpsd serving two receivers.

    python3 Tests/Fixtures/gpsd-recordings/make-recordings.py
"""
import gzip
import json
import math
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import gpsd_paths  # noqa: E402

DRIVES = ["shortstops-1hz", "delivery-0.2hz"]


def record(drive, work):
    src = os.path.join(work, drive + ".nmea")
    with gzip.open(os.path.join(ROOT, "Tests/Fixtures/groundtruth", drive, "track.nmea.gz"), "rb") as f:
        open(src, "wb").write(f.read())
    fed = gpsd_paths.with_parked_tail(src, os.path.join(work, drive + ".fed.nmea"))
    recording = os.path.join(work, drive + ".gpspipe.jsonl")
    feed = gpsd_paths.Feed(fed, recording, cycle=0.002)
    try:
        if not feed.wait(timeout=300):
            sys.exit("gpsd did not play %s to its end: %s" % (drive, feed.diagnostics()))
    finally:
        feed.stop()
    for path in (fed, recording):
        with open(path, "rb") as f, gzip.open(os.path.join(HERE, os.path.basename(path) + ".gz"), "wb", 9) as g:
            g.write(f.read())
    return fed, recording


def ggas(fed):
    """HDOP and satellites of each GGA, by hhmmss."""
    out = {}
    for line in open(fed, encoding="ascii"):
        f = line.split(",")
        if f[0].endswith("GGA") and f[1]:
            out[f[1][:6]] = (float(f[8]) if f[8] else None, int(f[7]) if f[7] else None)
    return out


def multi_report(fed, recording):
    dops = ggas(fed)
    lines, previous = [], None
    for line in open(recording):
        o = json.loads(line)
        if o.get("class") != "TPV" or "time" not in o:
            lines.append(line.rstrip("\n"))
            continue
        if "lat" in o and previous and "lat" in previous:
            dt = (gpsd_paths.ts(o["time"]) - gpsd_paths.ts(previous["time"]))
            dy = math.radians(o["lat"] - previous["lat"]) * 6371008.8
            dx = math.radians(o["lon"] - previous["lon"]) * 6371008.8 * math.cos(math.radians(o["lat"]))
            gga = {k: v for k, v in o.items() if k not in ("track", "magtrack", "speed", "climb", "epc", "eps")}
            if dt > 0:
                gga["speed"] = round(math.hypot(dx, dy) / dt, 3)
            lines.append(json.dumps(gga, separators=(",", ":")))
        hdop, used = dops.get(o["time"][11:19].replace(":", ""), (None, None))
        sky = {"class": "SKY", "device": o.get("device")}
        if hdop is not None:
            sky["hdop"] = hdop
        if used is not None:
            sky["uSat"] = used
        lines.append(json.dumps(sky, separators=(",", ":")))
        lines.append(line.rstrip("\n"))
        previous = o
    with gzip.open(os.path.join(HERE, "multi-report.gpspipe.jsonl.gz"), "wt", 9) as g:
        g.write("\n".join(lines) + "\n")


def two_devices(first, second):
    """Interleaves two recordings by time: `first` on /dev/ttyACM0, `second` on /dev/ttyUSB1 with its
    times moved to the day of `first` (its own time of day kept)."""
    def reports(path, device, shift):
        out = []
        for line in open(path):
            o = json.loads(line)
            if o.get("class") not in ("TPV", "SKY") or "time" not in o:
                continue
            o["device"] = device
            t = gpsd_paths.ts(o["time"]) + shift
            o["time"] = __import__("datetime").datetime.fromtimestamp(t, __import__("datetime").timezone.utc) \
                .strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
            out.append((t, json.dumps(o, separators=(",", ":"))))
        return out
    a = reports(first, "/dev/ttyACM0", 0)
    b_raw = reports(second, "/dev/ttyUSB1", 0)
    shift = a[0][0] - b_raw[0][0]
    b = reports(second, "/dev/ttyUSB1", shift)
    header = [json.dumps({"class": "DEVICES", "devices": [
        {"class": "DEVICE", "path": "/dev/ttyACM0", "driver": "NMEA0183"},
        {"class": "DEVICE", "path": "/dev/ttyUSB1", "driver": "NMEA0183"}]}, separators=(",", ":"))]
    merged = [line for _, line in sorted(a + b, key=lambda x: x[0])]
    with gzip.open(os.path.join(HERE, "two-devices.gpspipe.jsonl.gz"), "wt", 9) as g:
        g.write("\n".join(header + merged) + "\n")


def main():
    work = tempfile.mkdtemp(prefix="logbook-recordings-")
    try:
        made = {d: record(d, work) for d in DRIVES}
        multi_report(*made["shortstops-1hz"])
        two_devices(made["delivery-0.2hz"][1], made["shortstops-1hz"][1])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name in sorted(os.listdir(HERE)):
        print("%8d  %s" % (os.path.getsize(os.path.join(HERE, name)), name))


if __name__ == "__main__":
    main()
