// Helpers shared by the benchmark modules: the engine API (for setup and as a reference client), tmux sessions
// running berth, /proc sampling, trace reading and small statistics. No dependencies beyond Node.
import {execFile, execFileSync, spawn} from 'node:child_process';
import {closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync} from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import {join} from 'node:path';
import {performance} from 'node:perf_hooks';
import {setTimeout as sleep} from 'node:timers/promises';

export {sleep};
export const now = () => performance.now();

export const RUN = String(process.pid);
export const LABELS = {'berth.bench': '1', 'berth.bench.run': RUN};
// The same labels as docker CLI flags.
export const LABEL_FLAGS = Object.entries(LABELS).flatMap(([name, value]) => ['--label', `${name}=${value}`]);
export const IMAGE = 'berth-test/busybox:latest';
export const CLK_TCK = 100; // checked against `getconf CLK_TCK` in run.mjs
export const COLS = 120;
export const ROWS = 40;

// ---------------------------------------------------------------- statistics
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
export const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', {minimumFractionDigits: digits, maximumFractionDigits: digits}) : '—';

export function log(...args) {
  process.stderr.write(`bench: ${args.join(' ')}\n`);
}

// ---------------------------------------------------------------- processes
export function run(file, args, {timeout = 60_000, input} = {}) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      {timeout, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8'},
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin.end(input);
  });
}

// Wall time of a command from spawn to exit, its output discarded (read, so pipes never block it).
// `env`: more environment for the command.
export function timeCommand(file, args, env = {}) {
  return new Promise((resolve, reject) => {
    const start = now();
    const child = spawn(file, args, {stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, ...env}});
    let bytes = 0;
    let err = '';
    child.stdout.on('data', d => (bytes += d.length));
    child.stderr.on('data', d => (err += d));
    child.on('error', reject);
    child.on('close', code => {
      const ms = now() - start;
      if (code !== 0) reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ms, bytes});
    });
  });
}

// berth's environment in a bench's scratch directory: CI=false (Ink draws nothing under CI), FORCE_COLOR=2 (CI in
// the environment also turns chalk's colours off), its config and state there.
export const berthEnvIn = dir => ({
  CI: 'false',
  CONTINUOUS_INTEGRATION: 'false',
  FORCE_COLOR: '2',
  XDG_CONFIG_HOME: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
});

export function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
}
export function rssMB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
export const alive = pid => existsSync(`/proc/${pid}/stat`);

// CPU of a process over a window, as a percentage of one core, plus RSS sampled every second.
export async function sampleProcess(pid, seconds, {onSecond} = {}) {
  const t0 = now();
  const c0 = cpuTicks(pid);
  const rss = [rssMB(pid)];
  for (let i = 1; i <= seconds; i++) {
    const until = t0 + i * 1000;
    await sleep(Math.max(0, until - now()));
    if (!alive(pid)) throw new Error(`process ${pid} died during sampling`);
    rss.push(rssMB(pid));
    if (onSecond) await onSecond(i);
  }
  const c1 = cpuTicks(pid);
  const wall = (now() - t0) / 1000;
  return {cpuPercent: (100 * (c1 - c0)) / CLK_TCK / wall, cpuSeconds: (c1 - c0) / CLK_TCK, wall, rss};
}

