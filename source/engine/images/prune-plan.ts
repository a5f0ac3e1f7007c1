import type Docker from 'dockerode';
import {compareApi} from '../client.js';
import {systemDf} from '../system-df.js';
import {shortId} from './list.js';
import {compareText} from '../../text/compare.js';

// What a prune covers. `all`: every unused image (not only dangling ones); for volumes on API >= 1.42, named
// volumes too (older engines always prune named volumes: they know no `all`).
export type PruneScope =
  {kind: 'system'; all: boolean; volumes: boolean} | {kind: 'images'; all: boolean} | {kind: 'volumes'; all: boolean};

export type PreviewContainer = {id: string; name: string; state: string; size: number};
export type PreviewNetwork = {id: string; name: string};
export type PreviewImage = {id: string; shortId: string; names: string[]; size: number};
export type PreviewVolume = {name: string; anonymous: boolean; size?: number};
export type PreviewCache = {id: string; type: string; size: number; description: string};

export type PrunePreview = {
  scope: PruneScope;
  api: string;
  containers: PreviewContainer[];
  networks: PreviewNetwork[];
  images: PreviewImage[];
  // Tags the engine takes off images that themselves stay (see imagePlan).
  untagOnly: {shortId: string; names: string[]; why: string}[];
  volumes: PreviewVolume[];
  buildCache: PreviewCache[];
  // Sentences about what stays and why, for the user to read before saying yes.
  kept: string[];
  // Estimated bytes freed (the engine's own figure comes with the result).
  reclaimable: number;
};

type ImageSummary = {
  Id: string;
  ParentId?: string;
  RepoTags?: string[] | null;
  RepoDigests?: string[] | null;
  Size: number;
  SharedSize?: number;
  Created: number;
};
type VolumeInfo = {
  Name: string;
  Driver: string;
  Labels?: Record<string, string> | null;
  UsageData?: {Size: number; RefCount: number} | null;
};
type CacheInfo = {ID: string; Type?: string; Description?: string; InUse?: boolean; Shared?: boolean; Size?: number};
type DiskUsage = {Images?: ImageSummary[] | null; Volumes?: VolumeInfo[] | null; BuildCache?: CacheInfo[] | null};

export const ANONYMOUS_LABEL = 'com.docker.volume.anonymous';
const PREDEFINED_NETWORKS = new Set(['bridge', 'host', 'none']);
// Anonymous volumes made by engines before 23.0 carry no label; their names are 64 hex digits.
const ANONYMOUS_NAME = /^[0-9a-f]{64}$/;

// From API 1.42 the engine prunes only anonymous volumes unless asked for all; before that, every unused local volume.
export function volumePruneKeepsNamed(api: string, all: boolean): boolean {
  return compareApi(api, '1.42') >= 0 && !all;
}

const tagsOf = (image: ImageSummary) => (image.RepoTags ?? []).filter(tag => tag !== '<none>:<none>');
const digestsOf = (image: ImageSummary) => (image.RepoDigests ?? []).filter(digest => digest !== '<none>@<none>');

