import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {LogSession, type LogLine, type LogSessionOptions} from '../../source/engine/logs/log-session.js';
import {MAX_LINE_BYTES} from '../../source/engine/logs/line-assembler.js';
import {splitTimestamp, timestampToSince} from '../../source/engine/logs/timestamp.js';
import {toEngineTimestamp} from '../../source/text/since.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';

// The docker CLI is the oracle: same engine, same question, and its answer must match the session's lines.

// Lines of known shape: stdout and stderr mixed, a multi-byte character and an emoji, colour, a 100 kB line
// (seven engine entries), then after a pause a second batch that a `since` window can pick out.
const KNOWN_SCRIPT = [
  'i=1; while [ $i -le 300 ]; do echo "out $i"; if [ $((i % 7)) -eq 0 ]; then echo "err $i" >&2; fi; i=$((i+1)); done',
  "printf '\\342\\202\\254 euro \\360\\237\\230\\200\\n'",
  "printf '\\033[31mred\\033[0m plain\\n'",
  "head -c 100000 /dev/zero | tr '\\0' x; echo",
  'echo "err after long" >&2',
  'sleep 1.5',
  'i=1; while [ $i -le 50 ]; do echo "late $i"; i=$((i+1)); done',
].join('; ');

const TTY_SCRIPT = [
  'echo hello',
  "printf 'p 10%%\\rp 100%%\\n'",
  "printf '\\033[32mgreen\\033[0m\\n'",
  "head -c 40000 /dev/zero | tr '\\0' y; echo",
  'i=1; while [ $i -le 30 ]; do echo "tty $i"; i=$((i+1)); done',
].join('; ');

const created: string[] = [];
let client: EngineClient;

function run(args: string[]): string {
  const name = uniqueName('berth-logs');
  docker(['run', '-d', '--name', name, '--network', 'none', '--label', 'berth.test=1', ...args]);
  created.push(name);
  return name;
}

// `docker logs` for one stream, or both through one pipe. Compare stream by stream: the engine files stdout
// and stderr from two goroutines, so under load a stderr entry can land between the 16 KiB pieces of a long
// stdout line, and docker logs, writing both to one pipe, then prints it inside that line.
function cliLogs(name: string, flags: string[], streams: 'both' | 'stdout' | 'stderr' = 'both'): string[] {
  const quoted = [...flags, name].map(arg => `'${arg}'`).join(' ');
  const redirect = {both: '2>&1', stdout: '2>/dev/null', stderr: '2>&1 >/dev/null'}[streams];
  const output = execFileSync('sh', ['-c', `docker logs ${quoted} ${redirect}`], {
    env: {...process.env, ...benchEnv()},
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = output.split('\n');
  lines.pop();
  return lines;
}

function expectSameAsCli(lines: LogLine[], name: string, flags: string[]): void {
  for (const stream of ['stdout', 'stderr'] as const) {
    const ours = lines.filter(line => line.stream === stream).map(line => line.text);
    expect(ours, stream).toEqual(cliLogs(name, flags, stream).map(shown));
  }
  expect(lines.filter(line => line.stream === 'system')).toEqual([]);
}

// What the pane shows for a raw line: the text after the last carriage return, cut at 64 KiB (only the
// ASCII line is that long). The scripts above use no other control characters, so sanitising changes nothing.
function shown(raw: string): string {
  const text = raw.replace(/\r+$/, '');
  const visible = text.slice(text.lastIndexOf('\r') + 1);
  return visible.slice(0, MAX_LINE_BYTES);
}

async function readAll(
  options: Partial<LogSessionOptions> & {containerId: string},
): Promise<{lines: LogLine[]; session: LogSession}> {
  const session = new LogSession(client.docker, {window: {}, follow: false, ...options});
  session.start();
  await waitFor(
    () => session.status === 'ended' || session.status === 'error',
    30_000,
    () => `status ${session.status}`,
  );
  session.stop();
  expect(session.error).toBeUndefined();
  return {lines: [...session.buffer], session};
}

async function waitFor(done: () => boolean, timeoutMs: number, describe: () => string = () => ''): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}

function waitForExit(name: string): void {
  execFileSync('docker', ['wait', name], {env: {...process.env, ...benchEnv()}, timeout: 60_000});
}

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
});

afterAll(() => {
  client?.close();
  if (created.length > 0) docker(['rm', '-f', ...created]);
});

