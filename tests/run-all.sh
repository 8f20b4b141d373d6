#!/usr/bin/env bash
# Runs every test: lint, type check, unit, API (PGlite and PostgreSQL), model and e2e.
# Installs what it needs: Debian's chromium and postgresql (as root, with apt) and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

step() { printf '\n=== %s ===\n' "$*"; }

step "system packages"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]}. Run as root or install them with apt-get." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"

step "npm packages"
npm install --no-audit --no-fund --loglevel=error

step "PostgreSQL"
source tests/postgres.sh
start_postgres
trap stop_postgres EXIT

step "lint"
npm run lint
step "type check"
npm run typecheck
step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile=reports/results-unit.json
step "API tests on PGlite"
TEST_DB=pglite npx vitest run --project api --reporter=default --reporter=json --outputFile=reports/results-api-pglite.json
step "API tests on PostgreSQL"
TEST_DB=postgres npx vitest run --project api --reporter=default --reporter=json --outputFile=reports/results-api-postgres.json
step "model tests"
rm -rf reports/state-coverage
npx vitest run --project model --reporter=default --reporter=json --outputFile=reports/results-model.json
step "build"
npm run build
step "e2e tests"
rm -f reports/e2e-transitions.json
npx playwright test
step "state-coverage report"
npx tsx model-tests/buildReport.ts

step "summary"
node tests/summary.mjs reports/results-*.json
