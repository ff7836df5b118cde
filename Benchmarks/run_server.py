#!/usr/bin/env python3
"""Server benchmark: `logbook serve` over a log of 10,000 trips, with peers in the same run.

Builds nothing: give the release binary (`swift build -c release --product logbook`). On a temporary log
it makes the trips the way a user's log gets them, through the app: one generated NMEA file of 10,000
short drives (a fix a second, 60 s of driving, then the receiver off for ten minutes) imported with
`logbook import`, a vehicle, a driver with a token. Then, with `logbook serve` on a loopback port:

  latency  GET /api/v1/trips?limit=100 and ?period=all&limit=1000, sequential requests over one
           keep-alive connection (http.client): median and p99; target median < 50 ms for limit=100.
  load     wrk -t2 -c200 -d30s with the token on /api/v1/trips?limit=100: requests/s; non-2xx/3xx
           answers and socket errors (wrk's timeout is 2 s) must be 0. The same with 10 connections
           shows the throughput without the queue that 200 connections build.
  peers    the same wrk load on the server's /healthz (a trivial route: what the HTTP stack gives)
           and on Python's http.server (threaded, HTTP/1.1) serving a static file with the same bytes
           as the limit=100 answer. The ratios are Logbook's trips req/s over each peer's.

wrk and the server share the machine (2 cores here): wrk's two threads take CPU from the server.

PostgreSQL (issue 30): `--database postgresql://USER@HOST:PORT/DB?sslmode=disable --password-file FILE` runs on a fresh
database made on that cluster for the run (the address's role needs CREATEDB; `scripts/test-postgres start` makes such
a cluster) and dropped at the end, instead of a temporary SQLite file.

    python3 Benchmarks/run_server.py .build/release/logbook [--trips 10000] [--runs 3] [--seconds 30]
        [--database URL --password-file FILE] [--json FILE]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WRK = shutil.which("wrk") or "/usr/bin/wrk"
sys.path.insert(0, HERE)
import pgdb  # noqa: E402


def nmea_sentence(body):
    checksum = 0
    for ch in body.encode():
        checksum ^= ch
    return "$%s*%02X\r\n" % (body, checksum)


def coordinate(value, degree_digits, hemispheres):
    hemisphere = hemispheres[0] if value >= 0 else hemispheres[1]
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    return "%0*d%07.4f" % (degree_digits, degrees, minutes), hemisphere


def write_drives(path, trips, start=1_704_067_200):
    """`trips` drives, one every 11 minutes from 2024-01-01 UTC: 60 fixes at 15 m/s with a little wander, eastwards
    and back westwards in turn (each drive starts where the one before ended: the car stood, with the receiver off),
    then ten minutes without fixes (the engine ends a trip after a 5-minute gap)."""
    lat, lon0 = 59.40, 24.70
    metres_per_degree_lon = 111_320 * 0.5075  # cos(59.5°)
    with open(path, "w") as out:
        t = start
        lon = lon0
        for trip in range(trips):
            east = trip % 2 == 0
            for second in range(60):
                lon += (15 if east else -15) / metres_per_degree_lon
                wander = 0.00002 * ((second % 7) - 3)
                stamp = time.gmtime(t + second)
                hms = time.strftime("%H%M%S", stamp) + ".00"
                dmy = time.strftime("%d%m%y", stamp)
                la, ns = coordinate(lat + wander, 2, "NS")
                lo, ew = coordinate(lon, 3, "EW")
                out.write(nmea_sentence("GPRMC,%s,A,%s,%s,%s,%s,29.16,%s,%s,,,A" % (
                    hms, la, ns, lo, ew, "90.0" if east else "270.0", dmy)))
                out.write(nmea_sentence("GPGGA,%s,%s,%s,%s,%s,1,09,0.9,35.0,M,18.0,M,," % (hms, la, ns, lo, ew)))
            t += 660


def run(cmd, env, timeout=600):
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (result.returncode, " ".join(cmd), result.stderr))
    return result.stdout


class Server:
    def __init__(self, logbook, env, workdir):
        self.log_path = os.path.join(workdir, "serve.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [logbook, "serve", "--listen", "127.0.0.1:0"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with open(self.log_path) as f:
                match = re.search(r"Serving http\.address=127\.0\.0\.1:(\d+)", f.read())
            if match:
                self.port = int(match.group(1))
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        sys.exit("logbook serve did not start:\n" + open(self.log_path).read())

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def get(connection, path, headers):
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit("GET %s: HTTP %d %r" % (path, response.status, body[:200]))
    return body


def latency(port, path, token, requests):
    """Median and p99 (ms) of sequential GETs over one keep-alive connection, after a few warm-ups."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": "Bearer " + token}
    for _ in range(5):
        get(connection, path, headers)
    times = []
    for _ in range(requests):
        t0 = time.perf_counter()
        body = get(connection, path, headers)
        times.append((time.perf_counter() - t0) * 1000)
    connection.close()
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))], len(body)


