import {createServer, type Server} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {startEngine} from '../../helpers/early-start.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {Controller} from '../../../source/ui/controller.js';

// What the first screen does not show is asked for after the first frame (Services.afterStart), as the event stream
// is: the swarm role (/info, for view 6's tab) and /events wait for it; the container list does not. A stand-in
// engine records what is asked of it.
const servers: Server[] = [];
const controllers: Controller[] = [];
afterEach(async () => {
  for (const controller of controllers.splice(0)) await controller.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

test('the swarm role and the event stream are asked for after the first frame, the list before it', async () => {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/^\/v[\d.]+/, '').replace(/\?.*/, '');
    asked.push(path);
    if (path === '/_ping') {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/20.10.24 (linux)');
      return void response.end('OK');
    }
    response.setHeader('Content-Type', 'application/json');
    if (path === '/events') return void response.write('');
    if (path === '/info') return void response.end(JSON.stringify({Swarm: {LocalNodeState: 'inactive'}}));
    if (path === '/version') return void response.end(JSON.stringify({Version: '20.10.24', ApiVersion: '1.41'}));
    response.end('[]');
  });
  servers.push(server);
  const url = await listenAsEngine(server);
  const target = resolveEngineTarget({host: url}, {});
  const controller = new Controller(url, {registries: [], shells: ['sh']});
  controllers.push(controller);
  let drawn!: () => void;
  const firstFrame = new Promise<void>(resolve => (drawn = resolve));
  controller.startEngines([target], [startEngine(target)], firstFrame);
  await waitFor(() => controller.store.get().connection.status === 'connected', 'the connection');
  await sleep(100);
  expect(asked).toContain('/containers/json');
  expect(asked).not.toContain('/info');
  expect(asked).not.toContain('/events');
  drawn();
  await waitFor(() => asked.includes('/info') && asked.includes('/events'), '/info and /events');
  expect(controller.store.get().swarm.role?.state).toBe('inactive');
});
