import {PassThrough} from 'node:stream';
import type Docker from 'dockerode';
import {describe, expect, test} from 'vitest';
import type {EngineClient} from '../../../source/engine/client.js';
import {EngineSession} from '../../../source/engine/session.js';

// A burst of engine events (compose up, a prune, a container crash-looping) must neither pile up in memory nor
// turn into one container list per event. A real engine cannot send 20,000 events at once on demand: an engine in
// memory answers /events and /containers/json.
describe('an events burst', () => {
  test('20,000 events in one go: nothing is kept, and the list is asked for at most once per 500 ms', async () => {
    let lists = 0;
    const events = new PassThrough();
    const docker = {
      modem: {
        host: 'fake',
        port: 2375,
        dial: (request: {path: string}, callback: (error: unknown, result?: unknown) => void) => {
          if (request.path.startsWith('/events')) return callback(null, events);
          lists++;
          const body = new PassThrough();
          callback(null, Object.assign(body, {headers: {}}));
          body.end('[]');
        },
      },
    } as unknown as Docker;
    const version = {Version: '20.10', ApiVersion: '1.41', Os: 'linux', Arch: 'amd64'};
    const client = {
      docker,
      version,
      fullVersion: () => Promise.resolve(version),
      api: '1.41',
      close: () => {},
      target: {},
    } as unknown as EngineClient;
    const actions: string[] = [];
    const session = new EngineSession({url: 'tcp://fake:2375', kind: 'tcp'} as never, {
      connection: state => void actions.push(`connection.${state.status}`),
      containers: () => void actions.push('containers.loaded'),
      stale: () => void actions.push('containers.stale'),
    });
    session.start(Promise.resolve(client));
    await new Promise(resolve => setTimeout(resolve, 50));
    const afterConnect = lists;
    const started = Date.now();
    const event = Buffer.from(`${JSON.stringify({Type: 'container', Action: 'start', Actor: {ID: 'x'.repeat(64)}})}\n`);
    for (let i = 0; i < 20_000; i++) events.write(event);
    await new Promise(resolve => setTimeout(resolve, 1600));
    const elapsed = Date.now() - started;
    session.close();
    expect(afterConnect).toBe(1);
    // One list per 500 ms window after the burst began, plus the one the burst starts right away.
    expect(lists - afterConnect).toBeGreaterThanOrEqual(1);
    expect(lists - afterConnect).toBeLessThanOrEqual(Math.ceil(elapsed / 500) + 1);
    // The event stream was read as it came: nothing is waiting in its buffer.
    expect(events.readableLength).toBe(0);
    expect(actions.filter(type => type === 'containers.loaded').length).toBe(lists);
  });
});
