#!/usr/bin/env bash
# README command 1: set the machine up, build TiDB Lab and open it in VS Code with a demo database
# (sysbench tables) already added as a connection.
#   - the database: TiDB Lab's own MariaDB (scripts/start-mariadb.sh, 127.0.0.1:${TIDB_LAB_MYSQL_PORT:-3406}),
#     with the user tidblab_demo (made with its grants by scripts/create-demo-user.sh) and sysbench tables in
#     sbtest. A MySQL or MariaDB already on the machine is left alone. DEMO_MYSQL=host[:port] uses your own
#     server instead: it asks for the user and password (or reads DEMO_MYSQL_USER / DEMO_MYSQL_PASSWORD),
#     asks before creating the database ${DEMO_MYSQL_DB:-tidblab_demo} with the sysbench tables
#     (DEMO_MYSQL_CREATE_DB=1 answers yes without a terminal), and changes nothing else there: no users, no
#     grants, no global variables.
#   - desktop VS Code when `code` is on the PATH and a display is available (DEMO_EDITOR=code forces it),
#   - otherwise code-server on 127.0.0.1:${DEMO_PORT:-8765}, printing the URL; runs until Ctrl-C.
# DEMO_NO_WAIT=1 leaves code-server running in the background and exits after printing the URL.
# Each DEMO_PORT has its own code-server state (pid file, user data, extensions, log) under
# $STATE_DIR/demo-code-server/<port>: demos on two ports run side by side; a second run on the same
# port stops that port's previous demo code-server first.
# DEMO_TIDB=playground also starts a local TiDB cluster with TiUP's playground (one TiFlash node; TiUP must be
# installed: the demo never installs it) and adds it beside the MariaDB connection (scripts/start-playground.sh).
# DEMO_CHECK=1 does everything with code-server, checks that it serves the workspace with TiDB Lab
# installed and that the workspace's demo connection reads the sysbench tables, then stops it (CI).
# Ports, the database and the workspace are checked before anything starts: a port held by another
# program or a workspace that is not the demo's stops the script with the variable to change.
# Run as root on Debian (it installs packages). Idempotent: a second run reuses everything.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="$(realpath -m "${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}")"
DEFAULT_WORKSPACE="$STATE_DIR/demo-workspace"
DEMO_WORKSPACE="$(realpath -m "${TIDB_LAB_DEMO_WORKSPACE:-$DEFAULT_WORKSPACE}")"
DEMO_PORT="${DEMO_PORT:-8765}"
TOOLS_DIR="${TIDB_LAB_TOOLS_DIR:-/var/cache/tidb-lab-tools}"
CODE_SERVER_ENTRY="$TOOLS_DIR/code-server-4.100.3/node_modules/code-server/out/node/entry.js"
VSIX="$REPO_DIR/dist-vsix/tidb-lab.vsix"
EXTENSION_ID=tidb-lab.tidb-lab
SYSBENCH_TABLES=4
SYSBENCH_TABLE_SIZE=10000
SETTINGS_MARK="// Written by TiDB Lab's scripts/demo.sh, which rewrites this file on each run."
[[ "$DEMO_PORT" =~ ^[0-9]+$ ]] && [ "$DEMO_PORT" -ge 1 ] && [ "$DEMO_PORT" -le 65535 ] \
  || { echo "demo: DEMO_PORT must be a port number (got '$DEMO_PORT')" >&2; exit 1; }
CS_STATE="$STATE_DIR/demo-code-server/$DEMO_PORT"
PID_FILE="$CS_STATE/code-server.pid"
LOG_FILE="$CS_STATE/code-server.log"

say() { echo "==> $*"; }
fail() { echo "demo: $*" >&2; exit 1; }

cd "$REPO_DIR"

use_desktop=""
if [ "${DEMO_CHECK:-}" != "1" ]; then
  case "${DEMO_EDITOR:-auto}" in
    code) use_desktop=yes ;;
    code-server) use_desktop="" ;;
    *) if command -v code >/dev/null && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then use_desktop=yes; fi ;;
  esac
