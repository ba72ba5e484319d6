#!/usr/bin/env bash
# Starts a real PostgreSQL 15 with pgvector for the Postgres adapter's CI job and prints
#   export TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:54329/postgres
# Use it as: eval "$(test/support/postgres15.sh)". Idempotent: a running server is reused and
# pgvector is built only once. `test/support/postgres15.sh stop` stops the server.
# bookworm packages no pgvector for PG 15, so it is built from trixie's source package, fetched
# through a private apt directory: the system's apt sources are never changed.
set -euo pipefail

PORT="${PG15_PORT:-54329}"
STATE="${PG15_STATE:-/tmp/eliza-edge-pg15}"
DATA="$STATE/data"
BIN=/usr/lib/postgresql/15/bin
PG_CONFIG="$BIN/pg_config"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
log() { echo "postgres15: $*" >&2; }

if [[ "${1:-}" == "stop" ]]; then
  if [[ -f "$DATA/postmaster.pid" ]]; then runuser -u postgres -- "$BIN/pg_ctl" -D "$DATA" -m fast stop >&2; fi
  exit 0
fi

[[ -x "$BIN/postgres" ]] || { log "PostgreSQL 15 is not installed at $BIN"; exit 1; }
mkdir -p "$STATE"

if [[ ! -f "/usr/include/postgresql/15/server/postgres.h" ]]; then
  log "installing postgresql-server-dev-15"
  install=(apt-get install -y --no-install-recommends postgresql-server-dev-15)
  DEBIAN_FRONTEND=noninteractive "${install[@]}" >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive "${install[@]}" >&2; }
fi

if [[ ! -f "$("$PG_CONFIG" --sharedir)/extension/vector.control" ]]; then
  APT="$STATE/apt"
  mkdir -p "$APT/lists/partial" "$APT/archives/partial" "$APT/src"
  echo "deb-src http://deb.debian.org/debian trixie main" > "$APT/trixie.list"
  apt_opts=(-o "Dir::Etc::SourceList=$APT/trixie.list" -o "Dir::Etc::SourceParts=-"
    -o "Dir::State::Lists=$APT/lists" -o "Dir::Cache::Archives=$APT/archives")
  log "fetching pgvector source from trixie"
  apt-get "${apt_opts[@]}" update >&2
  (cd "$APT/src" && apt-get "${apt_opts[@]}" source --download-only pgvector >&2)
  tarball="$(ls "$APT"/src/pgvector_*.orig.tar.gz | head -n1)"
  rm -rf "$STATE/pgvector" && mkdir -p "$STATE/pgvector"
  tar -xzf "$tarball" -C "$STATE/pgvector" --strip-components=1
  log "building pgvector"
  make -C "$STATE/pgvector" -j2 PG_CONFIG="$PG_CONFIG" >&2
  make -C "$STATE/pgvector" install PG_CONFIG="$PG_CONFIG" >&2
fi

if [[ ! -f "$DATA/PG_VERSION" ]]; then
  mkdir -p "$DATA" && chown -R postgres:postgres "$STATE" && chmod 700 "$DATA"
  runuser -u postgres -- "$BIN/initdb" -D "$DATA" -U postgres --auth=trust >&2
fi
chown -R postgres:postgres "$DATA"

if ! runuser -u postgres -- "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  runuser -u postgres -- "$BIN/pg_ctl" -D "$DATA" -l "$STATE/server.log" \
    -o "-p $PORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >&2
fi

runuser -u postgres -- "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qAt \
  -c "create extension if not exists vector" -c "select 'pgvector ' || extversion from pg_extension where extname = 'vector'" >&2
echo "export TEST_POSTGRES_URL=$URL"
