import {createServer, type Server} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {connectEngine, engineProduct, versionFromPing} from '../../../source/engine/client.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {listContainers} from '../../../source/engine/containers/list.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';

test("the ping's headers name the engine: Docker and Podman, the API and the OS", () => {
  const docker = versionFromPing({'api-version': '1.41', server: 'Docker/20.10.24+dfsg1 (linux)', ostype: 'linux'});
  expect(docker).toMatchObject({Version: '20.10.24+dfsg1', ApiVersion: '1.41', Os: 'linux'});
  expect(engineProduct(docker!)).toBe('Docker');
  const podman = versionFromPing({
    'api-version': '1.41',
    server: 'Libpod/4.3.1 (linux)',
    'libpod-api-version': '4.3.1',
  });
  expect(podman).toMatchObject({Version: '4.3.1', ApiVersion: '1.41', Os: 'linux'});
  expect(engineProduct(podman!)).toBe('Podman');
  // What does not say both is asked /version instead.
  expect(versionFromPing({'api-version': '1.41'})).toBeUndefined();
  expect(versionFromPing({'api-version': '1.41', server: 'nginx/1.25'})).toBeUndefined();
  expect(versionFromPing({'api-version': 'x', server: 'Docker/27.0.1 (linux)'})).toBeUndefined();
});

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

// A stand-in for an engine whose /version is slow (Podman's takes 300–400 ms): it records what is asked.
async function engine(pingHeaders: Record<string, string>): Promise<{url: string; asked: string[]}> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/^\/v[\d.]+/, '').replace(/\?.*/, '');
    asked.push(path);
    if (path === '/_ping') {
      for (const [name, value] of Object.entries(pingHeaders)) response.setHeader(name, value);
      return void response.end('OK');
    }
    response.setHeader('Content-Type', 'application/json');
    if (path === '/version')
      return void response.end(
        JSON.stringify({Version: '4.3.1', ApiVersion: '1.41', MinAPIVersion: '1.24', Os: 'linux', Arch: 'amd64'}),
      );
    response.end('[]');
  });
  servers.push(server);
  return {url: await listenAsEngine(server), asked};
}

test('connecting and listing ask /_ping and the list, never /version; fullVersion() reads it once', async () => {
  const peer = await engine({'Api-Version': '1.41', Server: 'Libpod/4.3.1 (linux)'});
  const client = await connectEngine(resolveEngineTarget({host: peer.url}, {}));
  try {
    expect(client.api).toBe('1.41');
    await listContainers(client.docker);
    expect(peer.asked).toEqual(['/_ping', '/containers/json']);
    expect(client.version.Arch).toBe('');
    const full = await client.fullVersion();
    await client.fullVersion();
    expect(full.Arch).toBe('amd64');
    expect(client.version).toBe(full);
    expect(peer.asked.filter(path => path === '/version')).toHaveLength(1);
  } finally {
    client.close();
  }
});

test('a ping that does not name the engine (a proxy stripping headers): /version at once, as before', async () => {
  const peer = await engine({});
  const client = await connectEngine(resolveEngineTarget({host: peer.url}, {}));
  try {
    expect(peer.asked).toEqual(['/_ping', '/version']);
    expect(client.version.Arch).toBe('amd64');
    await client.fullVersion();
    expect(peer.asked).toHaveLength(2);
  } finally {
    client.close();
  }
});
