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
# Each API suite runs its files one at a time, so the two databases' suites run side by side on the
# machine's two cores; PostgreSQL's output follows PGlite's.
step "API tests on PGlite and PostgreSQL"
api_suite() {
  TEST_DB=$1 npx vitest run --project api --reporter=default --reporter=json --outputFile="reports/results-api-$1.json"
}
api_suite postgres > reports/api-postgres.log 2>&1 &
postgres_suite=$!
pglite_status=0
api_suite pglite || pglite_status=$?
postgres_status=0
wait "$postgres_suite" || postgres_status=$?
step "API tests on PostgreSQL (output)"
cat reports/api-postgres.log
if [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "API tests failed: PGlite exit $pglite_status, PostgreSQL exit $postgres_status" >&2
  exit 1
fi
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
