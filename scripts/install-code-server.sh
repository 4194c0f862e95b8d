#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, Node 20 engine) into a tool folder outside the repo,
# following shared/docs/real-vscode-testing.md: its npm postinstall downloads ripgrep from GitHub,
# which these machines cannot reach, so it is installed without scripts and finished by hand.
# Idempotent: a finished install (marker file written last) is left alone; an unfinished one is redone.
# Safe for parallel runs sharing the tool folder: one install at a time (a lock), built in a staging
# folder of its own and renamed into place only when finished, so no run ever deletes or half-writes
# a copy another run is using or building.
# Needs only the npm registry and Debian's packages (chromium, ripgrep and the -dev libraries
# come from scripts/setup-machine.sh).
# Afterwards code-server runs as `node $TIDB_LAB_TOOLS_DIR/code-server-4.100.3/node_modules/code-server/out/node/entry.js`.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
VSCODE_VERSION=1.100.3
TOOLS_DIR="${TIDB_LAB_TOOLS_DIR:-/var/cache/tidb-lab-tools}"
INSTALL_DIR="$TOOLS_DIR/code-server-$CODE_SERVER_VERSION"
MARKER="$INSTALL_DIR/.install-complete"
ENTRY="$INSTALL_DIR/node_modules/code-server/out/node/entry.js"

installed() { [ -f "$MARKER" ] && [ -f "$ENTRY" ]; }

if installed; then
  echo "code-server $CODE_SERVER_VERSION already installed in $INSTALL_DIR"
  exit 0
fi

for tool in node npm rg python3 make g++ flock; do
  command -v "$tool" >/dev/null || { echo "install-code-server: '$tool' is missing (run scripts/setup-machine.sh)" >&2; exit 1; }
done

# node-gyp would download Node's headers from nodejs.org; use the ones installed with Node instead.
NODE_PREFIX="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$NODE_PREFIX/include/node/node.h" ]; then
  export npm_config_nodedir="$NODE_PREFIX"
fi
export npm_config_yes=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_loglevel="${npm_config_loglevel:-warn}"

mkdir -p "$TOOLS_DIR"
exec 9>"$TOOLS_DIR/.code-server-$CODE_SERVER_VERSION.lock"
if ! flock -n 9; then
  echo "Another run is installing code-server $CODE_SERVER_VERSION; waiting for it"
  flock 9
fi
if installed; then
  echo "code-server $CODE_SERVER_VERSION was installed in $INSTALL_DIR by another run"
  exit 0
fi

started=$(date +%s)
STAGING="$(mktemp -d "$TOOLS_DIR/.code-server-$CODE_SERVER_VERSION.staging.XXXXXX")"
chmod 755 "$STAGING"
trap 'rm -rf "$STAGING"' EXIT
echo "Installing code-server $CODE_SERVER_VERSION into $INSTALL_DIR (built in $STAGING)"
cd "$STAGING"
# A package.json of its own keeps npm from walking up into another project.
printf '{ "name": "tidb-lab-tools-code-server", "private": true }\n' > package.json

npm install --no-save --ignore-scripts "code-server@$CODE_SERVER_VERSION"
npm rebuild argon2

cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev --ignore-scripts)

# --version writes a default config file under XDG_CONFIG_HOME: keep that out of the user's home.
version_output="$(XDG_CONFIG_HOME="$STAGING/.version-check" node "$STAGING/node_modules/code-server/out/node/entry.js" --version)"
rm -rf "$STAGING/.version-check"
if ! grep -q "with Code $VSCODE_VERSION" <<<"$version_output"; then
  echo "install-code-server: unexpected version output: $version_output" >&2
  exit 1
fi
date -u +%Y-%m-%dT%H:%M:%SZ > "$STAGING/.install-complete"
cd "$TOOLS_DIR"
# An unfinished copy left by an older version of this script (no marker) is moved aside, not
# emptied in place; the finished one takes its name in one rename.
if [ -e "$INSTALL_DIR" ]; then
  mv "$INSTALL_DIR" "$STAGING.unfinished"
  trap 'rm -rf "$STAGING" "$STAGING.unfinished"' EXIT
fi
mv "$STAGING" "$INSTALL_DIR"
echo "code-server installed in $(( $(date +%s) - started ))s: $(grep "with Code" <<<"$version_output")"
