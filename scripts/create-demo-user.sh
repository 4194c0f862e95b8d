#!/usr/bin/env bash
# The demo's MariaDB user on TiDB Lab's own server (scripts/start-mariadb.sh), with every grant the
# demo needs: the one place that makes it (scripts/demo.sh runs it).
#   bash scripts/create-demo-user.sh [user]     (default tidblab_demo)
# The user has an empty password and connects from 127.0.0.1 and localhost only. It gets ALL on the
# databases sbtest (the sysbench tables) and <user>, and SELECT on performance_schema, which the
# benchmark's "what the server did" (statement digests, prepared statements) reads: without it the
# result can only say "Not read: ... has no SELECT on performance_schema". Idempotent.
# It talks to the server through its own socket as root, never through /etc/mysql or ~/.my.cnf.
set -euo pipefail

STATE_DIR="$(realpath -m "${TIDB_LAB_STATE_DIR:-/var/tmp/tidb-lab}")"
DEMO_USER="${1:-tidblab_demo}"
[[ "$DEMO_USER" =~ ^[A-Za-z0-9_]+$ ]] || { echo "create-demo-user: the user must be letters, digits and _ (got '$DEMO_USER')" >&2; exit 1; }

sql="CREATE DATABASE IF NOT EXISTS sbtest;
CREATE DATABASE IF NOT EXISTS \`$DEMO_USER\`;"
for host in 127.0.0.1 localhost; do
  sql+="
CREATE USER IF NOT EXISTS '$DEMO_USER'@'$host';
GRANT ALL PRIVILEGES ON sbtest.* TO '$DEMO_USER'@'$host';
GRANT ALL PRIVILEGES ON \`$DEMO_USER\`.* TO '$DEMO_USER'@'$host';
GRANT SELECT ON performance_schema.* TO '$DEMO_USER'@'$host';"
done
mariadb --no-defaults --socket="$STATE_DIR/run/main.sock" -uroot <<<"$sql"
