import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export interface FakeRegistry {
  url: string;
  host: string;
  requests: {method: string; path: string; authorization?: string}[];
  maxInFlight: number;
  close(): Promise<void>;
}

// An in-process plain-HTTP registry stand-in on 127.0.0.1, for the cases a real registry cannot
// produce (413, opaque or hostile Link headers, malformed pages). Records every request and the
// highest number it had in flight at once.
export async function startFakeRegistry(handler: FakeHandler): Promise<FakeRegistry> {
  let inFlight = 0;
  const state: FakeRegistry = {url: '', host: '', requests: [], maxInFlight: 0, close: async () => {}};
  const server: Server = createServer((req, res) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    let counted = true;
    const done = () => {
      if (counted) inFlight--;
      counted = false;
    };
    res.on('finish', done);
    res.on('close', done);
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push({
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
    });
    // A failing handler is that request's 500, never an unhandled rejection (http ignores the promise).
    void (async () => {
      try {
        await handler(req, res, url);
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.host = `127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {'content-type': 'application/json', ...headers});
  res.end(JSON.stringify(body));
}

// Distribution-style paging over a sorted list: n, last, and a relative Link when more remain.
export function pageOf(all: string[], url: URL): {items: string[]; link?: string} {
  const n = Number(url.searchParams.get('n') ?? all.length);
  const last = url.searchParams.get('last');
  const start = last ? all.findIndex(name => name > last) : 0;
  const from = start < 0 ? all.length : start;
  const items = all.slice(from, from + n);
  const more = from + n < all.length;
  const lastItem = items.at(-1);
  if (!more || lastItem === undefined) return {items};
  const next = new URLSearchParams({last: lastItem, n: String(n)});
  return {items, link: `<${url.pathname}?${next}>; rel="next"`};
}
