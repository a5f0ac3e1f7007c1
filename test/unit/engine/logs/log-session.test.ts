import {PassThrough} from 'node:stream';
import type Docker from 'dockerode';
import {afterEach, describe, expect, test} from 'vitest';
import {LogSession, type LogSessionOptions} from '../../../../source/engine/logs/log-session.js';
import {timestampToSince} from '../../../../source/engine/logs/timestamp.js';
import {adjacentPairs} from '../../../helpers/found.js';

// An engine in memory that answers GET /containers/{id}/logs the way Engine 20.10 does: multiplexed frames,
// `tail` taken from the whole log first, then `since`/`until` (both inclusive) applied in file order: an entry
// before `since` is skipped, and the first entry after `until` ends the answer (moby's json-file reader returns
// there), even when entries further on are older, as stdout and stderr entries can be.
type FakeEntry = {stream: 1 | 2 | 3; time: string; text: string};

const BASE = Date.UTC(2026, 10, 22);
function timeAt(ms: number, nanos = 0): string {
  const iso = new Date(BASE + ms).toISOString();
  return `${iso.slice(0, 19)}.${String(ms % 1000).padStart(3, '0')}${String(nanos).padStart(6, '0')}Z`;
}

function frame(entry: FakeEntry): Buffer {
  // The engine's own errors (type 3) carry no timestamp.
  const body = Buffer.from(entry.stream === 3 ? entry.text : `${entry.time} ${entry.text}`);
  const header = Buffer.alloc(8);
  header[0] = entry.stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

const asNumber = (since: string) => BigInt(since.replace('.', ''));

class FakeEngine {
  log: FakeEntry[] = [];
  requests: Record<string, string | number>[] = [];
  running = true;
  missing = false;
  // What inspect says besides Running (StartedAt, FinishedAt, ExitCode); `down` makes it fail as a stopped engine.
  state: Record<string, unknown> = {};
  down = false;
  // Holds back answers to history requests (those with `until`) this long.
  historyDelayMs = 0;
  // The head (the first request without `until`) sends this many entries, then the rest this much later.
  headPause: {after: number; ms: number} | undefined;
  // Called with each request's query before the engine reads its log for the answer.
  beforeAnswer: (query: Record<string, string | number>) => void = () => undefined;
  private follows: PassThrough[] = [];

  // What GET /events answers (the `die` events that carry a stopped process's exit code).
  events: Record<string, unknown>[] = [];

  readonly docker = {
    modem: {
      dial: (
        request: {path: string; options: Record<string, string | number>},
        callback: (error: unknown, result?: unknown) => void,
      ) => (request.path.startsWith('/events') ? this.answerEvents(callback) : this.dial(request.options, callback)),
    },
    getContainer: () => ({
      inspect: async () => {
        if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), {code: 'ECONNREFUSED'});
        return {State: {Running: this.running, ...this.state}};
      },
    }),
  } as unknown as Docker;

  add(count: number, make: (i: number) => FakeEntry): void {
    for (let i = 0; i < count; i++) this.append(make(this.log.length));
  }

  append(entry: FakeEntry): void {
    this.log.push(entry);
    for (const stream of this.follows) stream.write(frame(entry));
  }

  // The connection drops (engine restart, network): streams die without a proper end.
  cut(): void {
    for (const stream of this.follows) stream.destroy(Object.assign(new Error('aborted'), {code: 'ECONNRESET'}));
    this.follows = [];
  }

  // The container stops: the engine ends follows cleanly.
  stopContainer(): void {
    this.running = false;
    for (const stream of this.follows) stream.end();
    this.follows = [];
  }

  private answerEvents(callback: (error: unknown, result?: unknown) => void): void {
    const stream = new PassThrough();
    setImmediate(() => {
      callback(null, stream);
      stream.end(this.events.map(event => `${JSON.stringify(event)}\n`).join(''));
    });
  }

  private dial(query: Record<string, string | number>, callback: (error: unknown, result?: unknown) => void): void {
    this.requests.push(query);
    if (this.down) {
      setImmediate(() => callback(Object.assign(new Error('connect ECONNREFUSED'), {code: 'ECONNREFUSED'})));
      return;
    }
    if (this.missing) {
      setImmediate(() =>
        callback(
          Object.assign(new Error('(HTTP code 404) no such container - No such container: x'), {statusCode: 404}),
        ),
      );
      return;
    }
    this.beforeAnswer(query);
    let entries = this.log;
    if (query.tail !== undefined && query.tail !== 'all')
      entries = entries.slice(Math.max(0, entries.length - Number(query.tail)));
    if (query.since)
      entries = entries.filter(e => asNumber(timestampToSince(e.time)!) >= asNumber(String(query.since)));
    if (query.until) {
      const after = entries.findIndex(e => asNumber(timestampToSince(e.time)!) > asNumber(String(query.until)));
      if (after >= 0) entries = entries.slice(0, after);
    }
    const stream = new PassThrough();
    const delay = query.until ? this.historyDelayMs : 0;
    const pause = query.until ? undefined : this.headPause;
    this.headPause = undefined;
    const finish = (rest: FakeEntry[]) => {
      for (const entry of rest) stream.write(frame(entry));
      if (query.follow) this.follows.push(stream);
      else stream.end();
    };
    setTimeout(() => {
      callback(null, stream);
      if (!pause) return finish(entries);
      for (const entry of entries.slice(0, pause.after)) stream.write(frame(entry));
      setTimeout(() => finish(entries.slice(pause.after)), pause.ms);
    }, delay);
  }
}

