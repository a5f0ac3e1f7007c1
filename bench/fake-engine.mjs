// A stand-in Docker engine for lists no real engine on this machine can hold (100,000 containers): plain HTTP,
// answering what berth asks at start and while it shows the containers list — /_ping (its headers, as every
// answer's, carry the version), /version, /info, /containers/json (all of them, or those a `filters={"id":[…]}`
// names), and /events, kept open. Containers have the shape Docker 20.10 lists them in. `event(id, state)` changes
// one container and tells every open /events stream, as the engine does. Anything else is answered 404 and counted
// in `unknown`, so a test sees what berth asked that this does not know. Used by bench/ui-scale.mjs and the tests under
// test/integration; plain JavaScript so the benchmarks run it without a build.
import http from 'node:http';

const hex = (n, width) => n.toString(16).padStart(width, '0');
const NETWORK_ID = hex(0xbe47, 64);
const IMAGE_ID = `sha256:${hex(0x1ba9e, 64)}`;

// Container `i` of a list of fakes: every fifth one running (as a CI host's mostly exited containers).
export function fakeContainer(i, now = Math.floor(Date.now() / 1000)) {
  const running = i % 5 === 0;
  return {
    Id: hex(i, 64),
    Names: [`/fake-${String(i).padStart(6, '0')}`],
    Image: `example/app-${i % 50}:latest`,
    ImageID: IMAGE_ID,
    Command: 'sleep 1000000',
    Created: now - i,
    Ports: i % 10 === 0 ? [{PrivatePort: 80, Type: 'tcp'}] : [],
    Labels: {'berth.fake': '1'},
    State: running ? 'running' : 'exited',
    Status: running ? 'Up 2 hours' : 'Exited (0) 2 hours ago',
    HostConfig: {NetworkMode: 'none'},
    NetworkSettings: {
      Networks: {
        none: {
          IPAMConfig: null,
          Links: null,
          Aliases: null,
          NetworkID: NETWORK_ID,
          EndpointID: '',
          Gateway: '',
          IPAddress: '',
          IPPrefixLen: 0,
          IPv6Gateway: '',
          GlobalIPv6Address: '',
          GlobalIPv6PrefixLen: 0,
          MacAddress: '',
          DriverOpts: null,
        },
      },
    },
    Mounts: [],
  };
}

const VERSION = {
  Platform: {Name: 'Docker Engine - Community'},
  Version: '20.10.24',
  ApiVersion: '1.41',
  MinAPIVersion: '1.12',
  Os: 'linux',
  Arch: 'amd64',
  KernelVersion: '6.1.0',
  Components: [{Name: 'Engine', Version: '20.10.24', Details: {ApiVersion: '1.41', Os: 'linux', Arch: 'amd64'}}],
};

// Starts the engine on 127.0.0.1 at a free port with `count` containers; resolves {host (for DOCKER_HOST),
// requests (paths asked, in order), unknown, event(), close()}.
export async function startFakeEngine(count) {
  const now = Math.floor(Date.now() / 1000);
  const containers = Array.from({length: count}, (_, i) => fakeContainer(i, now));
  const byId = new Map(containers.map(c => [c.Id, c]));
  // The whole list serialised once (what an engine spends on it is not berth's); again after an event.
  let listBody;
  const list = () => (listBody ??= Buffer.from(JSON.stringify(containers)));
  const streams = new Set();
  const requests = [];
  const unknown = [];
  // dockerd names itself on every answer, not only /_ping's (berth connects from the first list's headers).
  const named = {'api-version': '1.41', server: 'Docker/20.10.24 (linux)', ostype: 'linux'};
  const json = (res, body, status = 200) => {
    const buffer = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    res.writeHead(status, {...named, 'content-type': 'application/json', 'content-length': buffer.length});
    res.end(buffer);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v[\d.]+/, '');
    requests.push(`${req.method} ${path}${url.search}`);
    if (path === '/_ping' || path === '/_ping/') {
      res.writeHead(200, {
        ...named,
        'content-type': 'text/plain; charset=utf-8',
        'content-length': 2,
      });
      return res.end('OK');
    }
    if (path === '/version') return json(res, VERSION);
    if (path === '/info') return json(res, {Containers: count, Name: 'fake', ServerVersion: '20.10.24', Swarm: {}});
    if (path === '/containers/json') {
      const filters = JSON.parse(url.searchParams.get('filters') || '{}');
      const ids = Array.isArray(filters.id) ? filters.id : Object.keys(filters.id ?? {});
      if (ids.length) return json(res, ids.map(id => byId.get(id)).filter(Boolean));
      return json(res, list());
    }
    if (path === '/events') {
      res.writeHead(200, {...named, 'content-type': 'application/json', 'transfer-encoding': 'chunked'});
      res.flushHeaders();
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    // The benchmarks' handle on a stand-in run as its own process (not an engine endpoint): one container's event.
    if (path === '/fake/event' && req.method === 'POST') {
      control.event(Number(url.searchParams.get('i')), url.searchParams.get('action') ?? 'die');
      return json(res, {});
    }
    unknown.push(`${req.method} ${path}`);
    json(res, {message: `fake engine: ${path} is not served`}, 404);
  });
  // As dockerd (Go's server): idle keep-alive connections are not closed after 5 s, which Node's server does by
  // default, and which made a request on a just-closed connection look like the engine going away.
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address();
  const control = {
    host: `tcp://127.0.0.1:${port}`,
    count,
    requests,
    unknown,
    name: i => containers[i]?.Names[0].slice(1),
    // Container i changes state (running ↔ exited) and the event streams say so.
    event(i, action = 'die') {
      const c = containers[i];
      if (!c) throw new Error(`fake engine: no container ${i}`);
      const running = action === 'start';
      Object.assign(
        c,
        running ? {State: 'running', Status: 'Up 1 second'} : {State: 'exited', Status: 'Exited (0) 1 second ago'},
      );
      listBody = undefined;
      const line = JSON.stringify({
        Type: 'container',
        Action: action,
        Actor: {ID: c.Id, Attributes: {name: c.Names[0].slice(1), image: c.Image}},
        id: c.Id,
        status: action,
        time: Math.floor(Date.now() / 1000),
        timeNano: Date.now() * 1e6,
      });
      for (const stream of streams) stream.write(`${line}\n`);
    },
    close() {
      for (const stream of streams) stream.destroy();
      server.closeAllConnections();
      return new Promise(resolve => server.close(() => resolve()));
    },
  };
  return control;
}

// As a process: `node bench/fake-engine.mjs 100000` prints its DOCKER_HOST and serves until killed.
if (process.argv[1]?.endsWith('fake-engine.mjs')) {
  const engine = await startFakeEngine(Number(process.argv[2] ?? 1000));
  process.stdout.write(`${engine.host}\n`);
}
