import {execFileSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import {join} from 'node:path';

// Tests that need the engine fail (never skip) when the bench is not there: npm test brings it up first.
let fromScript: Record<string, string> | undefined;

function testbedEnv(): Record<string, string> {
  if (process.env.BERTH_TESTBED_DIR && process.env.DOCKER_HOST) return process.env as Record<string, string>;
  // Run outside npm test (e.g. npx vitest run test/e2e): ask the bench script where the bench lives.
  fromScript ??= JSON.parse(
    execFileSync('bash', ['scripts/testbed.sh', 'env', '--json'], {encoding: 'utf8'}),
  ) as Record<string, string>;
  return fromScript;
}

export function benchEnv(): NodeJS.ProcessEnv {
  const {DOCKER_HOST, DOCKER_CERT_PATH, BERTH_TESTBED_DIR, BERTH_REGISTRY, BERTH_REGISTRY_CA} = testbedEnv();
  if (!DOCKER_HOST || !DOCKER_CERT_PATH || !BERTH_TESTBED_DIR) {
    throw new Error(
      'the test bench environment is missing: run the tests with "npm test" (it starts scripts/testbed.sh), or eval "$(bash scripts/testbed.sh env)"',
    );
  }
  return {
    DOCKER_HOST,
    DOCKER_TLS_VERIFY: '1',
    DOCKER_CERT_PATH,
    BERTH_TESTBED_DIR,
    BERTH_REGISTRY,
    BERTH_REGISTRY_CA,
  };
}

// The docker CLI is the oracle: the same question asked of the same engine.
export function docker(args: string[], input?: string): string {
  return execFileSync('docker', args, {
    env: {...process.env, ...benchEnv()},
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 7)}`;
}

export const BUSYBOX = 'berth-test/busybox:latest';

// A test's own busybox container on the bench: detached, without a network (the bench has no bridge), labelled
// so a leftover is recognisable, with an init so `docker rm -f` does not wait out a shell that ignores TERM.
export function runTestContainer(
  name: string,
  command: string[],
  options: {init?: boolean; label?: boolean; extra?: string[]} = {},
): string {
  const {init = true, label = true, extra = []} = options;
  return docker([
    'run',
    '-d',
    ...(init ? ['--init'] : []),
    '--network',
    'none',
    ...(label ? ['--label', 'berth.test=1'] : []),
    '--name',
    name,
    ...extra,
    BUSYBOX,
    ...command,
  ]);
}

// The registry keeps a repository's directory after its manifests are deleted (the catalog still lists it): a test's
// own repositories on the bench registry (under `prefix/`) are removed from its storage afterwards.
export function removeBenchRepositories(prefix: string): void {
  const dir = benchEnv().BERTH_TESTBED_DIR;
  if (dir) rmSync(join(dir, 'registry/data/docker/registry/v2/repositories', prefix), {recursive: true, force: true});
}
