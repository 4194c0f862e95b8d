#!/usr/bin/env bash
# Prepares a fresh Debian machine (run as root) for building, testing and demoing TiDB Lab:
# Debian packages (MariaDB, sysbench, Chromium, ripgrep, build tools for code-server's native
# modules, fonts for screenshots), then code-server cached outside the repo.
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
  # Debian's mariadb-server would start its own server on 3306. TiDB Lab does not need it (its own run on
  # 3406/3407 and work beside one), so a policy-rc.d that refuses service starts spares it during the
  # install (containers usually have one); a service already running is left as it is.
  added_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    added_policy=yes
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${missing[@]}"
  [ -z "$added_policy" ] || rm -f /usr/sbin/policy-rc.d
else
  echo "Debian packages already installed"
fi

bash "$REPO_DIR/scripts/install-code-server.sh"
