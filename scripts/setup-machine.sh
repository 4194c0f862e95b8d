#!/usr/bin/env bash
# Prepares a fresh Debian machine (run as root) for building, testing and demoing TiDB Lab:
# Debian packages (MariaDB, sysbench, Chromium, ripgrep, build tools for code-server's native
# modules, fonts for screenshots), then code-server and go-tpc v1.0.12 (built from the Go module
# proxy when Go is there) cached outside the repo.
# Idempotent and quick when everything is already there: apt is only touched for missing packages.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

PACKAGES=(
  mariadb-server mariadb-client sysbench
  chromium fonts-dejavu-core fonts-liberation
  ripgrep openssl procps ca-certificates git
  build-essential python3 libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev
)

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-machine: run as root (it installs Debian packages)" >&2
  exit 1
fi

node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_major" -lt 20 ]; then
  echo "setup-machine: Node.js >= 20 with npm is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

missing=()
for package in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)"
  [ "$status" = "installed" ] || missing+=("$package")
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  # Debian's mariadb-server would start its own server on 3306 when installed. TiDB Lab does not need it
  # (its own run on 3406/3407, beside one), so while apt installs it a policy-rc.d refuses to start the
  # mariadb/mysql service, and only that one; it is removed again even if apt fails. A policy-rc.d the
  # machine has already (containers usually do) is left alone.
  added_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ] && [[ " ${missing[*]} " == *" mariadb-server "* ]]; then
    printf '#!/bin/sh\n# Added by TiDB Lab scripts/setup-machine.sh while it runs apt-get.\ncase "$1" in mariadb|mysql) exit 101 ;; esac\nexit 0\n' \
      > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    added_policy=yes
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # --no-remove: installing never removes a package, e.g. another MySQL server that conflicts with MariaDB's.
  if ! apt-get install -y -q --no-remove "${missing[@]}"; then
    echo "setup-machine: apt-get could not install ${missing[*]} without removing packages (another MySQL server?) or failed (above). TiDB Lab removes nothing: install them yourself." >&2
    exit 1
  fi
  if [ -n "$added_policy" ]; then rm -f /usr/sbin/policy-rc.d; trap - EXIT; fi
else
  echo "Debian packages already installed"
fi

bash "$REPO_DIR/scripts/install-code-server.sh"
if command -v go >/dev/null; then
  bash "$REPO_DIR/scripts/install-go-tpc.sh"
else
  echo "setup-machine: no Go on this machine, so no go-tpc (the TPC-C reference and --engine=go-tpc): install Go 1.21 or newer and run scripts/install-go-tpc.sh"
fi
