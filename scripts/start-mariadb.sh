#!/usr/bin/env bash
# Starts TiDB Lab's own local MariaDB servers, used by the tests, the demo and `npm run bench`:
#   - main on 127.0.0.1:${TIDB_LAB_MYSQL_PORT:-3406}, TLS available (self-signed CA) but optional
#   - tls-only on 127.0.0.1:${TIDB_LAB_TLS_PORT:-3407} with require_secure_transport=ON
# Each has its own data directory, socket and pid file under ${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}
# and reads no option file (--no-defaults): a MySQL or MariaDB already on the machine (Debian's on
# 3306, /etc/mysql, ~/.my.cnf) is never used, changed or stopped.
# Idempotent: a server is ours when its pid file names a live mariadbd on our data directory and our
# socket answers (never "something answers on the port"); ours are left running. A port held by
# anything else stops the script, with the variable to change, before it starts anything.
# `bash scripts/start-mariadb.sh stop` stops our two servers.
set -euo pipefail

STATE_DIR="$(realpath -m "${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}")"
MAIN_PORT="${TIDB_LAB_MYSQL_PORT:-3406}"
TLS_PORT="${TIDB_LAB_TLS_PORT:-3407}"
USER_NAME="${TIDB_LAB_MYSQL_USER:-tidblab}"
USER_PASSWORD="${TIDB_LAB_MYSQL_PASSWORD:-tidblab-pw}"
TEST_DB="${TIDB_LAB_MYSQL_DB:-tidblab_test}"
TLS_DIR="$STATE_DIR/tls"
RUN_DIR="$STATE_DIR/run"
SERVERS=(main tls-only)
declare -A PORT_OF=([main]="$MAIN_PORT" [tls-only]="$TLS_PORT")
declare -A PORT_VARIABLE_OF=([main]=TIDB_LAB_MYSQL_PORT [tls-only]=TIDB_LAB_TLS_PORT)

# Our root has no password and is only reachable through our socket or 127.0.0.1.
our_sql() { local name="$1"; shift; mariadb --no-defaults --socket="$RUN_DIR/$name.sock" -uroot "$@"; }

# Prints the pid of our server $1 when its pid file names a live mariadbd on our data directory.
our_pid() {
  local name="$1" pid
  pid="$(cat "$RUN_DIR/$name.pid" 2>/dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ] || return 1
  tr '\0' '\n' < "/proc/$pid/cmdline" | grep -qxF -- "--datadir=$STATE_DIR/$name" || return 1
  echo "$pid"
}

# Our socket answers a query (mariadb-admin ping would also "succeed" on an access-denied reply).
our_socket_answers() { our_sql "$1" -N -B -e 'SELECT 1' >/dev/null 2>&1; }

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port_holder() {
  local holder
  holder="$(ss -ltnpH "( sport = :$1 )" 2>/dev/null | grep -o 'users:(([^)]*))' | head -1 || true)"
  [ -z "$holder" ] || echo " ($holder)"
}

stop_server() {
  local name="$1" pid
  pid="$(our_pid "$name")" || return 0
  kill "$pid"
  for _ in $(seq 1 240); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.25; done
  echo "TiDB Lab's MariaDB '$name' (pid $pid) did not stop within 60 s" >&2
  return 1
}

if [ "${1:-}" = stop ]; then
  for name in "${SERVERS[@]}"; do
    if pid="$(our_pid "$name")"; then
      stop_server "$name"
      echo "Stopped TiDB Lab's MariaDB '$name' (pid $pid)"
    else
      echo "TiDB Lab's MariaDB '$name' is not running"
    fi
  done
  exit 0
fi

# Which of our servers run already, and whether the ports for the others are free: all checked before
# anything starts, so a conflict never leaves one server started and the other not.
declare -A RUNNING=()
problems=()
for name in "${SERVERS[@]}"; do
  port="${PORT_OF[$name]}" variable="${PORT_VARIABLE_OF[$name]}"
  if pid="$(our_pid "$name")"; then
    for _ in $(seq 1 120); do our_socket_answers "$name" && break; sleep 0.5; done
    if ! our_socket_answers "$name"; then
      problems+=("TiDB Lab's MariaDB '$name' (pid $pid, data $STATE_DIR/$name) does not answer on its socket $RUN_DIR/$name.sock; its log is $RUN_DIR/$name.err. Stop it with: TIDB_LAB_STATE_DIR=$STATE_DIR bash scripts/start-mariadb.sh stop")
      continue
    fi
    actual_port="$(our_sql "$name" -N -B -e 'SELECT @@port')"
    if [ "$actual_port" != "$port" ]; then
      problems+=("TiDB Lab's MariaDB '$name' already runs on port $actual_port, not on $port as $variable asks. Stop it first with: TIDB_LAB_STATE_DIR=$STATE_DIR bash scripts/start-mariadb.sh stop")
      continue
    fi
    RUNNING[$name]="$pid"
  else
    if port_taken "$port"; then
      problems+=("Port $port, where TiDB Lab's MariaDB '$name' should listen, is taken by another program$(port_holder "$port"). TiDB Lab does not use or change a server it did not start: choose a free port with $variable=<port> (and export it for the tests, the demo and npm run bench too).")
    fi
  fi
