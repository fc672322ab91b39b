#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  # `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, esbuild...) out of
  # the lock file and `npm ci` then refuses it as out of sync; `npm install` follows the lock file all the same.
  echo "==> Installing npm dependencies"
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund
fi
