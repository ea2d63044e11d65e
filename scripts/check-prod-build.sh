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
# directory is timed. Prints each check and the times; exits non-zero on the first failure;
# removes the folder and stops the server whatever happens.
set -euo pipefail

cd "$(dirname "$0")/.."
REPO="$PWD"
BUILD=1
[ "${1:-}" = "--no-build" ] && BUILD=0

WORK="$(mktemp -d -t nomac-prod-XXXXXX)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
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

# start_server: starts the compiled server in the copy with plain node; sets SERVER_PID.
start_server() {
  (cd "$APP" && exec env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production PORT="$PORT" DATA_DIR="$DATA" \
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

echo "== node sync-server/dist/index.js (fresh DATA_DIR: creates, migrates and seeds the database)"
start_server
FIRST_MS=$(wait_healthy)
ok "GET /api/health 200 after $FIRST_MS"
t0=$(now_ms)
curl -s -o "$WORK/home.html" -w '%{http_code}' "$BASE/" >"$WORK/home.status" || fail "GET / did not answer"
HOME_MS=$(($(now_ms) - t0))
[ "$(cat "$WORK/home.status")" = 200 ] || fail "GET / answered $(cat "$WORK/home.status")"
grep -qi '<!doctype html>' "$WORK/home.html" || fail "GET / is not HTML"
grep -q 'id="page-data"' "$WORK/home.html" || fail "GET / is the bare shell: the SSR bundle did not render it"
grep -q 'Elliot Lake' "$WORK/home.html" || fail "GET / does not show the seeded tournament"
ok "GET / 200, the server-rendered home page ($(wc -c <"$WORK/home.html") bytes, $HOME_MS ms)"
stop_server
ok "stopped on SIGTERM"

echo "== node sync-server/dist/cli/admin.js (the compiled admin CLI)"
(cd "$APP" && env -i PATH="$PATH" HOME="$WORK" DATA_DIR="$DATA" "$NODE" sync-server/dist/cli/admin.js create-user \
  --email prod-check@example.test --password prod-check-pass --role SuperAdmin) || fail "admin create-user"
ok "admin create-user"

echo "== node sync-server/dist/index.js again (the database exists)"
start_server
RESTART_MS=$(wait_healthy)
ok "GET /api/health 200 after $RESTART_MS"
stop_server

echo
echo "Production build checked in $WORK/app (removed now):"
echo "  npm ci --omit=dev                     $((NPM_CI_MS / 1000)) s"
echo "  first healthy answer, new database    $FIRST_MS"
echo "  first healthy answer, restart         $RESTART_MS"
echo "  first GET / after the first start     $HOME_MS ms"
echo "  (from spawning node to the first 200 of GET /api/health, polled every 50 ms;"
echo "   load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
