#!/usr/bin/env bash
# README command 1: set the machine up, build TiDB Lab and open it in VS Code with a local demo
# database (MariaDB with sysbench tables) already added as a connection.
#   - desktop VS Code when `code` is on the PATH and a display is available (DEMO_EDITOR=code forces it),
#   - otherwise code-server on 127.0.0.1:${DEMO_PORT:-8765}, printing the URL; runs until Ctrl-C.
# DEMO_NO_WAIT=1 leaves code-server running in the background and exits after printing the URL.
# Run as root on Debian (it installs packages). Idempotent: a second run reuses everything.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}"
DEMO_WORKSPACE="${TIDB_LAB_DEMO_WORKSPACE:-$STATE_DIR/demo-workspace}"
DEMO_PORT="${DEMO_PORT:-8765}"
MYSQL_PORT="${TIDB_LAB_MYSQL_PORT:-3306}"
TOOLS_DIR="${TIDB_LAB_TOOLS_DIR:-/var/cache/tidb-lab-tools}"
CODE_SERVER_ENTRY="$TOOLS_DIR/code-server-4.100.3/node_modules/code-server/out/node/entry.js"
VSIX="$REPO_DIR/dist-vsix/tidb-lab.vsix"
DEMO_USER=tidblab_demo
SYSBENCH_TABLES=4
SYSBENCH_TABLE_SIZE=10000

say() { echo "==> $*"; }

cd "$REPO_DIR"

say "Setting up the machine"
bash scripts/setup-machine.sh

if [ ! -d node_modules ]; then
  say "Installing npm dependencies"
  npm ci --no-audit --no-fund
fi

say "Building and packaging the extension"
npm run package

say "Starting MariaDB"
bash scripts/start-mariadb.sh

say "Creating the demo user '$DEMO_USER' (empty password, local connections only)"
mariadb --socket="$STATE_DIR/run/main.sock" -uroot <<SQL
CREATE DATABASE IF NOT EXISTS sbtest;
CREATE DATABASE IF NOT EXISTS $DEMO_USER;
CREATE USER IF NOT EXISTS '$DEMO_USER'@'127.0.0.1';
CREATE USER IF NOT EXISTS '$DEMO_USER'@'localhost';
GRANT ALL PRIVILEGES ON sbtest.* TO '$DEMO_USER'@'127.0.0.1';
GRANT ALL PRIVILEGES ON sbtest.* TO '$DEMO_USER'@'localhost';
GRANT ALL PRIVILEGES ON $DEMO_USER.* TO '$DEMO_USER'@'127.0.0.1';
GRANT ALL PRIVILEGES ON $DEMO_USER.* TO '$DEMO_USER'@'localhost';
FLUSH PRIVILEGES;
SQL

demo_sql() { mariadb --protocol=tcp -h127.0.0.1 -P"$MYSQL_PORT" -u"$DEMO_USER" -N -B -e "$1"; }

prepared_rows="$(demo_sql "SELECT COALESCE(SUM(TABLE_ROWS > 0), 0) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME REGEXP '^sbtest[0-9]+$'")"
last_table_rows="$(demo_sql "SELECT COUNT(*) FROM sbtest.sbtest$SYSBENCH_TABLES" 2>/dev/null || echo 0)"
if [ "$prepared_rows" -ge "$SYSBENCH_TABLES" ] && [ "$last_table_rows" -eq "$SYSBENCH_TABLE_SIZE" ]; then
  say "sysbench demo tables already in sbtest"
else
  say "Preparing sysbench demo tables: $SYSBENCH_TABLES x $SYSBENCH_TABLE_SIZE rows in sbtest"
  sysbench_args=(oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$MYSQL_PORT"
    --mysql-user="$DEMO_USER" --mysql-password= --mysql-db=sbtest
    --tables="$SYSBENCH_TABLES" --table-size="$SYSBENCH_TABLE_SIZE")
  sysbench "${sysbench_args[@]}" cleanup >/dev/null
  sysbench "${sysbench_args[@]}" prepare
fi

say "Writing the demo workspace $DEMO_WORKSPACE"
mkdir -p "$DEMO_WORKSPACE/.vscode"
cat > "$DEMO_WORKSPACE/.vscode/settings.json" <<JSON
{
  "tidbLab.connections": [
    {
      "name": "Local demo (MariaDB)",
      "host": "127.0.0.1",
      "port": $MYSQL_PORT,
      "user": "$DEMO_USER",
      "database": "sbtest",
      "tls": "off",
      "passwordMode": "empty"
    }
  ]
}
JSON
if [ ! -f "$DEMO_WORKSPACE/queries.sql" ]; then
  cat > "$DEMO_WORKSPACE/queries.sql" <<'SQL'
