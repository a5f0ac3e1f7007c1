#!/usr/bin/env bash
# npm run check: the fast lane, for every change before the full `npm test`. Formatting (prettier), lint (eslint,
# type-aware, cached in node_modules/.cache/eslint), types (tsc), the import rules (dependency-cruiser), unused
# files/exports/dependencies (knip), then the unit tests (test/unit and packages/*/test). No root, no engine,
# no network: nothing here starts the test bench. With --static only the checks before the tests run (npm test).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
step() { printf '\n== %s  (at %d s)\n' "$*" $(($(date +%s) - started)); }

# prettier and eslint keep a cache keyed on each file's content and their config (node_modules/.cache/), so a
# cached verdict is the one a fresh run gives; a fresh clone (CI) starts with none.
step "prettier --check . (cached)"
npx prettier --check --cache --cache-location node_modules/.cache/prettier/.prettier-cache --log-level warn . || { echo "npm run format rewrites the files listed above" >&2; exit 1; }

# eslint is the slow one when its cache is cold (about a minute over 400 files): the type check, the import rules
# and knip run beside it on the second core.
step "eslint (cached) | tsc --noEmit, npm run deps, knip"
lint_log=$(mktemp)
trap 'rm -f "$lint_log"' EXIT
npx eslint --cache --cache-location node_modules/.cache/eslint/ . >"$lint_log" 2>&1 &
lint=$!
npx tsc --noEmit -p .
npm run --silent deps
npx knip
if ! wait "$lint"; then cat "$lint_log"; echo "eslint failed" >&2; exit 1; fi
cat "$lint_log"

# npm test runs the checks above, then every suite itself.
if [ "${1:-}" = --static ]; then exit 0; fi

# Some unit tests read the bundle (test/unit/build: the package, the patched Ink in it); esbuild takes a second or two.
step "node scripts/build.mjs, unit tests"
node scripts/build.mjs
npx vitest run --project unit --project unit-isolated

echo
echo "npm run check passed in $(($(date +%s) - started)) s"
