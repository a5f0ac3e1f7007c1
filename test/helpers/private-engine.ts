import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BUSYBOX, benchEnv} from './bench.js';

// A dockerd of a test's own, for what must not touch the shared bench engine: prunes, swarm mode, daemon.json
// and TLS set-ups, restarts. Unix socket only unless the test adds hosts; no bridge, no iptables, like the bench.
export type PrivateEngine = {
  dir: string;
  socket: string;
  // unix:///…/docker.sock, for DOCKER_HOST or --host.
  host: string;
  pid: number;
  log(): string;
  docker(args: string[], input?: string | Buffer): string;
  // The bench's busybox image, copied in (the private engine has no network to pull from).
  loadBusybox(): void;
  // SIGKILL to dockerd, as a crash or the OOM killer would; resolves once it is gone. Its containerd and shims
  // are left as the kill left them.
  kill(): Promise<void>;
  // Starts dockerd again on the same data (after kill); resolves when it answers. `pid` is the new one.
  startAgain(): Promise<void>;
  stop(): Promise<void>;
};

export type PrivateEngineOptions = {
  // Extra dockerd arguments (e.g. -H tcp://127.0.0.1:PORT --tlsverify …, --config-file FILE).
  args?: string[];
  // Without --config-file, dockerd would read /etc/docker/daemon.json: an empty one is used instead.
  configFile?: string;
  timeoutMs?: number;
};

const running = new Set<PrivateEngine>();

function benchStorageDriver(): string | undefined {
  try {
    const file = join(benchEnv().BERTH_TESTBED_DIR!, 'engine/storage-driver');
    return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
  } catch {
    return undefined;
  }
}

export async function startPrivateEngine(options: PrivateEngineOptions = {}): Promise<PrivateEngine> {
  // Short names: containerd's sockets live under the exec root and unix socket paths are limited to 107 bytes
  // (the longest, exec/containerd/containerd.sock.ttrpc, is 70 under the run's TMPDIR, test/run-temp-dir.ts).
  const dir = mkdtempSync(join(tmpdir(), 'bpe-'));
  const socket = join(dir, 'docker.sock');
  mkdirSync(join(dir, 'data'));
  mkdirSync(join(dir, 'exec'));
  let configFile = options.configFile;
  if (!configFile) {
    configFile = join(dir, 'daemon.json');
    execFileSync('sh', ['-c', `printf '{}\\n' > '${configFile}'`]);
  }
  const driver = benchStorageDriver();
  const args = [
    '--data-root',
    join(dir, 'data'),
    '--exec-root',
    join(dir, 'exec'),
    '--pidfile',
    join(dir, 'dockerd.pid'),
    '-H',
    `unix://${socket}`,
    '--bridge',
    'none',
    '--iptables=false',
    '--ip6tables=false',
    '--ip-masq=false',
    '--cgroup-parent',
    `/berth-private-${dir.slice(-6)}`,
    '--config-file',
    configFile,
    ...(driver ? ['--storage-driver', driver] : []),
    ...(options.args ?? []),
  ];
  const logFile = join(dir, 'dockerd.log');
  const launch = () => {
    const child = spawn('sh', ['-c', `exec dockerd "$@" >> '${logFile}' 2>&1`, 'dockerd', ...args], {
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    return child.pid!;
  };
  const env = {
    ...process.env,
    DOCKER_HOST: `unix://${socket}`,
    DOCKER_TLS_VERIFY: '',
    DOCKER_CERT_PATH: '',
    DOCKER_CONTEXT: '',
    DOCKER_CLI_HINTS: 'false',
  };
  const engine: PrivateEngine = {
    dir,
    socket,
    host: `unix://${socket}`,
    pid: launch(),
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    docker: (dockerArgs, input) =>
      execFileSync('docker', dockerArgs, {
        env,
        input,
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      }),
    loadBusybox() {
      const archive = execFileSync('docker', ['save', BUSYBOX], {
        env: {...process.env, ...benchEnv()},
        maxBuffer: 256 * 1024 * 1024,
      });
      execFileSync('docker', ['load'], {env, input: archive, stdio: ['pipe', 'ignore', 'pipe']});
    },
    async kill() {
      try {
        process.kill(engine.pid, 'SIGKILL');
      } catch {
        // already exited
      }
      const deadline = Date.now() + 10_000;
      while (alive(engine.pid) && Date.now() < deadline) await new Promise(r => setTimeout(r, 20));
    },
    async startAgain() {
      // dockerd's containerd died with it but may stay a zombie (this machine's PID 1 does not reap): dockerd
      // would take the zombie's pid file for a running containerd and time out connecting to it.
      const containerdPid = join(dir, 'exec/containerd/containerd.pid');
      if (existsSync(containerdPid)) {
        const pid = Number(readFileSync(containerdPid, 'utf8').trim());
        if (!(pid > 0) || !alive(pid) || zombie(pid)) rmSync(containerdPid, {force: true});
      }
      engine.pid = launch();
      await ready(options.timeoutMs ?? 60_000);
    },
    stop: () => stopEngine(engine),
  };
  running.add(engine);
  const ready = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ok =
        existsSync(socket) &&
        spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], {env, stdio: 'ignore'}).status === 0;
      if (ok) return;
      if (!alive(engine.pid) || Date.now() > deadline) {
        const log = engine.log().split('\n').slice(-20).join('\n');
        const why = alive(engine.pid) ? 'timeout' : 'exited';
        await stopEngine(engine);
        throw new Error(`private dockerd did not start (${why}); last log lines:\n${log}`);
      }
      await new Promise(r => setTimeout(r, 100));
    }
  };
  await ready(options.timeoutMs ?? 60_000);
  return engine;
}

