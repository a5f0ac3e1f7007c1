import {copyBlob, sameRegistry, type BlobOutcome, type CopyEnd} from './blob-copy.js';
import {RegistryError, problem} from './errors.js';
import {parseManifest, type Descriptor} from './manifest.js';
import {getRawManifest, manifestDigest, putManifest, type RawManifest} from './manifest-writes.js';

export type {CopyEnd} from './blob-copy.js';

export interface CopyProgress {
  // Blobs met so far (an index's grow as each platform is read), and how each went.
  blobs: number;
  copied: number;
  mounted: number;
  skipped: number;
  // Bytes streamed so far, of the blobs that must move.
  bytes: number;
  totalBytes: number;
  manifests: number;
}

export interface CopyResult extends CopyProgress {
  digest: string;
  mediaType: string;
  // 'mount' within one registry (nothing moves), 'stream' across two.
  how: 'mount' | 'stream';
}

// Blobs copied at once: each holds one connection on both registries (their pools keep four).
const BLOB_CONCURRENCY = 3;

// Copies `from`'s tag to `to` under `toTag`: the manifest's exact bytes (same digest), an index whole with every
// platform's manifest (attestations too), each blob skipped when there, mounted within one registry, else
// streamed registry to registry.
export async function copyImage(
  from: CopyEnd & {reference: string},
  to: CopyEnd & {tag: string},
  onProgress: (progress: CopyProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<CopyResult> {
  const progress: CopyProgress = {blobs: 0, copied: 0, mounted: 0, skipped: 0, bytes: 0, totalBytes: 0, manifests: 0};
  const report = () => onProgress({...progress});
  const copyOne = async (reference: string, toReference: string): Promise<RawManifest> => {
    const raw = await getRawManifest(from.client, from.repository, reference, signal);
    const manifest = parseManifest(raw.body.toString('utf8'), raw.mediaType);
    if (!manifest) {
      const host = from.client.registry.host;
      throw new RegistryError(
        'protocol',
        problem(
          `registry ${host}`,
          `${from.repository}@${raw.digest} is a manifest berth cannot copy (${raw.mediaType})`,
          'Only OCI and Docker v2 images and indexes are copied.',
        ),
        {host},
      );
    }
    if (manifest.kind === 'index') {
      for (const child of manifest.manifests) {
        if (!(await present(to, child.digest, signal))) await copyOne(child.digest, child.digest);
      }
    } else {
      const blobs = [manifest.config, ...manifest.layers];
      if (!(await present(to, raw.digest, signal))) await copyBlobs(blobs);
      else {
        // The manifest is there, so its blobs are (the registry checked them when it was put): nothing to ask.
        progress.blobs += blobs.length;
        progress.skipped += blobs.length;
      }
    }
    await putManifest(to.client, to.repository, toReference, raw, signal);
    progress.manifests += 1;
    report();
    return raw;
  };
  const copyBlobs = async (blobs: Descriptor[]) => {
    progress.blobs += blobs.length;
    progress.totalBytes += blobs.reduce((sum, blob) => sum + blob.size, 0);
    report();
    const queue = [...blobs];
    const worker = async () => {
      for (let blob = queue.shift(); blob; blob = queue.shift()) {
        let streamed = 0;
        const outcome: BlobOutcome = await copyBlob(
          from,
          to,
          blob,
          count => {
            streamed += count;
            progress.bytes += count;
            report();
          },
          signal,
        );
        progress[outcome] += 1;
        // What did not move does not count towards the bytes still to come.
        if (outcome !== 'copied') progress.totalBytes -= blob.size - streamed;
        report();
      }
    };
    await Promise.all(Array.from({length: Math.min(BLOB_CONCURRENCY, blobs.length)}, worker));
  };
  const raw = await copyOne(from.reference, to.tag);
  return {...progress, digest: raw.digest, mediaType: raw.mediaType, how: sameRegistry(from, to) ? 'mount' : 'stream'};
}

// Whether the destination already has this manifest (an index's platform copied before): then its blobs are too.
async function present(to: CopyEnd, digest: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return (await manifestDigest(to.client, to.repository, digest, signal)) === digest;
  } catch (error) {
    if (error instanceof RegistryError && error.kind === 'not-found') return false;
    throw error;
  }
}

// Retag: the same manifest bytes under another tag of the same repository; no blob moves.
export async function retag(
  end: CopyEnd,
  tag: string,
  newTag: string,
  signal?: AbortSignal,
): Promise<{digest: string; mediaType: string}> {
  const raw = await getRawManifest(end.client, end.repository, tag, signal);
  await putManifest(end.client, end.repository, newTag, raw, signal);
  return {digest: raw.digest, mediaType: raw.mediaType};
}
