#!/usr/bin/env bash
# Starts (or reuses) a local TiDB cluster with TiUP's playground for the demo (DEMO_TIDB=playground):
#   bash scripts/start-playground.sh          start it, or reuse the one of the same tag, and wait until TiDB answers
#   bash scripts/start-playground.sh stop     stop the one this script started (SIGTERM; TiUP stops every instance)
# It runs `tiup playground --tag $DEMO_PLAYGROUND_TAG --tiflash $DEMO_PLAYGROUND_TIFLASH --without-monitor`
# detached, its output in $TIDB_LAB_STATE_DIR/playground/<tag>.log, and writes "host port pid" of its TiDB to
# $TIDB_LAB_STATE_DIR/playground/<tag>.endpoint once TiDB answers where the playground printed
# ("Connect TiDB: mysql --comments --host H --port P -u root", components/playground/playground.go in TiUP).
# It never installs TiUP: without tiup it prints TiUP's install command for you to run, and fails.
set -euo pipefail

STATE_DIR="$(realpath -m "${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}")"
TAG="${DEMO_PLAYGROUND_TAG:-tidb-lab-demo}"
TIFLASH="${DEMO_PLAYGROUND_TIFLASH:-1}"
TIMEOUT="${DEMO_PLAYGROUND_TIMEOUT:-600}"
TIUP_DATA="${TIUP_HOME:-$HOME/.tiup}/data"
DIR="$STATE_DIR/playground"
LOG="$DIR/$TAG.log"
ENDPOINT_FILE="$DIR/$TAG.endpoint"
INSTALL_COMMAND="curl --proto '=https' --tlsv1.2 -sSf https://tiup-mirrors.pingcap.com/install.sh | sh"

say() { echo "==> $*"; }
fail() { echo "start-playground: $*" >&2; exit 1; }

find_tiup() {
  if command -v tiup >/dev/null; then command -v tiup
  elif [ -x "$HOME/.tiup/bin/tiup" ]; then echo "$HOME/.tiup/bin/tiup"
  else return 1; fi
}

tidb_answers() { mariadb --no-defaults --protocol=tcp -h"$1" -P"$2" -uroot -N -B -e 'SELECT VERSION()' 2>/dev/null | grep -q TiDB; }

# The pid in TiUP's meta file of the tag, when that process is alive.
running_pid() {
  local meta="$TIUP_DATA/$TAG/tiup_process_meta" pid
  [ -f "$meta" ] || return 1
  pid="$(grep -o '"pid":[0-9]*' "$meta" | head -1 | cut -d: -f2)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

if [ "${1:-start}" = "stop" ]; then
  [ -f "$ENDPOINT_FILE" ] || { echo "no playground '$TAG' started by this script"; exit 0; }
  read -r _ _ pid < "$ENDPOINT_FILE"
  if kill -0 "$pid" 2>/dev/null; then
    say "Stopping the TiDB playground '$TAG' (pid $pid)"
    kill -TERM "$pid"
    for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$ENDPOINT_FILE"
  exit 0
fi

TIUP="$(find_tiup)" || fail "DEMO_TIDB=playground needs TiUP, which is not installed (not on the PATH, not in ~/.tiup/bin). Install it yourself (it downloads TiUP, and later TiDB, from the internet) with:
  $INSTALL_COMMAND
then run the demo again. Nothing was started."
command -v mariadb >/dev/null || fail "the mariadb client is missing: run scripts/setup-machine.sh first"
mkdir -p "$DIR"

if pid="$(running_pid)" && [ -f "$TIUP_DATA/$TAG/dsn" ]; then
  dsn="$(head -1 "$TIUP_DATA/$TAG/dsn")"
  hostport="${dsn#mysql://*@}"
  host="${hostport%:*}"; port="${hostport##*:}"
  if tidb_answers "$host" "$port"; then
    say "The TiDB playground '$TAG' is already running (pid $pid): TiDB at $host:$port"
    echo "$host $port $pid" > "$ENDPOINT_FILE"
    exit 0
  fi
fi

say "Starting a TiDB playground with $TIUP: tiup playground --tag $TAG --tiflash $TIFLASH --without-monitor (log: $LOG)"
setsid "$TIUP" playground --tag "$TAG" --tiflash "$TIFLASH" --without-monitor > "$LOG" 2>&1 < /dev/null &
pid=$!
deadline=$((SECONDS + TIMEOUT))
host=""; port=""
while [ "$SECONDS" -lt "$deadline" ]; do
  if ! kill -0 "$pid" 2>/dev/null; then
    tail -15 "$LOG" >&2
    fail "tiup playground ended before TiDB answered (its output is above, all of it in $LOG)"
  fi
  if [ -z "$port" ]; then
    line="$(grep -a -m1 '^Connect TiDB:' "$LOG" | sed 's/\x1b\[[0-9;]*m//g' || true)"
    if [ -n "$line" ]; then
      host="$(sed -E 's/.*--host ([^ ]+).*/\1/' <<<"$line")"
      port="$(sed -E 's/.*--port ([0-9]+).*/\1/' <<<"$line")"
    fi
  fi
  if [ -n "$port" ] && tidb_answers "$host" "$port"; then
    echo "$host $port $pid" > "$ENDPOINT_FILE"
    say "TiDB playground '$TAG' is up: TiDB at $host:$port (pid $pid)"
    exit 0
  fi
  sleep 1
done
kill -TERM "$pid" 2>/dev/null || true
fail "TiDB did not answer within $TIMEOUT s (DEMO_PLAYGROUND_TIMEOUT); the playground was stopped. Its output: $LOG"
