import type Docker from 'dockerode';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {engineMessage} from '../engine-error.js';
import {shortId} from './list.js';
import {compareText} from '../../text/compare.js';

export type RemoveLine = {kind: 'Untagged' | 'Deleted'; value: string};

export type RemoveConflict = {
  // What stands in the way, in words a user can act on.
  reason: string;
  // Whether `force` would get past it (the engine refuses to force some conflicts).
  forceable: boolean;
  // The containers created from the image, by name, when that is the conflict.
  containers: string[];
};

export type RemoveResult =
  | {reference: string; ok: true; lines: RemoveLine[]}
  | {reference: string; ok: false; message: string; conflict?: RemoveConflict; missing?: boolean};

const safe = (text: string) => sanitizeLine(stripAnsi(text));

export type ContainerUse = {id: string; name: string; state: string};

// The ID of the image a reference names now (:rmi NAME: which containers were created from it).
export async function imageIdOf(docker: Docker, reference: string): Promise<string> {
  return ((await docker.getImage(reference).inspect()) as {Id: string}).Id;
}

// Containers (running or not) created from the image ID.
export async function containersUsing(docker: Docker, imageId: string): Promise<ContainerUse[]> {
  return usersOf(await docker.listContainers({all: true}), imageId);
}

// The containers of a list created from the image ID, by name.
export function usersOf(containers: readonly Docker.ContainerInfo[], imageId: string): ContainerUse[] {
  return containers
    .filter(container => container.ImageID === imageId)
    .map(container => ({
      id: container.Id,
      name: (container.Names?.[0] ?? shortId(container.Id)).replace(/^\//, ''),
      state: container.State,
    }))
    .sort((a, b) => compareText(a.name, b.name));
}

// The engine's conflict messages (moby daemon/images/image_delete.go) as a reason and whether force helps;
// `users` are the containers created from the image, named in the reason.
export function explainConflict(message: string, users: ContainerUse[]): RemoveConflict | undefined {
  const names = users.map(user => `${user.name} (${user.state})`);
  const who = names.length ? names.join(', ') : 'a container';
  if (/being used by running container/.test(message)) {
    return {
      reason: `a running container uses it: ${who}; stop and remove the container first (force cannot remove an image a running container uses)`,
      forceable: false,
      containers: names,
    };
  }
  if (/being used by stopped container|is using its referenced image/.test(message)) {
    return {
      reason: `a stopped container uses it: ${who}; remove the container first, or force (the image is deleted; the container stays and shows the bare image ID)`,
      forceable: true,
      containers: names,
    };
  }
  if (/referenced in multiple repositories/.test(message)) {
    return {
      reason:
        'the image has several tags and was named by ID; remove the tags one by one, or force to untag all and delete it',
      forceable: true,
      containers: names,
    };
  }
  if (/has dependent child images/.test(message)) {
    return {
      reason: 'other images are built on it (child images); remove those first (force cannot remove a parent image)',
      forceable: false,
      containers: names,
    };
  }
  if (/^conflict:/.test(message))
    return {reason: message, forceable: !/cannot be forced/.test(message), containers: names};
  return undefined;
}

function toLines(items: unknown): RemoveLine[] {
  if (!Array.isArray(items)) return [];
  const lines: RemoveLine[] = [];
  for (const item of items as {Untagged?: string; Deleted?: string}[]) {
    if (item.Untagged) lines.push({kind: 'Untagged', value: safe(item.Untagged)});
    if (item.Deleted) lines.push({kind: 'Deleted', value: safe(item.Deleted)});
  }
  return lines;
}

// DELETE /images/{name}: what the engine untagged and deleted, or why it would not (with the containers in the way).
export async function removeImage(
  docker: Docker,
  reference: string,
  options: {force?: boolean} = {},
): Promise<RemoveResult> {
  try {
    const items: unknown = await docker.getImage(reference).remove({force: options.force ?? false});
    return {reference, ok: true, lines: toLines(items)};
  } catch (error) {
    const message = safe(engineMessage(error));
    const status = (error as {statusCode?: number}).statusCode;
    if (status === 404)
      return {
        reference,
        ok: false,
        missing: true,
        message: `no such image ${safe(reference)}; check the name with berth images (or docker images)`,
      };
    if (status !== 409) return {reference, ok: false, message};
    let users: ContainerUse[] = [];
    try {
      const id = ((await docker.getImage(reference).inspect()) as {Id: string}).Id;
      users = await containersUsing(docker, id);
    } catch {
      // The conflict itself is what the user needs; names are a courtesy.
    }
    return {reference, ok: false, message, conflict: explainConflict(message, users)};
  }
}
