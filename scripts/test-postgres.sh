#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for the tests (idempotent) and prints its URL.
# The cluster lives in /tmp and trusts local connections: it holds test data only.
set -euo pipefail
port=${TEST_PG_PORT:-54329}
dir=/tmp/hostfront-test-pg
bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if ! run "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  if [ ! -f "$dir/PG_VERSION" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    run "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  run "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k /tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
