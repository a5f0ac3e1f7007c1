import {Transform} from 'node:stream';
import {pullScope, pushScope} from './auth.js';
import {RegistryError, problem} from './errors.js';
import {headerValue} from './transport.js';
import type {Descriptor} from './manifest.js';
import type {RegistryClient} from './client.js';

// One end of a copy: a registry (its client, with its own trust and credentials) and a repository on it.
export interface CopyEnd {
  client: RegistryClient;
  repository: string;
}

export type BlobOutcome = 'skipped' | 'mounted' | 'copied';

export function sameRegistry(a: CopyEnd, b: CopyEnd): boolean {
  return a.client === b.client || a.client.registry.origin === b.client.registry.origin;
}

// Whether the destination already holds the blob (then nothing moves).
async function hasBlob(to: CopyEnd, digest: string, signal?: AbortSignal): Promise<boolean> {
  const subject = {
    what: `check blob ${digest} in ${to.repository}`,
    repository: to.repository,
    access: 'push' as const,
  };
  const response = await to.client.request('HEAD', to.client.url(`/v2/${to.repository}/blobs/${digest}`), {
    scopes: [pushScope(to.repository)],
    subject,
    signal,
  });
  if (response.status === 200) return true;
  if (response.status === 404) return false;
  throw to.client.fail(response, subject);
}

// POST an upload: with `mount` on one registry the blob is linked from the other repository (201, nothing moves);
// 202 is an upload session to PUT the bytes into (a registry that cannot mount answers so too).
async function startUpload(
  from: CopyEnd,
  to: CopyEnd,
  digest: string,
  mount: boolean,
  signal?: AbortSignal,
): Promise<{mounted: true} | {mounted: false; location: URL}> {
  const url = to.client.url(`/v2/${to.repository}/blobs/uploads/`);
  if (mount) {
    url.searchParams.set('mount', digest);
    url.searchParams.set('from', from.repository);
  }
  const subject = {what: `start an upload to ${to.repository}`, repository: to.repository, access: 'push' as const};
  const response = await to.client.request('POST', url, {
    scopes: mount ? [pushScope(to.repository), pullScope(from.repository)] : [pushScope(to.repository)],
    subject,
    signal,
  });
  if (mount && response.status === 201) return {mounted: true};
  if (response.status !== 202) throw to.client.fail(response, subject);
  const location = headerValue(response, 'location');
  const host = to.client.registry.host;
  const target = location ? new URL(location, response.url) : undefined;
  // The PUT carries the destination's credentials: they go nowhere but the registry itself.
  if (!target || target.origin !== to.client.registry.origin) {
    throw new RegistryError(
      'protocol',
      problem(
        `registry ${host}`,
        location
          ? `sent an upload location on another host (${target?.origin ?? location})`
          : 'sent no upload location',
        'berth uploads only to the registry itself; check a proxy in front of it.',
      ),
      {host},
    );
  }
  return {mounted: false, location: target};
}

// The blob's bytes straight from one registry into the other's upload, counted on the way (onBytes): one
// monolithic PUT whose body is the GET's body, never held in memory or written to disk.
async function streamBlob(
  from: CopyEnd,
  to: CopyEnd,
  blob: Descriptor,
  location: URL,
  onBytes: (count: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const readSubject = {what: `read blob ${blob.digest} of ${from.repository}`, repository: from.repository};
  const source = await from.client.open('GET', from.client.url(`/v2/${from.repository}/blobs/${blob.digest}`), {
    scopes: [pullScope(from.repository)],
    subject: readSubject,
    signal,
  });
  if (source.status !== 200) throw await from.client.failStream(source, readSubject);
  const length = headerValue(source, 'content-length') ?? String(blob.size);
  const counted = source.body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        onBytes(chunk.length);
        done(null, chunk);
      },
    }),
  );
  source.body.on('error', error => counted.destroy(error));
  location.searchParams.set('digest', blob.digest);
  const subject = {
    what: `upload blob ${blob.digest} to ${to.repository}`,
    repository: to.repository,
    access: 'push' as const,
  };
  try {
    const response = await to.client.open('PUT', location, {
      scopes: [pushScope(to.repository)],
      subject,
      headers: {'content-type': 'application/octet-stream', 'content-length': length},
      body: counted,
      signal,
    });
    if (response.status !== 201) throw await to.client.failStream(response, subject);
    response.body.resume();
  } catch (error) {
    source.body.destroy();
    throw error;
  }
}

// One blob into `to`: skipped when it is there, mounted within one registry, else streamed across.
export async function copyBlob(
  from: CopyEnd,
  to: CopyEnd,
  blob: Descriptor,
  onBytes: (count: number) => void,
  signal?: AbortSignal,
): Promise<BlobOutcome> {
  if (await hasBlob(to, blob.digest, signal)) return 'skipped';
  const upload = await startUpload(from, to, blob.digest, sameRegistry(from, to), signal);
  if (upload.mounted) return 'mounted';
  await streamBlob(from, to, blob, upload.location, onBytes, signal);
  return 'copied';
}