describe('LogSession against the bench engine, checked against docker logs', () => {
  let known: string;
  beforeAll(() => {
    known = run([BUSYBOX, 'sh', '-c', KNOWN_SCRIPT]);
    waitForExit(known);
  });

  test.each([20, 150, 400, 'all' as const])('tail %s, follow off: the same lines as docker logs --tail', async tail => {
    const {lines, session} = await readAll({containerId: known, window: {tail}});
    expectSameAsCli(lines, known, ['--tail', String(tail)]);
    expect(session.status).toBe('ended');
    // Every line carries the engine timestamp, split off the text.
    expect(lines.every(line => line.time && timestampToSince(line.time))).toBe(true);
  });

  test('streams are told apart, the long line is cut at 64 KiB and marked, characters survive', async () => {
    const {lines} = await readAll({containerId: known, window: {tail: 'all'}});
    expectSameAsCli(lines, known, []);
    expect(lines.filter(line => line.stream === 'stderr').map(line => line.text)).toEqual([
      ...Array.from({length: 42}, (_, i) => `err ${(i + 1) * 7}`),
      'err after long',
    ]);
    const long = lines.find(line => line.text.startsWith('xxx'));
    expect(long?.text).toBe('x'.repeat(MAX_LINE_BYTES));
    expect(long?.truncated).toBe(true);
    expect(lines.filter(line => line.truncated)).toHaveLength(1);
    expect(lines.map(line => line.text)).toContain('€ euro 😀');
    expect(lines.map(line => line.text)).toContain('\x1b[31mred\x1b[0m plain');
  });

  test('since: the same lines as docker logs --since', async () => {
    const late1 = cliLogs(known, ['-t'], 'stdout')
      .map(splitTimestamp)
      .find(line => line.text === 'late 1');
    // Half a second before the second batch: clear of float rounding, inside the pause.
    const since = Date.parse(late1!.time!) / 1000 - 0.5;
    const {lines} = await readAll({containerId: known, window: {since}});
    expectSameAsCli(lines, known, ['--since', toEngineTimestamp(since)]);
    expect(lines.filter(line => line.stream === 'stdout').map(line => line.text)).toEqual(
      Array.from({length: 50}, (_, i) => `late ${i + 1}`),
    );
    // since and tail together: the newest N of the window.
    const both = await readAll({containerId: known, window: {since, tail: 10}});
    expectSameAsCli(both.lines, known, ['--since', toEngineTimestamp(since), '--tail', '10']);
    expect(both.lines.map(line => line.text)).toContain('late 50');
  });

  // The engine files stdout and stderr from two copiers, so an entry can land after newer ones; the history
  // request's `until` once ended at the first of those and lost the lines in between (about one container in
  // six of these did). Several containers, as the disorder comes by chance.
  test('stdout and stderr filed out of timestamp order around where the head starts: no line lost', async () => {
    const script = [
      'echo err >&2',
      'i=1; while [ $i -le 300 ]; do echo "out $i"; i=$((i+1)); done',
      'sleep 0.3',
      'i=1; while [ $i -le 199 ]; do echo "late $i"; i=$((i+1)); done',
    ].join('; ');
    const names = Array.from({length: 6}, () => run([BUSYBOX, 'sh', '-c', script]));
    for (const name of names) {
      waitForExit(name);
      const {lines} = await readAll({containerId: name, window: {tail: 'all'}});
      expectSameAsCli(lines, name, []);
    }
  }, 60_000);

  test('a TTY container (docker run -t): raw stream, CRLF, cut long line rejoined', async () => {
    const name = run(['-t', BUSYBOX, 'sh', '-c', TTY_SCRIPT]);
    waitForExit(name);
    const expected = cliLogs(name, []).map(shown);
    expect(expected).toContain('y'.repeat(40000));
    for (const tty of [undefined, true]) {
      const {lines} = await readAll({containerId: name, tty, window: {tail: 'all'}});
      expect(lines.map(line => line.text)).toEqual(expected);
      expect(lines.every(line => line.stream === 'stdout' && line.time)).toBe(true);
    }
    expect(expected.slice(0, 3)).toEqual(['hello', 'p 100%', '\x1b[32mgreen\x1b[0m']);
  });

  test('follow: new lines arrive as the container writes them', async () => {
    const name = run([BUSYBOX, 'sh', '-c', 'i=0; while true; do i=$((i+1)); echo "tick $i"; usleep 100000; done']);
    const session = new LogSession(client.docker, {containerId: name, window: {tail: 1}, follow: true});
    let publishes = 0;
    session.subscribe(() => publishes++);
    session.start();
    await waitFor(() => session.status === 'streaming' && session.buffer.length >= 1, 10_000);
    const first = Number(session.buffer.get(0).text.replace('tick ', ''));
    await waitFor(
      () => session.buffer.length >= 8,
      10_000,
      () => `${session.buffer.length} lines`,
    );
    session.stop();
    const ticks = [...session.buffer].map(line => Number(line.text.replace('tick ', '')));
    expect(ticks).toEqual(Array.from({length: ticks.length}, (_, i) => first + i));
    expect(publishes).toBeGreaterThanOrEqual(2);
    // The engine agrees on what those lines were.
    const cli = cliLogs(name, []);
    expect(cli.slice(first - 1, first - 1 + ticks.length)).toEqual(ticks.map(tick => `tick ${tick}`));
  });
});
