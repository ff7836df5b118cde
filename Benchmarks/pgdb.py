"""PostgreSQL for the benchmarks (issue 30): a fresh database on a cluster for each run, and `logbook`'s settings
for it.

The cluster is named by a `postgresql://USER@HOST:PORT/DB?sslmode=…` address whose role may create databases (the
test cluster's `logbook` role, `scripts/test-postgres start`), with the password in an owner-only file. A run makes
its own database on it (`CREATE DATABASE logbook_bench_…`), gives `logbook` that database's address (`[database]
url` and `password_file` in the run's configuration, and `$LOGBOOK_DATABASE`), and drops it at the end. psql is
Debian's (`postgresql-client`), found on the PATH or under /usr/lib/postgresql/*/bin.
"""
import glob
import os
import re
import shutil
import subprocess
import urllib.parse


def tool(name):
    """A PostgreSQL program: on the PATH, else the newest /usr/lib/postgresql/*/bin one."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: [int(x) for x in re.findall(r"\d+", p)])
    if not candidates:
        raise SystemExit(f"{name} is not installed (apt-get install postgresql-client)")
    return candidates[-1]


class Cluster:
    """A PostgreSQL cluster reached by `url` (a role that may create databases) with the password in
    `password_file`."""

    def __init__(self, url, password_file):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("postgresql", "postgres"):
            raise SystemExit(f"--database: not a postgresql:// address: {url}")
        if not password_file:
            raise SystemExit("--database needs --password-file (the password of the address's role)")
        with open(password_file) as f:
            self.password = f.readline().rstrip("\n")
        self.url = url
        self.parts = parts
        self.password_file = os.path.abspath(password_file)
        self.user = urllib.parse.unquote(parts.username or "")
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 5432
        self.database = parts.path.lstrip("/") or "postgres"

    def url_for(self, database):
        """The cluster's address with another database."""
        return urllib.parse.urlunsplit(self.parts._replace(path="/" + database))

    def env(self):
        return dict(os.environ, PGPASSWORD=self.password, PGCONNECT_TIMEOUT="10")

    def connection_arguments(self, database=None):
        return ["-h", self.host, "-p", str(self.port), "-U", self.user, "-d", database or self.database]

    def psql(self, sql, database=None, timeout=300):
        """Runs `sql` (one statement, outside a transaction) and returns psql's unaligned, tuples-only output."""
        result = subprocess.run(
            [tool("psql"), *self.connection_arguments(database), "-v", "ON_ERROR_STOP=1", "-X", "-q", "-A", "-t",
             "-c", sql],
            env=self.env(), capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise SystemExit(f"psql failed ({result.returncode}): {sql}\n{result.stderr.strip()}")
        return result.stdout.strip()

    def create(self, prefix="logbook_bench"):
        """Makes a fresh, empty database and returns its name."""
        name = f"{prefix}_{os.getpid()}_{Cluster.counter}"
        Cluster.counter += 1
        self.drop(name)
        self.psql(f'CREATE DATABASE "{name}"')
        return name

    def drop(self, name):
        self.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    counter = 0

    def write_transactions_done(self):
        """The cluster's next transaction id: transactions that wrote something took one each (a read-only
        transaction takes none, nor does asking this)."""
        return int(self.psql("SELECT pg_snapshot_xmax(pg_current_snapshot())"))


def logbook_config(path, database_url, password_file, extra=""):
    """Writes `logbook`'s configuration for a PostgreSQL log (plus `extra` TOML) at `path`."""
    with open(path, "w") as out:
        out.write(extra)
        if extra and not extra.endswith("\n"):
            out.write("\n")
        out.write(f'[database]\nurl = "{database_url}"\npassword_file = "{password_file}"\n')