// The engine's image prune (moby daemon/images/image_prune.go + image_delete.go) replayed on its own lists:
// - dangling (default): images without tags and without children; deleting one also deletes its untagged parents
//   that are left without children;
// - all: every image but intermediate ones, each reference removed in turn;
// - an image a container uses (running or not) is a conflict the prune skips silently; with several references,
//   all but the last (in name order) are untagged before the conflict stops it;
// - a tagged image whose child stays loses its tags but stays.
export function imagePlan(
  images: ImageSummary[],
  usedIds: Set<string>,
  all: boolean,
  sharedSizes: Map<string, number>,
) {
  const byId = new Map(images.map(image => [image.Id, image]));
  const children = new Map<string, string[]>();
  for (const image of images) {
    if (image.ParentId && byId.has(image.ParentId))
      children.set(image.ParentId, [...(children.get(image.ParentId) ?? []), image.Id]);
  }
  const removed = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const image of images) {
      if (removed.has(image.Id) || usedIds.has(image.Id)) continue;
      if (!all && tagsOf(image).length) continue;
      if (!(children.get(image.Id) ?? []).every(child => removed.has(child))) continue;
      removed.add(image.Id);
      changed = true;
    }
  }
  const goes: PreviewImage[] = [];
  const untagOnly: PrunePreview['untagOnly'] = [];
  let reclaimable = 0;
  for (const image of images) {
    const names = [...tagsOf(image), ...digestsOf(image)].sort();
    if (removed.has(image.Id)) {
      const parent = image.ParentId ? byId.get(image.ParentId) : undefined;
      // Layers of its own: the difference to its parent, else what it shares with no other image.
      const size = parent
        ? Math.max(0, image.Size - parent.Size)
        : Math.max(0, image.Size - Math.max(0, sharedSizes.get(image.Id) ?? 0));
      reclaimable += size;
      goes.push({id: image.Id, shortId: shortId(image.Id), names, size});
    } else if (all && names.length) {
      const intermediate = !tagsOf(image).length && (children.get(image.Id)?.length ?? 0) > 0;
      if (intermediate) continue;
      if (usedIds.has(image.Id)) {
        if (names.length > 1)
          untagOnly.push({
            shortId: shortId(image.Id),
            names: names.slice(0, -1),
            why: `a container uses it; ${names.at(-1)} stays`,
          });
      } else {
        untagOnly.push({shortId: shortId(image.Id), names, why: 'an image built on it stays'});
      }
    }
  }
  goes.sort((a, b) => byId.get(b.id)!.Created - byId.get(a.id)!.Created || compareText(a.id, b.id));
  return {goes, untagOnly, reclaimable, removed};
}

