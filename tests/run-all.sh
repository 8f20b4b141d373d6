#!/usr/bin/env bash
# Runs every test: lint, type check, unit, API (PGlite and PostgreSQL), model and e2e.
# Installs what it needs: Debian's chromium and postgresql (as root, with apt) and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

# Each step says when it started, in seconds since the run began, so a slow step shows in CI's log.
step() { printf '\n=== %s (at %d s) ===\n' "$*" "$SECONDS"; }

step "system packages"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
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
# Each API suite runs its files one at a time. The PGlite suite is the longest and keeps about a
# core and a quarter busy; beside it run the PostgreSQL suite and then the model suites, so the
# machine's two cores stay busy. Their output follows the PGlite suite's.
step "API tests on PGlite; beside them, API tests on PostgreSQL, then model tests"
api_suite() {
  TEST_DB=$1 npx vitest run --project api --reporter=default --reporter=json --outputFile="reports/results-api-$1.json"
}
model_suite() {
  rm -rf reports/state-coverage
  npx vitest run --project model --reporter=default --reporter=json --outputFile=reports/results-model.json
}
beside_pglite() {
  local status=0
  api_suite postgres || status=1
  step "model tests"
  model_suite || status=1
  return $status
}
beside_pglite > reports/beside-pglite.log 2>&1 &
beside=$!
pglite_status=0
api_suite pglite || pglite_status=$?
beside_status=0
wait "$beside" || beside_status=$?
step "API tests on PostgreSQL, then model tests (output)"
cat reports/beside-pglite.log
[ "$pglite_status" -eq 0 ] || echo "API tests on PGlite failed (exit $pglite_status)" >&2
[ "$beside_status" -eq 0 ] || echo "API tests on PostgreSQL or model tests failed (see their output above)" >&2
[ "$pglite_status" -eq 0 ] && [ "$beside_status" -eq 0 ] || exit 1
step "build"
npm run build
step "e2e tests"
rm -rf reports/e2e-transitions
npx playwright test
step "state-coverage report"
npx tsx model-tests/buildReport.ts

step "summary"
node tests/summary.mjs reports/results-*.json
