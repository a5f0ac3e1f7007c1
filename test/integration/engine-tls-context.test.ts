// Every connection to a TLS engine shares one secure context (source/engine/tls-context.ts): the early requests, the
// session's pool, a log follow and the stats reader's pool. Given the material instead, Node parses the key and
// certificates again for each connection. Against the bench engine over TLS.
import {copyFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Readable} from 'node:stream';
import tls from 'node:tls';
import {afterEach, expect, test, vi} from 'vitest';
import {startEngine} from '../helpers/early-start.js';
import {engineSecureContext, engineTlsOptions} from '../../source/engine/tls-context.js';
import {statsReader} from '../../source/engine/stats/stats-reader.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {describeConnectError} from '../../source/engine/connect-errors.js';

afterEach(() => {
  vi.restoreAllMocks();
});

test('the start, parallel requests, a log follow and the stats pool make one secure context', async () => {
  const made = vi.spyOn(tls, 'createSecureContext');
  const target = resolveEngineTarget({}, benchEnv());
  expect(target.tls).toBeDefined();
  const start = startEngine(target);
  const [engine, early] = await Promise.all([start.client, start.containers]);
  expect(early?.rows.length).toBeGreaterThan(0);
  // Four at once: the pool opens connections beside the kept one.
  const lists = await Promise.all([1, 2, 3, 4].map(() => engine.docker.listContainers({all: true})));
  expect(lists.every(list => list.length > 0)).toBe(true);
  const logger = lists[0]!.find(info => info.Names.includes('/bench-logger'));
  if (!logger) throw new Error('bench-logger is not running: run scripts/testbed.sh up');
  // A follow holds a connection of its own.
  const follow = (await engine.docker
    .getContainer(logger.Id)
    .logs({follow: true, stdout: true, stderr: true, tail: 1})) as unknown as Readable;
  const first = await new Promise<Buffer>((resolve, reject) => {
    follow.once('data', resolve);
    follow.once('error', reject);
  });
  follow.destroy();
  expect(first.length).toBeGreaterThan(0);
  const stats = await statsReader(engine.docker, 2).read(logger.Id, true, new AbortController().signal);
  expect(stats).toBeTruthy();
  expect(made).toHaveBeenCalledTimes(1);
});

test('material that makes no context is given to each connection as it is', () => {
  const material = {
    verify: true,
    ca: Buffer.from('not a certificate'),
    cert: Buffer.from('nor this'),
    key: Buffer.from('no'),
  };
  expect(engineSecureContext(material)).toBeUndefined();
  const {verify, ...files} = material;
  expect(engineTlsOptions(material)).toEqual({...files, rejectUnauthorized: verify});
});

// berth started on a key OpenSSL cannot read: the early requests are not made (making one throws before any
// connection), the connection through dockerode fails with the file named, and the UI stays up to say so.
test('a start on an unreadable client key fails its connection with the file named, and throws nothing', async () => {
  const env = benchEnv();
  const dir = scratchDir('berth-bad-key-');
  for (const name of ['ca.pem', 'cert.pem']) copyFileSync(join(env.DOCKER_CERT_PATH!, name), join(dir, name));
  writeFileSync(join(dir, 'key.pem'), 'garbage\n');
  const target = resolveEngineTarget({}, {...env, DOCKER_CERT_PATH: dir});
  const start = startEngine(target);
  const error = await start.client.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(describeConnectError(target, error)).toMatch(/berth's client key \S+key\.pem cannot be read \(unsupported\)/);
  await expect(start.containers).rejects.toBeTruthy();
});