const line = (i: number): FakeEntry => ({stream: i % 5 === 4 ? 2 : 1, time: timeAt(i), text: `line ${i}\n`});
const sessions: LogSession[] = [];

function open(engine: FakeEngine, options: Partial<LogSessionOptions>): LogSession {
  const session = new LogSession(engine.docker, {
    containerId: 'c1',
    window: {},
    follow: false,
    publishMs: 10,
    reconnectDelaysMs: [20, 40],
    ...options,
  });
  sessions.push(session);
  session.start();
  return session;
}

function until(session: LogSession, done: () => boolean, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (done()) return resolve();
      if (Date.now() - started > timeoutMs)
        return reject(new Error(`timed out; status ${session.status}, ${session.buffer.length} lines`));
      setTimeout(check, 5);
    };
    check();
  });
}

const texts = (session: LogSession) => [...session.buffer].filter(l => l.stream !== 'system').map(l => l.text);
const numbers = (session: LogSession) => texts(session).map(text => Number(text.replace('line ', '')));
const range = (from: number, to: number) => Array.from({length: to - from}, (_, i) => from + i);

afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

describe('LogSession reading a window', () => {
  test('"everything": a screenful first, then the history in front, bounded by the buffer and in order', async () => {
    const engine = new FakeEngine();
    engine.add(5000, line);
    const session = open(engine, {window: {tail: 'all'}, bufferLines: 1000});
    await until(session, () => session.status === 'ended');
    expect(numbers(session)).toEqual(range(4000, 5000));
    expect(engine.requests.map(q => [q.tail, q.until !== undefined, q.follow])).toEqual([
      ['200', false, 0],
      ['1000', true, 0],
    ]);
    expect(session.buffer.totalPushed).toBe(200);
  });

  test('entries sharing the boundary timestamp are kept once, none lost', async () => {
    const engine = new FakeEngine();
    engine.add(300, line);
    // Five entries with one timestamp straddle the head's first entry (index 300 - 200 = 100 from the end).
    const shared = timeAt(99_999);
    for (let i = 0; i < 5; i++) engine.append({stream: 1, time: shared, text: `same ${i}\n`});
    for (let i = 0; i < 197; i++) engine.append({stream: 1, time: timeAt(100_000 + i), text: `after ${i}\n`});
    const session = open(engine, {window: {tail: 1000}});
    await until(session, () => session.status === 'ended');
    const got = texts(session);
    expect(got).toHaveLength(300 + 5 + 197);
    expect(new Set(got).size).toBe(got.length);
    expect(got.slice(298, 307)).toEqual([
      'line 298',
      'line 299',
      'same 0',
      'same 1',
      'same 2',
      'same 3',
      'same 4',
      'after 0',
      'after 1',
    ]);
  });

  test('the head starting at an entry older than the ones before it (stdout and stderr out of order): none lost', async () => {
    const engine = new FakeEngine();
    engine.add(300, line);
    // The engine's stderr copier stamped `err` before the nine stdout entries it then filed behind: the head's
    // first entry is older than the entries before it, so `until` = its time would end the history before them.
    for (let i = 0; i < 9; i++) engine.append({stream: 1, time: timeAt(100_010 + i), text: `out ${i}\n`});
    engine.append({stream: 2, time: timeAt(100_005), text: 'err\n'});
    for (let i = 0; i < 199; i++) engine.append({stream: 1, time: timeAt(100_020 + i), text: `after ${i}\n`});
    const session = open(engine, {window: {tail: 1000}});
    await until(session, () => session.status === 'ended');
    expect(engine.requests).toHaveLength(2);
    expect(texts(session)).toEqual([
      ...range(0, 300).map(i => `line ${i}`),
      ...range(0, 9).map(i => `out ${i}`),
      'err',
      ...range(0, 199).map(i => `after ${i}`),
    ]);
  });

  test('an entry stamped before the head’s first, filed after it, read by the history before the head delivers it: kept once', async () => {
    const engine = new FakeEngine();
    engine.add(300, line);
    engine.append({stream: 1, time: timeAt(100_010), text: 'first\n'});
    // Stamped before `first` by the stderr copier, filed after it.
    engine.append({stream: 2, time: timeAt(100_005), text: 'err\n'});
    for (let i = 0; i < 198; i++) engine.append({stream: 1, time: timeAt(100_020 + i), text: `after ${i}\n`});
    // The head delivers its first entry, and the rest only once the history has been read.
    engine.headPause = {after: 1, ms: 100};
    const session = open(engine, {window: {tail: 1000}});
    await until(session, () => session.status === 'ended');
    expect(engine.requests).toHaveLength(2);
    const got = texts(session);
    expect(got.filter(text => text === 'err')).toHaveLength(1);
    expect(got).toHaveLength(500);
    // In the order of their stamps: the history's copy of `err` is the one kept.
    expect(got.slice(299, 303)).toEqual(['line 299', 'err', 'first', 'after 0']);
  });

  test('entries written after the head was read, within the history’s reach: left out, as the head left them', async () => {
    const engine = new FakeEngine();
    engine.add(400, line);
    engine.beforeAnswer = query => {
      if (query.until) engine.add(20, line);
    };
    const session = open(engine, {window: {tail: 1000}});
    await until(session, () => session.status === 'ended');
    expect(engine.log).toHaveLength(420);
    expect(numbers(session)).toEqual(range(0, 400));
  });

  test('a small tail is a single request', async () => {
    const engine = new FakeEngine();
    engine.add(50, line);
    const session = open(engine, {window: {tail: 10}});
    await until(session, () => session.status === 'ended');
    expect(numbers(session)).toEqual(range(40, 50));
    expect(engine.requests).toHaveLength(1);
  });

  test('an empty window ends without waiting for history', async () => {
    const engine = new FakeEngine();
    const session = open(engine, {window: {tail: 'all'}});
    await until(session, () => session.status === 'ended');
    expect(session.buffer.length).toBe(0);
  });

  test('the engine’s own errors in the stream (type 3) show as system lines, in place', async () => {
    const engine = new FakeEngine();
    engine.add(3, line);
    engine.append({stream: 3, time: '', text: 'Error grabbing logs: log message is too large\n'});
    engine.add(2, line);
    const session = open(engine, {window: {tail: 10}});
    await until(session, () => session.status === 'ended');
    expect([...session.buffer].map(l => [l.stream, l.text])).toEqual([
      ['stdout', 'line 0'],
      ['stdout', 'line 1'],
      ['stdout', 'line 2'],
      ['system', 'Error grabbing logs: log message is too large'],
      ['stderr', 'line 4'],
      ['stdout', 'line 5'],
    ]);
  });

  test('a container that does not exist: status error, said in the pane', async () => {
    const engine = new FakeEngine();
    engine.missing = true;
    const session = open(engine, {follow: true});
    await until(session, () => session.status === 'error');
    expect(session.error).toBe('the container no longer exists');
    expect([...session.buffer].map(l => [l.stream, l.text])).toEqual([
      ['system', 'log stream stopped: the container no longer exists'],
    ]);
  });
});

