#!/usr/bin/env python3
"""PostgreSQL and several servers (issue 30): SQLite and PostgreSQL in one run, two servers on one database, and
pgbench on the same cluster as the peer.

Builds nothing: give the release binary (`swift build -c release --product logbook`). The cluster is `--database URL
--password-file FILE` (a role that may create databases), else the test cluster of `.build/test-postgres.env` when it
answers, else one started with `scripts/test-postgres start` for the run (and stopped after it). Every configuration
gets a fresh database (or a temporary SQLite file), dropped at its end. In order:

  ingest    run_ingest.py (devices posting positions to `logbook serve` with wrk: /healthz, single positions,
            batches of 100) on SQLite, on PostgreSQL, and on PostgreSQL with two servers (device i to server i mod 2,
            wrk against each at once, half the connections each). Every acknowledged position must be stored, once
            (the log holds at most the requests in flight at wrk's stop more; `device_position_once` makes a
            position of a device at one time one row).
  trips     the same positions of `--check-devices` devices (each its own vehicle; drives of 3 minutes 20 minutes
            apart, then standing for 8 minutes an hour later), posted as Overland batches, each device's in order: to
            one server on SQLite, to one on PostgreSQL, and on PostgreSQL to two servers in turn (a device's batches
            alternate between them, so the server without the device's engine lease stores them and the one with it
            makes the trips from the store). The three logs' trips (`logbook trips list --format json`) must be the same.
  listing   run_server.py (10,000 trips imported, then sequential latency and wrk on /api/v1/trips) on SQLite and on
            PostgreSQL.
  pgbench   `pgbench -i -s SCALE` on a database of its own on the same cluster, then `pgbench -c 8 -j 2 -T SECONDS`
            TPC-B-like and `-S` select-only, and both again with one client (`-c 1`: one connection's statements one
            after the other, as the log's one writer at a time sends them); latencies from its per-transaction log.

Then a table (requests/s, positions/s, p50/p99 latency, errors, write transactions/s for each configuration) and the
ratios: PostgreSQL over SQLite, two servers over one, our write transactions/s over pgbench's TPC-B transactions/s.
wrk, the servers, PostgreSQL and pgbench share the machine (2 cores here). About 10 minutes with the defaults.

    python3 Benchmarks/run_postgres.py .build/release/logbook [--database URL --password-file FILE]
        [--devices 1000] [--seconds 10] [--listing-seconds 10] [--listing-runs 1] [--pgbench-seconds 20] [--out DIR]
"""
import argparse
import concurrent.futures
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import pgdb  # noqa: E402
import run_ingest  # noqa: E402


def log(message):
    print(time.strftime("%H:%M:%S ") + message, flush=True)


# MARK: The cluster

def test_cluster():
    """The test cluster's address and password file from .build/test-postgres.env, or None."""
    path = os.path.join(ROOT, ".build", "test-postgres.env")
    if not os.path.exists(path):
        return None
    values = dict(line.strip().split("=", 1) for line in open(path) if "=" in line)
    return values.get("LOGBOOK_TEST_POSTGRES_URL"), values.get("LOGBOOK_TEST_POSTGRES_PASSWORD_FILE")


def answers(url, password_file):
    try:
        cluster = pgdb.Cluster(url, password_file)
        return subprocess.run(
            [pgdb.tool("psql"), *cluster.connection_arguments(), "-X", "-A", "-t", "-c", "SELECT 1"],
            env=cluster.env(), capture_output=True, timeout=20).returncode == 0
    except (OSError, SystemExit, subprocess.TimeoutExpired):
        return False


def cluster_for(args):
    """(Cluster, started): the given cluster, the test cluster when it answers, else one started now."""
    if args.database:
        return pgdb.Cluster(args.database, args.password_file), False
    found = test_cluster()
    if found and all(found) and answers(*found):
        return pgdb.Cluster(*found), False
    subprocess.run(["bash", os.path.join(ROOT, "scripts", "test-postgres"), "start"], check=True)
    found = test_cluster()
    if not found or not all(found):
        sys.exit("scripts/test-postgres start wrote no .build/test-postgres.env")
    return pgdb.Cluster(*found), True


