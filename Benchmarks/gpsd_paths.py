"""The two ways gpsd users meet Logbook, for the accuracy benchmark and the tests' fixture maker.

A drive's NMEA is fed to a real gpsd by gpsfake (loopback, a free port). While it plays,
`gpspipe -w` records what gpsd emits (the way gpsd users record drives) and `logbook daemon` stores
the trips it sees live. Both are then set against `logbook replay` of the NMEA they came from.

The NMEA gets a tail of standing epochs (`with_parked_tail`) so that the last trip is ended by the
engine in both paths: the daemon keeps an open trip open (it takes time from the fixes, never from
a clock) while replay ends it when the input ends.
"""
import datetime
import functools
import json
import os
import signal
import socket
import subprocess
import tempfile
import time

GPSFAKE = "/usr/bin/gpsfake"
GPSPIPE = "/usr/bin/gpspipe"


def available():
    return os.path.exists(GPSFAKE) and os.path.exists(GPSPIPE) and os.path.exists("/usr/sbin/gpsd")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def checksum(body):
    return "%02X" % functools.reduce(lambda a, c: a ^ ord(c), body, 0)


def with_parked_tail(src, dst, seconds=420):
    """Copies NMEA `src` to `dst` and appends `seconds` of 1 Hz epochs standing at the last position
    (the last GGA/GSA/RMC repeated with later times, RMC speed 0)."""
    lines = [l.rstrip("\r\n") for l in open(src, encoding="ascii", errors="replace") if l.startswith("$")]
    last = {}
    for l in lines:
        kind = l[3:6]
        if kind in ("GGA", "GSA", "RMC"):
            last[kind] = l[1:l.index("*")].split(",")
    rmc = last["RMC"]
    t0 = datetime.datetime.strptime(rmc[9] + rmc[1][:6], "%d%m%y%H%M%S").replace(tzinfo=datetime.timezone.utc)
    out = list(lines)
    for k in range(1, seconds + 1):
        t = t0 + datetime.timedelta(seconds=k)
        hhmmss = t.strftime("%H%M%S") + ".00"
        for kind in ("GGA", "GSA", "RMC"):
            if kind not in last:
                continue
            f = list(last[kind])
            if kind == "GGA":
                f[1] = hhmmss
            elif kind == "RMC":
                f[1] = hhmmss
                f[7] = "0.00"
                f[8] = ""
                f[9] = t.strftime("%d%m%y")
            body = ",".join(f)
            out.append("$%s*%s" % (body, checksum(body)))
    with open(dst, "w", encoding="ascii") as f:
        f.write("\r\n".join(out) + "\r\n")
    return dst


def last_nmea_time(path):
    """The time of the last RMC, as gpsd writes it in TPV reports (to the second)."""
    stamp = None
    for l in open(path, encoding="ascii", errors="replace"):
        if l[3:6] == "RMC":
            f = l.split(",")
            if f[1] and f[9]:
                stamp = f[9] + f[1][:6]
    t = datetime.datetime.strptime(stamp, "%d%m%y%H%M%S")
    return t.strftime("%Y-%m-%dT%H:%M:%S")


class Feed:
    """gpsfake playing `nmea` once into a gpsd on a free port, with `gpspipe -w` recording it and,
    when `logbook` is given, `logbook daemon` storing the trips in `database`."""

    def __init__(self, nmea, recording, cycle=0.002, logbook=None, database=None, vehicle="BENCH"):
        self.nmea, self.recording, self.logbook, self.database = nmea, recording, logbook, database
        self.port = free_port()
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/")}
        self.errors = tempfile.NamedTemporaryFile(prefix="gpsfake-", suffix=".log", delete=False)
        self.gpsfake = subprocess.Popen(
            ["/usr/bin/python3", GPSFAKE, "-n", "-q", "-1", "-W", "600", "-c", str(cycle), "-P", str(self.port),
             nmea], env=env, stdout=subprocess.DEVNULL, stderr=self.errors, start_new_session=True)
        deadline = time.time() + 20
        while not self._accepts():
            if time.time() > deadline or self.gpsfake.poll() is not None:
                self.stop()
                raise RuntimeError("gpsd did not listen on port %d: %s" % (self.port, self.diagnostics()))
            time.sleep(0.02)
        self.pipe = subprocess.Popen([GPSPIPE, "-w", "127.0.0.1:%d" % self.port], stdout=open(recording, "w"),
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        self.daemon = None
        if logbook:
            subprocess.run([logbook, "vehicles", "add", "--plate", vehicle, "--database", database],
                           capture_output=True)
            self.daemon_log = open(database + ".log", "w")
            self.daemon = subprocess.Popen(
                [logbook, "daemon", "--gpsd", "127.0.0.1:%d" % self.port, "--database", database,
                 "--vehicle", vehicle], stdout=self.daemon_log, stderr=subprocess.STDOUT, start_new_session=True)

    def _accepts(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def diagnostics(self):
        try:
            return open(self.errors.name).read()
        except OSError:
            return ""

    def wait(self, timeout):
        """Waits until the recording holds the NMEA's last epoch; returns whether it did."""
        end = last_nmea_time(self.nmea)
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                with open(self.recording, "rb") as f:
                    f.seek(max(0, os.path.getsize(self.recording) - 4096))
                    if end.encode() in f.read():
                        time.sleep(1.5)  # the daemon's quiet-period flush and its commit
                        return True
            except OSError:
                pass
            time.sleep(0.2)
        return False

    def stop(self):
        for p in (getattr(self, "daemon", None),):
            if p and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(15)
                except subprocess.TimeoutExpired:
                    p.kill()
        for p in (getattr(self, "pipe", None), self.gpsfake):
            if p and p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()


def replay(logbook, path):
    out = subprocess.run([logbook, "replay", "--format", "json", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("replay %s failed: %s" % (path, out.stderr.strip()))
    return json.loads(out.stdout)


def stored(logbook, database):
    out = subprocess.run([logbook, "trips", "list", "--format", "json", "--database", database],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("trips list failed: %s" % out.stderr.strip())
    trips = json.loads(out.stdout)["trips"]
    return {"distance_m": sum(t["distance_m"] for t in trips), "trips": trips}


def ts(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def agreement(reference, other):
    """(same count, worst boundary difference in s, total distance difference in %) of `other`
    against `reference` (both replay-style results)."""
    a, b = reference["trips"], other["trips"]
    worst = 0.0
    for x, y in zip(a, b):
        worst = max(worst, abs(ts(x["start"]) - ts(y["start"])), abs(ts(x["end"]) - ts(y["end"])))
    ref = reference["distance_m"]
    diff = 100 * (other["distance_m"] - ref) / ref if ref else (0.0 if not other["distance_m"] else float("inf"))
    return len(a) == len(b), worst, diff