function containerName(info: Docker.ContainerInfo): string {
  return (info.Names?.[0] ?? shortId(info.Id)).replace(/^\//, '');
}

// Running, paused and restarting containers count as running for the engine (State.Running); all others are pruned.
const isStopped = (state: string) => !['running', 'paused', 'restarting', 'removing'].includes(state);

export async function diskUsage(docker: Docker): Promise<DiskUsage> {
  return (await systemDf(docker)) as DiskUsage;
}

export async function planPrune(docker: Docker, api: string, scope: PruneScope): Promise<PrunePreview> {
  const preview: PrunePreview = {
    scope,
    api,
    containers: [],
    networks: [],
    images: [],
    untagOnly: [],
    volumes: [],
    buildCache: [],
    kept: [],
    reclaimable: 0,
  };
  const [containers, df] = await Promise.all([
    docker.listContainers({all: true, size: scope.kind === 'system'}) as Promise<
      (Docker.ContainerInfo & {SizeRw?: number})[]
    >,
    diskUsage(docker),
  ]);
  const system = scope.kind === 'system';
  // A system prune removes stopped containers first: what only they used is unused by the time images and volumes go.
  const remaining = system ? containers.filter(c => !isStopped(c.State)) : containers;
  if (system) {
    for (const c of containers.filter(c => isStopped(c.State))) {
      preview.containers.push({id: c.Id, name: containerName(c), state: c.State, size: c.SizeRw ?? 0});
      preview.reclaimable += c.SizeRw ?? 0;
    }
    preview.containers.sort((a, b) => compareText(a.name, b.name));
    preview.networks = await unusedNetworks(docker);
  }
  if (system || scope.kind === 'images') {
    const all = scope.all;
    const images = (await docker.listImages({all: true})) as ImageSummary[];
    const used = new Set(remaining.map(c => c.ImageID));
    const shared = new Map((df.Images ?? []).map(image => [image.Id, image.SharedSize ?? 0]));
    const plan = imagePlan(images, used, all, shared);
    preview.images = plan.goes;
    preview.untagOnly = plan.untagOnly;
    preview.reclaimable += plan.reclaimable;
    const inUse = images.filter(image => used.has(image.Id) && (all || !tagsOf(image).length));
    if (inUse.length) {
      const names = inUse.map(
        image => `${tagsOf(image)[0] ?? shortId(image.Id)} (${usersOf(remaining, image.Id).join(', ')})`,
      );
      preview.kept.push(`images in use by containers stay: ${names.join('; ')}`);
    }
    if (!all) {
      const tagged = images.filter(image => tagsOf(image).length && !plan.removed.has(image.Id)).length;
      if (tagged)
        preview.kept.push(
          `${tagged} tagged image${tagged === 1 ? '' : 's'} stay (only dangling images go; --all for every unused image)`,
        );
    }
    if (system) {
      preview.buildCache = (df.BuildCache ?? [])
        .filter(cache => !cache.InUse && (all || !cache.Shared))
        .map(cache => ({
          id: cache.ID,
          type: cache.Type ?? '',
          size: cache.Size ?? 0,
          description: cache.Description ?? '',
        }));
      preview.reclaimable += preview.buildCache.reduce((sum, cache) => sum + cache.size, 0);
    }
  }
  if (scope.kind === 'volumes' || (scope.kind === 'system' && scope.volumes)) {
    planVolumes(preview, df.Volumes ?? [], remaining, scope.kind === 'volumes' ? scope.all : false);
  }
  return preview;
}

function usersOf(containers: Docker.ContainerInfo[], imageId: string): string[] {
  return containers
    .filter(c => c.ImageID === imageId)
    .map(containerName)
    .sort();
}

function planVolumes(
  preview: PrunePreview,
  volumes: VolumeInfo[],
  remaining: Docker.ContainerInfo[],
  all: boolean,
): void {
  const inUse = new Set<string>();
  for (const c of remaining)
    for (const mount of c.Mounts ?? []) if (mount.Type === 'volume' && mount.Name) inUse.add(mount.Name);
  const keepNamed = volumePruneKeepsNamed(preview.api, all);
  const keptNamed: string[] = [];
  const keptUsed: string[] = [];
  const keptDriver: string[] = [];
  for (const volume of volumes) {
    const labelled = Object.hasOwn(volume.Labels ?? {}, ANONYMOUS_LABEL);
    const anonymous = labelled || ANONYMOUS_NAME.test(volume.Name);
    if (volume.Driver !== 'local') keptDriver.push(volume.Name);
    else if (inUse.has(volume.Name)) keptUsed.push(volume.Name);
    // From 1.42 "anonymous" means the label, not the look of the name.
    else if (keepNamed && !labelled) keptNamed.push(volume.Name);
    else {
      const size = volume.UsageData && volume.UsageData.Size >= 0 ? volume.UsageData.Size : undefined;
      preview.volumes.push({name: volume.Name, anonymous, size});
      preview.reclaimable += size ?? 0;
    }
  }
  preview.volumes.sort((a, b) => Number(a.anonymous) - Number(b.anonymous) || compareText(a.name, b.name));
  if (keptUsed.length) preview.kept.push(`volumes used by containers stay: ${keptUsed.sort().join(', ')}`);
  if (keptNamed.length)
    preview.kept.push(
      `named volumes stay (API ${preview.api} prunes only anonymous volumes; --all for named ones too): ${keptNamed.sort().join(', ')}`,
    );
  if (!keepNamed && !all && compareApi(preview.api, '1.42') < 0 && preview.volumes.some(volume => !volume.anonymous)) {
    preview.kept.push(
      `note: this engine speaks API ${preview.api}, where a volume prune removes named volumes too (--all makes no difference)`,
    );
  }
  if (keptDriver.length)
    preview.kept.push(
      `volumes of other drivers stay (the engine prunes only local ones): ${keptDriver.sort().join(', ')}`,
    );
}

// The list does not say which containers a network holds; each candidate's inspect does (running ones only:
// a stopped container holds no endpoint, and the engine prunes a network with none).
async function unusedNetworks(docker: Docker): Promise<PreviewNetwork[]> {
  const networks = (await docker.listNetworks()) as {Id: string; Name: string; Scope?: string; Ingress?: boolean}[];
  const candidates = networks.filter(
    network => !PREDEFINED_NETWORKS.has(network.Name) && !network.Ingress && network.Scope !== 'swarm',
  );
  const inspected = await Promise.all(
    candidates.map(async network => {
      try {
        const info = (await docker.getNetwork(network.Id).inspect()) as {Containers?: Record<string, unknown> | null};
        return Object.keys(info.Containers ?? {}).length ? undefined : {id: network.Id, name: network.Name};
      } catch {
        return undefined;
      }
    }),
  );
  return inspected
    .filter((network): network is PreviewNetwork => Boolean(network))
    .sort((a, b) => compareText(a.name, b.name));
}
