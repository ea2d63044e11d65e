#!/usr/bin/env bash
# The production build, run the way docs/deploy.md deploys it:
#
#   bash scripts/check-prod-build.sh              build the web app and the server, then check
#   bash scripts/check-prod-build.sh --no-build   check the build already in web/ and sync-server/
#
# Copies what a server needs into a fresh folder outside the repository (the package.json files,
# package-lock.json, patches/ and the built web/dist, web/dist-ssr and sync-server/dist), runs
# `npm ci --omit=dev` there, and starts `node sync-server/dist/index.js` with the Node that install
# pinned (node_modules/.bin/node, decision 044) on the embedded database
# in a temporary DATA_DIR: GET /api/health must answer 200 and GET / the server-rendered home
# page. Then the compiled admin CLI creates an account, and a second start on the same data
# directory is timed. The same two answers are checked on PostgreSQL, in a database the check
# creates under PG_URL's server (by default CI's, postgres://postgres@127.0.0.1:5432/test) and
# drops at the end. Prints each check and the times; exits non-zero on the first failure;
# removes the folder and stops the server whatever happens.
set -euo pipefail

cd "$(dirname "$0")/.."
REPO="$PWD"
BUILD=1
[ "${1:-}" = "--no-build" ] && BUILD=0

WORK="$(mktemp -d -t nomac-prod-XXXXXX)"
SERVER_PID=""
CADDY_PID=""
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
PG_DB=""
cleanup() {
  for pid in "$CADDY_PID" "$SERVER_PID"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  # Only the database this run created.
  [ -z "$PG_DB" ] || psql "$PG_URL" -qX -c "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FAILED: $*" >&2
  if [ -f "$WORK/server.log" ]; then
    echo "--- server log (last 30 lines) ---" >&2
    tail -n 30 "$WORK/server.log" >&2
  fi
  exit 1
}
ok() { echo "ok: $*"; }
now_ms() { date +%s%3N; }

if [ "$BUILD" = 1 ]; then
  # What `npm run build` makes for the server to run, without the typecheck of the server and
  # the other workspaces (CI's "Typecheck" step has just run it). turbo caches the web build,
  # so the end-to-end step's own build of it is then a cache hit.
  echo "== turbo run build --filter=@tournament/web; npm run compile -w @tournament/sync-server"
  npx turbo run build --filter=@tournament/web
  npm run compile -w @tournament/sync-server
fi
for built in web/dist/index.html web/dist-ssr/entry-server.js sync-server/dist/index.js sync-server/dist/cli/admin.js; do
  [ -f "$built" ] || fail "$built is missing: run npm run build"
done

echo "== copying the install into $WORK/app"
APP="$WORK/app"
mkdir -p "$APP"
cp package.json package-lock.json "$APP/"
cp -r patches "$APP/"
for ws in shared sync-server web sw e2e; do
  mkdir -p "$APP/$ws"
  cp "$ws/package.json" "$APP/$ws/"
done
cp -r web/dist web/dist-ssr "$APP/web/"
cp -r sync-server/dist "$APP/sync-server/"
ok "package.json files, package-lock.json, patches/, web/dist, web/dist-ssr, sync-server/dist"

echo "== npm ci --omit=dev"
t0=$(now_ms)
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund) || fail "npm ci --omit=dev"
NPM_CI_MS=$(($(now_ms) - t0))
ok "npm ci --omit=dev in $((NPM_CI_MS / 1000)) s ($(du -sm "$APP/node_modules" | cut -f1) MB of node_modules)"
for dev in vite vitest typescript; do
  [ ! -e "$APP/node_modules/$dev" ] || fail "$dev was installed by npm ci --omit=dev"
done
ok "no vite, vitest or typescript in node_modules (development dependencies left out)"
for patched in src/connection.js cjs/src/connection.js; do
  grep -q 'Patched (patches/README.md)' "$APP/node_modules/postgres/$patched" ||
    fail "the postgres patch is not applied to node_modules/postgres/$patched"
done
ok "the postgres patch is applied (patch-package ran as postinstall)"
# The runtime is the `node` package the install pinned (decision 044), not the system's Node.
NODE="$APP/node_modules/.bin/node"
[ -x "$NODE" ] || fail "npm ci --omit=dev did not install the pinned Node (node_modules/.bin/node)"
WANTED="$(node -p "require('./package.json').dependencies.node")"
[ "$("$NODE" --version)" = "v$WANTED" ] || fail "node_modules/.bin/node is $("$NODE" --version), package.json pins $WANTED"
ok "the pinned Node $("$NODE" --version) is installed (system Node: $(node --version))"

