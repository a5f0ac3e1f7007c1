import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {lookup, type ImageLayers, type TreeNode} from '../../source/engine/layers/analysis.js';
import {readEngineImage, readRegistryImage} from '../../source/engine/layers/read-image.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {RegistryClient} from '../../source/registry/client.js';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {at} from '../helpers/found.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';

// An image whose layers are known: three RUN layers over busybox, one file rewritten (20 then 40 bytes), one
// deleted (30 bytes), an ENV that makes no layer between them.
const DOCKERFILE = `FROM ${BUSYBOX}
RUN mkdir /data && printf %010d 0 > /data/keep.txt && printf %020d 0 > /data/over.txt && printf %030d 0 > /data/gone.txt
ENV BERTH_TEST=layers
RUN printf %040d 0 > /data/over.txt
RUN rm /data/gone.txt && mkdir /data/sub && printf x > /data/sub/new.txt
`;

const tag = `${uniqueName('berth-layers')}:v1`;
let client: EngineClient;
let registry: RunningRegistry | undefined;

// A layer's entries under data/ (what the RUN lines wrote), as "change kind path size".
function dataFiles(result: ImageLayers, index: number): string[] {
  const layer = at(result.layers, index);
  return layer.files
    .map((file, i) => ({file, change: layer.changes[i]}))
    .filter(({file}) => file.path.startsWith('data/'))
    .map(({file, change}) => `${change} ${file.kind} ${file.path} ${file.size}`)
    .sort();
}

function mergedData(result: ImageLayers): string[] {
  const lines: string[] = [];
  const walk = (node: TreeNode, path: string) => {
    if (node.children) for (const child of node.children.values()) walk(child, `${path}/${child.name}`);
    else lines.push(`${path} ${node.size} layer ${node.layer}`);
  };
  const data = lookup(result.merged, 'data');
  if (data) walk(data, 'data');
  return lines.sort();
}

function checkKnownImage(result: ImageLayers): void {
  expect(result.layers).toHaveLength(4);
  expect(at(result.layers, 1).command).toMatch(/^RUN mkdir \/data/);
  expect(at(result.layers, 2).command).toMatch(/^RUN printf %040d/);
  expect(at(result.layers, 3).command).toMatch(/^RUN rm \/data\/gone.txt/);
  expect(dataFiles(result, 1)).toEqual([
    'added file data/gone.txt 30',
    'added file data/keep.txt 10',
    'added file data/over.txt 20',
  ]);
  expect(dataFiles(result, 2)).toEqual(['modified file data/over.txt 40']);
  expect(dataFiles(result, 3)).toEqual([
    'added directory data/sub 0',
    'added file data/sub/new.txt 1',
    'deleted deleted data/gone.txt 0',
  ]);
  expect(mergedData(result)).toEqual([
    'data/keep.txt 10 layer 1',
    'data/over.txt 40 layer 2',
    'data/sub/new.txt 1 layer 3',
  ]);
  // dive: over.txt counts 20 + 40, gone.txt 30 (its whiteout 0); busybox's one layer adds nothing twice.
  expect(result.wasted).toBe(90);
  const base = at(result.layers, 0).size;
  expect(result.efficiency).toBeCloseTo((base + 10 + 20 + 0 + 1) / (base + 10 + 20 + 30 + 40 + 1), 9);
  expect(result.waste.map(w => `${w.path} ${w.count} ${w.size}`)).toEqual(['data/over.txt 2 60', 'data/gone.txt 2 30']);
}

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  docker(['build', '--network', 'none', '-q', '-t', tag, '-'], DOCKERFILE);
}, 120_000);

afterAll(async () => {
  try {
    docker(['rmi', '-f', tag]);
  } catch {
    // Not built.
  }
  client?.close();
  await registry?.stop();
});

describe('layers of an image', {timeout: 120_000}, () => {
  it('reads a local image from the engine export stream: per-layer changes, merged tree, dive waste', async () => {
    const progress: number[] = [];
    const result = await readEngineImage(client.docker, tag, {
      signal: new AbortController().signal,
      onProgress: p => progress.push(p.bytes),
    });
    checkKnownImage(result);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('stops at cancel', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readEngineImage(client.docker, tag, {signal: controller.signal})).rejects.toThrow();
  });

  it.runIf(shouldRunRegistryTests())('reads the same image from a registry without pulling it', async () => {
    registry = await startRegistry();
    const remote = `${registry.host}/layers/known:v1`;
    docker(['tag', tag, remote]);
    try {
      docker(['push', '-q', remote]);
    } finally {
      docker(['rmi', remote]);
    }
    // A pull would put the registry's reference on the engine; other tests add and remove their own images meanwhile,
    // so only this reference is compared.
    const pulled = () => docker(['image', 'ls', '-q', '--no-trunc', remote]).trim();
    expect(pulled()).toBe('');
    const reader = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    try {
      const progress: number[] = [];
      const result = await readRegistryImage(reader, 'layers/known', 'v1', {
        signal: new AbortController().signal,
        onProgress: p => progress.push(p.bytes),
      });
      checkKnownImage(result);
      expect(progress.at(-1)).toBeGreaterThan(0);
    } finally {
      await reader.close();
    }
    expect(pulled()).toBe('');
  });
});
