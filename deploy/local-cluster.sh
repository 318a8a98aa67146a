#!/usr/bin/env bash
# A Sluice cluster on this machine, for trying one: a private PostgreSQL (Debian's packages) and N nodes sharing it.
#
#   deploy/local-cluster.sh up [--nodes N] [--dir DIR] [--pg-port P]   start PostgreSQL and N nodes (default 3)
#   deploy/local-cluster.sh status [--dir DIR]                          the nodes as the cluster sees them
#   deploy/local-cluster.sh down [--dir DIR]                            SIGTERM every node (each drains), stop PostgreSQL
#
# Node i listens on 8080+i (UI and API) and 9000+i (health and metrics). Node 1 holds the lake (a DuckDB file) and
# executes the runs that write it; the other nodes run without the lake (SLUICE_LAKE_ENABLED=false): they serve the UI
# and the API, fire schedules and sensors, and execute the runs that need no lake (docs/operations.md#cluster).
# Everything lives in DIR (default ./local-cluster): PostgreSQL's files, each node's data directory and log.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command="${1:-}"
shift || true
nodes=3
dir="$here/local-cluster"
pg_port=55432
while [[ $# -gt 0 ]]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --pg-port) pg_port="$2"; shift 2 ;;
    *) echo "local-cluster: unknown option $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done
if ! [[ "$nodes" =~ ^[1-9]$ ]]; then
  echo "local-cluster: --nodes takes 1 to 9, not $nodes" >&2
  exit 2
fi
dir="$(mkdir -p "$dir" && cd "$dir" && pwd)"
pgdata="$dir/pg"

pg_bin() {
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -z "$bin" ]]; then
    if [[ "$(id -u)" -ne 0 ]]; then
      echo "local-cluster: PostgreSQL is not installed; run: sudo apt-get install -y postgresql" >&2
      exit 1
    fi
    echo "local-cluster: installing Debian's postgresql package" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi
  echo "$bin"
}

# PostgreSQL refuses to run as root: as root, its files belong to the postgres user and its tools run as that user
as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then
    (cd /tmp && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

pg_up() {
  local bin
  bin="$(pg_bin)"
  if [[ ! -f "$pgdata/PG_VERSION" ]]; then
    mkdir -p "$pgdata"
    [[ "$(id -u)" -eq 0 ]] && chown postgres: "$pgdata"
    as_pg "$bin/initdb" -D "$pgdata" -U postgres -A trust >"$dir/pg-init.log"
  fi
  if ! as_pg "$bin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
    [[ "$(id -u)" -eq 0 ]] && touch "$dir/pg.log" && chown postgres: "$dir/pg.log"
    as_pg "$bin/pg_ctl" -D "$pgdata" -l "$dir/pg.log" -w \
      -o "-p $pg_port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
  fi
  if [[ "$(as_pg "$bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'sluice'")" != 1 ]]; then
    as_pg "$bin/psql" -q -h 127.0.0.1 -p "$pg_port" -U postgres \
      -c "CREATE ROLE sluice LOGIN PASSWORD 'sluice'" -c "CREATE DATABASE sluice OWNER sluice"
  fi
  echo "PostgreSQL: jdbc:postgresql://127.0.0.1:$pg_port/sluice (user sluice, password sluice), files in $pgdata"
}

pg_down() {
  [[ -f "$pgdata/PG_VERSION" ]] || return 0
  local bin
  bin="$(pg_bin)"
  as_pg "$bin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null 2>&1 || true
}

node_up() {
  local i="$1" lake="$2"
  local data="$dir/node-$i" pidfile="$dir/node-$i.pid"
  if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    echo "node-$i is running already (pid $(cat "$pidfile"))"
    return
  fi
  mkdir -p "$data"
  (
    cd "$dir"
    export QUARKUS_PROFILE=prod,pg
    export SLUICE_PG_URL="jdbc:postgresql://127.0.0.1:$pg_port/sluice" SLUICE_PG_USER=sluice SLUICE_PG_PASSWORD=sluice
    export SLUICE_DATA_DIR="$data" SLUICE_NODE_NAME="node-$i" SLUICE_LAKE_ENABLED="$lake"
    export PORT=$((8080 + i)) MANAGEMENT_PORT=$((9000 + i)) SLUICE_ADMIN_PASSWORD="$(cat "$dir/admin-password")"
    nohup java -jar "$here/target/quarkus-app/quarkus-run.jar" >"$dir/node-$i.log" 2>&1 &
    echo $! >"$pidfile"
  )
}

await_ready() {
  local i="$1"
  for _ in $(seq 1 180); do
    if curl -sf "http://127.0.0.1:$((9000 + i))/q/health/ready" >/dev/null 2>&1; then
      echo "node-$i: http://127.0.0.1:$((8080 + i))/ (ready; log $dir/node-$i.log)"
      return
    fi
    if ! kill -0 "$(cat "$dir/node-$i.pid")" 2>/dev/null; then
      echo "local-cluster: node-$i stopped; the end of its log ($dir/node-$i.log):" >&2
      tail -n 20 "$dir/node-$i.log" >&2
      exit 1
    fi
    sleep 1
  done
  echo "local-cluster: node-$i was not ready after 180 s; see $dir/node-$i.log" >&2
  exit 1
}

case "$command" in
  up)
    if [[ ! -d "$here/target/quarkus-app" ]]; then
      echo "local-cluster: building Sluice first (./mvnw -B -q -DskipTests package)" >&2
      (cd "$here" && ./mvnw -B -q -DskipTests package) >&2
    fi
    pg_up
    if [[ ! -f "$dir/admin-password" ]]; then
      (umask 077 && head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$dir/admin-password")
    fi
    # node 1 first: its start migrates the store and creates the user admin; the others then start side by side
    node_up 1 true
    await_ready 1
    for i in $(seq 2 "$nodes"); do
      node_up "$i" false
    done
    for i in $(seq 2 "$nodes"); do
      await_ready "$i"
    done
    echo "Log in as admin with the password in $dir/admin-password. Stop with: $0 down --dir $dir"
    ;;
  status)
    # read from the shared store, as every node sees it (no login needed here)
    as_pg "$(pg_bin)/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d sluice -c \
      "SELECT name, state, executes, lake_id IS NOT NULL AS lake, heartbeat_at, end_reason FROM node
       WHERE state IN ('RUNNING', 'DRAINING') OR ended_at > now() - interval '1 hour' ORDER BY started_at"
    ;;
  down)
    for pidfile in "$dir"/node-*.pid; do
      [[ -f "$pidfile" ]] || continue
      pid="$(cat "$pidfile")"
      if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        # a node drains on SIGTERM: its running runs may finish within sluice.cluster.drain-grace (30 s)
        for _ in $(seq 1 75); do
          kill -0 "$pid" 2>/dev/null || break
          sleep 1
        done
        kill -0 "$pid" 2>/dev/null && echo "local-cluster: $(basename "$pidfile" .pid) still runs after 75 s" >&2
      fi
      rm -f "$pidfile"
    done
    pg_down
    echo "stopped; the data stays in $dir (remove it to start afresh)"
    ;;
  *)
    echo "usage: $0 up|status|down [--nodes N] [--dir DIR] [--pg-port P]" >&2
    exit 2
    ;;
esac