# A port nothing listens on.
PORT="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
DATA="$WORK/data"
BASE="http://127.0.0.1:$PORT"

# start_server [VAR=value...]: starts the compiled server in the copy with plain node, with the
# extra environment given; sets SERVER_PID.
start_server() {
  (cd "$APP" && exec env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production PORT="$PORT" DATA_DIR="$DATA" "$@" \
    "$NODE" sync-server/dist/index.js) >>"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
}

# cpu_ms FILE: user + system time in a /proc stat file, in ms (clock ticks of 10 ms).
cpu_ms() { awk '{ print ($14 + $15) * 10 }' "$1" 2>/dev/null || echo '?'; }

# wait_healthy: milliseconds from now until GET /api/health answers 200 (60 s at most), and
# the server's CPU time by then: its main thread, and all its threads (V8's workers compile
# PGlite's WebAssembly beside it). On a busy machine the wall time grows, the CPU time less.
wait_healthy() {
  local t0 status wall
  t0=$(now_ms)
  while :; do
    status="$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/health" || true)"
    [ "$status" = 200 ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited before answering"
    [ $(($(now_ms) - t0)) -lt 60000 ] || fail "no 200 from /api/health within 60 s (last: $status)"
    sleep 0.05
  done
  wall=$(($(now_ms) - t0))
  echo "$wall ms (CPU: main thread $(cpu_ms "/proc/$SERVER_PID/task/$SERVER_PID/stat") ms, all threads $(cpu_ms "/proc/$SERVER_PID/stat") ms)"
}

stop_server() {
  kill "$SERVER_PID"
  wait "$SERVER_PID" || fail "the server did not stop cleanly on SIGTERM"
  SERVER_PID=""
}

# check_home: GET / is the server-rendered home page with the seeded tournament; sets HOME_MS.
check_home() {
  local t0
  t0=$(now_ms)
  curl -s -o "$WORK/home.html" -w '%{http_code}' "$BASE/" >"$WORK/home.status" || fail "GET / did not answer"
  HOME_MS=$(($(now_ms) - t0))
  [ "$(cat "$WORK/home.status")" = 200 ] || fail "GET / answered $(cat "$WORK/home.status")"
  grep -qi '<!doctype html>' "$WORK/home.html" || fail "GET / is not HTML"
  grep -q 'id="page-data"' "$WORK/home.html" || fail "GET / is the bare shell: the SSR bundle did not render it"
  grep -q 'Elliot Lake' "$WORK/home.html" || fail "GET / does not show the seeded tournament"
  ok "GET / 200, the server-rendered home page ($(wc -c <"$WORK/home.html") bytes, $HOME_MS ms)"
}

echo "== node sync-server/dist/index.js (fresh DATA_DIR: creates, migrates and seeds the database)"
start_server
FIRST_MS=$(wait_healthy)
ok "GET /api/health 200 after $FIRST_MS"
check_home
FIRST_HOME_MS=$HOME_MS
stop_server
ok "stopped on SIGTERM"

PG_MS="not checked"
if psql "$PG_URL" -qXtAc 'select 1' >/dev/null 2>&1; then
  PG_DB="nomac_prod_check_$(date +%s)_$$"
  echo "== node sync-server/dist/index.js on PostgreSQL (a new database $PG_DB: migrated and seeded at start)"
  psql "$PG_URL" -qX -c "CREATE DATABASE \"$PG_DB\"" >/dev/null || fail "could not create the database $PG_DB"
  # PG_URL with its database name replaced.
  PG_SERVER_URL="${PG_URL%/*}/$PG_DB"
  start_server DATABASE_URL="$PG_SERVER_URL" DATA_DIR="$WORK/data-pg"
  PG_MS=$(wait_healthy)
  ok "GET /api/health 200 after $PG_MS"
  check_home
  stop_server
  ok "stopped on SIGTERM"
  psql "$PG_URL" -qX -c "DROP DATABASE \"$PG_DB\"" >/dev/null || fail "could not drop the database $PG_DB"
  ok "dropped the database $PG_DB"
  PG_DB=""
else
  # CI starts PostgreSQL (.ci/run); elsewhere, say what was not checked.
  [ "${CI:-}" = true ] && fail "PostgreSQL does not answer at $PG_URL"
  echo "NOT CHECKED: the compiled server on PostgreSQL (nothing answers at $PG_URL; set PG_URL)"
fi

echo "== node sync-server/dist/cli/admin.js (the compiled admin CLI)"
(cd "$APP" && env -i PATH="$PATH" HOME="$WORK" DATA_DIR="$DATA" "$NODE" sync-server/dist/cli/admin.js create-user \
  --email prod-check@example.test --password prod-check-pass --role SuperAdmin) || fail "admin create-user"
