#!/usr/bin/env bash
# Builds the speech recognition helper apps/server/native/build/psdecode (C, linked against libpocketsphinx).
# Rebuilds only when the source is newer than the binary. Needs gcc, pkg-config, libpocketsphinx-dev and
# libsphinxbase-dev (Debian packages: gcc libc6-dev pkg-config libpocketsphinx-dev libsphinxbase-dev).
# First installs the neural recogniser's model (ensure-speech-model.sh); without it only pocketsphinx is used.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-speech-model.sh || echo "warning: the Moonshine model could not be installed; recognition uses pocketsphinx alone" >&2
src=apps/server/native/psdecode.c
out=apps/server/native/build/psdecode
if [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "$0" ]; then
  exit 0
fi
if ! command -v gcc >/dev/null 2>&1 || ! pkg-config --exists pocketsphinx sphinxbase 2>/dev/null; then
  echo "build-native: gcc, pkg-config, libpocketsphinx-dev and libsphinxbase-dev are needed to build $out" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046 # pkg-config prints several flags
gcc -std=c99 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -o "$out.tmp" "$src" $(pkg-config --cflags --libs pocketsphinx sphinxbase)
mv "$out.tmp" "$out"
echo "build-native: built $out"
