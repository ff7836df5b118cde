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

    python3 Benchmarks/run_ingest.py .build/release/logbook [--devices 1000] [--vehicles 50] [--seconds 20]
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
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


def wrk(url, seconds, connections, script=None, arguments=()):
    command = [WRK, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    if script:
        command += ["-s", script]
    command.append(url)
    if arguments:
        command += ["--", *arguments]
    result = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 120)
    if result.returncode != 0:
        sys.exit(f"wrk failed: {result.stderr.strip()}\n{result.stdout}")
    return parse_wrk(result.stdout), result.stdout


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
    parser.add_argument("--perf", metavar="FILE", help="perf record -g the server during one run (--perf-run)")
    parser.add_argument("--perf-run", choices=["single", "batch"], default="single")
    args = parser.parse_args()
    logbook = os.path.abspath(args.logbook)

    work = tempfile.mkdtemp(prefix="logbook-ingest-")
    config = os.path.join(work, "logbook.toml")
    with open(config, "w") as out:
        out.write("[server]\nmax_connections = 2000\n")
    env = dict(os.environ, LOGBOOK_DATABASE=os.path.join(work, "log.sqlite"), LOGBOOK_CONFIG=config)
    server = None
    try:
        started = time.monotonic()
        plates = [f"B-{i:04d}" for i in range(args.vehicles)]
        for plate in plates:
            cli(logbook, env, "vehicles", "add", "--plate", plate)
        tokens = []
        for i in range(args.devices):
            added = json.loads(cli(logbook, env, "devices", "add", f"phone-{i:04d}", "--vehicle",
                                   plates[i % len(plates)], "--format", "json"))
            tokens.append(added["token"])
        tokens_file = os.path.join(work, "tokens.txt")
        with open(tokens_file, "w") as out:
            out.write("\n".join(tokens) + "\n")
        print(f"{args.devices} devices on {args.vehicles} vehicles made in {time.monotonic() - started:.0f} s",
              flush=True)

        log_path = os.path.join(work, "serve.log")
        log = open(log_path, "w")
        server = subprocess.Popen([logbook, "serve", "--listen", "127.0.0.1:0"], env=env, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
        port = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and port is None:
            match = re.search(r"Serving http\.address=127\.0\.0\.1:(\d+)", open(log_path).read())
            port = int(match.group(1)) if match else None
            time.sleep(0.1)
        if port is None:
            sys.exit("logbook serve did not start:\n" + open(log_path).read())
        base_url = f"http://127.0.0.1:{port}"
        time.sleep(1)
        rss_start = rss_kib(server.pid)

        # Positions dated from yesterday on: the screen refuses the future, and a device's positions stay in order.
        base = int(time.time()) - 86_400
        results = {}
        results["healthz"], _ = wrk(base_url + "/healthz", args.seconds, args.connections)
        def profile(run):
            if not args.perf or args.perf_run != run:
                return None
            return subprocess.Popen(["perf", "record", "-g", "-o", args.perf, "-p", str(server.pid), "--",
                                     "sleep", str(max(5, args.seconds - 5))],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        perf = profile("single")
        results["single"], single_text = wrk(
            base_url, args.seconds, args.connections, os.path.join(HERE, "wrk/ingest_single.lua"),
            (tokens_file, str(base), "2"))
        if perf:
            perf.wait()
        time.sleep(2)  # requests in flight at wrk's stop are stored meanwhile
        after_single = stored_positions(logbook, env)
        perf = profile("batch")
        # The batches continue each device's time line twelve hours after its single positions (in order: a batch
        # dated before positions already taken would be late, and make the device's trips be measured again).
        results["batch"], _ = wrk(
            base_url, args.seconds, args.connections, os.path.join(HERE, "wrk/ingest_batch.lua"),
            (tokens_file, str(base + 43_200), "2"))
        if perf:
            perf.wait()
        time.sleep(2)
        rss_end = rss_kib(server.pid)
        after_batch = stored_positions(logbook, env)

        per_request = {"healthz": 0, "single": 1, "batch": 100}
        print()
        print(f"{'run':8} {'req/s':>9} {'positions/s':>12} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8} "
              f"{'sock err':>8}")
        for name in ("healthz", "single", "batch"):
            r = results[name]
            print(f"{name:8} {r['rps']:9.0f} {r['rps'] * per_request[name]:12.0f} {r['p50_ms']:8.2f} "
                  f"{r['p99_ms']:8.2f} {r['non2xx']:8d} {r['socket_errors']:8d}")
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
        return 0 if not failures else 1
    finally:
        if server and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
