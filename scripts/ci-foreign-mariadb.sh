#!/usr/bin/env bash
# CI: a "foreign" MariaDB on 127.0.0.1:3306, run the way Debian's mariadb-server service runs one
# (Debian's /etc/mysql options, socket /run/mysqld/mysqld.sock, root by unix_socket authentication,
# a database and users of its own), to prove that TiDB Lab's scripts and tests never use, change or
# stop a server they did not start.
#   start  starts it, in a data directory of CI's own (never /var/lib/mysql), unless something already
#          answers on 3306 (a developer's server: then that one is checked, and never stopped); then
#          records its users and their grants, databases, tables and global variables
#   demo   (only on CI's server) runs DEMO_CHECK=1 scripts/demo.sh with DEMO_MYSQL=127.0.0.1:3306 as the
#          server's owner would: refused on a database holding their own tables, then made in a database
#          of its own, the only change `check` allows
#   check  checks that start-mariadb.sh pointed at port 3306 refuses and starts nothing, that the server
#          still answers on 3306, and that its users, grants, databases, tables and variables are unchanged
#   stop   stops it, only if `start` started it
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FOREIGN_DIR="${TIDB_LAB_CI_FOREIGN_DIR:-/var/tmp/tidb-lab-ci-foreign}"
PORT=3306
SOCKET=/run/mysqld/mysqld.sock
DATA_DIR="$FOREIGN_DIR/data"
RUN_DIR="$FOREIGN_DIR/run"
PID_FILE="$RUN_DIR/mysqld.pid"
LOG_FILE="$RUN_DIR/mysqld.err"
STARTED_MARK="$FOREIGN_DIR/started-by-ci"
DEMO_MARK="$FOREIGN_DIR/demo-database"
DEMO_DB=tidblab_demo
OWNER=owner OWNER_PASSWORD=owner-pw
BEFORE="$FOREIGN_DIR/snapshot-before.txt"
AFTER="$FOREIGN_DIR/snapshot-after.txt"

say() { echo "ci-foreign-mariadb: $*"; }
fail() { echo "ci-foreign-mariadb: $*" >&2; exit 1; }

port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

# Root over the unix socket, as on Debian (unix_socket authentication). On a developer's server whose
# root needs a password, their own option files (~/.my.cnf) are tried too.
foreign_sql() {
  if mariadb --no-defaults --socket="$SOCKET" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
    mariadb --no-defaults --socket="$SOCKET" -uroot -N -B "$@"
  else
    mariadb -N -B "$@"
  fi
}

# The pid of the server this script started (its pid file names a live mariadbd on CI's data directory).
ci_server_pid() {
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null)" || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ] || return 1
  tr '\0' '\n' < "/proc/$pid/cmdline" | grep -qxF -- "--datadir=$DATA_DIR" || return 1
  echo "$pid"
}

snapshot() {
  echo "== server"
  foreign_sql -e 'SELECT @@port, @@datadir, @@socket'
  echo "== users and grants"
  foreign_sql -e 'SELECT user, host FROM mysql.user ORDER BY user, host' | while IFS=$'\t' read -r user host; do
    echo "$user@$host"
    foreign_sql -e "SHOW GRANTS FOR '$user'@'$host'" | sed 's/^/  /'
  done
  echo "== databases"
  foreign_sql -e 'SHOW DATABASES'
  echo "== tables"
  foreign_sql -e "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES
    WHERE TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema') ORDER BY 1, 2"
  if [ -f "$STARTED_MARK" ]; then
    echo "== checksums of CI's tables"
    foreign_sql -e 'CHECKSUM TABLE shop.orders, sbtest.sbtest1'
  fi
  echo "== global variables"
  # Only what a client could have changed with SET GLOBAL; the ones the server moves itself are left out.
  foreign_sql -e "SHOW GLOBAL VARIABLES" | grep -Ev '^(gtid_binlog_pos|gtid_binlog_state|gtid_current_pos|gtid_slave_pos|timestamp)[[:space:]]'
}

