import {createServer, type Server} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {startEngine} from '../../helpers/early-start.js';
import {EngineSession, type EngineEvent} from '../../../source/engine/session.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';

// The session after an early list (source/engine/early-start.ts): events are asked from the second the engine
// answered that list (its Date header), which the engine replays (a live event in that second must still reach
// the views that refresh on it); those from before berth's first request are marked so (no alert for them). A list that had to follow the connection (an engine or proxy that refuses the
// early list's unversioned path) starts the events from the ping's second. An engine that sends no Date header
// gets a second list once the events are watched. A stand-in engine: what is asked of it is recorded.
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const PING_SECOND = 1_800_000_000;
// The early list is answered a second before the ping (the two race).
const LIST_SECOND = PING_SECOND - 1;

type Stamp = {time: number; timeNano?: number};
type Peer = {
  withDate: boolean;
  refuseUnversioned?: boolean;
  // The engine's clock, in ms: by default a fixed second far from ours (an engine whose clock is months off).
  clock?: () => number;
  // The events /events sends, each named by its Actor ID and stamped with the engine's time.
  events?: () => [string, Stamp][];
};

// An event from a second before the early list's (a second before berth asked anything, on that engine's clock),
// and one two seconds after the ping's.
const FAR_EVENTS = (): [string, Stamp][] => [
  ['before', {time: LIST_SECOND - 1}],
  ['after', {time: PING_SECOND + 2}],
];

async function engine({
  withDate,
  refuseUnversioned,
  clock,
  events = FAR_EVENTS,
}: Peer): Promise<{url: string; asked: string[]}> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const versioned = /^\/v[\d.]+\//.test(request.url ?? '');
    const url = (request.url ?? '').replace(/^\/v[\d.]+/, '');
    const path = url.replace(/\?.*/, '');
    asked.push(path === '/events' ? url : `${path}${versioned ? '' : ' (unversioned)'}`);
    const second = path === '/containers/json' && !versioned ? LIST_SECOND : PING_SECOND;
    if (withDate) response.setHeader('Date', new Date(clock ? clock() : second * 1000 + 400).toUTCString());
    else response.sendDate = false;
    if (refuseUnversioned && !versioned && path !== '/_ping') {
      response.statusCode = 404;
      return void response.end('{"message":"page not found"}');
    }
    if (path === '/_ping') {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/20.10.24 (linux)');
      return void response.end('OK');
    }
    response.setHeader('Content-Type', 'application/json');
    if (path === '/events') {
      response.write('');
      for (const [name, stamp] of events())
        response.write(
          `${JSON.stringify({Type: 'container', Action: 'die', Actor: {ID: name, Attributes: {name, exitCode: '1'}}, ...stamp})}\n`,
        );
      return;
    }
    response.end('[]');
  });
  servers.push(server);
  return {url: await listenAsEngine(server), asked};
}

type News = {id?: string; beforeStart?: boolean};

async function run(wanted: Peer): Promise<{asked: string[]; news: News[]; lists: number}> {
  const peer = await engine(wanted);
  const target = resolveEngineTarget({host: peer.url}, {});
  const start = startEngine(target);
  await start.containers;
  const news: News[] = [];
  let lists = 0;
  const session = new EngineSession(target, {
    connection: () => {},
    containers: () => lists++,
    stale: () => {},
    event: (event: EngineEvent, beforeStart?: boolean) => news.push({id: event.Actor?.ID, beforeStart}),
  });
  session.start(start.client, start.containers, start.startedAt);
  try {
    const end = Date.now() + 5000;
    while (news.length < 2 || lists < 2) {
      if (Date.now() > end) break;
      await new Promise(resolve => setTimeout(resolve, 20));
    }
  } finally {
    session.close();
  }
  return {asked: peer.asked, news, lists};
}

// The lists asked for before the events (each event asks for one more).
const firstLists = (asked: string[]) =>
  asked
    .slice(
      0,
      asked.findIndex(path => path.startsWith('/events')),
    )
    .filter(path => path.startsWith('/containers/json'));
const since = (asked: string[]) =>
  new URL(`http://x${asked.find(path => path.startsWith('/events'))}`).searchParams.get('since');

// Events are asked from a second before berth's first request on the engine's clock: the engine dates its answer
// once it has built the list, possibly in the next second, and what changed in between must be replayed. Here the
// engine's clock is months off: the start is placed within the list's second (before-start.ts), so a second before.
test("events are asked from a second before the early list's and reach the views; those from before berth's first request say so", async () => {
  const {asked, news} = await run({withDate: true});
  // The one list is the early one (unversioned, Node's own http): the session did not ask again.
  expect(firstLists(asked)).toEqual(['/containers/json (unversioned)']);
  // One ping: read early, and the connection made from its headers.
  expect(asked.filter(path => path.startsWith('/_ping'))).toEqual(['/_ping (unversioned)']);
  expect(since(asked)).toBe(String(LIST_SECOND - 1));
  expect(news).toEqual([
    {id: 'before', beforeStart: true},
    {id: 'after', beforeStart: false},
  ]);
});

test("an engine that refuses the early list is listed through the connection, and events start a second before the ping's", async () => {
  const {asked, news, lists} = await run({withDate: true, refuseUnversioned: true});
  expect(firstLists(asked)).toEqual(['/containers/json (unversioned)', '/containers/json']);
  expect(lists).toBeGreaterThanOrEqual(1);
  expect(since(asked)).toBe(String(PING_SECOND - 1));
  expect(news).toEqual([
    {id: 'before', beforeStart: true},
    {id: 'after', beforeStart: false},
  ]);
});

test('without a Date header, the list is read again once the events are watched', async () => {
  const {asked, news} = await run({withDate: false});
  expect(since(asked)).toBeNull();
  expect(asked.filter(path => path.startsWith('/containers/json')).length).toBeGreaterThanOrEqual(2);
  // Nothing was replayed: every event is news.
  expect(news).toEqual([
    {id: 'before', beforeStart: false},
    {id: 'after', beforeStart: false},
  ]);
});

// The engine on our clock (the same host): the second asked for is replayed from its start, so an event a few
// hundred milliseconds before berth asked anything comes back (a container another berth or docker ended just
// before this one started); it must not alert as news, while one after berth's first request must.
test('on an engine with our clock, an event replayed from just before berth started says so, one after it does not', async () => {
  const asked = Date.now();
  const {news, asked: paths} = await run({
    withDate: true,
    clock: () => Date.now(),
    events: () => [
      ['before', {time: Math.floor((asked - 300) / 1000), timeNano: (asked - 300) * 1e6}],
      ['after', {time: Math.floor(Date.now() / 1000), timeNano: Date.now() * 1e6}],
    ],
  });
  expect(news).toEqual([
    {id: 'before', beforeStart: true},
    {id: 'after', beforeStart: false},
  ]);
  // The clocks agree: a second before the one berth started in.
  expect(Number(since(paths))).toBeGreaterThanOrEqual(Math.floor(asked / 1000) - 1);
  expect(Number(since(paths))).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 1);
});