describe('LogSession following', () => {
  test('new lines arrive; listeners are told at most once per publishMs', async () => {
    const engine = new FakeEngine();
    engine.add(5, line);
    const session = open(engine, {window: {tail: 5}, follow: true, publishMs: 50});
    const calls: number[] = [];
    session.subscribe(() => calls.push(Date.now()));
    await until(session, () => session.status === 'streaming');
    const started = Date.now();
    while (Date.now() - started < 300) {
      engine.add(20, line);
      await new Promise(resolve => setTimeout(resolve, 2));
    }
    await until(session, () => numbers(session).at(-1) === engine.log.length - 1);
    expect(numbers(session)).toEqual(range(0, engine.log.length));
    const gaps = adjacentPairs(calls).map(([before, after]) => after - before);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(45);
    expect(calls.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 50) + 3);
  });

  test('a broken connection: reconnecting, then resumed from the last entry, no duplicates, no gaps', async () => {
    const engine = new FakeEngine();
    engine.add(100, line);
    const session = open(engine, {window: {tail: 10}, follow: true});
    await until(session, () => session.status === 'streaming' && session.buffer.length === 10);
    const statuses: string[] = [];
    session.subscribe(() => statuses.push(session.status));
    for (let round = 0; round < 3; round++) {
      engine.add(30, line);
      await until(session, () => numbers(session).at(-1) === engine.log.length - 1);
      engine.cut();
      // Written while nobody listens.
      engine.add(25, line);
      await until(session, () => session.status === 'reconnecting');
      await until(session, () => session.status === 'streaming' && numbers(session).at(-1) === engine.log.length - 1);
    }
    expect(numbers(session)).toEqual(range(90, engine.log.length));
    expect(statuses).toContain('reconnecting');
    const system = [...session.buffer].filter(l => l.stream === 'system').map(l => l.text);
    expect(system.filter(text => text.startsWith('log stream interrupted: the connection was reset'))).toHaveLength(3);
    expect(system.filter(text => text === 'log stream resumed')).toHaveLength(3);
    // The resume asked for entries since a timestamp, with no tail.
    expect(engine.requests.at(-1)).toMatchObject({follow: 1});
    expect(engine.requests.at(-1)?.tail).toBeUndefined();
    expect(engine.requests.at(-1)?.since).toMatch(/^\d+\.\d{9}$/);
  });

  test('engine restarted and the container with it: one note where the new process begins, no gap, no repeat', async () => {
    const engine = new FakeEngine();
    engine.add(20, line);
    const session = open(engine, {window: {tail: 'all'}, follow: true, reconnectDelaysMs: [20, 5000]});
    await until(session, () => numbers(session).at(-1) === 19);
    engine.cut();
    engine.down = true;
    // Written by the old process while the engine was away (its shim kept it running), then it was stopped
    // at 24.5 and started again.
    engine.add(5, line);
    // The engine resets the exit code when it starts the container again: the code is the `die` event's.
    engine.state = {FinishedAt: timeAt(24).replace(/\d{6}Z$/, '500000Z'), StartedAt: timeAt(25), ExitCode: 0};
    engine.events = [{Type: 'container', Action: 'die', Actor: {ID: 'c1', Attributes: {exitCode: '137'}}}];
    engine.add(5, line);
    await until(session, () => session.status === 'reconnecting');
    // The first retry finds the engine still down; the next waits 5 s unless the engine is back and says so.
    await new Promise(r => setTimeout(r, 60));
    engine.down = false;
    session.retryNow();
    await until(session, () => session.status === 'streaming' && numbers(session).at(-1) === 29, 1000);
    expect(numbers(session)).toEqual(range(0, 30));
    const all = [...session.buffer].map(l => l.text);
    const note = all.findIndex(text => text.startsWith('container restarted: stopped at'));
    expect(all[note]).toBe(
      `container restarted: stopped at ${timeAt(24).slice(0, 19)}Z (exit code 137), started again at ${timeAt(25).slice(0, 19)}Z`,
    );
    expect(all[note - 1]).toBe('line 24');
    expect(all[note + 1]).toBe('line 25');
    expect(all.filter(text => text.startsWith('container restarted'))).toHaveLength(1);
  });

  test('a crash loop (restart policy): one note per exit with its real code, no reconnect notes, no gap', async () => {
    const engine = new FakeEngine();
    engine.add(3, line);
    const session = open(engine, {window: {tail: 'all'}, follow: true, reconnectDelaysMs: [20, 40]});
    await until(session, () => session.buffer.length === 3);
    for (let round = 0; round < 2; round++) {
      const stopped = timeAt(engine.log.length * 1000 + 500);
      // While the engine waits to restart it, the container says Running and Restarting, with its exit code.
      engine.state = {Restarting: true, FinishedAt: stopped, StartedAt: timeAt(0), ExitCode: 2};
      engine.stopContainer();
      engine.running = true;
      await until(session, () => session.status === 'restarting');
      // Several looks while it waits: still one note.
      await new Promise(resolve => setTimeout(resolve, 150));
      engine.state = {FinishedAt: stopped, StartedAt: timeAt(engine.log.length * 1000 + 900), ExitCode: 0};
      engine.add(2, i => ({stream: 1, time: timeAt(i * 1000 + 1000), text: `line ${i}\n`}));
      await until(session, () => session.status === 'streaming' && numbers(session).at(-1) === engine.log.length - 1);
    }
    expect(numbers(session)).toEqual(range(0, 7));
    const system = [...session.buffer].filter(l => l.stream === 'system').map(l => l.text);
    expect(system).toEqual([
      `container exited with code 2 at ${timeAt(3500).slice(0, 19)}Z; restarting (restart policy)`,
      `container exited with code 2 at ${timeAt(5500).slice(0, 19)}Z; restarting (restart policy)`,
    ]);
  });

  test('a follow that ends because the container exited says how', async () => {
    const engine = new FakeEngine();
    engine.add(3, line);
    const session = open(engine, {window: {tail: 'all'}, follow: true});
    await until(session, () => session.buffer.length === 3);
    engine.state = {FinishedAt: '2026-11-22T00:00:05.123456789Z', ExitCode: 137};
    engine.stopContainer();
    await until(session, () => session.status === 'ended');
    expect([...session.buffer].at(-1)?.text).toBe('container exited with code 137 at 2026-11-22T00:00:05Z');
  });

  test('the container stops: ended; resume() picks up after a restart without repeating lines', async () => {
    const engine = new FakeEngine();
    engine.add(20, line);
    const session = open(engine, {window: {tail: 5}, follow: true});
    await until(session, () => session.buffer.length === 5);
    engine.stopContainer();
    await until(session, () => session.status === 'ended');
    engine.running = true;
    engine.add(7, line);
    session.resume();
    await until(session, () => numbers(session).at(-1) === 26);
    expect(numbers(session)).toEqual(range(15, 27));
  });

  test('clear empties the pane, history still on its way does not come back, new lines do', async () => {
    const engine = new FakeEngine();
    engine.add(3000, line);
    engine.historyDelayMs = 100;
    const session = open(engine, {window: {tail: 'all'}, follow: true});
    await until(session, () => session.buffer.length === 200);
    expect(session.historyLoading).toBe(true);
    session.clear();
    engine.add(3, line);
    await until(session, () => session.buffer.length === 3);
    await new Promise(resolve => setTimeout(resolve, 200));
    expect(numbers(session)).toEqual([3000, 3001, 3002]);
    expect(session.historyLoading).toBe(false);
  });

  test('stop: no more requests, no more listener calls', async () => {
    const engine = new FakeEngine();
    engine.add(5, line);
    const session = open(engine, {window: {tail: 5}, follow: true});
    await until(session, () => session.buffer.length === 5);
    let calls = 0;
    session.subscribe(() => calls++);
    session.stop();
    engine.add(5, line);
    engine.cut();
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(calls).toBe(0);
    expect(engine.requests).toHaveLength(1);
  });
});
