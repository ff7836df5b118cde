#!/usr/bin/env python3
"""Daemon benchmark: CPU at a live 10 Hz feed and memory over a simulated 24-hour feed.

Both runs put a real gpsd (gpsfake on loopback) in front of `logbook daemon` (release build) and
read the daemon's CPU time and resident memory from /proc; gpsd's own CPU is printed beside it as
the peer in the same run.
  cpu     a 10 Hz NMEA drive fed in real time (gpsfake -c 0.05: RMC+GGA per epoch) for --seconds;
          target: the daemon under 1 % of one core.
  memory  24 hours of 10 Hz fixes (864,000 epochs) fed as fast as gpsfake goes; the daemon's
          peak RSS sampled every 0.5 s; target: under 32 MB.

    python3 Benchmarks/run_daemon.py [--seconds 60] [--hours 24] [--skip-memory]
"""
import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TICK = os.sysconf("SC_CLK_TCK")
sys.path.insert(0, HERE)
from gpsd_paths import free_port  # noqa: E402


# The malloc settings of packaging/logbook.service.
MALLOC = {"MALLOC_ARENA_MAX": "1", "MALLOC_MMAP_THRESHOLD_": "131072", "MALLOC_TRIM_THRESHOLD_": "131072"}


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def rss_mb(pid, field="VmRSS:"):
    """Resident memory in MB: VmRSS (all resident pages, most of them the shared, read-only pages of
    the Swift runtime, Foundation, ICU and SQLite libraries) or RssAnon (the process's own memory)."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    return 0.0


def gpsd_pid(port):
    out = subprocess.run(["pgrep", "-f", "gpsd.*%d" % port], capture_output=True, text=True).stdout.split()
    return int(out[0]) if out else None


def start_gpsfake(log, port, cycle):
    env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
    proc = subprocess.Popen(["/usr/bin/python3", "/usr/bin/gpsfake", "-n", "-q", "-1", "-W", "5", "-c", str(cycle),
                             "-P", str(port), log], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return proc
        except OSError:
            time.sleep(0.05)
    sys.exit("gpsd did not come up")


def run(log, cycle, duration, sample):
    port = free_port()
    tmp = tempfile.mkdtemp()
    # The daemon records trips for the log's vehicle; a log without one is refused (exit 64).
    subprocess.run([os.path.join(ROOT, ".build-static", "release", "logbook"), "vehicles", "add", "--plate", "BENCH-1",
                    "--database", os.path.join(tmp, "log.sqlite")], stdout=subprocess.DEVNULL, check=True)
    fake = start_gpsfake(log, port, cycle)
    daemon = subprocess.Popen([os.path.join(ROOT, ".build-static", "release", "logbook"), "daemon", "--gpsd",
                               "127.0.0.1:%d" % port, "--database", os.path.join(tmp, "log.sqlite"), "--log-level",
                               "warning"], stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "daemon.log"), "w"),
                              env=dict(os.environ, **MALLOC))
    time.sleep(0.5)
    gpsd = gpsd_pid(port)
    d0, g0, t0 = cpu_seconds(daemon.pid), cpu_seconds(gpsd) if gpsd else 0, time.time()
    peak = 0.0
    anon = []
    while time.time() - t0 < duration and fake.poll() is None:
        peak = max(peak, rss_mb(daemon.pid))
        anon.append(rss_mb(daemon.pid, "RssAnon:"))
        time.sleep(sample)
    if daemon.poll() is not None:
        sys.exit("the daemon ended (status %s):\n%s" % (daemon.returncode, open(os.path.join(tmp, "daemon.log")).read()))
    d1, t1 = cpu_seconds(daemon.pid), time.time()
    try:
        g1 = cpu_seconds(gpsd) if gpsd else g0
    except (FileNotFoundError, ProcessLookupError):
        g1 = g0  # gpsd ended with the feed
    peak = max(peak, rss_mb(daemon.pid))
    daemon.send_signal(signal.SIGTERM)
    daemon.wait(30)
    try:
        os.killpg(fake.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    trips = subprocess.run([os.path.join(ROOT, ".build-static", "release", "logbook"), "trips", "list", "--format", "csv",
                            "--database", os.path.join(tmp, "log.sqlite")], capture_output=True, text=True).stdout
    anon = anon or [0.0]
    return (d1 - d0), (g1 - g0), (t1 - t0), peak, max(0, len(trips.strip().splitlines()) - 1), anon


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--hours", type=float, default=24)
    p.add_argument("--skip-memory", action="store_true")
    a = p.parse_args()
    # The binaries as packaging/install.sh deploys them: release, Swift runtime linked statically, lld
    # with packed relative relocations; `logbook daemon` execs logbook-daemon beside it.
    for product in ("logbook", "logbook-daemon"):
        subprocess.run(["swift", "build", "-c", "release", "-q", "--product", product, "--static-swift-stdlib",
                        "--scratch-path", os.path.join(ROOT, ".build-static"), "-Xswiftc", "-use-ld=lld",
                        "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], cwd=ROOT, check=True)
    data = os.path.join(HERE, "data")
    os.makedirs(data, exist_ok=True)
    live = os.path.join(data, "drive-10hz-%ds.nmea" % a.seconds)
    if not os.path.exists(live):
        subprocess.run([sys.executable, os.path.join(HERE, "scripts", "gendrive.py"), "--rate", "10", "--fixes",
                        str(int(a.seconds * 10 + 100)), "--seed", "3", "--out", live], check=True)
    d, g, wall, peak, _, anon = run(live, 0.05, a.seconds, 1.0)
    print("cpu:    10 Hz for %.0f s: daemon %.2f s CPU = %.2f %% of a core (gpsd %.2f %%), peak RSS %.1f MB"
          " (own memory %.1f MB)" % (wall, d, 100 * d / wall, 100 * g / wall, peak, max(anon)))
    if a.skip_memory:
        return
    day = os.path.join(data, "drive-10hz-%gh.nmea" % a.hours)
    if not os.path.exists(day):
        subprocess.run([sys.executable, os.path.join(HERE, "scripts", "gendrive.py"), "--rate", "10", "--fixes",
                        str(int(a.hours * 36000)), "--seed", "4", "--out", day], check=True)
    d, g, wall, peak, trips, anon = run(day, 0.0, 3600, 0.5)
    quarter = max(1, len(anon) // 4)
    print("memory: %g h of 10 Hz fixes fed in %.0f s: daemon peak RSS %.1f MB; own memory first quarter %.1f MB,"
          " last quarter %.1f MB, peak %.1f MB; %d trips stored; daemon %.1f s CPU"
          % (a.hours, wall, peak, max(anon[:quarter]), max(anon[-quarter:]), max(anon), trips, d))


if __name__ == "__main__":
    main()
