import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {createContainer} from '../../source/engine/images/create.js';
import {imageHistory} from '../../source/engine/images/history.js';
import {listImages, type ImageRow} from '../../source/engine/images/list.js';
import {removeImage} from '../../source/engine/images/remove.js';
import {humanSize} from '../../source/engine/images/units.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {buildImage, oracleRows} from '../helpers/images.js';
import {adjacentPairs, at} from '../helpers/found.js';

let client: EngineClient;
const repo = uniqueName('berth-images');
const containers: string[] = [];
let danglingId = '';
let currentId = '';

const rowText = (row: ImageRow) => `${row.shortId} ${row.repository}:${row.tag} ${humanSize(row.size)}`;
const FORMAT = '{{.ID}} {{.Repository}}:{{.Tag}} {{.Size}}';

// Other test files add and remove images on the shared engine meanwhile: compare when the oracle is the same
// before and after berth's answer.
async function steadyCompare(args: string[], berth: () => Promise<ImageRow[]>): Promise<void> {
  let last: Error | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = oracleRows(docker(['images', ...args, '--format', FORMAT]));
    const rows = await berth();
    const after = oracleRows(docker(['images', ...args, '--format', FORMAT]));
    if (JSON.stringify(before) !== JSON.stringify(after)) continue;
    try {
      expect(rows.map(rowText).sort()).toEqual(before);
      // Newest first.
      for (const [newer, older] of adjacentPairs(rows)) expect(newer.created).toBeGreaterThanOrEqual(older.created);
      return;
    } catch (error) {
      last = error instanceof Error ? error : new Error(String(error));
    }
  }
  throw last ?? new Error("the engine's image list kept changing; could not compare");
}

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  danglingId = buildImage(docker, `${repo}:v1`, 'first');
  currentId = buildImage(docker, `${repo}:v1`, 'second');
  docker(['tag', `${repo}:v1`, `${repo}:also`]);
});

afterAll(() => {
  for (const name of containers) docker(['rm', '-f', name]);
  for (const ref of [`${repo}:v1`, `${repo}:also`, `${repo}:used`, danglingId, currentId]) {
    try {
      docker(['rmi', '-f', ref]);
    } catch {
      // Already gone (a test removed it).
    }
  }
  client?.close();
});

describe('the image list, with docker images as the oracle', () => {
  test('one row per tag, <none>:<none> for untagged, newest first, sizes as the CLI prints them', async () => {
    await steadyCompare([], () => listImages(client.docker, client.api));
    const rows = await listImages(client.docker, client.api);
    const mine = rows.filter(row => row.id === currentId);
    expect(mine.map(row => row.reference).sort()).toEqual([`${repo}:also`, `${repo}:v1`]);
    // A dangling image is listed without --all too, as docker images does.
    expect(rows.filter(row => row.id === danglingId).map(row => row.reference)).toEqual([danglingId.slice(7, 19)]);
    expect(rows.find(row => row.id === danglingId)).toMatchObject({repository: '<none>', tag: '<none>'});
  });

  test('--all shows intermediate images too', async () => {
    await steadyCompare(['--all'], () => listImages(client.docker, client.api, {all: true}));
  });

  test("--dangling shows the rebuilt tag's old image, as <none>:<none>, and no tagged image", async () => {
    await steadyCompare(['--filter', 'dangling=true'], () => listImages(client.docker, client.api, {dangling: true}));
    const rows = await listImages(client.docker, client.api, {dangling: true});
    const old = rows.find(row => row.id === danglingId);
    expect(old).toMatchObject({repository: '<none>', tag: '<none>', shortId: danglingId.slice(7, 19)});
    expect(rows.every(row => row.tag === '<none>')).toBe(true);
  });

  test('containers using an image are counted, and shared size is known', async () => {
    const name = uniqueName('berth-images-user');
    containers.push(name);
    docker(['create', '--network', 'none', '--name', name, `${repo}:v1`, 'true']);
    const rows = await listImages(client.docker, client.api, {sharedSize: true});
    const row = rows.find(r => r.id === currentId)!;
    expect(row.containers).toBe(1);
    // The busybox layers are shared with the base image.
    expect(row.sharedSize).toBeGreaterThan(0);
  });
});

