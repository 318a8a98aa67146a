#!/usr/bin/env bash
# Runs the browser tests (ui/tests/*.test.mjs) against a freshly started Sluice.
#
#   ./mvnw -B verify            # or: ./mvnw -B -DskipTests package
#   ui/run-browser-tests.sh     # from anywhere; exits with the tests' exit code
#   ui/run-browser-tests.sh ui/tests/runs.test.mjs   # only the files named
#
# Builds nothing: it needs target/quarkus-app/quarkus-run.jar. It starts that jar on a free port with a fresh,
# temporary data directory, waits for /q/health/ready (on the management port), installs the npm packages from ui/package-lock.json if
# ui/node_modules is missing, runs the tests with Node's test runner in headless Chromium, and always stops the
# server. The server runs with authentication on (SLUICE_AUTH_ENABLED=true) and the first admin's password set by
# SLUICE_ADMIN_PASSWORD (a random one per run unless given): the tests log in first (ui/tests/support.mjs). Environment:
# CHROMIUM_PATH (default /usr/bin/chromium), JAVA (default java), READY_TIMEOUT (seconds, default 60), KEEP_DATA=1 keeps
# the data directory and server log for a look afterwards, SLUICE_AUTH_ENABLED=false runs without a login.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UI="$ROOT/ui"
JAR="$ROOT/target/quarkus-app/quarkus-run.jar"
JAVA="${JAVA:-java}"
READY_TIMEOUT="${READY_TIMEOUT:-60}"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

die() { echo "run-browser-tests: $*" >&2; exit 2; }

[[ -f "$JAR" ]] || die "$JAR is missing. Build the app first: (cd '$ROOT' && ./mvnw -B verify), or ./mvnw -B -DskipTests package"
command -v node >/dev/null || die "node is not on PATH (Node.js 20 or newer is needed)"
command -v npm >/dev/null || die "npm is not on PATH"
command -v "$JAVA" >/dev/null || die "$JAVA is not on PATH (JDK 17 or newer is needed)"
[[ -x "$CHROMIUM_PATH" ]] || die "no Chromium at $CHROMIUM_PATH: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. Never 'npx playwright install'."

DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sluice-browser-tests.XXXXXX")"
LOG="$DATA_DIR/server.log"
SERVER_PID=""

cleanup() {
  local status=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ "${KEEP_DATA:-0}" == 1 ]]; then
    echo "run-browser-tests: kept data directory and server log in $DATA_DIR" >&2
  else
    rm -rf "$DATA_DIR"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A port the kernel just handed out and released; good enough for a test server.
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
PORT="$(free_port)"
MANAGEMENT_PORT="$(free_port)"
while [[ "$MANAGEMENT_PORT" == "$PORT" ]]; do MANAGEMENT_PORT="$(free_port)"; done
URL="http://localhost:$PORT"
# health and metrics are on the management interface, a port of its own
READY_URL="http://localhost:$MANAGEMENT_PORT/q/health/ready"

# the server and the tests share these: the tests log in as admin with this password
export SLUICE_AUTH_ENABLED="${SLUICE_AUTH_ENABLED:-true}"
export SLUICE_ADMIN_PASSWORD="${SLUICE_ADMIN_PASSWORD:-browser-tests-$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")}"

echo "run-browser-tests: starting $JAR on port $PORT (data in $DATA_DIR, authentication ${SLUICE_AUTH_ENABLED})"
# Triggers off: the example's eager transforms would follow every raw run, and a test's own launch of the transforms
# would then queue behind them; ExampleRunsItselfTest covers the triggers end to end.
SLUICE_AUTOMATION_TRIGGERS_ENABLED=false SLUICE_DATA_DIR="$DATA_DIR" PORT="$PORT" MANAGEMENT_PORT="$MANAGEMENT_PORT" "$JAVA" -jar "$JAR" >"$LOG" 2>&1 &
SERVER_PID=$!

ready() { node -e "fetch('$READY_URL').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; }
deadline=$((SECONDS + READY_TIMEOUT))
until ready; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "run-browser-tests: the server exited before it was ready; its log ends with:" >&2
    tail -n 40 "$LOG" >&2
    exit 1
  fi
  if (( SECONDS >= deadline )); then
    echo "run-browser-tests: $READY_URL did not answer UP within ${READY_TIMEOUT}s; the server log ends with:" >&2
    tail -n 40 "$LOG" >&2
    exit 1
  fi
  sleep 1
done
echo "run-browser-tests: server ready at $URL"

if [[ ! -d "$UI/node_modules/playwright-core" ]]; then
  echo "run-browser-tests: installing npm packages (npm ci)"
  (cd "$UI" && npm ci --no-audit --no-fund)
fi

# Explicit file list rather than a directory: Node 21+ no longer searches a directory argument of --test.
set +e
# one file at a time: the files share one server, and some steer runs the others could see
# Arguments, if any, name the test files to run (paths from the project root, e.g. ui/tests/runs.test.mjs).
if (( $# > 0 )); then FILES=("$@"); else FILES=(ui/tests/*.test.mjs); fi
(cd "$ROOT" && SLUICE_URL="$URL" node --test --test-concurrency=1 "${FILES[@]}")
TESTS_STATUS=$?
set -e
if (( TESTS_STATUS != 0 )); then
  echo "run-browser-tests: tests failed (exit $TESTS_STATUS); the server log ends with:" >&2
  tail -n 30 "$LOG" >&2
fi
exit "$TESTS_STATUS"
