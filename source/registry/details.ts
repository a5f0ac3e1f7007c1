import {pullScope} from './auth.js';
import {DigestCache} from './digest-cache.js';
import {RegistryError, problem} from './errors.js';
import {
  imageSize,
  isAttestation,
  parseManifest,
  platformName,
  type ImageManifest,
  type Manifest,
  type Platform,
} from './manifest.js';
import {MANIFEST_ACCEPT, bareMediaType} from './media-types.js';
import {headerValue} from './transport.js';
import {assertRepositoryName, assertTagName} from './url.js';
import type {HttpMethod, HttpResponse} from './transport.js';
import type {Subject} from './response-errors.js';
import type {RequestOptions} from './request-options.js';
import type {RegistryUrl} from './url.js';
import {crypto} from '../util/lazy-builtins.js';

// What details need of the client (client.ts implements it; an interface here keeps the two files out of a circle).
export interface ManifestClient {
  readonly registry: RegistryUrl;
  url(path: string): URL;
  request(method: HttpMethod, url: URL, options: RequestOptions): Promise<HttpResponse>;
  getFollowingRedirects(url: URL, options: RequestOptions): Promise<HttpResponse>;
  fail(response: HttpResponse, subject: Subject): RegistryError;
}

export interface PlatformDetails {
  // "linux/arm64/v8"
  platform: string;
  os: string;
  architecture: string;
  variant?: string;
  digest: string;
  // config + layers, compressed, as stored
  size?: number;
  created?: string;
  // Set when this platform's manifest or config could not be read; the others still show.
  error?: string;
}

export interface TagDetails {
  repository: string;
  tag: string;
  digest: string;
  mediaType: string;
  kind: 'image' | 'index';
  // Size of the manifest document itself.
  manifestSize: number;
  // Image: config + layers. Index: undefined (layers are shared; see platforms[].size).
  size?: number;
  // Image: the config's `created` (or the created annotation). Index: the newest platform's.
  created?: string;
  // Image: one entry (from its config). Index: every runnable platform, attestations left out.
  platforms: PlatformDetails[];
}

export interface ManifestHead {
  digest?: string;
  size: number;
  mediaType?: string;
}

export interface FetchedManifest {
  manifest: Manifest;
  digest: string;
  mediaType: string;
  size: number;
}

interface ConfigSummary {
  created?: string;
  os?: string;
  architecture?: string;
  variant?: string;
}

const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
const MAX_CONFIG_BYTES = 8 * 1024 * 1024;
const CREATED_ANNOTATION = 'org.opencontainers.image.created';

function sha256(body: Buffer): string {
  return `sha256:${crypto().createHash('sha256').update(body).digest('hex')}`;
}

// Digest, size, manifest, platforms and created date of tags, fetched on demand: HEAD first
// (free on Docker Hub's rate limit), then GET by digest, which can be cached for good.
export class TagDetailsReader {
  private readonly manifests = new DigestCache<FetchedManifest>();
  private readonly configs = new DigestCache<ConfigSummary>();

  constructor(private readonly client: ManifestClient) {}

  async head(repository: string, reference: string, signal?: AbortSignal): Promise<ManifestHead> {
    const subject = {what: `read ${repository}:${reference}`, repository, reference};
    const response = await this.client.request('HEAD', this.client.url(`/v2/${repository}/manifests/${reference}`), {
      scopes: [pullScope(repository)],
      subject,
      headers: {accept: MANIFEST_ACCEPT},
      signal,
    });
    if (response.status !== 200) throw this.client.fail(response, subject);
    return {
      digest: headerValue(response, 'docker-content-digest'),
      size: Number(headerValue(response, 'content-length') ?? 0),
      mediaType: bareMediaType(headerValue(response, 'content-type')),
    };
  }

  async manifest(repository: string, reference: string, signal?: AbortSignal): Promise<FetchedManifest> {
    const cached = reference.startsWith('sha256:') ? this.manifests.get(reference) : undefined;
    if (cached) return cached;
    const subject = {what: `read ${repository}:${reference}`, repository, reference};
    const response = await this.client.request('GET', this.client.url(`/v2/${repository}/manifests/${reference}`), {
      scopes: [pullScope(repository)],
      subject,
      headers: {accept: MANIFEST_ACCEPT},
      signal,
      maxBytes: MAX_MANIFEST_BYTES,
    });
    if (response.status !== 200) throw this.client.fail(response, subject);
    const digest = sha256(response.body);
    const host = this.client.registry.host;
    if (reference.startsWith('sha256:') && digest !== reference) {
      throw new RegistryError(
        'protocol',
        problem(
          `registry ${host}`,
          `sent a manifest for ${repository}@${reference} whose content hashes to ${digest}`,
          'The registry storage may be corrupt; report this to its operator.',
        ),
        {host},
      );
    }
    const mediaType = bareMediaType(headerValue(response, 'content-type'));
    const manifest = parseManifest(response.body.toString('utf8'), mediaType);
    if (!manifest) {
      throw new RegistryError(
        'protocol',
        problem(
          `registry ${host}`,
          `sent a manifest for ${repository}:${reference} that berth cannot read (${mediaType ?? 'no media type'})`,
          'Only OCI and Docker v2 manifests and indexes are shown.',
        ),
        {host},
      );
    }
    const fetched = {
      manifest,
      digest,
      mediaType: manifest.mediaType ?? mediaType ?? 'unknown',
      size: response.body.length,
    };
    this.manifests.set(digest, fetched);
    return fetched;
  }

