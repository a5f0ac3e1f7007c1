import type Docker from 'dockerode';
import {at} from '../json.js';
import {type ContainerUse, usersOf} from './remove.js';

// What removing one image reference touches, read before the dialog asks: the image the reference names now,
// every name that image has (its tags and its digest references: removing by ID untags them all) and the
// containers created from it.
export type RemovalFacts = {
  reference: string;
  id: string;
  tags: string[];
  digests: string[];
  users: ContainerUse[];
};

const strings = (value: unknown, none: string): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== none) : [];

// The facts of each reference on one engine (one container list for all of them); a reference the engine
// does not know is left out (the removal says so after y).
export async function removalFacts(docker: Docker, references: readonly string[]): Promise<RemovalFacts[]> {
  const containers = await docker.listContainers({all: true});
  const facts: RemovalFacts[] = [];
  for (const reference of references) {
    let inspect: unknown;
    try {
      inspect = await docker.getImage(reference).inspect();
    } catch (error) {
      if ((error as {statusCode?: number}).statusCode === 404) continue;
      throw error;
    }
    const id = at(inspect, 'Id');
    if (typeof id !== 'string') continue;
    facts.push({
      reference,
      id,
      tags: strings(at(inspect, 'RepoTags'), '<none>:<none>'),
      digests: strings(at(inspect, 'RepoDigests'), '<none>@<none>'),
      users: usersOf(containers, id),
    });
  }
  return facts;
}

// The engine's own rule (moby daemon/images/image_delete.go isImageIDPrefix): a reference the image's ID starts
// with, with or without `sha256:`, removes the image by ID, untagging every name; any other removes that name only.
export const namesById = (facts: Pick<RemovalFacts, 'reference' | 'id'>): boolean =>
  facts.id.startsWith(facts.reference) || facts.id.replace(/^sha256:/, '').startsWith(facts.reference);