# MARK: The steps

def run_json(command, path, timeout):
    """Runs a benchmark script that writes its figures to `path`; its own output goes to `path`.txt. A run whose
    targets are not met still has figures (exit 1 after writing them); a run without figures stops this one."""
    with open(path + ".txt", "w") as out:
        result = subprocess.run(command + ["--json", path], stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
    text = open(path + ".txt").read()
    if not os.path.exists(path):
        sys.exit(f"{' '.join(command)} exited {result.returncode} without figures:\n{text}")
    return json.load(open(path)), text


def ingest(args, cluster, name, servers, out):
    command = [sys.executable, os.path.join(HERE, "run_ingest.py"), args.logbook, "--devices", str(args.devices),
               "--vehicles", str(args.vehicles), "--seconds", str(args.seconds), "--connections",
               str(args.connections), "--servers", str(servers)]
    if cluster:
        command += ["--database", cluster.url, "--password-file", cluster.password_file]
    log(f"ingest: {name}")
    figures, text = run_json(command, os.path.join(out, f"ingest-{name}.json"),
                             timeout=args.devices * 3 + args.seconds * 6 + 600)
    for line in text.splitlines():
        if line.startswith(("single:", "batch:", "targets:", "server RSS:")):
            log("  " + line)
    return figures


def listing(args, cluster, name, out):
    command = [sys.executable, os.path.join(HERE, "run_server.py"), args.logbook, "--trips", str(args.trips),
               "--runs", str(args.listing_runs), "--seconds", str(args.listing_seconds), "--requests",
               str(args.requests)]
    if cluster:
        command += ["--database", cluster.url, "--password-file", cluster.password_file]
    log(f"listing: {name}")
    figures, text = run_json(command, os.path.join(out, f"listing-{name}.json"), timeout=3600)
    for line in text.splitlines():
        if line.startswith(("log:", "FAIL")):
            log("  " + line)
    return figures


def pgbench(args, cluster, out):
    """pgbench on a database of its own: TPC-B-like and select-only, with latencies from its transaction log."""
    database = cluster.create("logbook_bench_pgbench")
    connection = cluster.connection_arguments(database)
    tool = pgdb.tool("pgbench")
    results = {}
    try:
        log(f"pgbench: -i -s {args.pgbench_scale}")
        started = time.monotonic()
        subprocess.run([tool, *connection, "-i", "-q", "-s", str(args.pgbench_scale)], env=cluster.env(),
                       check=True, capture_output=True, timeout=1800)
        results["init_s"] = time.monotonic() - started
        for name, clients, extra in (("tpcb", args.pgbench_clients, []), ("select", args.pgbench_clients, ["-S"]),
                                     ("tpcb 1 client", 1, []), ("select 1 client", 1, ["-S"])):
            prefix = os.path.join(out, "pgbench-" + name.replace(" ", "-"))
            threads = min(2, clients)
            log(f"pgbench: {name} -c {clients} -j {threads} -T {args.pgbench_seconds}")
            result = subprocess.run(
                [tool, *connection, "-c", str(clients), "-j", str(threads), "-T", str(args.pgbench_seconds),
                 "-l", "--log-prefix", prefix, *extra],
                env=cluster.env(), capture_output=True, text=True, timeout=args.pgbench_seconds + 600)
            if result.returncode != 0:
                sys.exit(f"pgbench failed: {result.stderr}\n{result.stdout}")
            with open(prefix + ".txt", "w") as f:
                f.write(result.stdout)
            tps = float(_after(result.stdout, "tps = ").split()[0])
            failed = int(_after(result.stdout, "number of failed transactions: ").split()[0]) \
                if "number of failed transactions:" in result.stdout else 0
            latencies = []
            for file in os.listdir(out):
                if file.startswith(os.path.basename(prefix) + ".") and not file.endswith(".txt"):
                    with open(os.path.join(out, file)) as lines:
                        latencies += [int(line.split()[2]) / 1000 for line in lines if line.strip()]
                    os.remove(os.path.join(out, file))
            latencies.sort()
            results[name] = {
                "tps": tps, "failed": failed, "transactions": len(latencies),
                "p50_ms": statistics.median(latencies) if latencies else float("nan"),
                "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan"),
            }
    finally:
        cluster.drop(database)
    return results