-- TiDB Lab demo: the sysbench tables of the local MariaDB (connection "Local demo (MariaDB)").
SELECT COUNT(*) FROM sbtest1;

SELECT id, k, c, pad FROM sbtest1 WHERE id = 42;

SELECT k, COUNT(*) AS rows_with_k FROM sbtest2 GROUP BY k ORDER BY rows_with_k DESC LIMIT 10;

SELECT id, k FROM sbtest3 WHERE k BETWEEN 4900 AND 5100 ORDER BY k;

EXPLAIN SELECT c FROM sbtest4 WHERE id BETWEEN 100 AND 199 ORDER BY c;
SQL
fi

use_desktop=""
case "${DEMO_EDITOR:-auto}" in
  code) use_desktop=yes ;;
  code-server) use_desktop="" ;;
  *) if command -v code >/dev/null && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then use_desktop=yes; fi ;;
esac

if [ -n "$use_desktop" ]; then
  code_args=()
  # VS Code desktop refuses to run as root without its own user data folder and --no-sandbox.
  if [ "$(id -u)" -eq 0 ]; then code_args=(--no-sandbox --user-data-dir "$STATE_DIR/demo-vscode-user"); fi
  say "Opening the demo workspace in VS Code desktop"
  code "${code_args[@]}" --install-extension "$VSIX" --force
  code "${code_args[@]}" "$DEMO_WORKSPACE"
  exit 0
fi

CS_STATE="$STATE_DIR/demo-code-server"
PID_FILE="$CS_STATE/code-server.pid"
LOG_FILE="$CS_STATE/code-server.log"
mkdir -p "$CS_STATE/user-data/User" "$CS_STATE/extensions"

if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
  say "Stopping the previous demo code-server (pid $(cat "$PID_FILE"))"
  kill -- "-$(cat "$PID_FILE")" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$(cat "$PID_FILE")" 2>/dev/null || break; sleep 0.1; done
fi
rm -f "$PID_FILE"
if (exec 3<>"/dev/tcp/127.0.0.1/$DEMO_PORT") 2>/dev/null; then
  echo "Port $DEMO_PORT is taken by another program: choose another with DEMO_PORT=..." >&2
  exit 1
fi

[ -f "$CS_STATE/user-data/User/settings.json" ] || cat > "$CS_STATE/user-data/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "security.workspace.trust.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none"
}
JSON

cs=(node "$CODE_SERVER_ENTRY" --config "$CS_STATE/config.yaml" --user-data-dir "$CS_STATE/user-data" --extensions-dir "$CS_STATE/extensions")
say "Installing the extension into code-server"
XDG_CONFIG_HOME="$CS_STATE/xdg" "${cs[@]}" --install-extension "$VSIX" --force >/dev/null

say "Starting code-server on 127.0.0.1:$DEMO_PORT"
XDG_CONFIG_HOME="$CS_STATE/xdg" setsid "${cs[@]}" --auth none --bind-addr "127.0.0.1:$DEMO_PORT" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  "$DEMO_WORKSPACE" </dev/null >"$LOG_FILE" 2>&1 &
server_pid=$!
echo "$server_pid" > "$PID_FILE"

for _ in $(seq 1 300); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$DEMO_PORT") 2>/dev/null; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then echo "code-server stopped; its log:" >&2; tail -30 "$LOG_FILE" >&2; exit 1; fi
  sleep 0.2
done

URL="http://127.0.0.1:$DEMO_PORT/?folder=$DEMO_WORKSPACE"
echo
echo "TiDB Lab is ready in code-server: $URL"
echo "Open the TiDB Lab icon in the activity bar; the connection \"Local demo (MariaDB)\" is already there."
echo "code-server log: $LOG_FILE"

if [ "${DEMO_NO_WAIT:-}" = "1" ]; then
  echo "code-server keeps running in the background (pid $server_pid); stop it with: kill -- -$server_pid"
  exit 0
fi

stop_server() { kill -- "-$server_pid" 2>/dev/null || true; rm -f "$PID_FILE"; }
trap 'echo; say "Stopping code-server"; stop_server; exit 0' INT TERM
echo "Press Ctrl-C to stop."
wait "$server_pid" || true
rm -f "$PID_FILE"
