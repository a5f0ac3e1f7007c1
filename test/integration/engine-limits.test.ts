import {createServer, type Server} from 'node:http';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type Docker from 'dockerode';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, makeDocker, type EngineClient} from '../../source/engine/client.js';
import {containerEnv, containerSizes} from '../../source/engine/containers/operations.js';
import {listContainers} from '../../source/engine/containers/list.js';
import {MAX_CONTAINER_LIST_BYTES, MAX_CONTAINER_ROWS} from '../../source/engine/limits/list-bounds.js';
import {inspectContainer, listContainerInfos} from '../../source/engine/limits/engine-reads.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';

// Engine answers read within a stated bound: the real bench engine for answers it really sends (the bound made
// small), an in-process engine stand-in for answers no engine sends on demand (a list of 80 MiB or 60,000 rows).
let client: EngineClient;
const name = uniqueName('berth-limits');
const host = () => benchEnv().DOCKER_HOST!;

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  // 200 labels of 1 KB: an inspect result of ~200 KB.
  const labels = Array.from({length: 200}, (_, i) => ['--label', `berth.big.${i}=${'v'.repeat(1000)}`]).flat();
  docker(['create', '--network', 'none', '--name', name, '-e', 'A=1', ...labels, BUSYBOX, 'true']);
});

afterAll(() => {
  docker(['rm', '-f', name]);
  client?.close();
});

describe('bounded engine reads against the bench engine', () => {
  test('the list and inspect within their bounds read as dockerode did (docker CLI as oracle)', async () => {
    const id = docker(['inspect', '--format', '{{.Id}}', name]).trim();
    const rows = await listContainers(client.docker);
    expect(rows.find(row => row.id === id)?.name).toBe(name);
    const info = await inspectContainer(client.docker, name);
    expect(info.Id).toBe(id);
    expect(Object.keys(info.Config.Labels).filter(key => key.startsWith('berth.big.'))).toHaveLength(200);
    expect((await containerEnv(client.docker, id)).entries).toContainEqual({key: 'A', value: '1', secret: false});
    const filtered = await listContainerInfos(client.docker, {filters: {name: [`^/${name}$`]}});
    expect(filtered.map(info => info.Id)).toEqual([id]);
    expect((await containerSizes(client.docker))[id]).toMatchObject({rw: 0});
  });

  test('an inspect result past the bound is refused with one line naming the engine and the container', async () => {
    await expect(inspectContainer(client.docker, name, {maxBytes: 100 * 1024})).rejects.toThrow(
      `engine ${host()}: the inspect result of container ${name} is larger than 102400 bytes, more than berth reads at once; the container carries more labels or environment than berth shows; use docker inspect`,
    );
  });

  test('a container list past the byte or the row bound is refused with one line', async () => {
    await expect(listContainerInfos(client.docker, {}, {maxBytes: 64})).rejects.toThrow(
      new RegExp(
        `^engine ${host().replace(/\./g, '\\.')}: the container list is larger than 64 bytes, more than berth reads at once; remove stopped containers`,
      ),
    );
    await expect(listContainerInfos(client.docker, {}, {maxRows: 0})).rejects.toThrow(
      /the container list has \d+ containers, more than the 0 berth shows/,
    );
  });

  test('a missing container is still a 404 the callers recognise', async () => {
    await expect(inspectContainer(client.docker, `${name}-missing`)).rejects.toMatchObject({statusCode: 404});
  });
});

describe('answers no engine sends on demand (an in-process engine on a unix socket)', () => {
  let dir: string;
  let server: Server;
  let fake: Docker;
  let mode: 'endless' | 'rows' = 'endless';
  let bytesSent = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'berth-fake-engine-'));
    server = createServer((req, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      if (mode === 'rows') {
        res.end(JSON.stringify(Array.from({length: MAX_CONTAINER_ROWS + 1}, (_, i) => ({Id: String(i)}))));
        return;
      }
      // An endless list, sent without a Content-Length, as fast as the reader takes it.
      const row = Buffer.from(`${JSON.stringify({Id: 'x'.repeat(64), Names: ['/y'], Labels: {a: 'b'.repeat(900)}})},`);
      const block = Buffer.concat(Array.from({length: 256}, () => row));
      res.write('[');
      const pump = () => {
        while (!res.destroyed && res.write(block)) bytesSent += block.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.off('drain', pump));
      pump();
    });
    await new Promise<void>(resolve => server.listen(join(dir, 'engine.sock'), resolve));
    // makeDocker, not new Docker(): docker-modem lets the bench's DOCKER_HOST win over socketPath.
    fake = makeDocker(resolveEngineTarget({host: `unix://${join(dir, 'engine.sock')}`}, {}), undefined);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise(resolve => server.close(resolve));
    rmSync(dir, {recursive: true, force: true});
  });

  test(`an endless container list stops at MAX_CONTAINER_LIST_BYTES (${MAX_CONTAINER_LIST_BYTES}) with one line`, async () => {
    mode = 'endless';
    await expect(listContainers(fake)).rejects.toThrow(
      `engine unix://${join(dir, 'engine.sock')}: the container list is larger than 192 MiB, more than berth reads at once; remove stopped containers (docker container prune) or point berth at a smaller engine`,
    );
    // Refused as it streamed: the connection was closed soon after the bound, not read to the end of memory.
    expect(bytesSent).toBeLessThan(MAX_CONTAINER_LIST_BYTES * 2);
  });

  test(`a list of MAX_CONTAINER_ROWS + 1 (${MAX_CONTAINER_ROWS + 1}) rows is refused with one line`, async () => {
    mode = 'rows';
    await expect(listContainers(fake)).rejects.toThrow(
      `the container list has ${MAX_CONTAINER_ROWS + 1} containers, more than the ${MAX_CONTAINER_ROWS} berth shows`,
    );
  });
});
