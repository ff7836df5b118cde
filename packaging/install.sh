#!/usr/bin/env bash
# Installs the Logbook daemon on a vehicle box (Debian 12): builds the release binary, creates the
# `logbook` system user, installs the binary, the systemd unit and a default configuration, and
# starts the service. Idempotent: run it again after an update.
#
#   sudo packaging/install.sh --vehicle PLATE [--gpsd HOST:PORT] [--no-start]
#
# The vehicle is added to the log (as the `logbook` user, who owns it) unless it is there already: the
# daemon refuses a plate the log does not know.
set -euo pipefail
cd "$(dirname "$0")/.."

vehicle=""
gpsd="127.0.0.1:2947"
start=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --vehicle) vehicle="$2"; shift 2 ;;
        --gpsd) gpsd="$2"; shift 2 ;;
        --no-start) start=no; shift ;;
        *) echo "usage: $0 --vehicle PLATE [--gpsd HOST:PORT] [--no-start]" >&2; exit 64 ;;
    esac
done
if [ -z "$vehicle" ]; then echo "usage: $0 --vehicle PLATE [--gpsd HOST:PORT] [--no-start]" >&2; exit 64; fi
if [ "$(id -u)" -ne 0 ]; then echo "install.sh: run as root (sudo)" >&2; exit 77; fi

scripts/install-deps
# The Swift runtime linked in: no toolchain needed on the box, and fewer shared pages resident.
# Linked by lld with packed relative relocations (DT_RELR, glibc 2.36+): the 88,000 relocations of
# a static Swift runtime in a PIE otherwise take 2 MB of .rela.dyn that the loader reads and that
# stays resident. Benchmarks/run_daemon.py builds the same way. logbook-daemon is the daemon without
# the report and mail libraries; `logbook daemon` runs it when it lies beside.
for product in logbook logbook-daemon; do
    swift build -c release -q --product "$product" --static-swift-stdlib --scratch-path .build-static \
        -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
done
install -m 0755 .build-static/release/logbook /usr/local/bin/logbook
install -m 0755 .build-static/release/logbook-daemon /usr/local/bin/logbook-daemon
install -d /usr/local/share/doc/logbook
install -m 0644 README.md /usr/local/share/doc/logbook/README.md

getent group logbook >/dev/null || groupadd --system logbook
getent passwd logbook >/dev/null || useradd --system --gid logbook --home-dir /var/lib/logbook \
    --shell /usr/sbin/nologin --comment "Logbook daemon" logbook

install -d -m 0755 /etc/logbook
if [ ! -f /etc/logbook/logbook.toml ]; then
    cat > /etc/logbook/logbook.toml <<TOML
# Logbook configuration. Every setting has a default; see the README.
[engine]
parking_threshold = 300
minimum_trip_distance = 100
TOML
fi

install -d -m 0755 -o logbook -g logbook /var/lib/logbook
if ! runuser -u logbook -- /usr/local/bin/logbook vehicles list --format csv \
    --database /var/lib/logbook/logbook.sqlite 2>/dev/null | cut -d, -f1 | grep -qxF "$vehicle"; then
    runuser -u logbook -- /usr/local/bin/logbook vehicles add --plate "$vehicle" \
        --database /var/lib/logbook/logbook.sqlite
fi

sed -e "s|--database /var/lib/logbook/logbook.sqlite|--database /var/lib/logbook/logbook.sqlite --vehicle ${vehicle} --gpsd ${gpsd}|" \
    packaging/logbook.service > /etc/systemd/system/logbook.service
# The web pages and API: installed, not started (`systemctl enable --now logbook-web` after `logbook users add`).
install -m 0644 packaging/logbook-web.service /etc/systemd/system/logbook-web.service
systemctl daemon-reload
if [ "$start" = yes ]; then
    systemctl enable --now logbook.service
    systemctl --no-pager status logbook.service || true
fi
echo "installed: /usr/local/bin/logbook, /etc/systemd/system/logbook.service (vehicle ${vehicle}, gpsd ${gpsd}),"
echo "           /etc/systemd/system/logbook-web.service (not started; see the README's web section)"