  async config(repository: string, manifest: ImageManifest, signal?: AbortSignal): Promise<ConfigSummary> {
    const digest = manifest.config.digest;
    const cached = this.configs.get(digest);
    if (cached) return cached;
    const subject = {what: `read the config of ${repository}@${digest}`, repository, reference: digest};
    const response = await this.client.getFollowingRedirects(this.client.url(`/v2/${repository}/blobs/${digest}`), {
      scopes: [pullScope(repository)],
      subject,
      signal,
      maxBytes: MAX_CONFIG_BYTES,
    });
    if (response.status !== 200) throw this.client.fail(response, subject);
    let raw: Record<string, unknown> = {};
    try {
      raw = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      // Artifacts may have non-JSON configs; they simply have no date.
    }
    const summary: ConfigSummary = {
      created: typeof raw.created === 'string' ? raw.created : manifest.annotations?.[CREATED_ANNOTATION],
      os: typeof raw.os === 'string' ? raw.os : undefined,
      architecture: typeof raw.architecture === 'string' ? raw.architecture : undefined,
      variant: typeof raw.variant === 'string' ? raw.variant : undefined,
    };
    this.configs.set(digest, summary);
    return summary;
  }

  async details(repository: string, tag: string, signal?: AbortSignal): Promise<TagDetails> {
    assertRepositoryName(repository);
    assertTagName(tag);
    const head = await this.head(repository, tag, signal).catch((error: unknown): ManifestHead => {
      // Some registries and proxies do not answer HEAD; the GET below still tells us everything.
      if (error instanceof RegistryError && error.kind === 'registry' && error.status !== 429) return {size: 0};
      throw error;
    });
    // By digest when the registry told us one, so the answer is cacheable and matches the HEAD.
    const fetched = await this.manifest(repository, head.digest ?? tag, signal);
    const base = {
      repository,
      tag,
      digest: head.digest ?? fetched.digest,
      mediaType: fetched.mediaType,
      manifestSize: fetched.size,
    };
    const {manifest} = fetched;
    if (manifest.kind === 'image') {
      const platform = await this.imagePlatform(repository, manifest, fetched.digest, undefined, signal);
      return {...base, kind: 'image', size: platform.size, created: platform.created, platforms: [platform]};
    }
    const entries = manifest.manifests.filter(entry => !isAttestation(entry));
    // All at once: the client's pool keeps at most four in flight.
    const platforms = await Promise.all(
      entries.map(async (entry): Promise<PlatformDetails> => {
        try {
          const child = await this.manifest(repository, entry.digest, signal);
          if (child.manifest.kind !== 'image') throw new Error('nested index');
          return await this.imagePlatform(repository, child.manifest, entry.digest, entry.platform, signal);
        } catch (error) {
          if (error instanceof RegistryError && error.kind === 'cancelled') throw error;
          return {...describePlatform(entry.platform), digest: entry.digest, error: (error as Error).message};
        }
      }),
    );
    const dates = platforms
      .map(p => p.created)
      .filter((d): d is string => !!d)
      .sort();
    return {...base, kind: 'index', created: dates[dates.length - 1], platforms};
  }

  private async imagePlatform(
    repository: string,
    manifest: ImageManifest,
    digest: string,
    declared: Platform | undefined,
    signal?: AbortSignal,
  ): Promise<PlatformDetails> {
    const config = await this.config(repository, manifest, signal);
    const platform = declared ?? {
      os: config.os ?? 'unknown',
      architecture: config.architecture ?? 'unknown',
      variant: config.variant,
    };
    return {...describePlatform(platform), digest, size: imageSize(manifest), created: config.created};
  }
}

function describePlatform(platform: Platform | undefined): Omit<PlatformDetails, 'digest'> {
  return {
    platform: platformName(platform),
    os: platform?.os ?? 'unknown',
    architecture: platform?.architecture ?? 'unknown',
    variant: platform?.variant,
  };
}