def _after(text, marker):
    return text[text.index(marker) + len(marker):]


# MARK: Trips from the same positions on one server and on two

def check_drives(args, base):
    """Each device's positions, as Overland batches: `args.check_drives` drives of 180 fixes a second apart at about
    14 m/s eastwards, 20 minutes apart, then standing an hour after the last drive, a fix every 20 s for 8 minutes
    (a stop of over 5 minutes ends its trip)."""
    batches = []
    for device in range(args.check_devices):
        lat = 59.30 + device * 0.01
        lon = 24.60
        metres_per_degree_lon = 111_320 * 0.506
        t = base
        fixes = []
        for drive in range(args.check_drives):
            for second in range(180):
                lon += 14 / metres_per_degree_lon
                fixes.append((t + second, lat + 0.00002 * ((second % 5) - 2), lon))
            t += 180 + 1200
        device_batches = [fixes[k:k + 30] for k in range(0, len(fixes), 30)]
        closing = t + 3600
        device_batches.append([(closing + 20 * k, lat, lon) for k in range(25)])
        batches.append(device_batches)
    return batches


def overland(fixes):
    return json.dumps({"locations": [{
        "type": "Feature", "geometry": {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]},
        "properties": {"timestamp": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t)), "speed": 14,
                       "course": 90, "horizontal_accuracy": 5}} for t, lat, lon in fixes]})


def trips_of(args, cluster, name, servers, batches, out):
    """Posts `batches` to `servers` servers on a fresh log and returns its trips (without ids), sorted."""
    work = tempfile.mkdtemp(prefix="logbook-trips-check-", dir=out)
    config = os.path.join(work, "logbook.toml")
    settings = "[server]\nmax_connections = 2000\n"
    database = None
    if cluster:
        database = cluster.create("logbook_bench_trips")
        url = cluster.url_for(database)
        pgdb.logbook_config(config, url, cluster.password_file, settings)
        env = dict(os.environ, LOGBOOK_DATABASE=url, LOGBOOK_CONFIG=config, TZ="UTC")
    else:
        with open(config, "w") as f:
            f.write(settings)
        env = dict(os.environ, LOGBOOK_DATABASE=os.path.join(work, "log.sqlite"), LOGBOOK_CONFIG=config, TZ="UTC")
    processes = []
    try:
        tokens = []
        for device in range(len(batches)):
            run_ingest.cli(args.logbook, env, "vehicles", "add", "--plate", f"C-{device:03d}")
            added = json.loads(run_ingest.cli(args.logbook, env, "devices", "add", f"check-{device:03d}",
                                              "--vehicle", f"C-{device:03d}", "--format", "json"))
            tokens.append(added["token"])
        ports = []
        for index in range(servers):
            process, port = run_ingest.start_server(args.logbook, env, work, index)
            processes.append(process)
            ports.append(port)

        def post(device):
            """The device's batches in order; with two servers they alternate, and the last (standing) batch goes
            to the server that had the first (the holder of the device's engine lease)."""
            connections = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for port in ports]
            try:
                count = len(batches[device])
                for k, fixes in enumerate(batches[device]):
                    target = (device + (k if k < count - 1 else 0)) % servers
                    connections[target].request("POST", "/ingest/overland", body=overland(fixes), headers={
                        "Authorization": "Bearer " + tokens[device], "Content-Type": "application/json"})
                    response = connections[target].getresponse()
                    body = response.read()
                    if response.status != 200:
                        return f"device {device} batch {k}: HTTP {response.status} {body[:200]!r}"
            finally:
                for connection in connections:
                    connection.close()
            return None

        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            problems = [p for p in pool.map(post, range(len(batches))) if p]
        if problems:
            sys.exit(f"trips check ({name}): " + "; ".join(problems[:5]))
        posted = time.monotonic() - started
        time.sleep(1)
        listed = json.loads(run_ingest.cli(args.logbook, env, "trips", "list", "--period", "all", "--format",
                                           "json"))
        trips = listed["trips"] if isinstance(listed, dict) else listed
        positions = run_ingest.stored_positions(args.logbook, env)
        log(f"  trips check, {name}: {sum(len(b) for b in batches)} batches posted in {posted:.1f} s, "
            f"{positions} positions stored, {len(trips)} trips")
        return positions, sorted(json.dumps({k: v for k, v in trip.items() if k != "id"}, sort_keys=True)
                                 for trip in trips)
    finally:
        for process in processes:
            run_ingest.stop_server(process)
        if database:
            cluster.drop(database)