ok "admin create-user"

# A port nothing listens on.
free_port() { node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }

# docs_block HEADING FENCE: the first fenced block opened by FENCE under the docs/deploy.md
# section whose heading starts with HEADING (so the files checked are the ones the doc shows).
docs_block() {
  awk -v h="$1" -v f="$2" 'index($0, h) == 1 { s = 1; next } s && /^## / { exit }
    s && !b && $0 == f { b = 1; next } b && /^```/ { exit } b' "$REPO/docs/deploy.md"
}

DEPLOY_TOOLS=1
for tool in systemd-analyze caddy; do
  if ! command -v "$tool" >/dev/null; then
    # CI installs both (.ci/run); elsewhere, say what was not checked.
    [ "${CI:-}" = true ] && fail "$tool is not installed (apt-get install -y systemd caddy)"
    echo "NOT CHECKED: docs/deploy.md's systemd unit and Caddyfile ($tool is not installed: apt-get install -y systemd caddy)"
    DEPLOY_TOOLS=0
    break
  fi
done
if [ "$DEPLOY_TOOLS" = 1 ]; then
echo "== docs/deploy.md's systemd unit (systemd-analyze verify; no systemd runs here)"
UNIT="$WORK/nomac.service"
# The doc's unit, with the release's folder where this check installed it.
docs_block "## 6. The systemd unit" '```ini' | sed "s#/opt/nomac/app#$APP#g" >"$UNIT"
grep -q '^Restart=always$' "$UNIT" || fail "docs/deploy.md's unit has no Restart=always"
grep -q "^ExecStart=$APP/node_modules/.bin/node sync-server/dist/index.js$" "$UNIT" ||
  fail "docs/deploy.md's unit does not start node_modules/.bin/node sync-server/dist/index.js"
# verify_unit FILE: systemd-analyze verify, failing on any line it prints. An unknown key or a
# bad value is only a warning (exit 0, the line ignored), so the exit code alone lets a typo
# through. Here the doc's unit gives no finding at all: verify does not look up User=nomac nor
# read EnvironmentFile=, and the ExecStart and WorkingDirectory above exist; so nothing is allowed.
verify_unit() {
  systemd-analyze verify "$1" >"$WORK/verify.log" 2>&1 && [ ! -s "$WORK/verify.log" ]
}
verify_unit "$UNIT" || { cat "$WORK/verify.log" >&2; fail "systemd-analyze verify found fault with docs/deploy.md's unit"; }
# The check itself: a copy of the unit with a misspelt key, and one with a bad value, must fail it.
for typo in Restartt=bogus ProtectSystem=bogus; do
  sed "s/^\[Service\]\$/&\n$typo/" "$UNIT" >"$WORK/typo.service"
  ! verify_unit "$WORK/typo.service" || fail "the unit check let through a unit with $typo"
done
ok "systemd-analyze verify: no finding in the unit (and one with Restartt=bogus or ProtectSystem=bogus is refused); its ExecStart runs the pinned Node on the compiled server"

echo "== docs/deploy.md's Caddyfile in front of the server (TRUSTED_PROXY=loopback, TLS by Caddy's own CA)"
HTTPS_PORT="$(free_port)"
HTTP_PORT="$(free_port)"
# The doc's site block, its name made localhost (Caddy's local CA signs it) and the server's port
# this run's; the global options keep Caddy off ports 80 and 443, its admin API and the trust store.
{
  printf '{\n\thttp_port %s\n\thttps_port %s\n\tadmin off\n\tskip_install_trust\n\tstorage file_system %s\n}\n\n' \
    "$HTTP_PORT" "$HTTPS_PORT" "$WORK/caddy"
  docs_block "## 7. Caddy" '```' | sed -e "s#^tournament.example.org #localhost #" -e "s#127.0.0.1:3000#127.0.0.1:$PORT#"
} >"$WORK/Caddyfile"
grep -q "reverse_proxy 127.0.0.1:$PORT" "$WORK/Caddyfile" || fail "docs/deploy.md's Caddyfile has no reverse_proxy 127.0.0.1:3000"
caddy validate --adapter caddyfile --config "$WORK/Caddyfile" >"$WORK/caddy.log" 2>&1 || {
  cat "$WORK/caddy.log" >&2
  fail "caddy validate refused docs/deploy.md's Caddyfile"
}
start_server TRUSTED_PROXY=loopback PUBLIC_URL="https://localhost:$HTTPS_PORT"
RESTART_MS=$(wait_healthy)
ok "GET /api/health 200 after $RESTART_MS (the database exists)"
HOME="$WORK" XDG_DATA_HOME="$WORK/xdg" XDG_CONFIG_HOME="$WORK/xdg" \
  caddy run --adapter caddyfile --config "$WORK/Caddyfile" >>"$WORK/caddy.log" 2>&1 &
CADDY_PID=$!
ROOT_CA="$WORK/caddy/pki/authorities/local/root.crt"
TLS="https://localhost:$HTTPS_PORT"
for _ in $(seq 1 200); do
  [ -f "$ROOT_CA" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$ROOT_CA" "$TLS/api/health" || true)" = 200 ] && break
  kill -0 "$CADDY_PID" 2>/dev/null || { cat "$WORK/caddy.log" >&2; fail "caddy exited"; }
  sleep 0.1
done
[ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$ROOT_CA" "$TLS/api/health")" = 200 ] ||
  { tail -n 20 "$WORK/caddy.log" >&2; fail "GET $TLS/api/health through Caddy did not answer 200"; }
ok "GET /api/health 200 over TLS through Caddy (certificate verified against Caddy's CA)"
curl -s --cacert "$ROOT_CA" "$TLS/" | grep -q 'id="page-data"' || fail "GET / through Caddy is not the server-rendered home page"
ok "GET / through Caddy: the server-rendered home page"
REDIRECT="$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$HTTP_PORT/results")"
case "$REDIRECT" in
  30[178]" https://localhost"*"/results") ok "plain HTTP redirects to HTTPS ($REDIRECT)" ;;
  *) fail "plain HTTP did not redirect to HTTPS: $REDIRECT" ;;