describe('history, with docker history as the oracle', () => {
  test('created-by, size and comment of every layer', async () => {
    const rows = await imageHistory(client.docker, `${repo}:v1`);
    const oracle = docker([
      'history',
      '--no-trunc',
      '--human=false',
      '--format',
      '{{.CreatedBy}}\t{{.Size}}\t{{.Comment}}',
      `${repo}:v1`,
    ])
      .trimEnd()
      .split('\n');
    expect(rows.map(row => `${row.createdBy}\t${row.size}\t${row.comment}`)).toEqual(oracle);
    expect(at(rows, 0).createdBy).toMatch(/LABEL berth.test=images/);
    expect(at(rows, 1).createdBy).toMatch(/echo "second" > \/content/);
    await expect(imageHistory(client.docker, 'berth-no-such-image:1')).rejects.toThrow(
      /image berth-no-such-image:1: No such image/,
    );
  });
});

describe('remove', () => {
  test('an image a stopped container uses: the refusal names the container and says force works; force removes it', async () => {
    const id = buildImage(docker, `${repo}:used`, 'used');
    const name = uniqueName('berth-images-stopped');
    containers.push(name);
    docker(['create', '--network', 'none', '--name', name, `${repo}:used`, 'true']);
    const refused = await removeImage(client.docker, `${repo}:used`);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.conflict).toMatchObject({forceable: true});
    expect(refused.conflict!.containers).toEqual([`${name} (created)`]);
    expect(refused.conflict!.reason).toMatch(/a stopped container uses it/);
    expect(docker(['images', '-q', `${repo}:used`]).trim()).toBe(id.slice(7, 19));

    const forced = await removeImage(client.docker, `${repo}:used`, {force: true});
    expect(forced).toMatchObject({ok: true});
    if (!forced.ok) return;
    expect(forced.lines).toContainEqual({kind: 'Untagged', value: `${repo}:used`});
    expect(docker(['images', '-q', `${repo}:used`]).trim()).toBe('');
  });

  test('an image with several tags named by ID, a parent image, a missing image', async () => {
    const byId = await removeImage(client.docker, currentId.slice(7, 19));
    expect(byId.ok).toBe(false);
    if (!byId.ok)
      expect(byId.conflict).toMatchObject({forceable: true, reason: expect.stringMatching(/several tags/) as string});

    const parent = JSON.parse(docker(['inspect', currentId, '--format', '{{json .Parent}}'])) as string;
    const parentResult = await removeImage(client.docker, parent);
    expect(parentResult.ok).toBe(false);
    if (!parentResult.ok)
      expect(parentResult.conflict).toMatchObject({
        forceable: false,
        reason: expect.stringMatching(/child images/) as string,
      });

    const missing = await removeImage(client.docker, 'berth-no-such-image:1');
    expect(missing).toMatchObject({
      ok: false,
      missing: true,
      message: expect.stringMatching(/no such image berth-no-such-image:1/) as string,
    });
  });

  test('removing one of two tags untags only', async () => {
    const result = await removeImage(client.docker, `${repo}:also`);
    expect(result).toEqual({reference: `${repo}:also`, ok: true, lines: [{kind: 'Untagged', value: `${repo}:also`}]});
    expect(docker(['images', '-q', `${repo}:v1`]).trim()).toBe(currentId.slice(7, 19));
  });
});

describe('create without starting', () => {
  test('the container exists as Created with the name, command, env and tty asked for', async () => {
    const name = uniqueName('berth-images-created');
    containers.push(name);
    const {id} = await createContainer(client.docker, {
      name,
      image: `${repo}:v1`,
      cmd: ['sh', '-c', 'echo hi'],
      env: ['A=1', 'B=x=y'],
      tty: true,
    });
    const info = at(
      JSON.parse(docker(['inspect', name])) as {
        Id: string;
        State: {Status: string};
        Config: {Cmd: string[]; Env: string[]; Tty: boolean};
      }[],
      0,
    );
    expect(info.Id).toBe(id);
    expect(info.State.Status).toBe('created');
    expect(info.Config.Cmd).toEqual(['sh', '-c', 'echo hi']);
    expect(info.Config.Env).toEqual(expect.arrayContaining(['A=1', 'B=x=y']));
    expect(info.Config.Tty).toBe(true);
    await expect(createContainer(client.docker, {name, image: `${repo}:v1`})).rejects.toThrow(/already in use/);
    await expect(createContainer(client.docker, {name: 'bad name', image: `${repo}:v1`})).rejects.toThrow(/not valid/);
    await expect(createContainer(client.docker, {image: 'berth-no-such-image:1'})).rejects.toThrow(
      /not found in the engine/,
    );
  });
});
