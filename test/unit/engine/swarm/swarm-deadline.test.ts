import {createServer} from 'node:http';
import Docker from 'dockerode';
import {expect, test} from 'vitest';
import {listServices} from '../../../../source/engine/swarm/lists.js';

// A manager that has lost quorum sometimes gives up on its own raft call and answers 500 "rpc error: code =
// DeadlineExceeded" (test/integration/swarm.test.ts meets it or the silent kind, by timing inside dockerd). A real
// swarm cannot produce this answer on demand, so a fake engine gives it; berth must name the likely cause.
test('a manager that answers DeadlineExceeded: the error says the swarm likely has no leader, with the engine words', async () => {
  const server = createServer((_request, response) => {
    response.writeHead(500, {'content-type': 'application/json'});
    response.end(JSON.stringify({message: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded'}));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  try {
    const docker = new Docker({host: '127.0.0.1', port: (server.address() as {port: number}).port, protocol: 'http'});
    const error = (await listServices(docker).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/gave up on GET \/services .*DeadlineExceeded.*quorum lost/);
  } finally {
    server.close();
  }
});
