import {BLOCK, checksumOk, isZero, TarFormatError} from '../tar/header.js';
import {readTar, type EntryData} from '../container-files/tar-reader.js';
import {layerSink} from './entry-pipe.js';
import {normalPath, type LayerFile} from './layer-files.js';

// What `docker save` of one image holds, read as it streams by: every layer tar indexed (its files, not its
// data), the small JSON documents kept (manifest.json, the image config), the rest skipped. The legacy layout
// (ID/layer.tar, ID.json) and the OCI one of engines 25 and later (blobs/sha256/HEX, index.json) both carry a
// manifest.json naming the config and the layers in order; it may come last, so layers are kept by their path.
export type SavedImage = {config: unknown; layers: {path: string; files: LayerFile[]}[]};

const MAX_DOCUMENT = 8 * 1024 * 1024;

export async function readImageArchive(
  source: AsyncIterable<Buffer>,
  onBytes?: (consumed: number) => void,
): Promise<SavedImage> {
  const layers = new Map<string, LayerFile[]>();
  const documents = new Map<string, Buffer>();
  const links = new Map<string, string>();
  await readTar(
    source,
    entry => {
      const path = normalPath(entry.path);
      if (!path) return undefined;
      if (entry.kind === 'symlink' || entry.kind === 'hardlink') {
        links.set(
          path,
          normalPath(entry.kind === 'symlink' ? resolve(path, entry.linkTarget) : entry.linkTarget) ?? '',
        );
        return undefined;
      }
      if (entry.kind !== 'file') return undefined;
      return sniffing(entry.size, {
        layer: files => layers.set(path, files),
        document: bytes => documents.set(path, bytes),
      });
    },
    onBytes,
  );
  const find = <T>(map: Map<string, T>, path: unknown): T | undefined => {
    if (typeof path !== 'string') return undefined;
    const normal = normalPath(path) ?? '';
    return map.get(normal) ?? map.get(links.get(normal) ?? '');
  };
  const manifest = parseJson(documents.get('manifest.json'));
  const first: unknown = Array.isArray(manifest) ? manifest[0] : undefined;
  if (!first || typeof first !== 'object')
    throw new TarFormatError('the archive has no manifest.json (not an image saved by docker save?)');
  const {Config: configPath, Layers: layerPaths} = first as {Config?: unknown; Layers?: unknown};
  const config = parseJson(find(documents, configPath));
  const paths = Array.isArray(layerPaths) ? layerPaths : [];
  return {
    config,
    layers: paths.map(path => {
      const files = find(layers, path);
      if (!files) throw new TarFormatError(`the archive lacks the layer ${String(path)} its manifest names`);
      return {path: String(path), files};
    }),
  };
}

// An entry is a layer when it starts as a tar does (a header with a good checksum, or an empty archive's zero
// block) or as gzip does; otherwise, when small, a document; otherwise skipped.
function sniffing(
  size: number,
  found: {layer: (files: LayerFile[]) => void; document: (bytes: Buffer) => void},
): EntryData {
  const head: Buffer[] = [];
  let headBytes = 0;
  let decided: 'layer' | 'document' | 'skip' | undefined;
  let pipe: ReturnType<typeof layerSink> | undefined;
  const decide = async (): Promise<void> => {
    const start = Buffer.concat(head);
    const header = start.subarray(0, BLOCK);
    const tarLike = header.length === BLOCK && (checksumOk(header) || isZero(header));
    const gzip = start[0] === 0x1f && start[1] === 0x8b;
    if (tarLike || gzip) {
      decided = 'layer';
      pipe = layerSink();
      await pipe.data.write(start);
    } else decided = size <= MAX_DOCUMENT ? 'document' : 'skip';
  };
  return {
    async write(piece) {
      if (decided === 'layer') return pipe?.data.write(piece);
      if (decided === 'skip') return;
      // Kept past this write, so copied: the piece may be a view of a batch the source reuses.
      head.push(Buffer.from(piece));
      headBytes += piece.length;
      if (decided === undefined && (headBytes >= BLOCK || headBytes >= size)) await decide();
    },
    async end() {
      if (decided === undefined) await decide();
      if (decided === 'layer' && pipe) {
        await pipe.data.end();
        found.layer(pipe.done());
      } else if (decided === 'document') found.document(Buffer.concat(head));
    },
  };
}

function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target;
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export function parseJson(bytes: Buffer | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
