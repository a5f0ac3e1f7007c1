import {createServer, type Server} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {startEngine} from '../../../source/engine/early-start.js';
import {EngineSession, type EngineEvent} from '../../../source/engine/session.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';

// The session after an early list (source/engine/early-start.ts): events are asked from the ping's second, which
// the engine replays (a live event in that second must still reach the views that refresh on it). An engine
// whose ping has no Date header gets a second list once the events are watched. A stand-in engine: what is asked
// of it is recorded.
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const PING_SECOND = 1_800_000_000;

async function engine(withDate: boolean): Promise<{url: string; asked: string[]}> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const url = (request.url ?? '').replace(/^\/v[\d.]+/, '');
    const path = url.replace(/\?.*/, '');
    asked.push(path === '/events' ? url : path);
    if (withDate) response.setHeader('Date', new Date(PING_SECOND * 1000 + 400).toUTCString());
    else response.sendDate = false;
    if (path === '/_ping') {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/20.10.24 (linux)');
      return void response.end('OK');
    }
    response.setHeader('Content-Type', 'application/json');
    if (path === '/events') {
      response.write('');
      const event = (time: number, name: string) =>
        `${JSON.stringify({Type: 'container', Action: 'die', Actor: {ID: name, Attributes: {name, exitCode: '1'}}, time})}\n`;
      response.write(event(PING_SECOND, 'before'));
      response.write(event(PING_SECOND + 2, 'after'));
      return;
    }
    response.end('[]');
  });
  servers.push(server);
  return {url: await listenAsEngine(server), asked};
}

async function run(withDate: boolean): Promise<{asked: string[]; news: EngineEvent[]; lists: number}> {
  const peer = await engine(withDate);
  const target = resolveEngineTarget({host: peer.url}, {});
  const start = startEngine(target);
  await start.containers;
  const news: EngineEvent[] = [];
  let lists = 0;
  const session = new EngineSession(target, {
    connection: () => {},
    containers: () => lists++,
    stale: () => {},
    event: event => news.push(event),
  });
  session.start(start.client, start.containers);
  try {
    const end = Date.now() + 5000;
    while (news.length === 0 || lists < 2) {
      if (Date.now() > end) break;
      await new Promise(resolve => setTimeout(resolve, 20));
    }
  } finally {
    session.close();
  }
  return {asked: peer.asked, news, lists};
}

test("events are asked from the ping's second, and reach the views (events of that second may be from just before berth started)", async () => {
  const {asked, news} = await run(true);
  expect(asked.filter(path => path === '/containers/json').length).toBeGreaterThanOrEqual(1);
  const events = asked.find(path => path.startsWith('/events'));
  expect(new URL(`http://x${events}`).searchParams.get('since')).toBe(String(PING_SECOND));
  expect(news.map(event => event.Actor?.ID)).toEqual(['before', 'after']);
});

test('without a Date header in the ping, the list is read again once the events are watched', async () => {
  const {asked, news} = await run(false);
  const events = asked.find(path => path.startsWith('/events'));
  expect(new URL(`http://x${events}`).searchParams.get('since')).toBeNull();
  expect(asked.filter(path => path === '/containers/json').length).toBeGreaterThanOrEqual(2);
  expect(news.map(event => event.Actor?.ID)).toEqual(['before', 'after']);
});
