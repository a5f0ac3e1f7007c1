import {spawnSync} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {planPrune, type PrunePreview} from '../../source/engine/images/prune-plan.js';
import {runPrune} from '../../source/engine/images/prune-run.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {startPrivateEngine, type PrivateEngine} from '../helpers/private-engine.js';
import {BUSYBOX} from '../helpers/bench.js';
import {buildImage} from '../helpers/images.js';

// Prunes are global: they run on a dockerd of this file's own, never on the shared bench engine.
let engine: PrivateEngine;
let client: EngineClient;
// Built in beforeAll.
const ids = {dangling: '', app: '', unused: '', stopped: '', running: ''};

const lines = (text: string) => text.trim().split('\n').filter(Boolean).sort();
const imageIds = () => lines(engine.docker(['images', '-a', '-q', '--no-trunc']));
const imageTags = () =>
  lines(engine.docker(['images', '--format', '{{.Repository}}:{{.Tag}}'])).filter(tag => tag !== '<none>:<none>');
const volumeNames = () => lines(engine.docker(['volume', 'ls', '-q']));
const containerNames = () => lines(engine.docker(['ps', '-a', '--format', '{{.Names}}']));
const networkNames = () => lines(engine.docker(['network', 'ls', '--format', '{{.Name}}']));
const removedBetween = (before: string[], after: string[]) => before.filter(item => !after.includes(item)).sort();

