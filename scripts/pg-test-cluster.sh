#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port for the PostgreSQL test suites and the bench.
#   scripts/pg-test-cluster.sh start   # init (once) and start; prints PALACE_TEST_DATABASE_URL=…
#   scripts/pg-test-cluster.sh stop
#   scripts/pg-test-cluster.sh status  # exit status 0 when it is running and accepting connections, else 1
# Uses Debian's PostgreSQL binaries (apt-get install postgresql). Run as root, the server runs as
# the `postgres` user (PostgreSQL refuses to run as root). Not for production: fsync is off.
# Exit status: 0 done, 1 failed (the reason is on stderr), 2 usage, 3 PostgreSQL is not installed.
#
# The port (PALACE_PG_PORT, default 25432) lies below Linux's ephemeral range (32768–60999): a port
# inside it can be held for 60 s by any client socket in TIME_WAIT (the bench leaves thousands), and
# PostgreSQL then cannot bind it ("Address already in use") although nothing listens there. That is
# how a full `npm run bench` once failed to start the cluster on the old default, 55432.
set -euo pipefail
cmd="${1:-start}"
port="${PALACE_PG_PORT:-25432}"
dir="${PALACE_PG_DIR:-/tmp/palace-pg-$port}"

fail() {
  echo "pg-test-cluster.sh: $*" >&2
  exit 1
}

bindir=""
if command -v pg_config >/dev/null 2>&1; then bindir="$(pg_config --bindir)"; fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "pg-test-cluster.sh: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 3
fi

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() { as_owner "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; }
# 0: accepting connections; 1: up but refusing them (starting or shutting down); 2: no answer.
accepting() { "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -U palace -d postgres -t 2; }

# One start or stop at a time: two test runs, or a bench and CI's exit trap, may call this at once,
# and two starts racing each other used to fail one of them (initdb twice, the lock file, or
# "create database" twice). The lock file is readable by every user (flock works on a read fd).
lock="$dir.lock"
if command -v flock >/dev/null 2>&1; then
  [ -e "$lock" ] || { : >"$lock" && chmod 644 "$lock"; } 2>/dev/null || true
  if [ -r "$lock" ]; then
    # The server must not inherit this descriptor (it would hold the lock for as long as it runs):
    # pg_ctl start closes it (9<&-).
    exec 9<"$lock"
    flock -w 180 9 || fail "another pg-test-cluster.sh call has held $lock for 180 s"
  fi
fi

# Waits while a server stops (`pg_ctl status` says running until its last process is gone, and a
# start then would skip starting it and find it refusing connections).
settle() {
  local i
  for i in $(seq 1 120); do
    if ! running; then return 0; fi
    local state=0
    accepting || state=$?
    if [ "$state" = "0" ]; then return 0; fi
    sleep 0.5
  done
  fail "the server in $dir neither accepts connections nor stops after 60 s (see $dir/server.log)"
}

# A postmaster.pid left by a server that was killed (or by a reboot) whose PID now belongs to
# another process: pg_ctl reports "running" and PostgreSQL refuses to start. Such a file is stale.
drop_stale_pid() {
  local pidfile="$dir/postmaster.pid" pid comm
  [ -f "$pidfile" ] || return 0
  pid="$(head -n 1 "$pidfile" 2>/dev/null || true)"
  comm="$(cat "/proc/$pid/comm" 2>/dev/null || true)"
  if [ -z "$pid" ] || { [ "$comm" != "postgres" ] && [ "$comm" != "postmaster" ]; }; then
    echo "pg-test-cluster.sh: removing stale $pidfile (PID ${pid:-?} is not a PostgreSQL server)" >&2
    rm -f "$pidfile"
  fi
}

start_server() {
  local deadline=$((SECONDS + 75)) from
  for (( ; ; )); do
    from=$(($(wc -l 2>/dev/null <"$dir/server.log" || echo 0) + 1))
    if as_owner "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 120 -o \
      "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=600" \
      start >/dev/null 2>&1 9<&-; then
      return 0
    fi
    local said
    said="$(tail -n "+$from" "$dir/server.log" 2>/dev/null | grep -E 'FATAL|ERROR|could not' | head -n 3 || true)"
    if grep -q 'Address already in use' <<<"$said"; then
      local listener
      listener="$(ss -Hltnp "sport = :$port" 2>/dev/null || true)"
      if [ -n "$listener" ]; then
        fail "port $port on 127.0.0.1 is taken by another listening program (set PALACE_PG_PORT to another): $listener"
      fi
      # Only client sockets (TIME_WAIT lasts 60 s) hold it: they go away by themselves.
      if [ "$SECONDS" -lt "$deadline" ]; then
        sleep 2
        continue
      fi
      fail "port $port on 127.0.0.1 stayed held by client sockets for 75 s (ss -tan 'sport = :$port'; set PALACE_PG_PORT to a port outside $(tr '\t' '-' </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 'the ephemeral range'))"
    fi
    fail "pg_ctl could not start the server in $dir: ${said:-see $dir/server.log}"
  done
}

case "$cmd" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      # An initdb interrupted earlier leaves a directory without PG_VERSION that initdb refuses:
      # the default directory is ours to empty, one given in PALACE_PG_DIR is not.
      if [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
        if [ -n "${PALACE_PG_DIR:-}" ]; then fail "$dir is not empty and holds no cluster (PG_VERSION): empty it or choose another PALACE_PG_DIR"; fi
        rm -rf "$dir"
      fi
      mkdir -p "$dir"
      if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
      as_owner "$bindir/initdb" -D "$dir" -U palace -A trust --no-sync -E UTF8 >/dev/null ||
        fail "initdb failed in $dir"
    fi
    drop_stale_pid
    settle
    if ! running; then
      start_server
    elif ! accepting; then
      fail "the server in $dir runs but refuses connections on 127.0.0.1:$port (see $dir/server.log)"
    fi
    if ! "$bindir/psql" -h 127.0.0.1 -p "$port" -U palace -d postgres -tAc "select 1 from pg_database where datname = 'palace'" | grep -q 1; then
      "$bindir/psql" -h 127.0.0.1 -p "$port" -U palace -d postgres -qc "create database palace" >/dev/null ||
        fail "could not create the database palace on 127.0.0.1:$port"
    fi
    echo "PALACE_TEST_DATABASE_URL=postgres://palace@127.0.0.1:$port/palace"
    ;;
  stop)
    if [ -f "$dir/PG_VERSION" ]; then as_owner "$bindir/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true; fi
    ;;
  status)
    # Running means accepting connections (a server still stopping is not).
    if [ -f "$dir/PG_VERSION" ] && running && accepting; then exit 0; fi
    exit 1
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
