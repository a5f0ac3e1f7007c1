import {namesById, type RemovalFacts} from '../../engine/images/removal-facts.js';
import {NONE, shortId, splitReference} from '../../engine/images/list.js';
import {ELLIPSIS} from '../../text/cut-with-ellipsis.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {engineKey} from '../kit/across-engines.js';

// What d and :rmi ask: each target with every name it untags and the containers created from it, and what f
// does to exactly these targets. The engine removes a name (`app:1`) alone, and the image with it only when it
// was the image's last name; an ID (or its prefix) untags every name of the image and deletes it.

export type RemoveTarget = {
  reference: string;
  engine?: string;
  // Read from the engine before the dialog; missing when it could not be read (the dialog names the reference).
  facts?: RemovalFacts;
};

export type RemoveDialog = {targets: string[]; forceOn: string};

// A digest reference is as long as a line: its first 12 digits name it here, as an image ID is shortened.
const shortName = (name: string): string => {
  const at = name.indexOf('@sha256:');
  return at < 0 ? name : `${name.slice(0, at + 20)}${ELLIPSIS}`;
};

const repositoryOf = (name: string): string => {
  const at = name.indexOf('@');
  return at < 0 ? splitReference(name).repository : name.slice(0, at);
};

// A typed name as the engine lists it among the image's names: `busybox` is `busybox:latest`, and Docker Hub's
// prefixes are left out (`docker.io/library/busybox:1` is `busybox:1`).
function familiar(reference: string): string {
  const name = reference.replace(/^(docker\.io|index\.docker\.io)\/(library\/)?/, '');
  return name.includes('@') || splitReference(name).tag !== NONE ? name : `${name}:latest`;
}

const listed = (names: readonly string[]): string => names.map(name => sanitizeLine(shortName(name))).join(', ');

const usedBy = (facts: RemovalFacts): string =>
  facts.users.length
    ? `  used by ${facts.users.map(user => sanitizeLine(`${user.name} (${user.state})`)).join(', ')}`
    : '';

// The names an image keeps once the dialog's names of it are gone: its other tags, and its digest references
// but those of a repository left with no tag (the engine removes those with the repository's last tag).
function namesKept(facts: RemovalFacts, removed: ReadonlySet<string>): string[] {
  const tags = facts.tags.filter(tag => !removed.has(tag));
  const untaggedRepositories = new Set(
    [...removed]
      .filter(name => !name.includes('@'))
      .map(repositoryOf)
      .filter(repository => !tags.some(tag => repositoryOf(tag) === repository)),
  );
  const digests = facts.digests.filter(
    digest => !removed.has(digest) && !untaggedRepositories.has(repositoryOf(digest)),
  );
  return [...tags, ...digests];
}

function targetLine(target: RemoveTarget, removedNames: ReadonlySet<string>): string {
  const {facts} = target;
  const on = (text: string) => sanitizeLine(engineKey(target.engine, text));
  if (!facts) return on(target.reference);
  const id = shortId(facts.id);
  if (namesById(facts)) {
    const names = [...facts.tags, ...facts.digests];
    return `${on(id)}  ${names.length ? `named ${listed(names)}` : 'no name'}${usedBy(facts)}`;
  }
  const kept = namesKept(facts, removedNames);
  // Only the name goes: the containers keep their image, so they are not in the way.
  if (kept.length) return `${on(target.reference)} ${id}  untags only this name; the image stays as ${listed(kept)}`;
  return `${on(target.reference)} ${id}${usedBy(facts)}`;
}

const FORCE_BY_ID = 'untag every name listed and delete, even if a stopped container uses it';
const FORCE_BY_NAME = (one: boolean) =>
  `untag only the name${one ? '' : 's'} given; an image left unnamed is deleted even if a stopped container uses it`;
const FORCE_MIXED =
  'an ID untags every name listed, a name only itself; an image left unnamed is deleted even if a stopped container uses it';

export function removeDialog(targets: readonly RemoveTarget[]): RemoveDialog {
  // Several names of one image in one dialog: what it keeps is what none of them removes.
  const removedNames = new Map<string, Set<string>>();
  for (const target of targets) {
    if (!target.facts || namesById(target.facts)) continue;
    const key = engineKey(target.engine, target.facts.id);
    removedNames.set(key, (removedNames.get(key) ?? new Set()).add(familiar(target.reference)));
  }
  const lines = targets.map(target =>
    targetLine(
      target,
      (target.facts && removedNames.get(engineKey(target.engine, target.facts.id))) ?? new Set<string>(),
    ),
  );
  // A target whose facts could not be read counts by its looks: hex digits are an ID (prefix).
  const byId = targets.map(target =>
    target.facts ? namesById(target.facts) : /^(sha256:)?[0-9a-f]+$/.test(target.reference),
  );
  const force = byId.every(Boolean)
    ? FORCE_BY_ID
    : byId.some(Boolean)
      ? FORCE_MIXED
      : FORCE_BY_NAME(targets.length === 1);
  return {targets: lines, forceOn: `  [force: ${force}]`};
}
