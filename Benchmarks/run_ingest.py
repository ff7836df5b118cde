#!/usr/bin/env python3
"""Ingest benchmark (issue 28): many devices posting positions to `logbook serve`, beside `/healthz` in the same run.

Builds nothing: give the release binary (`swift build -c release --product logbook`). On a temporary log it adds
`--vehicles` vehicles and `--devices` devices (spread over the vehicles) through the CLI, starts `logbook serve` on a
loopback port, and runs wrk (two threads, `--connections` connections, `--seconds` each):

  healthz  GET /healthz: what the HTTP stack alone gives (the peer).
  single   one position per request, Traccar Client's GET /ingest/osmand?id=TOKEN&… (wrk/ingest_single.lua): every
           device's positions in time order, 7 m apart, dated from yesterday on.
  batch    100 positions per request, Overland's POST /ingest/overland with a Bearer token
           (wrk/ingest_batch.lua).

For each: requests/s, positions/s, p50/p99 latency, non-2xx answers and socket errors. Then it counts the positions
the log holds (`logbook devices list --format json`) against those acknowledged with a 2xx (wrk's requests minus
its non-2xx answers, times the positions per request): a request still in flight when wrk stops may be stored without
being counted, so the store may hold up to `connections` requests more, never fewer. Server memory: resident set size
(VmRSS) after start-up with the devices registered, and after both loads (every device's engine in memory), per
device. Targets: single ≥ 25 % of healthz's requests/s with no errors; batches ≥ 50,000 positions/s.

wrk and the server share the machine (2 cores here).

PostgreSQL (issue 30): `--database postgresql://USER@HOST:PORT/DB?sslmode=disable --password-file FILE` runs on a fresh
database made on that cluster for the run (the address's role needs CREATEDB; `scripts/test-postgres start` makes such
a cluster) and dropped at the end, instead of a temporary SQLite file. There the write transactions per second of each
load are counted too (transaction ids the cluster handed out: read-only transactions take none). `--servers 2` runs
two `logbook serve` processes on the one log: the devices are split between them (device i to server i mod 2) and
wrk runs against each at once with half the connections and one thread each; the figures are the sums (p50 the mean
and p99 the higher of the two).

    python3 Benchmarks/run_ingest.py .build/release/logbook [--devices 1000] [--vehicles 50] [--seconds 20]
        [--database URL --password-file FILE] [--servers 2] [--json FILE]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pgdb  # noqa: E402
WRK = shutil.which("wrk") or "/usr/bin/wrk"


def cli(logbook, env, *arguments):
    result = subprocess.run([logbook, *arguments], env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        sys.exit(f"logbook {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def parse_wrk(text):
    def seconds(value, unit):
        return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]

    figures = {"requests": 0, "non2xx": 0, "socket_errors": 0}
    match = re.search(r"(\d+) requests in", text)
    if match:
        figures["requests"] = int(match.group(1))
    match = re.search(r"Requests/sec:\s+([\d.]+)", text)
    figures["rps"] = float(match.group(1)) if match else 0.0
    match = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if match:
        figures["non2xx"] = int(match.group(1))
    match = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if match:
        figures["socket_errors"] = sum(int(x) for x in match.groups())
    for percentile in ("50", "99"):
        match = re.search(rf"^\s+{percentile}%\s+([\d.]+)(us|ms|s|m)\s*$", text, re.MULTILINE)
        figures[f"p{percentile}_ms"] = seconds(*match.groups()) * 1000 if match else float("nan")
    return figures


def wrk(url, seconds, connections, script=None, arguments=(), threads=2):
    command = [WRK, f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    if script:
        command += ["-s", script]
    command.append(url)
    if arguments:
        command += ["--", *arguments]
    result = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120)
    if result.returncode != 0:
        sys.exit(f"wrk failed: {result.stderr.strip()}\n{result.stdout}")
    return parse_wrk(result.stdout), result.stdout


def wrk_each(urls, seconds, connections, script=None, arguments_of=lambda index: ()):
    """wrk against each of `urls` at the same time, the connections and wrk's two threads shared out; the figures
    added up (p50 the mean, p99 the highest)."""
    if len(urls) == 1:
        return wrk(urls[0], seconds, connections, script, arguments_of(0))
    threads = max(1, 2 // len(urls))
    outcomes = [None] * len(urls)

    def one(index):
        outcomes[index] = wrk(urls[index], seconds, max(1, connections // len(urls)), script, arguments_of(index),
                              threads)

    runners = [threading.Thread(target=one, args=(index,)) for index in range(len(urls))]
    for runner in runners:
        runner.start()
    for runner in runners:
        runner.join()
    if any(outcome is None for outcome in outcomes):
        sys.exit("a wrk run failed")
    parts = [figures for figures, _ in outcomes]
    total = {key: sum(part[key] for part in parts) for key in ("requests", "non2xx", "socket_errors", "rps")}
    total["p50_ms"] = sum(part["p50_ms"] for part in parts) / len(parts)
    total["p99_ms"] = max(part["p99_ms"] for part in parts)
    total["servers"] = parts
    return total, "\n".join(text for _, text in outcomes)


def start_server(logbook, env, work, index):
    log_path = os.path.join(work, f"serve-{index}.log")
    log = open(log_path, "w")
    server = subprocess.Popen([logbook, "serve", "--listen", "127.0.0.1:0"], env=env, stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        match = re.search(r"Serving http\.address=127\.0\.0\.1:(\d+)", open(log_path).read())
        if match:
            return server, int(match.group(1))
        if server.poll() is not None:
            break
        time.sleep(0.1)
    stop_server(server)
    sys.exit("logbook serve did not start:\n" + open(log_path).read())


def stop_server(server):
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def stored_positions(logbook, env):
    devices = json.loads(cli(logbook, env, "devices", "list", "--format", "json"))["devices"]
    return sum(d["positions"] for d in devices)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("logbook")
    parser.add_argument("--devices", type=int, default=1000)
    parser.add_argument("--vehicles", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument("--database", metavar="URL",
                        help="a PostgreSQL cluster (postgresql://USER@HOST:PORT/DB?sslmode=…): the run makes a fresh "
                             "database on it and drops it at the end; default a temporary SQLite file")
    parser.add_argument("--password-file", help="the password of --database's role (owner-only file)")
    parser.add_argument("--servers", type=int, default=1, help="logbook serve processes on the one log")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--perf", metavar="FILE", help="perf record -g the (first) server during one run (--perf-run)")
    parser.add_argument("--perf-run", choices=["single", "batch"], default="single")
    parser.add_argument("--perf-dwarf", action="store_true", help="--call-graph dwarf rather than frame pointers")
    args = parser.parse_args()
    logbook = os.path.abspath(args.logbook)
    if args.servers < 1:
        sys.exit("--servers: at least 1")

    work = tempfile.mkdtemp(prefix="logbook-ingest-")
    config = os.path.join(work, "logbook.toml")
    server_settings = "[server]\nmax_connections = 2000\n"
    cluster = database = None
    if args.database:
        cluster = pgdb.Cluster(args.database, args.password_file)
        database = cluster.create("logbook_bench_ingest")
        url = cluster.url_for(database)
        pgdb.logbook_config(config, url, cluster.password_file, server_settings)
        env = dict(os.environ, LOGBOOK_DATABASE=url, LOGBOOK_CONFIG=config)
    else:
        with open(config, "w") as out:
            out.write(server_settings)
        env = dict(os.environ, LOGBOOK_DATABASE=os.path.join(work, "log.sqlite"), LOGBOOK_CONFIG=config)
    servers = []
    try:
        started = time.monotonic()
        plates = [f"B-{i:04d}" for i in range(args.vehicles)]
        for plate in plates:
            cli(logbook, env, "vehicles", "add", "--plate", plate)

        def add_device(i):
            return json.loads(cli(logbook, env, "devices", "add", f"phone-{i:04d}", "--vehicle",
                                  plates[i % len(plates)], "--format", "json"))["token"]

        # A few CLI processes at once (the log's writes take turns; each process mostly starts up and opens it).
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            tokens = list(pool.map(add_device, range(args.devices)))
        # Device i talks to server i mod servers only.
        token_files = []
        for index in range(args.servers):
            token_files.append(os.path.join(work, f"tokens-{index}.txt"))
            with open(token_files[-1], "w") as out:
                out.write("\n".join(tokens[index::args.servers]) + "\n")
        print(f"{args.devices} devices on {args.vehicles} vehicles made in {time.monotonic() - started:.0f} s"
              f" ({'PostgreSQL database ' + database if database else 'SQLite'})", flush=True)

        ports = []
        for index in range(args.servers):
            server, port = start_server(logbook, env, work, index)
            servers.append(server)
            ports.append(port)
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        time.sleep(1)
        rss_start = sum(rss_kib(server.pid) for server in servers)

        # Positions dated from yesterday on: the screen refuses the future, and a device's positions stay in order.
        base = int(time.time()) - 86_400
        results = {}
        results["healthz"], _ = wrk_each([url + "/healthz" for url in urls], args.seconds, args.connections)

        def profile(run):
            if not args.perf or args.perf_run != run:
                return None
            graph = ["--call-graph", "dwarf,16384", "-F", "499"] if args.perf_dwarf else ["-g"]
            return subprocess.Popen(["perf", "record", *graph, "-o", args.perf, "-p", str(servers[0].pid), "--",
                                     "sleep", str(max(5, args.seconds - 5))],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def load(run, script, start):
            perf = profile(run)
            before = cluster.write_transactions_done() if cluster else None
            t0 = time.monotonic()
            figures, text = wrk_each(
                urls, args.seconds, args.connections, os.path.join(HERE, "wrk", script),
                lambda index: (token_files[index], str(start), "2" if args.servers == 1 else "1"))
            if cluster:
                # Over the wrk run and the requests it left in flight (stored within the sleep below).
                figures["write_transactions"] = cluster.write_transactions_done() - before
                figures["write_tps"] = figures["write_transactions"] / (time.monotonic() - t0)
            if perf:
                perf.wait()
            results[run] = figures
            return text

        single_text = load("single", "ingest_single.lua", base)
        time.sleep(2)  # requests in flight at wrk's stop are stored meanwhile
        after_single = stored_positions(logbook, env)
        # The batches continue each device's time line twelve hours after its single positions (in order: a batch
        # dated before positions already taken would be late, and make the device's trips be measured again).
        load("batch", "ingest_batch.lua", base + 43_200)
        time.sleep(2)
        rss_end = sum(rss_kib(server.pid) for server in servers)
        after_batch = stored_positions(logbook, env)

        per_request = {"healthz": 0, "single": 1, "batch": 100}
        print()
        print(f"{'run':8} {'req/s':>9} {'positions/s':>12} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8} "
              f"{'sock err':>8}" + (f" {'write tx/s':>10}" if cluster else ""))
        for name in ("healthz", "single", "batch"):
            r = results[name]
            r["positions_per_s"] = r["rps"] * per_request[name]
            print(f"{name:8} {r['rps']:9.0f} {r['positions_per_s']:12.0f} {r['p50_ms']:8.2f} "
                  f"{r['p99_ms']:8.2f} {r['non2xx']:8d} {r['socket_errors']:8d}"
                  + (f" {r['write_tps']:10.0f}" if "write_tps" in r else (" " * 11 if cluster else "")))
        single_ok = (results["single"]["requests"] - results["single"]["non2xx"])
        batch_ok = (results["batch"]["requests"] - results["batch"]["non2xx"]) * 100
        stored_single = after_single
        stored_batch = after_batch - after_single
        print()
        print(f"single: {single_ok} positions acknowledged, {stored_single} stored "
              f"(+{stored_single - single_ok}; in flight at the stop at most {args.connections})")
        print(f"batch:  {batch_ok} positions acknowledged, {stored_batch} stored "
              f"(+{stored_batch - batch_ok}; in flight at the stop at most {args.connections * 100})")
        ratio = results["single"]["rps"] / results["healthz"]["rps"] if results["healthz"]["rps"] else 0
        print(f"ratio single / healthz requests/s: {ratio:.2f} (target ≥ 0.25)")
        print(f"batch positions/s: {results['batch']['rps'] * 100:.0f} (target ≥ 50,000)")
        print(f"server RSS: {rss_start / 1024:.1f} MiB at start, {rss_end / 1024:.1f} MiB after the loads: "
              f"{(rss_end - rss_start) / args.devices:.1f} KiB per device")
        failures = []
        if ratio < 0.25:
            failures.append("single-position ingest below 25 % of /healthz")
        if results["batch"]["rps"] * 100 < 50_000:
            failures.append("batches below 50,000 positions/s")
        for name in ("single", "batch"):
            if results[name]["non2xx"] or results[name]["socket_errors"]:
                failures.append(f"{name}: errors")
        if stored_single < single_ok or stored_batch < batch_ok:
            failures.append("fewer positions stored than acknowledged")
        if stored_single - single_ok > args.connections or stored_batch - batch_ok > args.connections * 100:
            failures.append("more positions stored than acknowledged and in flight")
        print("targets: " + ("met" if not failures else "NOT met: " + "; ".join(failures)))
        if "--verbose" in sys.argv:
            print(single_text)
        if args.json:
            with open(args.json, "w") as out:
                json.dump({
                    "database": "postgresql" if cluster else "sqlite", "servers": args.servers,
                    "devices": args.devices, "vehicles": args.vehicles, "seconds": args.seconds,
                    "connections": args.connections, "results": results,
                    "acknowledged": {"single": single_ok, "batch": batch_ok},
                    "stored": {"single": stored_single, "batch": stored_batch},
                    "rss_kib": {"start": rss_start, "end": rss_end}, "failures": failures,
                }, out, indent=1)
        return 0 if not failures else 1
    finally:
        for server in servers:
            stop_server(server)
        if cluster and database:
            cluster.drop(database)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
