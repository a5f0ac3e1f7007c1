import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {engineGet} from '../archives/engine-stream.js';
import {bodyChunks} from '../archives/archive-body.js';
import {isAttestation, type Descriptor, type ImageManifest} from '../../registry/manifest.js';
import type {RegistryClient} from '../../registry/client.js';
import {analyseLayers, type ImageLayers} from './analysis.js';
import {layerSink} from './entry-pipe.js';
import {layerCommands} from './history.js';
import {parseJson, readImageArchive} from './image-archive.js';

// Reading an image's layers without keeping them: from the engine's export stream (`docker save` of one image)
// or from a registry's blobs (nothing pulled into the engine). Only the file index stays in memory.

export type LayersProgress = {bytes: number; total?: number};

export type ReadOptions = {signal: AbortSignal; onProgress?: (progress: LayersProgress) => void; total?: number};

const MAX_CONFIG = 8 * 1024 * 1024;

export async function readEngineImage(docker: Docker, image: string, options: ReadOptions): Promise<ImageLayers> {
  // Off the socket into reused batches, as `berth save` reads (engine-stream.ts engineGet): through Node's HTTP client
  // the same gigabyte cost ~1 s more CPU, and a fresh buffer per chunk made the collector run for the buffers.
  const response = await engineGet(docker, {
    path: `/images/${encodeURIComponent(image)}/get`,
    signal: options.signal,
    refused: (status, message) =>
      new BerthError(status === 404 ? `no such image: ${safeText(image)}` : `image ${safeText(image)}: ${message}`),
  });
  const saved = await readImageArchive(bodyChunks(response), bytes =>
    options.onProgress?.({bytes, total: options.total}),
  );
  const commands = layerCommands(saved.config, saved.layers.length);
  return analyseLayers(
    saved.layers.map((layer, i) => ({id: layerId(layer.path), command: commands[i] ?? '', files: layer.files})),
  );
}

// blobs/sha256/HEX or ID/layer.tar → a short id.
function layerId(path: string): string {
  const parts = path.split('/');
  const id = parts.at(-1) === 'layer.tar' ? parts.at(-2) : parts.at(-1);
  return (id ?? path).slice(0, 12);
}

// The platform of an index that matches this machine, else the first runnable one.
function pick(manifests: readonly Descriptor[]): Descriptor | undefined {
  const arch = {x64: 'amd64', arm64: 'arm64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x'}[process.arch as string];
  const runnable = manifests.filter(entry => !isAttestation(entry));
  return runnable.find(entry => entry.platform?.os === 'linux' && entry.platform.architecture === arch) ?? runnable[0];
}

export async function readRegistryImage(
  client: RegistryClient,
  repository: string,
  reference: string,
  options: ReadOptions,
): Promise<ImageLayers> {
  let fetched = await client.manifest(repository, reference, options.signal);
  if (fetched.manifest.kind === 'index') {
    const chosen = pick(fetched.manifest.manifests);
    if (!chosen) throw new BerthError(`${safeText(repository)}:${safeText(reference)} lists no image to read`);
    fetched = await client.manifest(repository, chosen.digest, options.signal);
  }
  if (fetched.manifest.kind !== 'image')
    throw new BerthError(`${safeText(repository)}:${safeText(reference)}: an index inside an index`);
  const manifest: ImageManifest = fetched.manifest;
  const config = parseJson(await client.blob(repository, manifest.config.digest, options.signal, MAX_CONFIG));
  const total = manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
  const commands = layerCommands(config, manifest.layers.length);
  let before = 0;
  const inputs = [];
  for (const [i, layer] of manifest.layers.entries()) {
    if (/zstd/.test(layer.mediaType ?? ''))
      throw new BerthError(`layer ${safeText(layer.digest)} is zstd-compressed, which this Node cannot read`);
    const blob = await client.blob(repository, layer.digest, options.signal);
    let bytes = before;
    const pipe = layerSink();
    for await (const chunk of blob) {
      bytes += chunk.length;
      options.onProgress?.({bytes, total});
      await pipe.data.write(chunk);
    }
    await pipe.data.end();
    inputs.push({
      id: layer.digest.replace(/^sha256:/, '').slice(0, 12),
      command: commands[i] ?? '',
      files: pipe.done(),
    });
    before += layer.size;
  }
  return analyseLayers(inputs);
}
