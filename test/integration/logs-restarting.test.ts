import {afterAll, beforeAll, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {LogSession} from '../../source/engine/logs/log-session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';

// A crash loop on the real engine: the container prints a line and exits with code 2, and its restart policy
// starts it again with a growing delay. While the engine waits to restart it, the container says Running (and
// Restarting): the log must not take that for a stream that broke (a reconnect note a second), and the exit code
// it gives must be the process's, not the 0 the engine resets it to on the restart.
let client: EngineClient;
const container = uniqueName('berth-fixlog-crashloop');

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  runTestContainer(container, ['sh', '-c', 'echo "run $(date +%s)"; exit 2'], {extra: ['--restart', 'always']});
});

afterAll(() => {
  client?.close();
  docker(['rm', '-f', container]);
});

test('a crash-looping container: one note per exit, with its exit code; no reconnect notes', async () => {
  const session = new LogSession(client.docker, {
    containerId: container,
    window: {tail: 'all'},
    follow: true,
    reconnectDelaysMs: [100, 200, 400],
  });
  const statuses = new Set<string>();
  session.subscribe(() => statuses.add(session.status));
  session.start();
  try {
    await new Promise(resolve => setTimeout(resolve, 8000));
  } finally {
    session.stop();
  }
  const lines = [...session.buffer];
  const runs = lines.filter(line => line.stream === 'stdout').length;
  const system = lines.filter(line => line.stream === 'system').map(line => line.text);
  expect(runs).toBeGreaterThanOrEqual(3);
  expect(system.filter(text => /interrupted|resumed/.test(text))).toEqual([]);
  expect(system.filter(text => /exit code 0|code 0 /.test(text))).toEqual([]);
  // At most one note for each exit the engine counted (a run's line may be missing, more under load: the engine
  // may end a follow of a restarting container before the line of the run that just exited), each with code 2.
  const restarts = Number(docker(['inspect', '--format', '{{.RestartCount}}', container]).trim());
  expect(system.length).toBeLessThanOrEqual(restarts + 1);
  for (const text of system)
    expect(text).toMatch(
      /^container exited with code 2 at \S+Z; restarting \(restart policy\)$|^container restarted: stopped at \S+Z \(exit code 2\), started again at \S+Z$/,
    );
  expect(statuses).toContain('restarting');
}, 20_000);