// ---------------------------------------------------------------- engine API
// Same resolution as the testbed's environment: DOCKER_HOST tcp://… with DOCKER_TLS_VERIFY/DOCKER_CERT_PATH, or unix://.
export function engineTarget() {
  const host = process.env.DOCKER_HOST || 'unix:///var/run/docker.sock';
  if (host.startsWith('unix://')) return {socketPath: host.slice(7), tls: false};
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  const tls = Boolean(process.env.DOCKER_TLS_VERIFY);
  const target = {hostname: url.hostname, port: Number(url.port), tls};
  if (tls) {
    const dir = process.env.DOCKER_CERT_PATH;
    Object.assign(target, {
      ca: readFileSync(join(dir, 'ca.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
      key: readFileSync(join(dir, 'key.pem')),
    });
  }
  return target;
}

export class Engine {
  // `target` as engineTarget() returns it; another engine than DOCKER_HOST's (the churn row's private one).
  constructor(target = engineTarget()) {
    this.target = target;
    const {tls, ca, cert, key} = this.target;
    this.agent = tls
      ? new https.Agent({keepAlive: true, maxSockets: 16, ca, cert, key})
      : new http.Agent({keepAlive: true, maxSockets: 16});
    this.mod = tls ? https : http;
  }
  close() {
    this.agent.destroy();
  }
  // Resolves {status, body (Buffer)}.
  request(method, path, body) {
    const {socketPath, hostname, port} = this.target;
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = this.mod.request(
        {
          method,
          path,
          agent: this.agent,
          socketPath,
          hostname,
          port,
          headers: payload ? {'content-type': 'application/json', 'content-length': payload.length} : {},
        },
        res => {
          const chunks = [];
          res.on('data', c => chunks.push(c));
          res.on('end', () => resolve({status: res.statusCode, body: Buffer.concat(chunks)}));
          res.on('error', reject);
        },
      );
      req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${path}: timeout`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
  async json(method, path, body) {
    const r = await this.request(method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: HTTP ${r.status} ${r.body.toString().trim()}`);
    return r.body.length ? JSON.parse(r.body.toString()) : undefined;
  }
  async version() {
    return this.json('GET', '/version');
  }
  async create(name, cmd, {init = false, start = false} = {}) {
    const {Id} = await this.json('POST', `/containers/create?name=${encodeURIComponent(name)}`, {
      Image: IMAGE,
      Cmd: cmd,
      Labels: LABELS,
      HostConfig: {NetworkMode: 'none', Init: init},
    });
    if (start) await this.json('POST', `/containers/${Id}/start`);
    return Id;
  }
  async inspect(name) {
    return this.json('GET', `/containers/${encodeURIComponent(name)}/json`);
  }
  // Docker's multiplexed log stream → text lines (stdout and stderr), for small tails only.
  async logTail(name, tail) {
    const r = await this.request('GET', `/containers/${encodeURIComponent(name)}/logs?stdout=1&stderr=1&tail=${tail}`);
    if (r.status !== 200) throw new Error(`logs ${name}: HTTP ${r.status}`);
    const b = r.body;
    let out = '';
    for (let at = 0; at + 8 <= b.length;) {
      const size = b.readUInt32BE(at + 4);
      out += b.subarray(at + 8, at + 8 + size).toString('utf8');
      at += 8 + size;
    }
    return out.split('\n').filter(Boolean);
  }
  async list(filters) {
    return this.json('GET', `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify(filters))}`);
  }
  async remove(id) {
    const r = await this.request('DELETE', `/containers/${id}?force=1&v=1`);
    if (r.status >= 300 && r.status !== 404 && r.status !== 409)
      throw new Error(`remove ${id}: HTTP ${r.status} ${r.body}`);
  }
}

// Runs fn over items with at most `limit` in flight.
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  return results;
}

// Removes every container of this run (label berth.bench.run) and those of earlier runs whose runner is gone.
export async function removeBenchContainers(engine, {onlyThisRun = false} = {}) {
  const list = await engine.list({label: ['berth.bench=1']});
  const doomed = list.filter(c => {
    const run = c.Labels?.['berth.bench.run'];
    if (run === RUN) return true;
    return (
      !onlyThisRun && !(run && alive(run) && readFileSync(`/proc/${run}/cmdline`, 'utf8').includes('bench/run.mjs'))
    );
  });
  await pool(doomed, 8, c => engine.remove(c.Id));
  return doomed.length;
}

