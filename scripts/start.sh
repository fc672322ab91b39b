#!/usr/bin/env bash
# npm start: install what is missing, build, then serve the app (migrations and the demo seed run at start).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-os-deps.sh database || echo "warning: could not install acl (setfacl); a data folder inside a private home folder will need DATA_DIR elsewhere"
bash scripts/ensure-os-deps.sh speech files build || echo "warning: could not install the speech packages; voice features will be disabled"
echo "==> Building the web app and the server"
npm run build --silent
export NODE_ENV="${NODE_ENV:-production}"
export SEED_DEMO="${SEED_DEMO:-true}"
exec node apps/server/dist/main.js