# MARK: The table

def row(name, rps=None, positions=None, p50=None, p99=None, errors=None, write_tps=None):
    def cell(value, width, digits=0):
        if value is None:
            return " " * (width - 1) + "-"
        return f"{value:{width}.{digits}f}" if isinstance(value, float) else f"{value:{width}d}"
    return (f"{name:44} {cell(rps, 9)} {cell(positions, 11)} {cell(p50, 8, 2)} {cell(p99, 8, 2)} "
            f"{cell(errors, 7)} {cell(write_tps, 10)}")


def ingest_rows(label, figures):
    lines = []
    for run in ("healthz", "single", "batch"):
        r = figures["results"][run]
        lines.append(row(f"ingest {run:7} {label}", r["rps"], r["rps"] * (0 if run == "healthz" else 1 if run ==
                                                                           "single" else 100),
                         r["p50_ms"], r["p99_ms"], r["non2xx"] + r["socket_errors"], r.get("write_tps")))
    return lines


def ratio(a, b):
    return a / b if b else float("nan")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("logbook", help="the release logbook binary")
    p.add_argument("--database", metavar="URL", help="a PostgreSQL cluster (a role with CREATEDB); default the "
                                                      "test cluster (scripts/test-postgres)")
    p.add_argument("--password-file", help="the password of --database's role")
    p.add_argument("--devices", type=int, default=1000,
                   help="ingest: devices (each may send 20 requests/s: fewer devices get 429 answers on SQLite)")
    p.add_argument("--vehicles", type=int, default=50, help="ingest: vehicles")
    p.add_argument("--seconds", type=int, default=10, help="ingest: each wrk run")
    p.add_argument("--connections", type=int, default=100, help="ingest: wrk connections (all servers together)")
    p.add_argument("--check-devices", type=int, default=20, help="trips check: devices")
    p.add_argument("--check-drives", type=int, default=3, help="trips check: drives of each device")
    p.add_argument("--trips", type=int, default=10_000, help="listing: trips imported")
    p.add_argument("--listing-runs", type=int, default=1, help="listing: runs of each measurement")
    p.add_argument("--listing-seconds", type=int, default=10, help="listing: each wrk run")
    p.add_argument("--requests", type=int, default=100, help="listing: sequential requests per latency run")
    p.add_argument("--pgbench-scale", type=int, default=10)
    p.add_argument("--pgbench-clients", type=int, default=8)
    p.add_argument("--pgbench-seconds", type=int, default=15)
    p.add_argument("--skip", action="append", default=[], choices=["ingest", "trips", "listing", "pgbench"])
    p.add_argument("--out", help="keep every run's figures and output in this folder (default a temporary one)")
    args = p.parse_args()
    args.logbook = os.path.abspath(args.logbook)
    if not os.access(args.logbook, os.X_OK):
        sys.exit(f"no logbook binary at {args.logbook}")
    out = os.path.abspath(args.out) if args.out else tempfile.mkdtemp(prefix="logbook-postgres-bench-")
    os.makedirs(out, exist_ok=True)

    began = time.monotonic()
    cluster, started = cluster_for(args)
    version = cluster.psql("SHOW server_version")
    settings = cluster.psql("SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings WHERE "
                            "name IN ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections')")
    log(f"cluster: PostgreSQL {version} at {cluster.host}:{cluster.port} ({settings}); figures in {out}")
    figures = {}
    try:
        if "ingest" not in args.skip:
            figures["ingest sqlite"] = ingest(args, None, "sqlite", 1, out)
            figures["ingest postgresql"] = ingest(args, cluster, "postgresql", 1, out)
            figures["ingest postgresql x2"] = ingest(args, cluster, "postgresql-2-servers", 2, out)
        if "trips" not in args.skip:
            log("trips check: the same positions on SQLite, on PostgreSQL, and on PostgreSQL through two servers")
            batches = check_drives(args, int(time.time()) // 3600 * 3600 - 3 * 86_400)
            one_sqlite = trips_of(args, None, "SQLite, one server", 1, batches, out)
            one = trips_of(args, cluster, "PostgreSQL, one server", 1, batches, out)
            two = trips_of(args, cluster, "PostgreSQL, two servers", 2, batches, out)
            expected = args.check_devices * args.check_drives
            figures["trips check"] = {
                "expected": expected, "sqlite": len(one_sqlite[1]), "postgresql": len(one[1]),
                "postgresql x2": len(two[1]),
                "positions": [one_sqlite[0], one[0], two[0]],
                "same": one_sqlite == one == two and len(one[1]) == expected,
            }
            if not figures["trips check"]["same"]:
                with open(os.path.join(out, "trips-check.json"), "w") as f:
                    json.dump({"sqlite": one_sqlite, "postgresql": one, "postgresql x2": two}, f, indent=1)
        if "listing" not in args.skip:
            figures["listing sqlite"] = listing(args, None, "sqlite", out)
            figures["listing postgresql"] = listing(args, cluster, "postgresql", out)
        if "pgbench" not in args.skip:
            figures["pgbench"] = pgbench(args, cluster, out)
    finally:
        if started:
            subprocess.run(["bash", os.path.join(ROOT, "scripts", "test-postgres"), "stop"])
    with open(os.path.join(out, "figures.json"), "w") as f:
        json.dump(figures, f, indent=1)

    print()
    print(f"PostgreSQL {version} ({settings}); {os.cpu_count()} cores shared by wrk, the servers, PostgreSQL and "
          f"pgbench; {time.monotonic() - began:.0f} s")
    print()
    print(f"{'configuration':44} {'req/s':>9} {'positions/s':>11} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} "
          f"{'write tx/s':>10}")
    if "ingest sqlite" in figures:
        i = figures["ingest sqlite"]
        print(f"-- ingest: {i['devices']} devices on {i['vehicles']} vehicles, wrk {i['connections']} connections, "
              f"{i['seconds']} s each")
        for key, label in (("ingest sqlite", "SQLite"), ("ingest postgresql", "PostgreSQL"),
                           ("ingest postgresql x2", "PostgreSQL, 2 servers")):
            for line in ingest_rows(label, figures[key]):
                print(line)
    for key, label in (("listing sqlite", "SQLite"), ("listing postgresql", "PostgreSQL")):
        if key not in figures:
            continue
        f = figures[key]
        if label == "SQLite":
            print(f"-- listing: {f['trips']} trips; sequential = one keep-alive connection (p50 = median); wrk "
                  f"{f['seconds']} s, median of {f['runs']}")
        latency = f["latency"]["limit=100"]
        print(row(f"trips?limit=100 sequential {label}", 1000 / latency["median_ms"], None,
                  latency["median_ms"], latency["p99_ms"], 0, None))
        for name, connections in (("trips", f["connections"]), ("trips, 10 connections", 10)):
            w = f["wrk"][name]
            print(row(f"trips?limit=100 wrk -c{connections} {label}", w["rps"], None, w["p50_ms"], w["p99_ms"],
                      w["non2xx"] + w["socket"], None))
        w = f["wrk"]["healthz"]
        print(row(f"healthz wrk -c{f['connections']} {label}", w["rps"], None, w["p50_ms"], w["p99_ms"],
                  w["non2xx"] + w["socket"], None))
    if "pgbench" in figures:
        b = figures["pgbench"]
        print(f"-- pgbench -s {args.pgbench_scale} -T {args.pgbench_seconds}, {args.pgbench_clients} clients (-j 2) "
              f"and one (transactions/s as req/s)")
        for name, label, writes in (("tpcb", f"TPC-B-like -c {args.pgbench_clients}", True),
                                    ("select", f"-S select-only -c {args.pgbench_clients}", False),
                                    ("tpcb 1 client", "TPC-B-like -c 1", True),
                                    ("select 1 client", "-S select-only -c 1", False)):
            r = b[name]
            print(row("pgbench " + label, r["tps"], None, r["p50_ms"], r["p99_ms"], r["failed"],
                      r["tps"] if writes else None))

    print()
    print("ratios")
    ratios = {}
    if "ingest sqlite" in figures:
        s, q, q2 = (figures[k]["results"] for k in ("ingest sqlite", "ingest postgresql", "ingest postgresql x2"))
        for run in ("healthz", "single", "batch"):
            ratios[f"ingest {run}: PostgreSQL / SQLite"] = ratio(q[run]["rps"], s[run]["rps"])
        for run in ("healthz", "single", "batch"):
            ratios[f"ingest {run}: 2 servers / 1 (PostgreSQL)"] = ratio(q2[run]["rps"], q[run]["rps"])
        if "pgbench" in figures:
            tps = figures["pgbench"]["tpcb"]["tps"]
            one = figures["pgbench"]["tpcb 1 client"]["tps"]
            for run in ("single", "batch"):
                ratios[f"write tx/s / pgbench TPC-B tps, {run}, 1 server"] = ratio(q[run]["write_tps"], tps)
                ratios[f"write tx/s / pgbench TPC-B tps, {run}, 2 servers"] = ratio(q2[run]["write_tps"], tps)
                ratios[f"write tx/s / pgbench 1-client TPC-B tps, {run}, 1 server"] = ratio(q[run]["write_tps"], one)
        for run in ("single", "batch"):
            ratios[f"positions per write tx, {run}, 1 server"] = ratio(
                q[run]["rps"] * (1 if run == "single" else 100), q[run]["write_tps"])
    if "listing sqlite" in figures and "listing postgresql" in figures:
        s, q = figures["listing sqlite"], figures["listing postgresql"]
        ratios["listing median latency: PostgreSQL / SQLite"] = ratio(
            q["latency"]["limit=100"]["median_ms"], s["latency"]["limit=100"]["median_ms"])
        for name in ("trips", "trips, 10 connections"):
            ratios[f"listing wrk {name} req/s: PostgreSQL / SQLite"] = ratio(q["wrk"][name]["rps"],
                                                                            s["wrk"][name]["rps"])
        ratios["import of the trips, time: PostgreSQL / SQLite"] = ratio(q["import_s"], s["import_s"])
    for name, value in ratios.items():
        print(f"  {name:64} {value:6.2f}")
    if "listing sqlite" in figures and "listing postgresql" in figures:
        s, q = figures["listing sqlite"], figures["listing postgresql"]
        print(f"  import of {s['trips']} trips: SQLite {s['import_s']:.1f} s, PostgreSQL {q['import_s']:.1f} s")
    problems = []
    for key in ("ingest sqlite", "ingest postgresql", "ingest postgresql x2"):
        if key in figures:
            f = figures[key]
            print(f"  {key}: acknowledged/stored single {f['acknowledged']['single']}/{f['stored']['single']}, "
                  f"batch {f['acknowledged']['batch']}/{f['stored']['batch']}")
            for failure in f["failures"]:
                if "stored" in failure or "errors" in failure:
                    problems.append(f"{key}: {failure}")
    if "trips check" in figures:
        t = figures["trips check"]
        print(f"  trips check: {t['sqlite']} trips on SQLite, {t['postgresql']} on PostgreSQL, {t['postgresql x2']} "
              f"through two servers (expected {t['expected']}); positions {t['positions']}: "
              + ("the same" if t["same"] else "NOT the same (see trips-check.json)"))
        if not t["same"]:
            problems.append("trips check: the trips differ")
    if problems:
        print("PROBLEMS: " + "; ".join(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