start() {
  mkdir -p "$FOREIGN_DIR"
  if pid="$(ci_server_pid)"; then
    say "CI's foreign MariaDB from an earlier run still runs (pid $pid); using it"
  elif port_answers; then
    rm -f "$STARTED_MARK" "$DEMO_MARK"
    say "a server already answers on 127.0.0.1:$PORT (not CI's): using it as the foreign server; CI will not stop it"
  else
    rm -f "$STARTED_MARK" "$DEMO_MARK"
    # A fresh data directory on each run, with Debian's defaults: root@localhost by unix_socket authentication.
    rm -rf "$DATA_DIR"
    mkdir -p "$DATA_DIR"; chown mysql:mysql "$DATA_DIR"
    mariadb-install-db --user=mysql --datadir="$DATA_DIR" --skip-test-db >"$FOREIGN_DIR/install.log" 2>&1 \
      || { tail -20 "$FOREIGN_DIR/install.log" >&2; fail "mariadb-install-db failed"; }
    mkdir -p /run/mysqld "$RUN_DIR"; chown mysql:root /run/mysqld; chown mysql:mysql "$RUN_DIR"
    # Reads /etc/mysql like Debian's service (bind-address 127.0.0.1, utf8mb4); only the data directory,
    # pid file and log are CI's.
    setsid mariadbd --user=mysql --datadir="$DATA_DIR" --pid-file="$PID_FILE" --log-error="$LOG_FILE" \
      --port="$PORT" --socket="$SOCKET" </dev/null >/dev/null 2>&1 &
    for _ in $(seq 1 120); do
      foreign_sql -e 'SELECT 1' >/dev/null 2>&1 && break
      sleep 0.5
    done
    foreign_sql -e 'SELECT 1' >/dev/null 2>&1 || { tail -30 "$LOG_FILE" >&2 || true; fail "the foreign MariaDB did not start"; }
    pid="$(ci_server_pid)" || fail "the foreign MariaDB answers but its pid file $PID_FILE does not name it"
    echo "$pid" > "$STARTED_MARK"
    say "started a foreign MariaDB on 127.0.0.1:$PORT (pid $pid, data $DATA_DIR, socket $SOCKET)"
  fi
  if [ -f "$STARTED_MARK" ]; then
    # What a user's server holds: their own database, application user, sysbench tables, and the
    # owner's account with a password (root only answers on the unix socket).
    foreign_sql <<'SQL'
CREATE DATABASE IF NOT EXISTS shop;
CREATE TABLE IF NOT EXISTS shop.orders (id INT PRIMARY KEY, item VARCHAR(40) NOT NULL);
INSERT IGNORE INTO shop.orders VALUES (1, 'tea'), (2, 'coffee');
CREATE USER IF NOT EXISTS 'shop'@'localhost' IDENTIFIED BY 'shop-pw';
GRANT SELECT, INSERT, UPDATE, DELETE ON shop.* TO 'shop'@'localhost';
CREATE USER IF NOT EXISTS 'owner'@'127.0.0.1' IDENTIFIED BY 'owner-pw';
GRANT ALL PRIVILEGES ON *.* TO 'owner'@'127.0.0.1' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS sbtest;
CREATE TABLE IF NOT EXISTS sbtest.sbtest1 (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NOT NULL);
INSERT IGNORE INTO sbtest.sbtest1 VALUES (1, 1, 'theirs', 'theirs'), (2, 2, 'theirs', 'theirs');
SQL
  fi
  if ! foreign_sql -e 'SELECT 1' >/dev/null 2>&1; then
    [ ! -f "$STARTED_MARK" ] || fail "cannot read CI's own server on $PORT as root through $SOCKET"
    echo unreadable > "$BEFORE"
    say "cannot read the server on $PORT as root (unix socket $SOCKET or ~/.my.cnf): check will only see that it still answers"
    return 0
  fi
  snapshot > "$BEFORE"
  say "recorded $(sed -n '/^== users/,/^== databases/p' "$BEFORE" | grep -vc '^==\|^  ') users, $(sed -n '/^== databases/,/^== tables/p' "$BEFORE" | grep -vc '^==') databases in $BEFORE"
}