// ---------------------------------------------------------------- tmux
export class Tmux {
  constructor(dir) {
    this.socket = `berth-bench-${RUN}`;
    this.conf = join(dir, 'tmux.conf');
    // No status line: the pane is the whole COLSxROWS window.
    writeFileSync(this.conf, 'set -g status off\nset -g default-terminal tmux-256color\nset -g history-limit 2000\n');
    this.dir = dir;
  }
  cmd(...args) {
    return run('tmux', ['-L', this.socket, '-f', this.conf, ...args]);
  }
  async killServer() {
    await this.cmd('kill-server').catch(() => {});
    // tmux leaves the socket file behind.
    rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid()}`, this.socket), {force: true});
  }
}

// One terminal window in the bench's tmux server.
export class Pane {
  constructor(tmux, name) {
    this.tmux = tmux;
    this.name = name;
    this.pipeFile = join(tmux.dir, `${name}.out`);
  }
  // `command` runs through sh; with `gate` the pane first waits for an Enter (see startGated).
  async open(command, {env = {}} = {}) {
    const assignments = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)}`);
    const line = `read _gate; exec env ${assignments.join(' ')} ${command}`;
    await this.tmux.cmd('new-session', '-d', '-s', this.name, '-x', String(COLS), '-y', String(ROWS), line);
    writeFileSync(this.pipeFile, '');
    await this.tmux.cmd('pipe-pane', '-o', '-t', this.name, `cat >> ${shellQuote(this.pipeFile)}`);
    this.fd = openSync(this.pipeFile, 'r');
    this.offset = 0;
    this.tail = '';
  }
  // Lets the command start; returns the time the Enter was sent (just before it, so start times are an upper bound).
  async go() {
    const t0 = now();
    await this.tmux.cmd('send-keys', '-t', this.name, 'Enter');
    return t0;
  }
  async pid() {
    for (let i = 0; i < 200; i++) {
      const pid = (await this.tmux.cmd('list-panes', '-t', this.name, '-F', '#{pane_pid}')).trim();
      if (pid && !['sh', 'env'].includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) return Number(pid);
      await sleep(10);
    }
    throw new Error(`${this.name}: the command did not start`);
  }
  keys(...keys) {
    return this.tmux.cmd('send-keys', '-t', this.name, ...keys);
  }
  type(text) {
    return this.tmux.cmd('send-keys', '-t', this.name, '-l', text);
  }
  screen() {
    return this.tmux.cmd('capture-pane', '-p', '-t', this.name);
  }
  async waitScreen(test, {timeout = 10_000, interval = 25, what = String(test)} = {}) {
    const end = now() + timeout;
    for (;;) {
      const s = await this.screen();
      const m = typeof test === 'function' ? test(s) : test.exec(s);
      if (m) return m;
      if (now() > end) throw new Error(`${this.name}: timeout waiting for ${what} on screen:\n${s}`);
      await sleep(interval);
    }
  }
  // Bytes the program wrote to the terminal so far (tmux pipe-pane copy).
  bytes() {
    return statSync(this.pipeFile).size;
  }
  // Waits until the output after `fromByte` matches `re`; polls the file every ~2 ms. Resolves the time it was seen.
  async waitOutput(re, {fromByte = 0, timeout = 10_000} = {}) {
    const end = now() + timeout;
    let at = fromByte;
    let carry = '';
    const buf = Buffer.alloc(1 << 20);
    for (;;) {
      const n = readSync(this.fd, buf, 0, buf.length, at);
      if (n > 0) {
        at += n;
        const text = carry + buf.subarray(0, n).toString('latin1');
        if (re.test(text)) return now();
        carry = text.slice(-256);
        continue;
      }
      if (now() > end) throw new Error(`${this.name}: timeout waiting for ${re} in the output`);
      await sleep(2);
    }
  }
  // Waits until no new bytes arrived for `quiet` ms.
  async settle(quiet = 60, timeout = 5000) {
    const end = now() + timeout;
    let size = this.bytes();
    let since = now();
    while (now() < end) {
      await sleep(10);
      const s = this.bytes();
      if (s !== size) {
        size = s;
        since = now();
      } else if (now() - since >= quiet) return size;
    }
    return size;
  }
  async close() {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    await this.tmux.cmd('kill-session', '-t', this.name).catch(() => {});
  }
}