done
if [ "${#problems[@]}" -gt 0 ]; then
  printf 'start-mariadb: %s\n' "${problems[@]}" >&2
  echo "start-mariadb: nothing was started." >&2
  exit 1
fi

make_certificates() {
  [ -f "$TLS_DIR/server-cert.pem" ] && return 0
  mkdir -p "$TLS_DIR"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=TiDB Lab test CA" \
    -keyout "$TLS_DIR/ca-key.pem" -out "$TLS_DIR/ca.pem" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
    -keyout "$TLS_DIR/server-key.pem" -out "$TLS_DIR/server-req.pem" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > "$TLS_DIR/san.ext"
  openssl x509 -req -in "$TLS_DIR/server-req.pem" -days 3650 -CA "$TLS_DIR/ca.pem" -CAkey "$TLS_DIR/ca-key.pem" \
    -CAcreateserial -extfile "$TLS_DIR/san.ext" -out "$TLS_DIR/server-cert.pem" 2>/dev/null
  chmod 644 "$TLS_DIR"/*.pem
  chown -R mysql:mysql "$TLS_DIR" 2>/dev/null || true
}

# A failure after a server was started in this run stops it again: no half-started set-up.
STARTED=()
stop_started_on_failure() {
  local rc=$?
  [ "$rc" -eq 0 ] && return 0
  for name in "${STARTED[@]}"; do
    stop_server "$name" || true
    echo "start-mariadb: stopped '$name' again (started by this run)" >&2
  done
  exit "$rc"
}
trap stop_started_on_failure EXIT

start_server() {
  local name="$1"; shift
  local port="${PORT_OF[$name]}" data="$STATE_DIR/$name"
  if [ -n "${RUNNING[$name]:-}" ]; then
    echo "TiDB Lab's MariaDB '$name' already runs on 127.0.0.1:$port (pid ${RUNNING[$name]})"
    return 0
  fi
  if [ ! -d "$data/mysql" ]; then
    mkdir -p "$data"; chown mysql:mysql "$data"
    mariadb-install-db --no-defaults --user=mysql --datadir="$data" --auth-root-authentication-method=normal \
      --skip-test-db >"$STATE_DIR/$name-install.log" 2>&1
  fi
  chown -R mysql:mysql "$data"
  mkdir -p "$RUN_DIR"; chown mysql:mysql "$RUN_DIR"
  mariadbd --no-defaults --user=mysql --datadir="$data" --port="$port" --bind-address=127.0.0.1 \
    --socket="$RUN_DIR/$name.sock" --pid-file="$RUN_DIR/$name.pid" \
    --log-error="$RUN_DIR/$name.err" --skip-name-resolve \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
    --ssl-ca="$TLS_DIR/ca.pem" --ssl-cert="$TLS_DIR/server-cert.pem" --ssl-key="$TLS_DIR/server-key.pem" \
    "$@" >/dev/null 2>&1 &
  local server_pid=$!
  STARTED+=("$name")
  for _ in $(seq 1 120); do
    our_socket_answers "$name" && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.5
  done
  if ! our_socket_answers "$name"; then
    echo "TiDB Lab's MariaDB '$name' did not start on 127.0.0.1:$port; its log ($RUN_DIR/$name.err):" >&2
    tail -30 "$RUN_DIR/$name.err" >&2 || true
    exit 1
  fi
  our_sql "$name" <<SQL
CREATE USER IF NOT EXISTS '$USER_NAME'@'%' IDENTIFIED BY '$USER_PASSWORD';
CREATE USER IF NOT EXISTS '$USER_NAME'@'localhost' IDENTIFIED BY '$USER_PASSWORD';
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'%' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'localhost' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS \`$TEST_DB\`;
CREATE DATABASE IF NOT EXISTS sbtest;
FLUSH PRIVILEGES;
SQL
  echo "TiDB Lab's MariaDB '$name' started on 127.0.0.1:$port (data $data, socket $RUN_DIR/$name.sock)"
}

mkdir -p "$STATE_DIR"
make_certificates
# performance_schema with the statement digest consumers: benchmark results read each run's
# statements from events_statements_summary_by_digest (and prepared_statements_instances).
start_server main --max-connections=1000 --innodb-buffer-pool-size=1G \
  --innodb-flush-log-at-trx-commit=2 --max-prepared-stmt-count=1000000 \
  --performance-schema=ON --performance-schema-consumer-events-statements-current=ON \
  --performance-schema-consumer-statements-digest=ON
start_server tls-only --require-secure-transport=ON --innodb-buffer-pool-size=64M --max-connections=100
echo "CA certificate: $TLS_DIR/ca.pem"
