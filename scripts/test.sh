#!/usr/bin/env bash
# npm test: lint, type check, unit, web, API (embedded PostgreSQL) and end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-os-deps.sh database speech files build speechtest spreadsheets browser
bash scripts/build-native.sh
echo "==> Lint and format check (biome)"
npx biome check .
echo "==> Type check"
npm run typecheck --silent
echo "==> Unit, web and API tests (vitest)"
npx vitest run
echo "==> Build"
npm run build --silent
echo "==> End-to-end tests (Playwright, Debian's Chromium)"
npm run test:e2e --silent
