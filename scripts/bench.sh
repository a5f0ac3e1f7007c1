#!/usr/bin/env bash
# npm run bench: bring the test bench up if needed, build berth, run bench/run.mjs against a snapshot of the build,
# print the results table and write it into docs/benchmarks.md. Everything the run creates (containers labelled
# berth.bench.run=<pid>, its tmux server, its scratch directory) is removed at the end, on failure and on Ctrl-C;
# the bench itself is stopped again only if this script started it.
#
#   BENCH_QUICK=1  shorter windows and fewer rounds (about 3 minutes instead of 6)
#   BENCH_ONLY=start,startremote,idle,bytes,history,longline,follow,keys,registry   a subset
#   BENCH_REGISTRY=0  skip bench/registry.ts    BENCH_DOCS=0  leave docs/benchmarks.md alone
#   BENCH_STRICT=1    exit 1 when a target is missed (a failed measure always exits 1)
#   BENCH_BASE=PATH   another build's bin/berth.js, started in every round of the start row (an A/B in one run)
#   BENCH_START_RUNS=N  rounds of the start row (default 5, quick 3)
#   BENCH_KEEP=1      keep the scratch directory (traces and pane output) and print its path
set -euo pipefail
cd "$(dirname "$0")/.."

started_bench=0
runner=
BENCH_DIR=$(mktemp -d "${TMPDIR:-/tmp}/berth-bench.XXXXXX")
export BENCH_DIR

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [[ -n $runner ]] && kill -0 "$runner" 2>/dev/null; then
    kill -TERM "$runner" 2>/dev/null || true
    for _ in $(seq 1 200); do kill -0 "$runner" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$runner" 2>/dev/null || true
  fi
  if [[ -n $runner ]]; then
    # Backstop: bench/run.mjs removes its own containers and tmux server; this catches a runner that was killed.
    tmux -L "berth-bench-$runner" kill-server 2>/dev/null || true
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/berth-bench-$runner"
    if [[ -n ${DOCKER_HOST:-} ]]; then
      ids=$(docker ps -aq --filter "label=berth.bench.run=$runner" 2>/dev/null || true)
      [[ -n $ids ]] && docker rm -f $ids >/dev/null 2>&1 || true
    fi
  fi
  if [[ ${BENCH_KEEP:-} == 1 ]]; then echo "bench: scratch directory kept: $BENCH_DIR" >&2; else rm -rf "$BENCH_DIR"; fi
  if [[ $started_bench == 1 && -z ${BERTH_KEEP_TESTBED:-} ]]; then bash scripts/testbed.sh down >/dev/null 2>&1 || true; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

if ! bash scripts/testbed.sh status >/dev/null 2>&1; then
  echo "bench: test bench is not running: starting it (scripts/testbed.sh up)" >&2
  bash scripts/testbed.sh up
  started_bench=1
fi
eval "$(bash scripts/testbed.sh env)"

node scripts/build.mjs
# Run a copy of the build: other work in this checkout may rebuild dist/ while the benchmarks run.
mkdir -p "$BENCH_DIR/app"
cp -R bin dist package.json "$BENCH_DIR/app/"
ln -s "$PWD/node_modules" "$BENCH_DIR/app/node_modules"
export BENCH_BERTH=$BENCH_DIR/app/bin/berth.js

node bench/run.mjs &
runner=$!
wait "$runner"
