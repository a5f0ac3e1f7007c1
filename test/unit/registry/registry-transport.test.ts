import {createSecureContext} from 'node:tls';
import {afterEach, describe, expect, it} from 'vitest';
import {HttpTransport} from '../../../source/registry/transport.js';
import {startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const trust = {secureContext: createSecureContext({}), rejectUnauthorized: true, caFiles: [], hostCertsDir: '/nowhere'};

describe('HttpTransport', () => {
  it('refuses bodies over the limit, with or without a Content-Length', async () => {
    fake = await startFakeRegistry((req, res, url) => {
      if (url.pathname === '/sized') res.writeHead(200, {'content-length': '64'}).end('x'.repeat(64));
      else {
        res.writeHead(200);
        res.write('y'.repeat(40));
        res.end('y'.repeat(40));
      }
    });
    const transport = new HttpTransport(trust);
    for (const path of ['/sized', '/chunked']) {
      await expect(transport.send({method: 'GET', url: new URL(path, fake.url), maxBytes: 32})).rejects.toThrow(
        /is larger than 32 bytes/,
      );
    }
    expect((await transport.send({method: 'GET', url: new URL('/chunked', fake.url), maxBytes: 100})).body.length).toBe(
      80,
    );
    await transport.close();
  });
});
