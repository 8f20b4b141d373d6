# Starts the machine's PostgreSQL cluster for the API tests and exports TEST_PG_URL
# (a role `app` with CREATEDB; each test file makes and drops its own database).
pg_started_here=0
start_postgres() {
  local version
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
    pg_createcluster "$version" main >/dev/null
  fi
  if ! pg_lsclusters -h | grep -q "^$version main .* online"; then
    pg_ctlcluster "$version" main start
    pg_started_here=1
  fi
  local port
  port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
  runuser -u postgres -- psql -q -p "$port" -c \
    "DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='app') THEN CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB; END IF; END\$\$;"
  export TEST_PG_URL="postgres://app:app@127.0.0.1:$port/postgres"
  echo "PostgreSQL $version on port $port"
}
stop_postgres() {
  if [ "$pg_started_here" = 1 ]; then
    pg_ctlcluster "$(ls /usr/lib/postgresql | sort -n | tail -1)" main stop || true
  fi
}
