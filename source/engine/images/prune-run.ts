import type Docker from 'dockerode';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {compareApi, dial} from '../client.js';
import {engineMessage} from '../engine-error.js';
import {shortId} from './list.js';
import type {PrunePreview, PruneScope} from './prune-plan.js';

export type PruneResult = {
  containers: string[];
  networks: string[];
  // The engine's own Untagged/Deleted lines.
  images: {kind: 'Untagged' | 'Deleted'; value: string}[];
  volumes: string[];
  buildCache: string[];
  spaceReclaimed: number;
  // Targets of the preview that are still there, and why (as far as berth can tell).
  notRemoved: {what: string; why: string}[];
  // A prune request the engine refused (the others still ran).
  errors: string[];
};

const safe = (text: string) => sanitizeLine(stripAnsi(text));

type Report = {
  ContainersDeleted?: string[] | null;
  NetworksDeleted?: string[] | null;
  VolumesDeleted?: string[] | null;
  ImagesDeleted?: {Untagged?: string; Deleted?: string}[] | null;
  CachesDeleted?: string[] | null;
  SpaceReclaimed?: number;
};

// The requests, in the docker CLI's order for a system prune: containers, networks, volumes, images, build cache.
export function pruneRequests(scope: PruneScope, api: string): {path: string; options: Record<string, unknown>}[] {
  const images = {path: '/images/prune?', options: scope.all ? {filters: {dangling: ['false']}} : {}};
  // API 1.41 rejects the `all` filter (and prunes named volumes anyway); 1.42+ needs it for named ones.
  const volumes = {
    path: '/volumes/prune?',
    options: scope.kind === 'volumes' && scope.all && compareApi(api, '1.42') >= 0 ? {filters: {all: ['true']}} : {},
  };
  if (scope.kind === 'images') return [images];
  if (scope.kind === 'volumes') return [volumes];
  return [
    {path: '/containers/prune?', options: {}},
    {path: '/networks/prune?', options: {}},
    ...(scope.volumes ? [volumes] : []),
    images,
    {path: '/build/prune?', options: scope.all ? {all: true} : {}},
  ];
}

export async function runPrune(docker: Docker, preview: PrunePreview): Promise<PruneResult> {
  const result: PruneResult = {
    containers: [],
    networks: [],
    images: [],
    volumes: [],
    buildCache: [],
    spaceReclaimed: 0,
    notRemoved: [],
    errors: [],
  };
  for (const request of pruneRequests(preview.scope, preview.api)) {
    let report: Report;
    try {
      report = (await dial(docker, {path: request.path, method: 'POST', options: request.options})) as Report;
    } catch (error) {
      result.errors.push(`${request.path.replace(/\?$/, '')}: ${safe(engineMessage(error))}`);
      continue;
    }
    result.containers.push(...(report.ContainersDeleted ?? []));
    result.networks.push(...(report.NetworksDeleted ?? []));
    result.volumes.push(...(report.VolumesDeleted ?? []).map(safe));
    result.buildCache.push(...(report.CachesDeleted ?? []));
    for (const item of report.ImagesDeleted ?? []) {
      if (item.Untagged) result.images.push({kind: 'Untagged', value: safe(item.Untagged)});
      if (item.Deleted) result.images.push({kind: 'Deleted', value: item.Deleted});
    }
    result.spaceReclaimed += report.SpaceReclaimed ?? 0;
  }
  result.notRemoved = await leftovers(docker, preview, result);
  return result;
}

// The engine skips what it cannot remove without saying so (a conflict in a prune is silent): compare the
// preview with the report and ask the engine why each leftover is still there.
async function leftovers(
  docker: Docker,
  preview: PrunePreview,
  result: PruneResult,
): Promise<PruneResult['notRemoved']> {
  const out: PruneResult['notRemoved'] = [];
  const containers = await docker.listContainers({all: true}).catch(() => [] as Docker.ContainerInfo[]);
  const gone = new Set(result.containers);
  for (const c of preview.containers) {
    if (gone.has(c.id)) continue;
    const now = containers.find(info => info.Id === c.id);
    if (now)
      out.push({
        what: `container ${c.name}`,
        why:
          now.State === 'running'
            ? 'it was started meanwhile'
            : `the engine kept it (state ${now.State}); see the engine log`,
      });
  }
  const deleted = new Set(result.images.filter(line => line.kind === 'Deleted').map(line => line.value));
  for (const image of preview.images) {
    if (deleted.has(image.id)) continue;
    const users = containers
      .filter(info => info.ImageID === image.id)
      .map(info => (info.Names?.[0] ?? '').replace(/^\//, ''));
    const exists = await docker
      .getImage(image.id)
      .inspect()
      .then(
        () => true,
        () => false,
      );
    if (exists)
      out.push({
        what: `image ${image.names[0] ?? shortId(image.id)}`,
        why: users.length
          ? `in use by ${users.join(', ')}`
          : 'the engine kept it (a conflict, e.g. a child image or a container created meanwhile)',
      });
  }
  const volumesGone = new Set(result.volumes);
  for (const volume of preview.volumes) {
    if (volumesGone.has(volume.name)) continue;
    const exists = await docker
      .getVolume(volume.name)
      .inspect()
      .then(
        () => true,
        () => false,
      );
    if (exists)
      out.push({
        what: `volume ${volume.name}`,
        why: 'the engine kept it (in use by a container created meanwhile, or not removable by its driver)',
      });
  }
  const networksGone = new Set(result.networks);
  for (const network of preview.networks) {
    if (networksGone.has(network.name) || networksGone.has(network.id)) continue;
    const exists = await docker
      .getNetwork(network.id)
      .inspect()
      .then(
        () => true,
        () => false,
      );
    if (exists)
      out.push({what: `network ${network.name}`, why: 'the engine kept it (a container connected meanwhile)'});
  }
  return out;
}
