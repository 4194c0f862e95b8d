#!/usr/bin/env bash
# Builds go-tpc v1.0.12 (github.com/pingcap/go-tpc, its newest release, tag commit 688d62f) from the Go
# module proxy into a tool folder outside the repo, keyed by version, as install-code-server.sh does:
# the TPC-C and CH fidelity tests run it as the reference, and `--engine=go-tpc` drives it.
# Built with go-tpc's own version ldflags (its Makefile's), so `go-tpc version` names the release.
# Idempotent: a finished build (marker file written last) is left alone. One build at a time (a lock),
# in a staging folder renamed into place when finished. Needs Go and the Go module proxy only.
# Afterwards: $TIDB_LAB_TOOLS_DIR/go-tpc-v1.0.12/go-tpc
set -euo pipefail

GO_TPC_VERSION=v1.0.12
GO_TPC_COMMIT=688d62f3be7ea6b68c2bb5fbbeb925bde681fb05
TOOLS_DIR="${TIDB_LAB_TOOLS_DIR:-/var/cache/tidb-lab-tools}"
INSTALL_DIR="$TOOLS_DIR/go-tpc-$GO_TPC_VERSION"
MARKER="$INSTALL_DIR/.install-complete"
BINARY="$INSTALL_DIR/go-tpc"

installed() { [ -f "$MARKER" ] && [ -x "$BINARY" ]; }

if installed; then
  echo "go-tpc $GO_TPC_VERSION already built in $INSTALL_DIR"
  exit 0
fi

for tool in go flock; do
  command -v "$tool" >/dev/null || { echo "install-go-tpc: '$tool' is missing (Go 1.21 or newer and util-linux's flock)" >&2; exit 1; }
done

mkdir -p "$TOOLS_DIR"
exec 9>"$TOOLS_DIR/.go-tpc-$GO_TPC_VERSION.lock"
if ! flock -n 9; then
  echo "Another run is building go-tpc $GO_TPC_VERSION; waiting for it"
  flock 9
fi
if installed; then
  echo "go-tpc $GO_TPC_VERSION was built in $INSTALL_DIR by another run"
  exit 0
fi

started=$(date +%s)
STAGING="$(mktemp -d "$TOOLS_DIR/.go-tpc-$GO_TPC_VERSION.staging.XXXXXX")"
chmod 755 "$STAGING"
trap 'rm -rf "$STAGING"' EXIT
echo "Building go-tpc $GO_TPC_VERSION from the Go module proxy into $INSTALL_DIR (a few minutes on 2 cores)"
# The module's own go.mod pins its dependencies (no replace directives), so `go install pkg@version`
# builds exactly the release. CGO off as go-tpc's Makefile builds it.
LDFLAGS="-X main.version=$GO_TPC_VERSION -X main.commit=$GO_TPC_COMMIT -X 'main.date=$(date -u '+%Y-%m-%d %H:%M:%S')'"
(
  while sleep 30; do echo "  ... still building go-tpc ($(( $(date +%s) - started ))s)"; done &
  ticker=$!
  trap 'kill "$ticker" 2>/dev/null || true' EXIT
  env GOBIN="$STAGING" CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
    go install -ldflags "$LDFLAGS" "github.com/pingcap/go-tpc/cmd/go-tpc@$GO_TPC_VERSION"
)
"$STAGING/go-tpc" version | grep -q "Release version: $GO_TPC_VERSION" || {
  echo "install-go-tpc: the built go-tpc does not report $GO_TPC_VERSION" >&2
  exit 1
}
date -u '+%Y-%m-%dT%H:%M:%SZ' > "$STAGING/.install-complete"
rm -rf "$INSTALL_DIR"
mv "$STAGING" "$INSTALL_DIR"
trap - EXIT
echo "go-tpc $GO_TPC_VERSION built in $(( $(date +%s) - started ))s: $BINARY"
