#!/usr/bin/env bash
# Installs the Debian packages the project needs, when missing (Debian-like machines, as root).
# Usage: ensure-os-deps.sh <group>...   groups: database (setfacl, which lets the embedded PostgreSQL's
# user pass through a data folder inside a private home folder), speech (engines, ffmpeg), files (bsdtar,
# which unpacks the learning packages of sims), build (the native recognition helper), speechtest (recordings and another synthesizer, espeak-ng, for tests and
# the bench), spreadsheets (LibreOffice, which reads the Excel exports back in the tests), browser
# (end-to-end tests)
set -euo pipefail
declare -A PKG_GROUPS=(
  [database]="acl"
  [speech]="ffmpeg flite festival festvox-us-slt-hts pocketsphinx-en-us libpocketsphinx3 libsphinxbase3 pocketsphinx sphinxbase-utils sphinxtrain"
  [files]="libarchive-tools"
  [speechtest]="pocketsphinx-testdata espeak-ng"
  [build]="gcc libc6-dev pkg-config libpocketsphinx-dev libsphinxbase-dev"
  [spreadsheets]="libreoffice-calc-nogui"
  [browser]="chromium"
)
wanted=()
for g in "$@"; do
  [ -n "${PKG_GROUPS[$g]:-}" ] || { echo "unknown package group: $g" >&2; exit 2; }
  for p in ${PKG_GROUPS[$g]}; do wanted+=("$p"); done
done
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "Not a Debian-like system: install these packages yourself if missing: ${wanted[*]}" >&2
  exit 0
fi
missing=()
for p in "${wanted[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "==> Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