demo() {
  if [ ! -f "$STARTED_MARK" ]; then
    say "the server on $PORT is not CI's: the demo against it (DEMO_MYSQL) is not tried there"
    return 0
  fi
  local demo_env=(DEMO_CHECK=1 DEMO_MYSQL="127.0.0.1:$PORT" DEMO_MYSQL_USER="$OWNER" DEMO_MYSQL_PASSWORD="$OWNER_PASSWORD"
    DEMO_MYSQL_CREATE_DB=1 TIDB_LAB_DEMO_WORKSPACE="$FOREIGN_DIR/demo-workspace")
  say "DEMO_MYSQL with DEMO_MYSQL_DB=sbtest, where the owner keeps their own sbtest1, must refuse and change nothing"
  local output rc=0
  output="$(env "${demo_env[@]}" DEMO_MYSQL_DB=sbtest bash "$REPO_DIR/scripts/demo.sh" 2>&1)" || rc=$?
  echo "$output" | sed 's/^/  | /'
  [ "$rc" -ne 0 ] || fail "the demo accepted the database sbtest holding the owner's own tables"
  grep -q "holds tables the demo did not make" <<<"$output" || fail "the demo did not say why it refused sbtest"

  say "DEMO_MYSQL=127.0.0.1:$PORT with a database of its own, $DEMO_DB"
  touch "$DEMO_MARK"
  env "${demo_env[@]}" DEMO_MYSQL_DB="$DEMO_DB" bash "$REPO_DIR/scripts/demo.sh"
}

# The snapshot less the demo's own database and tables, when `demo` made them (the only change allowed).
without_demo_database() {
  if [ -f "$DEMO_MARK" ]; then grep -vxE "$DEMO_DB|$DEMO_DB"$'\t'"sbtest[0-9]+" "$1"; else cat "$1"; fi
}

check() {
  [ -f "$BEFORE" ] || fail "no snapshot: run '$0 start' first"

  say "start-mariadb.sh pointed at port $PORT must refuse and start nothing"
  local state output rc=0
  state="$(mktemp -d /var/tmp/tidb-lab-ci-refusal.XXXXXX)"
  output="$(TIDB_LAB_STATE_DIR="$state" TIDB_LAB_MYSQL_PORT=$PORT TIDB_LAB_TLS_PORT=3408 \
    bash "$REPO_DIR/scripts/start-mariadb.sh" 2>&1)" || rc=$?
  echo "$output" | sed 's/^/  | /'
  local started
  started="$(ps -eo pid=,comm=,args= | awk -v dir="--datadir=$state/" '$2 == "mariadbd" && index($0, dir) { print $1 }')"
  for pid in $started; do kill "$pid"; done
  for pid in $started; do while kill -0 "$pid" 2>/dev/null; do sleep 0.25; done; done
  rm -rf "$state"
  [ "$rc" -ne 0 ] || fail "start-mariadb.sh accepted port $PORT, held by a server it did not start"
  grep -q "Port $PORT.*TIDB_LAB_MYSQL_PORT" <<<"$output" || fail "start-mariadb.sh did not name port $PORT and TIDB_LAB_MYSQL_PORT"
  [ -z "$started" ] || fail "start-mariadb.sh started a server (pids $started, stopped again) although port $PORT was taken"

  port_answers || fail "nothing answers on 127.0.0.1:$PORT any more"
  if [ "$(cat "$BEFORE")" = unreadable ]; then
    say "the server on $PORT still answers (its users and databases could not be read)"
    return 0
  fi
  snapshot > "$AFTER"
  if [ -f "$DEMO_MARK" ]; then
    local demo_tables
    demo_tables="$(grep -cxE "$DEMO_DB"$'\t'"sbtest[1-4]" "$AFTER" || true)"
    [ "$demo_tables" = 4 ] || fail "the demo's database $DEMO_DB should hold sbtest1..sbtest4 (found $demo_tables of them)"
  fi
  if ! diff -u <(without_demo_database "$BEFORE") <(without_demo_database "$AFTER"); then
    fail "the foreign server on $PORT changed (above: - before, + after)"
  fi
  say "the server on $PORT still answers; its users, grants, databases, tables and global variables are unchanged$([ ! -f "$DEMO_MARK" ] || echo " (apart from the demo's own database $DEMO_DB, which DEMO_MYSQL asked to make)")"
}

stop() {
  if [ ! -f "$STARTED_MARK" ]; then
    say "CI did not start the server on $PORT: leaving it running"
    return 0
  fi
  local pid
  if pid="$(ci_server_pid)"; then
    kill "$pid"
    for _ in $(seq 1 240); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && fail "the foreign MariaDB (pid $pid) did not stop"
    say "stopped the foreign MariaDB (pid $pid)"
  fi
  rm -f "$STARTED_MARK" "$DEMO_MARK"
}

case "${1:-}" in
  start) start ;;
  demo) demo ;;
  check) check ;;
  stop) stop ;;
  *) echo "usage: $0 start|demo|check|stop" >&2; exit 2 ;;
esac
