#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port for the PostgreSQL test suites and the bench.
#   scripts/pg-test-cluster.sh start   # init (once) and start; prints PALACE_TEST_DATABASE_URL=…
#   scripts/pg-test-cluster.sh stop
#   scripts/pg-test-cluster.sh status  # exit status 0 when it is running
# Uses Debian's PostgreSQL binaries (apt-get install postgresql). Run as root, the server runs as
# the `postgres` user (PostgreSQL refuses to run as root). Not for production: fsync is off.
set -euo pipefail
cmd="${1:-start}"
port="${PALACE_PG_PORT:-55432}"
dir="${PALACE_PG_DIR:-/tmp/palace-pg-$port}"

bindir=""
if command -v pg_config >/dev/null 2>&1; then bindir="$(pg_config --bindir)"; fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"
      if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
      as_owner "$bindir/initdb" -D "$dir" -U palace -A trust --no-sync -E UTF8 >/dev/null
    fi
    if ! as_owner "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_owner "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o \
        "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=600" \
        start >/dev/null
    fi
    if ! "$bindir/psql" -h 127.0.0.1 -p "$port" -U palace -d postgres -tAc "select 1 from pg_database where datname = 'palace'" | grep -q 1; then
      "$bindir/psql" -h 127.0.0.1 -p "$port" -U palace -d postgres -qc "create database palace" >/dev/null
    fi
    echo "PALACE_TEST_DATABASE_URL=postgres://palace@127.0.0.1:$port/palace"
    ;;
  stop)
    if [ -f "$dir/PG_VERSION" ]; then as_owner "$bindir/pg_ctl" -D "$dir" -m fast stop >/dev/null || true; fi
    ;;
  status)
    [ -f "$dir/PG_VERSION" ] && as_owner "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
