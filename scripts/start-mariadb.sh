#!/usr/bin/env bash
# Starts the local MariaDB servers the tests, the demo and `npm run bench` use:
#   - main server on 127.0.0.1:${TIDB_LAB_MYSQL_PORT:-3306}, TLS available (self-signed CA) but optional
#   - TLS-only server on 127.0.0.1:${TIDB_LAB_TLS_PORT:-3307} with require_secure_transport=ON
# Idempotent: a server that already answers is left alone. State lives outside the repo.
set -euo pipefail

STATE_DIR="${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}"
MAIN_PORT="${TIDB_LAB_MYSQL_PORT:-3306}"
TLS_PORT="${TIDB_LAB_TLS_PORT:-3307}"
USER_NAME="${TIDB_LAB_MYSQL_USER:-tidblab}"
USER_PASSWORD="${TIDB_LAB_MYSQL_PASSWORD:-tidblab-pw}"
TEST_DB="${TIDB_LAB_MYSQL_DB:-tidblab_test}"
TLS_DIR="$STATE_DIR/tls"

mkdir -p "$STATE_DIR"

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

server_answers() {
  mariadb-admin --protocol=tcp -h127.0.0.1 -P"$1" -uroot ping >/dev/null 2>&1 \
    || mariadb-admin --protocol=tcp -h127.0.0.1 -P"$1" -u"$USER_NAME" -p"$USER_PASSWORD" ping >/dev/null 2>&1
}

start_server() {
  local name="$1" port="$2"; shift 2
  local data="$STATE_DIR/$name"
  if server_answers "$port"; then echo "MariaDB '$name' already answers on port $port"; return 0; fi
  if [ ! -d "$data/mysql" ]; then
    mkdir -p "$data"; chown mysql:mysql "$data"
    mariadb-install-db --user=mysql --datadir="$data" --auth-root-authentication-method=normal \
      --skip-test-db >"$STATE_DIR/$name-install.log" 2>&1
  fi
  chown -R mysql:mysql "$data"
  mkdir -p "$STATE_DIR/run"; chown mysql:mysql "$STATE_DIR/run"
  mariadbd --user=mysql --datadir="$data" --port="$port" --bind-address=127.0.0.1 \
    --socket="$STATE_DIR/run/$name.sock" --pid-file="$STATE_DIR/run/$name.pid" \
    --log-error="$STATE_DIR/run/$name.err" --skip-name-resolve \
    --ssl-ca="$TLS_DIR/ca.pem" --ssl-cert="$TLS_DIR/server-cert.pem" --ssl-key="$TLS_DIR/server-key.pem" \
    "$@" >/dev/null 2>&1 &
  for _ in $(seq 1 60); do
    if mariadb-admin --socket="$STATE_DIR/run/$name.sock" -uroot ping >/dev/null 2>&1; then break; fi
    sleep 0.5
  done
  if ! mariadb-admin --socket="$STATE_DIR/run/$name.sock" -uroot ping >/dev/null 2>&1; then
    echo "MariaDB '$name' did not start; its log:" >&2; tail -30 "$STATE_DIR/run/$name.err" >&2 || true; exit 1
  fi
  mariadb --socket="$STATE_DIR/run/$name.sock" -uroot <<SQL
CREATE USER IF NOT EXISTS '$USER_NAME'@'%' IDENTIFIED BY '$USER_PASSWORD';
CREATE USER IF NOT EXISTS '$USER_NAME'@'localhost' IDENTIFIED BY '$USER_PASSWORD';
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'%' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$USER_NAME'@'localhost' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS \`$TEST_DB\`;
CREATE DATABASE IF NOT EXISTS sbtest;
FLUSH PRIVILEGES;
SQL
  echo "MariaDB '$name' started on 127.0.0.1:$port"
}

make_certificates
start_server main "$MAIN_PORT" --max-connections=1000 --innodb-buffer-pool-size=1G \
  --innodb-flush-log-at-trx-commit=2 --max-prepared-stmt-count=1000000
start_server tls-only "$TLS_PORT" --require-secure-transport=ON --innodb-buffer-pool-size=64M \
  --max-connections=100
echo "CA certificate: $TLS_DIR/ca.pem"