fi

# The demo database: TiDB Lab's own MariaDB, or the user's server named by DEMO_MYSQL.
if [ -n "${DEMO_MYSQL:-}" ]; then
  DB_HOST="${DEMO_MYSQL%:*}"
  DB_PORT="3306"
  [ "$DB_HOST" = "$DEMO_MYSQL" ] || DB_PORT="${DEMO_MYSQL##*:}"
  [[ -n "$DB_HOST" && "$DB_PORT" =~ ^[0-9]+$ ]] || fail "DEMO_MYSQL must be host or host:port (got '$DEMO_MYSQL')"
  DB_NAME="${DEMO_MYSQL_DB:-tidblab_demo}"
  [[ "$DB_NAME" =~ ^[A-Za-z0-9_]+$ ]] || fail "DEMO_MYSQL_DB must be letters, digits and _ (got '$DB_NAME')"
  if [ -t 0 ]; then
    [ -n "${DEMO_MYSQL_USER:-}" ] || read -r -p "User for $DB_HOST:$DB_PORT: " DEMO_MYSQL_USER
    if [ -z "${DEMO_MYSQL_PASSWORD+set}" ]; then
      read -r -s -p "Password of $DEMO_MYSQL_USER on $DB_HOST:$DB_PORT (not stored): " DEMO_MYSQL_PASSWORD; echo
    fi
  elif [ -z "${DEMO_MYSQL_USER:-}" ] || [ -z "${DEMO_MYSQL_PASSWORD+set}" ]; then
    fail "DEMO_MYSQL without a terminal: set DEMO_MYSQL_USER and DEMO_MYSQL_PASSWORD (empty for none), and DEMO_MYSQL_CREATE_DB=1 to let it create the database $DB_NAME"
  fi
  DB_USER="$DEMO_MYSQL_USER"
  DB_PASSWORD="$DEMO_MYSQL_PASSWORD"
  CONNECTION_NAME="Demo on $DB_HOST:$DB_PORT"
  PASSWORD_MODE=ask
  [ -n "$DB_PASSWORD" ] || PASSWORD_MODE=empty
else
  DB_HOST=127.0.0.1
  DB_PORT="${TIDB_LAB_MYSQL_PORT:-3406}"
  DB_NAME=sbtest
  DB_USER=tidblab_demo
  DB_PASSWORD=""
  CONNECTION_NAME="Local demo (MariaDB)"
  PASSWORD_MODE=empty
fi

db_sql() { MYSQL_PWD="$DB_PASSWORD" mariadb --no-defaults --protocol=tcp -h"$DB_HOST" -P"$DB_PORT" -u"$DB_USER" -N -B "$@"; }
sysbench_demo() {
  MYSQL_PWD="$DB_PASSWORD" sysbench oltp_read_write --db-driver=mysql --mysql-host="$DB_HOST" --mysql-port="$DB_PORT" \
    --mysql-user="$DB_USER" --mysql-db="$DB_NAME" --tables="$SYSBENCH_TABLES" --table-size="$SYSBENCH_TABLE_SIZE" "$@"
}
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Prints the pid of the demo's own code-server when its pid file names a live one of ours.
our_code_server_pid() {
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  tr '\0' '\n' < "/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "$CS_STATE/user-data" || return 1
  echo "$pid"
}
stop_code_server() {
  local pid
  pid="$(our_code_server_pid)" || { rm -f "$PID_FILE"; return 0; }
  kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$PID_FILE"
}

# --- Checks before anything is installed, started or written -----------------------------------
if [ -z "$use_desktop" ]; then
  if pid="$(our_code_server_pid)"; then
    say "Stopping the previous demo code-server on port $DEMO_PORT (pid $pid)"
    stop_code_server
  fi
  if port_taken "$DEMO_PORT"; then
    fail "port $DEMO_PORT, for the demo's code-server, is taken by another program: choose another with DEMO_PORT=<port>. Nothing was started."
  fi
