#!/usr/bin/env bash
# Lints Sluice's OpenAPI document with Redocly CLI (ui/package.json), recommended-strict rules minus security (ui/redocly.yaml).
#
#   ./mvnw -B -DskipTests package   # the build writes target/openapi/openapi.yaml (quarkus.smallrye-openapi.store-schema-directory)
#   ui/lint-openapi.sh              # lints that file; exits non-zero on any finding
#   ui/lint-openapi.sh FILE_OR_URL  # or another copy, for example http://localhost:8080/q/openapi of a running Sluice
#
# Installs the npm packages from ui/package-lock.json if ui/node_modules has no redocly.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UI="$ROOT/ui"
DOCUMENT="${1:-$ROOT/target/openapi/openapi.yaml}"

die() { echo "lint-openapi: $*" >&2; exit 2; }

command -v node >/dev/null || die "node is not on PATH (Node.js 20 or newer is needed)"
command -v npm >/dev/null || die "npm is not on PATH"
if [[ "$DOCUMENT" != http://* && "$DOCUMENT" != https://* && ! -f "$DOCUMENT" ]]; then
  die "$DOCUMENT is missing. Build the app first: (cd '$ROOT' && ./mvnw -B -DskipTests package)"
fi
if [[ ! -x "$UI/node_modules/.bin/redocly" ]]; then
  (cd "$UI" && npm ci --no-audit --no-fund)
fi

export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
echo "== redocly $("$UI/node_modules/.bin/redocly" --version 2>/dev/null | grep -Eo '^[0-9][0-9.]*' | head -1) lint $DOCUMENT"
exec "$UI/node_modules/.bin/redocly" lint --config "$UI/redocly.yaml" "$DOCUMENT"