esac
# The live updates pass unbuffered: the stream's first line arrives while it stays open.
curl -s -N --max-time 3 --cacert "$ROOT_CA" "$TLS/sync/events?scope=signage" >"$WORK/events.txt" 2>/dev/null || true
grep -q '^: connected' "$WORK/events.txt" || fail "GET /sync/events through Caddy sent nothing within 3 s (buffered?)"
ok "GET /sync/events through Caddy: the stream's first line arrives while it is open"
# With TRUSTED_PROXY=loopback the server counts each visitor by the address Caddy puts in
# X-Forwarded-For; Caddy drops the one a visitor sends. Visitors come from 127.0.0.2 and
# 127.0.0.3 (all of 127/8 is loopback): the Contact Us form's limit (5 per address) stops the
# first one, whatever it writes in X-Forwarded-For itself, and not the second.
contact() { # SOURCE SPOOFED: the status of one Contact Us message from SOURCE
  curl -s -o /dev/null -w '%{http_code}' -X PUT --cacert "$ROOT_CA" --interface "$1" \
    --resolve "localhost:$HTTPS_PORT:127.0.0.1" -H "X-Forwarded-For: $2" -H 'Content-Type: application/json' \
    -d '{"firstName":"Pat","lastName":"Lee","email":"pat@example.test","message":"Is there parking?"}' \
    "$TLS/api/email/contactUs"
}
for i in 1 2 3 4 5; do
  status="$(contact 127.0.0.2 "198.51.100.$i")"
  [ "$status" = 200 ] || fail "Contact Us message $i through Caddy answered $status"
done
status="$(contact 127.0.0.2 198.51.100.99)"
[ "$status" = 429 ] || fail "a 6th message from one visitor, with another X-Forwarded-For, answered $status (not 429)"
status="$(contact 127.0.0.3 198.51.100.1)"
[ "$status" = 200 ] || fail "another visitor's message answered $status: the server counted Caddy, not the visitors"
ok "visitors are counted by the address Caddy forwards: the 6th message of one is refused (429) whatever X-Forwarded-For it sends, another's goes through"
kill "$CADDY_PID" && wait "$CADDY_PID" 2>/dev/null || true
CADDY_PID=""
stop_server
else
  start_server
  RESTART_MS=$(wait_healthy)
  ok "GET /api/health 200 after $RESTART_MS (the database exists)"
  stop_server
fi

echo
echo "Production build checked in $WORK/app (removed now):"
echo "  npm ci --omit=dev                     $((NPM_CI_MS / 1000)) s"
echo "  first healthy answer, new database    $FIRST_MS"
echo "  first healthy answer, restart         $RESTART_MS"
echo "  first GET / after the first start     $FIRST_HOME_MS ms"
echo "  first healthy answer, new PostgreSQL  $PG_MS"
echo "  (from spawning node to the first 200 of GET /api/health, polled every 50 ms;"
echo "   load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
