#!/usr/bin/env bash
# npm test: bring the bench up if it is not running, build, run every test, then the unit and integration suites
# again on Node 24 (scripts/node-binary.sh fetches it once into a cache), and leave nothing behind that this run
# started. With arguments (`npm test -- test/integration/logs.test.ts`) only those run, on the machine's Node only,
# and when they are all unit tests (test/unit/…, packages/…) the bench is not started.
# BERTH_NODE_VERSIONS lists the extra majors (default "24"; "" skips them outside CI). Under CI=true a Node that
# cannot be had fails the run. The full run (no arguments) first runs the checks of `npm run check` (formatting,
# type-aware lint, types, the import rules, unused code: scripts/check.sh --static); any failing fails the run
# before the bench is touched.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -eq 0 ]; then
  # The checks of npm run check (eslint's cache is keyed on each file's content and the config, so a cached
  # result is the same verdict), with eslint beside the type check on the second core.
  bash scripts/check.sh --static
fi

# Only unit tests named (test/unit/…, packages/…): no bench, as `npm run check` does.
needs_bench=0
[ $# -eq 0 ] && needs_bench=1
for arg in "$@"; do
  case $arg in test/unit/* | test/unit | packages/* | -*) ;; *) needs_bench=1 ;; esac
done
if [ "$needs_bench" = 0 ]; then
  node scripts/build.mjs
  exec npx vitest run "$@"
fi

started_bench=0
cleanup() {
  tmux -L "${BERTH_E2E_TMUX:-berth-e2e}" kill-server 2>/dev/null || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/${BERTH_E2E_TMUX:-berth-e2e}"
  if [ "$started_bench" = 1 ] && [ -z "${BERTH_KEEP_TESTBED:-}" ]; then bash scripts/testbed.sh down >/dev/null 2>&1 || true; fi
  # dist/ is left built by the machine's Node, as after `npm install`.
  if [ "${rebuilt:-0}" = 1 ]; then node scripts/build.mjs >/dev/null 2>&1 || true; fi
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

[ $# -eq 0 ] || exit 0
versions=${BERTH_NODE_VERSIONS-24}
if [ -z "$versions" ] && [ "${CI:-}" = true ]; then
  echo "BERTH_NODE_VERSIONS is empty under CI=true: the Node 24 suites may not be skipped in CI" >&2
  exit 1
fi
for major in $versions; do
  if ! bin=$(bash scripts/node-binary.sh "$major"); then
    if [ "${CI:-}" = true ]; then echo "Node $major is required under CI=true and could not be obtained" >&2; exit 1; fi
    echo "WARNING: Node $major could not be obtained; its unit and integration suites did NOT run" >&2
    continue
  fi
  echo "unit and integration suites on Node $("$bin" --version) ($bin)"
  # Its directory first on PATH: tests that spawn `node` (the CLI tests) use it too.
  rebuilt=1
  # Left out on the newer Node, each already proved on the machine's Node and with nothing in it that a Node version
  # changes: flex-screens compares two layout engines written in plain JavaScript (no Node API), and the swarm
  # integration test spends its two minutes waiting for the swarm to converge, over the same dockerode and HTTP
  # paths every other integration test takes on this Node; setup-remote spends its 40 s in openssl and in dockerds
  # it starts with the certificates, checked by the docker CLI (berth's part is a CLI command, as in cli.test.ts).
  # The end-to-end tests drive the bundle in tmux; the bundle's start and its CLI commands run on this Node in
  # test/integration/cli.test.ts.
  PATH="$(dirname "$bin"):$PATH" BERTH_EXPECT_NODE_MAJOR="$major" bash -c 'node scripts/build.mjs && node node_modules/vitest/vitest.mjs run test/unit packages test/integration --exclude test/integration/flex-screens.test.tsx --exclude test/integration/swarm.test.ts --exclude test/integration/setup-remote.test.ts'
done
