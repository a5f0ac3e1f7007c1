import type {Server} from 'node:http';

// A stand-in engine (a node:http server a test answers by hand) listening on a free local port: the URL berth
// reaches it by, as DOCKER_HOST would name it.
export async function listenAsEngine(server: Server): Promise<string> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `tcp://127.0.0.1:${address.port}`;
}