def drain(port):
    """Waits until the server answers /healthz within 20 ms again: requests a wrk run left queued are done."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        t0 = time.perf_counter()
        try:
            get(connection, "/healthz", {})
        except OSError:
            pass
        finally:
            connection.close()
        if time.perf_counter() - t0 < 0.02:
            return
        time.sleep(0.5)


def wrk(url, seconds, connections, token=None):
    """wrk's requests/s, non-2xx/3xx answers, socket errors and requests."""
    cmd = [WRK, "-t2", "-c%d" % connections, "-d%ds" % seconds, "--latency"]
    if token:
        cmd += ["-H", "Authorization: Bearer " + token]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=seconds + 60).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    percentiles = {}
    for percentile in ("50", "99"):
        match = re.search(r"^\s+" + percentile + r"%\s+([\d.]+)(us|ms|s)\s*$", out, re.MULTILINE)
        percentiles[percentile] = (
            float(match.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[match.group(2)] if match else None)
    return {
        "rate": rate, "requests": total, "non2xx": int(bad.group(1)) if bad else 0,
        "socket": sum(int(x) for x in sockets.groups()) if sockets else 0, "p50": percentiles["50"],
        "p99": percentiles["99"], "raw": out,
    }


class StaticPeer:
    """Python's threaded http.server on HTTP/1.1 (keep-alive, as wrk expects) serving one directory, in a
    process of its own, like the server."""

    def __init__(self, directory):
        self.process = subprocess.Popen(
            [sys.executable, "-c", PEER_SCRIPT, directory], stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


PEER_SCRIPT = r"""
import functools, http.server, sys
class H(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer.request_queue_size = 512
http.server.ThreadingHTTPServer.daemon_threads = True
http.server.ThreadingHTTPServer.handle_error = lambda self, request, address: None  # wrk's resets at the end
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(H, directory=sys.argv[1]))
print(s.server_address[1], flush=True)
s.serve_forever()
"""


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("logbook", help="the release logbook binary")
    p.add_argument("--trips", type=int, default=10_000)
    p.add_argument("--runs", type=int, default=3, help="runs of each measurement; the median is reported")
    p.add_argument("--requests", type=int, default=200, help="sequential requests per latency run")
    p.add_argument("--seconds", type=int, default=30, help="wrk duration")
    p.add_argument("--connections", type=int, default=200, help="wrk connections")
    p.add_argument("--keep", action="store_true", help="keep the temporary log (and the PostgreSQL database)")
    p.add_argument("--database", metavar="URL",
                   help="a PostgreSQL cluster (postgresql://USER@HOST:PORT/DB?sslmode=…): the run makes a fresh "
                        "database on it and drops it at the end; default a temporary SQLite file")
    p.add_argument("--password-file", help="the password of --database's role (owner-only file)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    a = p.parse_args()
    logbook = os.path.abspath(a.logbook)
    if not os.access(logbook, os.X_OK):
        sys.exit("no logbook binary at %s" % logbook)
    if not os.access(WRK, os.X_OK):
        sys.exit("wrk is not installed (apt-get install wrk)")

    work = tempfile.mkdtemp(prefix="logbook-server-bench-")
    config = os.path.join(work, "logbook.toml")
    cluster = database = None
    if a.database:
        cluster = pgdb.Cluster(a.database, a.password_file)
        database = cluster.create("logbook_bench_server")
        url = cluster.url_for(database)
        pgdb.logbook_config(config, url, cluster.password_file)
        env = dict(os.environ, LOGBOOK_DATABASE=url, LOGBOOK_CONFIG=config, TZ="UTC")
        print("log: PostgreSQL database", database, flush=True)
    else:
        open(config, "w").close()
        env = dict(os.environ, LOGBOOK_DATABASE=os.path.join(work, "log.sqlite"), LOGBOOK_CONFIG=config, TZ="UTC")
    server = peer = None
    try:
        t0 = time.perf_counter()
        nmea = os.path.join(work, "drives.nmea")
        write_drives(nmea, a.trips)
        generated = time.perf_counter() - t0
        run([logbook, "vehicles", "add", "--plate", "BENCH1"], env)
        t0 = time.perf_counter()
        out = run([logbook, "import", "--vehicle", "BENCH1", nmea], env, timeout=3600)
        imported = time.perf_counter() - t0
        stored = int(re.search(r"(\d+) trips? added", out).group(1))
        print("log: %d trips imported from one %.0f MB NMEA file in %.1f s (generated in %.1f s)"
              % (stored, os.path.getsize(nmea) / 1e6, imported, generated), flush=True)
        if stored != a.trips:
            sys.exit("the import stored %d trips, not %d:\n%s" % (stored, a.trips, out))
        os.remove(nmea)
        password = os.path.join(work, "pw")
        with open(password, "w") as f:
            f.write("bench-password-1\n")
        run([logbook, "users", "add", "bench", "--role", "driver", "--vehicle", "BENCH1", "--password-file",
             password], env)
        token = run([logbook, "users", "token", "bench"], env).strip()

        server = Server(logbook, env, work)
        base = "http://127.0.0.1:%d" % server.port
        trips_path = "/api/v1/trips?limit=100"
        all_path = "/api/v1/trips?period=all&limit=1000"
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        body = get(connection, trips_path, {"Authorization": "Bearer " + token})
        connection.close()
        total = int(re.search(rb'"total":(\d+)', body).group(1))
        if total != a.trips:
            sys.exit("the API lists %d trips, not %d" % (total, a.trips))
        static = os.path.join(work, "static")
        os.mkdir(static)
        with open(os.path.join(static, "trips.json"), "wb") as f:
            f.write(body)
        peer = StaticPeer(static)

        results = {}
        for run_index in range(a.runs):
            for name, path in (("limit=100", trips_path), ("period=all&limit=1000", all_path)):
                median, p99, size = latency(server.port, path, token, a.requests)
                results.setdefault(("latency", name), []).append((median, p99, size))
            for name, url, auth, connections in (
                ("trips", base + trips_path, token, a.connections),
                ("trips, 10 connections", base + trips_path, token, 10),
                ("healthz", base + "/healthz", None, a.connections),
                ("python static", "http://127.0.0.1:%d/trips.json" % peer.port, None, a.connections),
            ):
                drain(server.port)
                r = wrk(url, a.seconds, connections, auth)
                results.setdefault(("wrk", name), []).append(r)
            print("run %d of %d done" % (run_index + 1, a.runs), flush=True)

        print()
        print("latency (sequential, one keep-alive connection, %d requests a run; median of %d runs)"
              % (a.requests, a.runs))
        print("%-32s %10s %10s %10s" % ("GET", "median ms", "p99 ms", "bytes"))
        for name in ("limit=100", "period=all&limit=1000"):
            rows = results[("latency", name)]
            print("%-32s %10.2f %10.2f %10d" % (
                "/api/v1/trips?" + name, statistics.median(r[0] for r in rows),
                statistics.median(r[1] for r in rows), rows[0][2]))
        print()
        print("wrk -t2 -c%d -d%ds (median of %d runs; errors summed over the runs)" % (
            a.connections, a.seconds, a.runs))
        print("%-32s %10s %10s %10s %10s" % ("target", "req/s", "p99 ms", "non-2xx", "socket err"))
        rates = {}
        for name in ("trips", "trips, 10 connections", "healthz", "python static"):
            rows = results[("wrk", name)]
            rates[name] = statistics.median(r["rate"] for r in rows)
            p99s = [r["p99"] for r in rows if r["p99"] is not None]
            print("%-32s %10.0f %10.1f %10d %10d" % (
                name, rates[name], statistics.median(p99s) if p99s else float("nan"),
                sum(r["non2xx"] for r in rows), sum(r["socket"] for r in rows)))
        print()
        print("ratio trips / healthz:       %.2f" % (rates["trips"] / rates["healthz"]))
        print("ratio trips / python static: %.2f" % (rates["trips"] / rates["python static"]))
        if a.json:
            with open(a.json, "w") as out:
                json.dump({
                    "database": "postgresql" if cluster else "sqlite", "trips": a.trips, "import_s": imported,
                    "runs": a.runs, "seconds": a.seconds, "connections": a.connections,
                    "latency": {name: {"median_ms": statistics.median(r[0] for r in results[("latency", name)]),
                                       "p99_ms": statistics.median(r[1] for r in results[("latency", name)]),
                                       "bytes": results[("latency", name)][0][2]}
                                for name in ("limit=100", "period=all&limit=1000")},
                    "wrk": {name: {"rps": rates[name],
                                   "p50_ms": statistics.median(r["p50"] for r in results[("wrk", name)]),
                                   "p99_ms": statistics.median(r["p99"] for r in results[("wrk", name)]),
                                   "non2xx": sum(r["non2xx"] for r in results[("wrk", name)]),
                                   "socket": sum(r["socket"] for r in results[("wrk", name)])}
                            for name in rates},
                }, out, indent=1)
        failures = []
        if statistics.median(r[0] for r in results[("latency", "limit=100")]) >= 50:
            failures.append("median latency of limit=100 is not under 50 ms")
        for name in ("trips", "healthz"):
            rows = results[("wrk", name)]
            if any(r["non2xx"] or r["socket"] for r in rows):
                failures.append("wrk on %s saw errors:\n%s" % (name, next(
                    r["raw"] for r in rows if r["non2xx"] or r["socket"])))
        if failures:
            sys.exit("FAIL: " + "\n".join(failures))
    finally:
        if peer:
            peer.stop()
        if server:
            server.stop()
        if a.keep:
            print("log kept in", work, "(PostgreSQL database %s)" % database if database else "")
        else:
            shutil.rmtree(work, ignore_errors=True)
            if cluster and database:
                cluster.drop(database)


if __name__ == "__main__":
    main()
