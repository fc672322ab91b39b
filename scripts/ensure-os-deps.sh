#!/usr/bin/env bash
# Installs the operating-system packages the project needs, when missing (Debian-like machines, as root).
# Usage: ensure-os-deps.sh [package ...]   (command-name:package pairs, e.g. chromium:chromium)
set -euo pipefail
missing=()
for pair in "$@"; do
  cmd="${pair%%:*}"
  pkg="${pair##*:}"
  command -v "$cmd" >/dev/null 2>&1 || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages: ${missing[*]}. Install them with your package manager." >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "==> Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
