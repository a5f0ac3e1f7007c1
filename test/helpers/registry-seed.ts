import {createHash} from 'node:crypto';
import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Agent, request} from 'undici';

// Seeds real registries: images and indexes pushed through the HTTP API, then bulk copies made
// straight in storage (a repository is a directory with _manifests/_layers links; a tag is
// _manifests/tags/<tag>/current/link holding the manifest digest).

export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
export const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';

export interface PushTarget {
  url: string;
  ca: string; // PEM text
  authorization?: string;
  cert?: string;
  key?: string;
}

export interface PushedImage {
  digest: string;
  size: number; // manifest bytes
  configSize: number;
  layerSize: number;
}

export function digestOf(body: Buffer | string): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export class Pusher {
  private readonly agent: Agent;
  constructor(private readonly target: PushTarget) {
    this.agent = new Agent({connect: {ca: target.ca, cert: target.cert, key: target.key}});
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.target.authorization ? {authorization: this.target.authorization, ...extra} : extra;
  }

  async blob(repository: string, body: Buffer | string): Promise<string> {
    const digest = digestOf(body);
    const start = await request(`${this.target.url}/v2/${repository}/blobs/uploads/`, {
      method: 'POST',
      headers: this.headers(),
      dispatcher: this.agent,
    });
    await start.body.dump();
    if (start.statusCode !== 202) throw new Error(`upload start for ${repository}: HTTP ${start.statusCode}`);
    const location = new URL(String(start.headers.location), this.target.url);
    location.searchParams.set('digest', digest);
    const put = await request(location, {
      method: 'PUT',
      body,
      headers: this.headers({'content-type': 'application/octet-stream'}),
      dispatcher: this.agent,
    });
    const text = await put.body.text();
    if (put.statusCode !== 201) throw new Error(`blob upload for ${repository}: HTTP ${put.statusCode} ${text}`);
    return digest;
  }

  async manifest(repository: string, reference: string, body: string, mediaType: string): Promise<string> {
    const put = await request(`${this.target.url}/v2/${repository}/manifests/${reference}`, {
      method: 'PUT',
      body,
      headers: this.headers({'content-type': mediaType}),
      dispatcher: this.agent,
    });
    const text = await put.body.text();
    if (put.statusCode !== 201)
      throw new Error(`manifest put ${repository}:${reference}: HTTP ${put.statusCode} ${text}`);
    return digestOf(body);
  }

  // A tiny single-platform OCI image: a JSON config with `created` and one small layer. Without a tag it is pushed
  // by digest only, as buildx pushes an index's platforms.
  async image(
    repository: string,
    tag: string | undefined,
    options: {os?: string; architecture?: string; variant?: string; created?: string; layer?: string} = {},
  ): Promise<PushedImage> {
    const config = JSON.stringify({
      architecture: options.architecture ?? 'amd64',
      os: options.os ?? 'linux',
      ...(options.variant ? {variant: options.variant} : {}),
      created: options.created ?? '2024-05-01T10:00:00Z',
      rootfs: {type: 'layers', diff_ids: []},
    });
    const layer = Buffer.from(
      options.layer ?? `layer of ${repository}:${tag ?? 'untagged'} ${options.architecture ?? 'amd64'}`,
    );
    const configDigest = await this.blob(repository, config);
    const layerDigest = await this.blob(repository, layer);
    const manifest = JSON.stringify({
      schemaVersion: 2,
      mediaType: OCI_MANIFEST,
      config: {
        mediaType: 'application/vnd.oci.image.config.v1+json',
        digest: configDigest,
        size: Buffer.byteLength(config),
      },
      layers: [{mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: layerDigest, size: layer.length}],
    });
    const digest = await this.manifest(repository, tag ?? digestOf(manifest), manifest, OCI_MANIFEST);
    return {digest, size: Buffer.byteLength(manifest), configSize: Buffer.byteLength(config), layerSize: layer.length};
  }

  // An OCI index of images pushed before (by digest), each listed under its platform, with annotations where
  // buildx writes them (an attestation's).
  async index(
    repository: string,
    reference: string,
    manifests: {image: PushedImage; platform: Record<string, string>; annotations?: Record<string, string>}[],
  ): Promise<{digest: string; size: number}> {
    const body = JSON.stringify({
      schemaVersion: 2,
      mediaType: OCI_INDEX,
      manifests: manifests.map(({image, platform, annotations}) => ({
        mediaType: OCI_MANIFEST,
        digest: image.digest,
        size: image.size,
        platform,
        ...(annotations ? {annotations} : {}),
      })),
    });
    return {digest: await this.manifest(repository, reference, body, OCI_INDEX), size: Buffer.byteLength(body)};
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export function repositoryDir(repositoriesRoot: string, name: string): string {
  return join(repositoriesRoot, ...name.split('/'));
}

// Copies one pushed repository under many names; the catalog walks storage, so they all appear.
export function cloneRepository(repositoriesRoot: string, from: string, names: string[]): void {
  const source = repositoryDir(repositoriesRoot, from);
  for (const name of names) cpSync(source, repositoryDir(repositoriesRoot, name), {recursive: true});
}

// Points many tags at one manifest, as `docker push` of the same image under new tags would.
export function writeTags(repositoriesRoot: string, repository: string, tags: string[], digest: string): void {
  const tagsDir = join(repositoryDir(repositoriesRoot, repository), '_manifests', 'tags');
  for (const tag of tags) {
    const current = join(tagsDir, tag, 'current');
    mkdirSync(current, {recursive: true});
    writeFileSync(join(current, 'link'), digest);
  }
}
