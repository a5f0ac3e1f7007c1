import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BUSYBOX, benchEnv} from './bench.js';

// A Podman service of a test's own (Debian's podman 4.3, `podman system service`): its Docker-compatible API
// on a unix socket, its own storage, the bench's busybox image loaded. Containers there need the ulimits below
// on these machines.
export type PodmanService = {
  dir: string;
  host: string;
  podman(args: string[]): string;
  stop(): Promise<void>;
};

export const PODMAN_ULIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

export async function startPodman(): Promise<PodmanService> {
  if (spawnSync('podman', ['--version']).status !== 0) {
    throw new Error('podman is not installed: run the tests with npm test (scripts/testbed.sh installs it)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bpm-'));
  const socket = join(dir, 'podman.sock');
  const base = [
    '--root',
    join(dir, 'root'),
    '--runroot',
    join(dir, 'run'),
    '--cgroup-manager',
    'cgroupfs',
    '--events-backend',
    'file',
  ];
  const podman = (args: string[]) =>
    execFileSync('podman', [...base, ...args], {encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe']});
  const archive = execFileSync('docker', ['save', BUSYBOX], {
    env: {...process.env, ...benchEnv()},
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('podman', [...base, 'load'], {input: archive, stdio: ['pipe', 'ignore', 'pipe']});
  const log = join(dir, 'service.log');
  const child = spawn(
    'sh',
    ['-c', `exec podman "$@" >> '${log}' 2>&1`, 'podman', ...base, 'system', 'service', '--time=0', `unix://${socket}`],
    {detached: true, stdio: 'ignore'},
  );
  child.unref();
  const stop = async () => {
    try {
      podman(['rm', '-af', '-t', '0']);
    } catch {
      // best effort: nothing left to remove, or podman already gone
    }
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      // already exited
    }
    await new Promise(r => setTimeout(r, 300));
    spawnSync('pkill', ['-9', '-f', `${dir}/`]);
    spawnSync('sh', ['-c', `grep -o ' ${dir}[^ ]*' /proc/mounts | sort -r | xargs -r -n1 umount -l`]);
    rmSync(dir, {recursive: true, force: true, maxRetries: 3});
  };
  const deadline = Date.now() + 20_000;
  while (
    !existsSync(socket) ||
    spawnSync('curl', ['-sf', '--unix-socket', socket, 'http://podman/_ping']).status !== 0
  ) {
    if (Date.now() > deadline) {
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      await stop();
      throw new Error(`podman system service did not answer within 20 s: ${text.slice(-500)}`);
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return {dir, host: `unix://${socket}`, podman, stop};
}
