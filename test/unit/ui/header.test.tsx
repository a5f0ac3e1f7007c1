import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {stripAnsi} from '../../../source/text/escapes.js';
import {Header} from '../../../source/ui/components/Header.js';
import {AppRoot} from '../../../source/ui/components/AppRoot.js';
import {Controller} from '../../../source/ui/controller.js';
import type {ConnectionState} from '../../../source/engine/connection-state.js';

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

function header(connection: ConnectionState, width: number, engines?: {name: string; connection: ConnectionState}[]) {
  const controller = new Controller('unix:///nowhere.sock', {});
  controller.store.set(state => ({...state, connection, ...(engines ? {engines} : {})}));
  const instance = render(
    <AppRoot controller={controller}>
      <Header width={width} />
    </AppRoot>,
  );
  unmounts.push(() => {
    instance.unmount();
    void controller.close();
  });
  return stripAnsi(instance.lastFrame() ?? '').trimEnd();
}

const connected: ConnectionState = {
  status: 'connected',
  target: 'tcp://127.0.0.1:2375',
  engine: 'Docker 20.10.24+dfsg1',
  api: '1.41',
  os: 'linux/amd64',
  tls: 'TLS',
  context: 'prod',
  unencrypted: false,
};

test('a short URL is never cut; the context comes before the version', () => {
  expect(header(connected, 80)).toBe(' berth ─ engine tcp://127.0.0.1:2375 TLS · context prod · linux/amd64');
  expect(header(connected, 110)).toBe(
    ' berth ─ engine tcp://127.0.0.1:2375 TLS · context prod · Docker 20.10.24+dfsg1 API 1.41 · linux/amd64',
  );
  for (const width of [50, 60, 70])
    expect(header(connected, width)).toMatch(/^ berth ─ engine tcp:\/\/127\.0\.0\.1:2375 TLS/);
});

test("a socket's long path gives up its middle to keep the context, down to 28 cells", () => {
  const socket = {...connected, target: 'unix:///run/user/1000/podman/podman-machine-default-api.sock', tls: ''};
  const line = header(socket, 80);
  expect(line).toMatch(/^ berth ─ engine unix:\/\/\/run\S*…\S*api\.sock · context prod/);
  expect(line.length).toBeLessThanOrEqual(80);
});

test('TLS is shown while the engine is away', () => {
  const down: ConnectionState = {
    status: 'down',
    target: 'tcp://10.0.0.9:2376',
    reason: 'refused',
    retryAt: 0,
    tls: 'TLS',
  };
  expect(header(down, 80)).toMatch(/^ berth ─ engine tcp:\/\/10\.0\.0\.9:2376 TLS/);
});

test('several engines: every name first, those away marked DOWN, the reasons after', () => {
  const away = (target: string, reason: string): ConnectionState => ({status: 'down', target, reason, retryAt: 0});
  const line = header(connected, 80, [
    {name: 'a', connection: connected},
    {name: 'dead', connection: away('tcp://127.0.0.1:1', 'connection refused; is dockerd listening on that port?')},
    {name: 'hang', connection: away('tcp://127.0.0.1:2', 'connected, but no answer to GET /_ping within 15 s')},
  ]);
  expect(line).toMatch(/^ berth ─ engines a, dead DOWN, hang DOWN · dead: connection refused/);
});