fi
if [ "$DEMO_WORKSPACE" != "$DEFAULT_WORKSPACE" ] && [ -f "$DEMO_WORKSPACE/.vscode/settings.json" ] \
  && [ "$(head -1 "$DEMO_WORKSPACE/.vscode/settings.json")" != "$SETTINGS_MARK" ]; then
  fail "$DEMO_WORKSPACE/.vscode/settings.json exists and was not written by the demo: choose another folder with TIDB_LAB_DEMO_WORKSPACE=<folder>. Nothing was started."
fi

# On the user's server: the demo's database is reused only when it holds exactly the sysbench tables the
# demo makes; an absent or empty one is filled after asking; anything else is theirs and left alone.
own_db_action=""
if [ -n "${DEMO_MYSQL:-}" ]; then
  command -v mariadb >/dev/null || fail "the mariadb client is missing: run scripts/setup-machine.sh first"
  db_sql -e 'SELECT 1' >/dev/null || fail "cannot connect to $DB_HOST:$DB_PORT as $DB_USER (the error is above)"
  db_exists="$(db_sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$DB_NAME'")"
  db_tables="$(db_sql -e "SELECT COALESCE(GROUP_CONCAT(TABLE_NAME ORDER BY TABLE_NAME), '') FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$DB_NAME'")"
  demo_tables="$(seq -f 'sbtest%g' 1 "$SYSBENCH_TABLES" | sort | paste -sd,)"
  if [ "$db_exists" = 0 ]; then
    own_db_action="create the database \`$DB_NAME\` and"
  elif [ -z "$db_tables" ]; then
    own_db_action="use the empty database \`$DB_NAME\` and"
  elif [ "$db_tables" = "$demo_tables" ] && [ "$(db_sql -e "SELECT COUNT(*) FROM \`$DB_NAME\`.sbtest$SYSBENCH_TABLES")" = "$SYSBENCH_TABLE_SIZE" ]; then
    own_db_action=""
  else
    fail "the database $DB_NAME on $DB_HOST:$DB_PORT holds tables the demo did not make ($db_tables): choose another with DEMO_MYSQL_DB=<name>. Nothing was changed."
  fi
  if [ -n "$own_db_action" ]; then
    question="The demo will $own_db_action create sysbench's $SYSBENCH_TABLES tables of $SYSBENCH_TABLE_SIZE rows in it, on $DB_HOST:$DB_PORT as $DB_USER; nothing else there is changed."
    if [ "${DEMO_MYSQL_CREATE_DB:-}" = "1" ]; then
      say "$question (DEMO_MYSQL_CREATE_DB=1)"
    elif [ -t 0 ]; then
      read -r -p "$question Go on? [y/N] " answer
      [[ "$answer" =~ ^[Yy] ]] || fail "stopped: nothing was changed on $DB_HOST:$DB_PORT"
    else
      fail "$question Without a terminal, set DEMO_MYSQL_CREATE_DB=1 to agree. Nothing was changed."
    fi
  fi
fi

case "${DEMO_TIDB:-}" in
  "") ;;
  playground)
    command -v tiup >/dev/null || [ -x "$HOME/.tiup/bin/tiup" ] || fail "DEMO_TIDB=playground needs TiUP, which is not installed (not on the PATH, not in ~/.tiup/bin). Install it yourself (it downloads TiUP, and later TiDB, from the internet) with:
  curl --proto '=https' --tlsv1.2 -sSf https://tiup-mirrors.pingcap.com/install.sh | sh
then run the demo again. Nothing was started." ;;
  *) fail "DEMO_TIDB can only be 'playground' (got '$DEMO_TIDB'). Nothing was started." ;;
esac

# --- Set-up ----------------------------------------------------------------------------------------
say "Setting up the machine"
bash scripts/setup-machine.sh

if [ ! -d node_modules ]; then
  say "Installing npm dependencies"
  npm ci --no-audit --no-fund
fi

if [ -z "${DEMO_MYSQL:-}" ]; then
  say "Starting TiDB Lab's MariaDB"
  bash scripts/start-mariadb.sh

  say "Creating the demo user '$DB_USER' on it (empty password, local connections only; it may read performance_schema)"
  bash scripts/create-demo-user.sh "$DB_USER"
fi

say "Building and packaging the extension"
npm run package

if [ -n "${DEMO_MYSQL:-}" ]; then
  if [ -n "$own_db_action" ]; then
    say "Preparing sysbench demo tables: $SYSBENCH_TABLES x $SYSBENCH_TABLE_SIZE rows in $DB_NAME on $DB_HOST:$DB_PORT"
    db_sql -e "CREATE DATABASE IF NOT EXISTS \`$DB_NAME\`"
    sysbench_demo prepare
  else
    say "sysbench demo tables already in $DB_NAME on $DB_HOST:$DB_PORT"
  fi
else
  # Every table is counted: a run that re-prepared one of them with another --table-size (an experiment
  # started on sbtest, say) leaves the others whole, and the demo's queries would read the wrong table.
  demo_tables_whole=1
  for table_number in $(seq 1 "$SYSBENCH_TABLES"); do
    table_rows="$(db_sql -e "SELECT COUNT(*) FROM sbtest.sbtest$table_number" 2>/dev/null || echo 0)"
    [ "$table_rows" = "$SYSBENCH_TABLE_SIZE" ] || { demo_tables_whole=0; break; }
  done
  if [ "$demo_tables_whole" = 1 ]; then
    say "sysbench demo tables already in sbtest"
  else
    say "Preparing sysbench demo tables: $SYSBENCH_TABLES x $SYSBENCH_TABLE_SIZE rows in sbtest"
    sysbench_demo cleanup >/dev/null
    sysbench_demo prepare
  fi
fi

playground_connection=""
if [ "${DEMO_TIDB:-}" = "playground" ]; then
  bash scripts/start-playground.sh
  read -r pg_host pg_port _ < "$STATE_DIR/playground/${DEMO_PLAYGROUND_TAG:-tidb-lab-demo}.endpoint"
  playground_connection=",
    {
      \"name\": \"TiUP Playground: ${DEMO_PLAYGROUND_TAG:-tidb-lab-demo}\",
      \"host\": \"$pg_host\",
      \"port\": $pg_port,
      \"user\": \"root\",
      \"tls\": \"off\",
      \"passwordMode\": \"empty\"
    }"
fi
stop_playground() { if [ -n "$playground_connection" ]; then bash scripts/start-playground.sh stop; fi; }

say "Writing the demo workspace $DEMO_WORKSPACE"
mkdir -p "$DEMO_WORKSPACE/.vscode"
cat > "$DEMO_WORKSPACE/.vscode/settings.json" <<JSON
$SETTINGS_MARK
{
  "tidbLab.connections": [
    {
      "name": "$CONNECTION_NAME",
      "host": "$DB_HOST",
      "port": $DB_PORT,
      "user": "$DB_USER",
      "database": "$DB_NAME",
      "tls": "off",
      "passwordMode": "$PASSWORD_MODE"
    }$playground_connection
  ]
}
JSON
if [ ! -f "$DEMO_WORKSPACE/queries.sql" ]; then
  cat > "$DEMO_WORKSPACE/queries.sql" <<'SQL'
-- TiDB Lab demo: the sysbench tables of the demo connection (see .vscode/settings.json).
SELECT COUNT(*) FROM sbtest1;

SELECT id, k, c, pad FROM sbtest1 WHERE id = 42;

SELECT k, COUNT(*) AS rows_with_k FROM sbtest2 GROUP BY k ORDER BY rows_with_k DESC LIMIT 10;

SELECT id, k FROM sbtest3 WHERE k BETWEEN 4900 AND 5100 ORDER BY k;

EXPLAIN SELECT c FROM sbtest4 WHERE id BETWEEN 100 AND 199 ORDER BY c;
SQL
fi

if [ -n "$use_desktop" ]; then
  code_args=()
  # VS Code desktop refuses to run as root without its own user data folder and --no-sandbox.
  if [ "$(id -u)" -eq 0 ]; then code_args=(--no-sandbox --user-data-dir "$STATE_DIR/demo-vscode-user"); fi
  say "Opening the demo workspace in VS Code desktop"
  code "${code_args[@]}" --install-extension "$VSIX" --force
  code "${code_args[@]}" "$DEMO_WORKSPACE"
  if [ -n "$playground_connection" ]; then echo "The TiDB playground keeps running; stop it with: bash scripts/start-playground.sh stop"; fi
  exit 0
fi

# --- code-server, with its own user data, extensions, configuration and logs under the state dir ------
# (XDG_DATA_HOME: its logs and heartbeat, otherwise in ~/.local/share/code-server, shared with the user's own)
export XDG_CONFIG_HOME="$CS_STATE/xdg" XDG_DATA_HOME="$CS_STATE/xdg-data"
mkdir -p "$CS_STATE/user-data/User" "$CS_STATE/extensions"
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
"${cs[@]}" --install-extension "$VSIX" --force >/dev/null

if port_taken "$DEMO_PORT"; then
  fail "port $DEMO_PORT was taken by another program while the demo was set up: run again with DEMO_PORT=<port>"
fi
say "Starting code-server on 127.0.0.1:$DEMO_PORT"
setsid "${cs[@]}" --auth none --bind-addr "127.0.0.1:$DEMO_PORT" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  "$DEMO_WORKSPACE" </dev/null >"$LOG_FILE" 2>&1 &
server_pid=$!
echo "$server_pid" > "$PID_FILE"
[ "${DEMO_CHECK:-}" != "1" ] || trap 'stop_code_server; stop_playground' EXIT

for _ in $(seq 1 300); do
  if port_taken "$DEMO_PORT"; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then echo "code-server stopped; its log:" >&2; tail -30 "$LOG_FILE" >&2; exit 1; fi
  sleep 0.2
done

URL="http://127.0.0.1:$DEMO_PORT/?folder=$DEMO_WORKSPACE"

if [ "${DEMO_CHECK:-}" = "1" ]; then
  say "Checking the demo (DEMO_CHECK=1)"
  curl -fsS --max-time 30 "http://127.0.0.1:$DEMO_PORT/healthz" >/dev/null || fail "code-server does not answer /healthz on port $DEMO_PORT"
  curl -fsS --max-time 30 -o /dev/null "$URL" || fail "code-server does not serve $URL"
  "${cs[@]}" --list-extensions | grep -qxF "$EXTENSION_ID" \
    || fail "$EXTENSION_ID is not installed in the demo's code-server"
  MYSQL_PWD="$DB_PASSWORD" node scripts/demoCheck.mjs "$DEMO_WORKSPACE/.vscode/settings.json" "$SYSBENCH_TABLE_SIZE"
  echo "Demo check passed: code-server served $URL with $EXTENSION_ID installed."
  exit 0
fi

echo
echo "TiDB Lab is ready in code-server: $URL"
echo "Open the TiDB Lab icon in the activity bar; the connection \"$CONNECTION_NAME\" is already there."
if [ -n "$playground_connection" ]; then echo "So is \"TiUP Playground: ${DEMO_PLAYGROUND_TAG:-tidb-lab-demo}\", the local TiDB at $pg_host:$pg_port (log: $STATE_DIR/playground/)."; fi
echo "code-server log: $LOG_FILE"

if [ "${DEMO_NO_WAIT:-}" = "1" ]; then
  echo "code-server keeps running in the background (pid $server_pid); stop it with: kill -- -$server_pid"
  if [ -n "$playground_connection" ]; then echo "The TiDB playground keeps running; stop it with: bash scripts/start-playground.sh stop"; fi
  exit 0
fi

trap 'echo; say "Stopping code-server"; stop_code_server; stop_playground; exit 0' INT TERM
echo "Press Ctrl-C to stop."
wait "$server_pid" || true
rm -f "$PID_FILE"
stop_playground