export function shellQuote(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

// ---------------------------------------------------------------- berth
export class Trace {
  constructor(file) {
    this.file = file;
    writeFileSync(file, '');
  }
  events() {
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(l => JSON.parse(l));
  }
  frames() {
    return this.events().filter(e => e.event === 'frame');
  }
  keyFrames(key) {
    return this.frames().filter(e => e.key !== undefined && (key === undefined || e.key === key));
  }
  async waitKeyFrames(count, key, timeout = 5000) {
    const end = now() + timeout;
    for (;;) {
      const frames = this.keyFrames(key);
      if (frames.length >= count) return frames;
      if (now() > end) throw new Error(`trace: ${frames.length} of ${count} key frames (${key}) after ${timeout} ms`);
      await sleep(5);
    }
  }
}

// Starts berth (the snapshot in ctx.berth) in a fresh pane; resolves after the process exists. Call pane.go() first
// via `start` to control the exact start time.
export async function openBerth(ctx, name, args = []) {
  const pane = new Pane(ctx.tmux, name);
  const trace = new Trace(join(ctx.dir, `${name}.trace.jsonl`));
  // As users run it: the executable, so its shebang's node flags apply.
  await pane.open([ctx.berth, ...args].map(shellQuote).join(' '), {env: {...ctx.berthEnv, BERTH_TRACE: trace.file}});
  return {pane, trace};
}

// How bin/berth.js's first line starts Node (`#!/usr/bin/env -S NAME=value … node FLAGS`): its environment and
// flags, for the rows that run berth through another Node binary or with more flags, as a user's berth runs.
export function shebangOf(entry) {
  const line = readFileSync(entry, 'utf8').split('\n', 1)[0];
  const words = line
    .replace(/^#!\S*env -S /, '')
    .trim()
    .split(/\s+/);
  const node = words.indexOf('node');
  if (!line.startsWith('#!') || node < 0)
    throw new Error(`${entry}: its first line is not "#!/usr/bin/env -S … node …"`);
  const env = Object.fromEntries(
    words.slice(0, node).map(word => [word.split('=', 1)[0], word.slice(word.indexOf('=') + 1)]),
  );
  return {env, flags: words.slice(node + 1)};
}

// The same bundle under another Node binary (or with more environment), as bin/berth.js's shebang runs it.
export async function openBerthWith(ctx, name, node, env = {}) {
  const pane = new Pane(ctx.tmux, name);
  const trace = new Trace(join(ctx.dir, `${name}.trace.jsonl`));
  const launch = shebangOf(ctx.berth);
  await pane.open([node, ...launch.flags, ctx.berth].map(shellQuote).join(' '), {
    env: {...ctx.berthEnv, ...launch.env, ...env, BERTH_TRACE: trace.file},
  });
  return {pane, trace};
}

// Node 24, fetched once into a cache by scripts/node-binary.sh.
export function node24Binary() {
  try {
    return execFileSync('bash', ['scripts/node-binary.sh', '24'], {
      cwd: new URL('..', import.meta.url).pathname,
      encoding: 'utf8',
    }).trim();
  } catch (error) {
    throw new Error(`Node 24 could not be had (scripts/node-binary.sh 24): ${String(error.message).split('\n')[0]}`, {
      cause: error,
    });
  }
}

// The selected row starts with berth's cursor character.
export const selectedName = screen => /^›[●○‖]\S?\s*(\S+)/m.exec(screen)?.[1];

// ---------------------------------------------------------------- the machine
// Whole-machine CPU use (all cores, all processes) from /proc/stat, to say how busy the machine was.
export function cpuSnapshot() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = f[3] + f[4];
  return {idle, total: f.reduce((a, b) => a + b, 0)};
}
export function busySince(s0) {
  const s1 = cpuSnapshot();
  const total = s1.total - s0.total;
  return total > 0 ? 100 * (1 - (s1.idle - s0.idle) / total) : NaN;
}
// Waits (at most maxMs) for a half second in which the machine is less than `below` % busy; other work on a
// shared machine skews every timing here. Resolves the last busy figure.
export async function waitQuiet(maxMs, below = 50) {
  const end = now() + maxMs;
  let busy;
  do {
    const s = cpuSnapshot();
    await sleep(500);
    busy = busySince(s);
    if (busy < below) return busy;
  } while (now() < end);
  return busy;
}
