#!/usr/bin/env bash
# npm test: bring the bench up if it is not running, build, run every test, and leave nothing behind that this
# run started.
set -euo pipefail
cd "$(dirname "$0")/.."

started_bench=0
cleanup() {
  tmux -L berth-e2e kill-server 2>/dev/null || true
  if [ "$started_bench" = 1 ] && [ -z "${BERTH_KEEP_TESTBED:-}" ]; then bash scripts/testbed.sh down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

if ! bash scripts/testbed.sh status >/dev/null 2>&1; then
  echo "test bench is not running: starting it (scripts/testbed.sh up)"
  bash scripts/testbed.sh up
  started_bench=1
fi
eval "$(bash scripts/testbed.sh env)"
node scripts/build.mjs
npx vitest run "$@"