function berth(args: string[]) {
  const result = spawnSync('node', ['bin/berth.js', '--host', engine.host, ...args], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME},
    timeout: 30_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

beforeAll(async () => {
  engine = await startPrivateEngine();
  engine.loadBusybox();
  const run = (args: string[], input?: string) => engine.docker(args, input);
  ids.dangling = buildImage(run, 'app:latest', 'first');
  ids.app = buildImage(run, 'app:latest', 'second');
  ids.unused = buildImage(run, 'unused:1', 'unused');
  ids.stopped = buildImage(run, 'stopped:1', 'stopped');
  ids.running = buildImage(run, 'running:1', 'running');
  engine.docker(['tag', 'running:1', 'running:extra']);
  engine.docker(['network', 'create', 'net-unused']);
  engine.docker(['volume', 'create', 'vol-named']);
  engine.docker(['volume', 'create', 'vol-used']);
  engine.docker(['create', '--name', 'stopped', '--network', 'none', '-v', 'vol-used:/data', 'stopped:1', 'true']);
  engine.docker(['run', '-d', '--name', 'running', '--network', 'none', 'running:1', 'sleep', '600']);
  // An anonymous volume left behind by a container removed without -v.
  engine.docker(['create', '--name', 'anon-maker', '--network', 'none', '-v', '/anon', BUSYBOX, 'true']);
  engine.docker(['rm', 'anon-maker']);
  client = await connectEngine(resolveEngineTarget({host: engine.host}, {}));
}, 120_000);

afterAll(async () => {
  client?.close();
  await engine?.stop();
});

const previewIds = (preview: PrunePreview) => preview.images.map(image => image.id).sort();

describe('prune previews list exactly what the prune removes (private engine, API 1.41)', () => {
  test('without a terminal and without --yes, berth prune only previews', () => {
    const before = imageIds();
    const result = berth(['prune', 'images']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/prune images \(dangling\) would remove:\nimages \(\d+\):\n/);
    expect(result.stdout).toContain(ids.dangling.slice(7, 19));
    expect(result.stderr).toMatch(/preview only .*--yes/);
    expect(imageIds()).toEqual(before);
    expect(berth(['prune', '--dry-run', '--yes', '--all']).code).toBe(0);
    expect(imageIds()).toEqual(before);
  });

  test('prune images: the dangling image and its own intermediate layers, nothing tagged', async () => {
    const before = imageIds();
    const preview = await planPrune(client.docker, client.api, {kind: 'images', all: false});
    expect(previewIds(preview)).toContain(ids.dangling);
    expect(preview.images.every(image => image.names.length === 0)).toBe(true);
    const result = await runPrune(client.docker, preview);
    expect(removedBetween(before, imageIds())).toEqual(previewIds(preview));
    // The engine's Deleted lines name the images and the layers that went with them.
    expect(result.images.filter(line => line.kind === 'Deleted').map(line => line.value)).toEqual(
      expect.arrayContaining(previewIds(preview)),
    );
    expect(result.notRemoved).toEqual([]);
    expect(result.spaceReclaimed).toBeGreaterThan(0);
  });

  test('prune volumes on API 1.41: named and anonymous unused volumes go (the engine has no "all"), used ones stay', async () => {
    const before = volumeNames();
    const anonymous = before.find(name => /^[0-9a-f]{64}$/.test(name))!;
    expect(anonymous).toBeDefined();
    const preview = await planPrune(client.docker, client.api, {kind: 'volumes', all: false});
    expect(preview.volumes.map(volume => volume.name).sort()).toEqual([anonymous, 'vol-named'].sort());
    expect(preview.kept.join('\n')).toMatch(/volumes used by containers stay: vol-used/);
    expect(preview.kept.join('\n')).toMatch(/API 1\.41, where a volume prune removes named volumes too/);
    const result = await runPrune(client.docker, preview);
    expect(removedBetween(before, volumeNames())).toEqual(preview.volumes.map(volume => volume.name).sort());
    expect(result.volumes.sort()).toEqual(preview.volumes.map(volume => volume.name).sort());
  });

  test('prune images --all: every image no container uses; tags come off images that stay, as the engine does it', async () => {
    const before = {images: imageIds(), tags: imageTags()};
    const preview = await planPrune(client.docker, client.api, {kind: 'images', all: true});
    expect(previewIds(preview)).toEqual(expect.arrayContaining([ids.app, ids.unused]));
    expect(previewIds(preview)).not.toContain(ids.running);
    expect(previewIds(preview)).not.toContain(ids.stopped);
    expect(preview.kept.join('\n')).toMatch(/images in use by containers stay: .*stopped:1 \(stopped\)/);
    // The running container's image keeps its last tag; the base image the used ones are built on loses its tag.
    expect(preview.untagOnly.map(item => item.names.join(','))).toEqual(expect.arrayContaining(['running:1', BUSYBOX]));

    const result = await runPrune(client.docker, preview);
    const after = {images: imageIds(), tags: imageTags()};
    expect(removedBetween(before.images, after.images)).toEqual(previewIds(preview));
    const untagged = preview.untagOnly.flatMap(item => item.names);
    const tagsOfRemoved = preview.images.flatMap(image => image.names);
    expect(removedBetween(before.tags, after.tags)).toEqual([...untagged, ...tagsOfRemoved].sort());
    expect(after.tags).toEqual(['running:extra', 'stopped:1']);
    expect(result.notRemoved).toEqual([]);
  });

  test('berth prune --volumes --yes (system): stopped containers, unused networks, then-unused volumes, as previewed', async () => {
    const before = {images: imageIds(), volumes: volumeNames(), containers: containerNames(), networks: networkNames()};
    const preview = await planPrune(client.docker, client.api, {kind: 'system', all: false, volumes: true});
    expect(preview.containers.map(c => c.name)).toEqual(['stopped']);
    expect(preview.networks.map(n => n.name)).toEqual(['net-unused']);
    expect(preview.volumes.map(v => v.name)).toEqual(['vol-used']);
    // stopped:1 is unused once its container goes, but tagged: only --all removes it.
    expect(previewIds(preview)).not.toContain(ids.stopped);

    const run = berth(['prune', '--volumes', '--yes']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/system prune --volumes would remove:\nstopped containers \(1\):\n {2}stopped /);
    expect(run.stdout).toMatch(/Deleted Containers:\n[0-9a-f]{64}\n/);
    expect(run.stdout).toMatch(/Total reclaimed space: /);
    const after = {images: imageIds(), volumes: volumeNames(), containers: containerNames(), networks: networkNames()};
    expect(removedBetween(before.containers, after.containers)).toEqual(['stopped']);
    expect(removedBetween(before.networks, after.networks)).toEqual(['net-unused']);
    expect(removedBetween(before.volumes, after.volumes)).toEqual(['vol-used']);
    expect(removedBetween(before.images, after.images)).toEqual(previewIds(preview));
    expect(after.images).toContain(ids.stopped);
  });
});
