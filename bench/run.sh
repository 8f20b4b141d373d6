#!/usr/bin/env bash
# npm run bench: bundle size, Lighthouse and HTTP load on PGlite and PostgreSQL, in one run.
# Needs the build (it runs it) and Debian's chromium and postgresql (as installed by npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
source tests/postgres.sh
start_postgres
trap stop_postgres EXIT
npm run build
npx tsx bench/run.ts
