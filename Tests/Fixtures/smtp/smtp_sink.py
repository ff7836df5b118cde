#!/usr/bin/env python3
"""A real SMTP server for Logbook's mailer tests: aiosmtpd on 127.0.0.1 that stores every message it accepts.

    smtp_sink.py --port PORT --dir DIR [--tls none|starttls|implicit --cert CERT --key KEY]
                 [--user USER --password PASSWORD [--auth-mechanisms PLAIN,LOGIN]] [--stall-first-rcpt SECONDS]
                 [--data-delay SECONDS]

--stall-first-rcpt holds the first session's first RCPT TO that long before answering (a mail server that hangs,
so that a test can stop its client mid-delivery, before any message is complete); it prints "stalling" then.
--data-delay answers each message's DATA that much later (a slow mail server: deliveries from two clients overlap).

Each accepted message is written as DIR/N.eml (the bytes exactly as received after DATA) and DIR/N.json (envelope
sender, recipients, the user that authenticated and whether the session was encrypted), the .eml first, both
through a rename, so a reader that sees N.json sees the whole message. Runs until SIGTERM or SIGINT. Run it with the
test virtual environment's Python (scripts/test-peers creates .venv-test with aiosmtpd).
"""
import argparse
import asyncio
import json
import os
import signal
import ssl
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Sink:
    def __init__(self, directory, stall_first_rcpt=0, data_delay=0):
        self.directory = directory
        self.data_delay = data_delay
        self.stall_first_rcpt = stall_first_rcpt
        self.count = 0
        self.lock = threading.Lock()
        # The AUTH mechanism each session logged in with, by session.
        self.mechanisms = {}

    def _write(self, name, data):
        path = os.path.join(self.directory, name)
        with open(path + ".tmp", "wb") as f:
            f.write(data)
        os.rename(path + ".tmp", path)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.stall_first_rcpt > 0:
            stall, self.stall_first_rcpt = self.stall_first_rcpt, 0
            print("stalling", flush=True)
            await asyncio.sleep(stall)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.data_delay > 0:
            await asyncio.sleep(self.data_delay)
        with self.lock:
            self.count += 1
            number = self.count
        login = None
        if isinstance(session.auth_data, LoginPassword):
            login = session.auth_data.login.decode("utf-8", "replace")
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "login": login,
            "mechanism": self.mechanisms.get(id(session)),
            "tls": session.ssl is not None or server.transport.get_extra_info("sslcontext") is not None,
        }
        self._write("%d.eml" % number, envelope.original_content)
        self._write("%d.json" % number, json.dumps(meta).encode())
        return "250 2.0.0 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--auth-mechanisms", default="PLAIN,LOGIN")
    parser.add_argument("--stall-first-rcpt", type=float, default=0)
    parser.add_argument("--data-delay", type=float, default=0)
    args = parser.parse_args()

    context = None
    if args.tls != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)

    sink = Sink(args.dir, args.stall_first_rcpt, args.data_delay)
    kwargs = {}
    if args.user is not None:
        expected = (args.user.encode(), (args.password or "").encode())

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == expected
            if ok:
                sink.mechanisms[id(session)] = mechanism
            # handled=False: aiosmtpd answers a failure with 535 itself.
            return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

        allowed = {m.strip().upper() for m in args.auth_mechanisms.split(",") if m.strip()}
        kwargs.update(
            authenticator=authenticator,
            auth_required=True,
            # With implicit TLS the whole session is encrypted, but aiosmtpd only knows about STARTTLS.
            auth_require_tls=args.tls == "starttls",
            auth_exclude_mechanism=[m for m in ("PLAIN", "LOGIN") if m not in allowed],
        )
    if args.tls == "starttls":
        kwargs.update(tls_context=context, require_starttls=True)

    controller = Controller(
        sink,
        hostname="127.0.0.1",
        port=args.port,
        ssl_context=context if args.tls == "implicit" else None,
        server_hostname="127.0.0.1",
        **kwargs,
    )
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    # A parent may have left these blocked (a spawned process inherits the signal mask): unblock them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    controller.start()
    print("listening on 127.0.0.1:%d" % args.port, flush=True)
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
