#!/usr/bin/env python3
"""A payroll system's shift endpoint on 127.0.0.1 for the work-hours submission tests (standard library only).

    payroll_server.py --port PORT --token TOKEN [--fail-first N] [--drop K] [--slow K --slow-seconds S]
                      [--refuse K] [--delay S]

PUT /api/shifts/{uuid} stores the JSON body as the shift; DELETE removes it. Each request must carry
"Authorization: Bearer TOKEN" and an "Idempotency-Key": a key seen before is answered as the first time and not
applied again (counted as a duplicate). Faults, counted over the requests to /api/shifts in arrival order (1-based):
  --fail-first N   the first N requests get 503 (the first with Retry-After: --retry-after, default 1) and are not
                   applied;
  --drop K         request K is read and applied, then the connection is closed without an answer;
  --slow K         request K is applied and answered after --slow-seconds;
  --refuse K       request K gets 422 with a JSON error message and is not applied;
  --delay S        every request waits S seconds before it is applied (to kill a client mid-sync).
GET /_state returns what arrived: {"shifts": {uuid: body}, "applied": [{"key", "method", "shift"}],
"duplicates": [key], "requests": N, "faults": {"503": n, "dropped": n, "slow": n, "refused": n}}.
"""
import argparse
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PATH = re.compile(r"^/api/shifts/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$")


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.shifts = {}
        self.applied = []
        self.answers = {}
        self.duplicates = []
        self.requests = 0
        self.faults = {"503": 0, "dropped": 0, "slow": 0, "refused": 0}


def make_handler(args, state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *values):
            sys.stdout.write("%s\n" % (format % values))

        def answer(self, status, body, headers=()):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.path != "/_state":
                return self.answer(404, {"error": "not found"})
            with state.lock:
                body = {
                    "shifts": state.shifts, "applied": state.applied, "duplicates": state.duplicates,
                    "requests": state.requests, "faults": state.faults,
                }
                self.answer(200, body)

        def do_PUT(self):
            self.change("PUT")

        def do_DELETE(self):
            self.change("DELETE")

        def change(self, method):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            match = PATH.match(self.path)
            if not match:
                return self.answer(404, {"error": {"message": "no such resource %s" % self.path}})
            if self.headers.get("Authorization") != "Bearer " + args.token:
                return self.answer(401, {"error": {"message": "bad token"}})
            key = self.headers.get("Idempotency-Key")
            if not key:
                return self.answer(400, {"error": {"message": "Idempotency-Key missing"}})
            uuid = match.group(1)
            body = None
            if method == "PUT":
                if self.headers.get("Content-Type") != "application/json":
                    return self.answer(415, {"error": {"message": "expected application/json"}})
                try:
                    body = json.loads(raw)
                except ValueError:
                    return self.answer(400, {"error": {"message": "body is not JSON"}})
                if body.get("id") != uuid:
                    return self.answer(422, {"error": {"message": "id %r differs from the path" % body.get("id")}})
            with state.lock:
                state.requests += 1
                number = state.requests
            if number <= args.fail_first:
                with state.lock:
                    state.faults["503"] += 1
                headers = [("Retry-After", args.retry_after)] if number == 1 else []
                return self.answer(503, {"error": {"message": "maintenance"}}, headers)
            if number == args.refuse:
                with state.lock:
                    state.faults["refused"] += 1
                return self.answer(422, {"error": {"message": "vehicle %s is not on the payroll" % (body or {}).get("vehicle")}})
            if args.delay:
                time.sleep(args.delay)
            with state.lock:
                if key in state.answers:
                    state.duplicates.append(key)
                    status = state.answers[key]
                else:
                    if method == "PUT":
                        state.shifts[uuid] = body
                        status = 200
                    else:
                        state.shifts.pop(uuid, None)
                        status = 204  # deleting what is gone is done, too
                    state.applied.append({"key": key, "method": method, "shift": uuid})
                    state.answers[key] = status
            if number == args.drop:
                with state.lock:
                    state.faults["dropped"] += 1
                self.close_connection = True
                return
            if number == args.slow:
                with state.lock:
                    state.faults["slow"] += 1
                time.sleep(args.slow_seconds)
            if status == 204:
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.answer(status, {"id": uuid, "stored": True})

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--fail-first", type=int, default=0)
    parser.add_argument("--drop", type=int, default=0)
    parser.add_argument("--slow", type=int, default=0)
    parser.add_argument("--slow-seconds", type=float, default=3.0)
    parser.add_argument("--refuse", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--retry-after", default="1", help="the Retry-After of the first 503")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(args, State()))
    server.daemon_threads = True
    print("listening on %d" % args.port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
