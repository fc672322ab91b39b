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
# the web (jsdom) tests and the server's apart: the speech tests' engines take every core in bursts, which made
# a jsdom form test beside them run six times slower than alone; apart, the two runs take the time of one
echo "==> Web tests (vitest, jsdom)"
npx vitest run --project web --project web-isolated
echo "==> Unit, system, API and speech tests (vitest)"
npx vitest run --project unit --project system --project api --project speech
echo "==> Build"
npm run build --silent
echo "==> End-to-end tests (Playwright, Debian's Chromium)"
npm run test:e2e --silent