const zombie = (pid: number) => {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopEngine(engine: PrivateEngine): Promise<void> {
  running.delete(engine);
  if (alive(engine.pid)) {
    process.kill(engine.pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (alive(engine.pid) && Date.now() < deadline) await new Promise(r => setTimeout(r, 100));
    if (alive(engine.pid)) process.kill(engine.pid, 'SIGKILL');
  }
  removeEngineFiles(engine.dir);
}

// What is left of a stopped (or killed) engine: dockerd's own containerd and any shim (they name the directory on
// their command lines), its containers, its mounts (the data root is bind-mounted onto itself, each container has
// an overlay and a network namespace mount) and then its files.
function removeEngineFiles(dir: string): void {
  spawnSync('pkill', ['-9', '-f', `${dir}/`]);
  killContainers(dir);
  spawnSync('sh', ['-c', `grep -o ' ${dir}[^ ]*' /proc/mounts | sort -r | xargs -r -n1 umount -l`]);
  rmSync(dir, {recursive: true, force: true, maxRetries: 3});
}

// A test that forgot to stop its engine (or failed before it could) does not leave a dockerd running, nor its
// mounts. vitest ends a worker with SIGTERM, which runs no 'exit' handler: that signal is caught too, and raised
// again once the engines are gone (vitest sends SIGKILL 500 ms after it).
function killLeftEngines(): void {
  for (const engine of running) {
    try {
      process.kill(engine.pid, 'SIGKILL');
    } catch {
      // already exited
    }
    removeEngineFiles(engine.dir);
  }
  running.clear();
}
process.once('exit', killLeftEngines);
process.once('SIGTERM', () => {
  killLeftEngines();
  process.kill(process.pid, 'SIGTERM');
});

// The engine's containers' processes, found by its cgroup parent: with live-restore (or a dockerd killed) they
// outlive the engine and its shims, and would run on, reparented to init, after the test. Their cgroups go too.
function killContainers(dir: string): void {
  const parent = `berth-private-${dir.slice(-6)}`;
  const roots = `/sys/fs/cgroup/*/${parent} /sys/fs/cgroup/${parent}`;
  spawnSync('sh', [
    '-c',
    `for d in ${roots}; do [ -d "$d" ] && find "$d" -name cgroup.procs -exec cat {} + ; done | sort -u | xargs -r kill -9 2>/dev/null
     sleep 0.2
     for d in ${roots}; do [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} + 2>/dev/null; done
     true`,
  ]);
}
