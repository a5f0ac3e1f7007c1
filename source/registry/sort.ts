// Tag ordering for the registry view: by name, or newest version first. Versions are compared the
// semver way (1.10.0 after 1.2.0; 2.0.0-rc.1 below 2.0.0), with an optional `v`, 1–4 numeric parts
// and Docker-style suffixes (`1.27-alpine`) treated as pre-release identifiers. Tags that are not
// versions (`latest`, `main`, `sha256-…`) follow the versions, by name.

export type TagSortMode = 'name' | 'newest';

export interface ParsedVersion {
  numbers: number[];
  prerelease: string[];
}

const VERSION = /^v?(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/i;

export function parseVersion(tag: string): ParsedVersion | undefined {
  // The core group is mandatory: it is there exactly when the tag matches.
  const [, core, prerelease] = VERSION.exec(tag) ?? [];
  if (core === undefined) return undefined;
  const numbers = core.split('.').map(Number);
  if (numbers.some(n => !Number.isSafeInteger(n))) return undefined;
  return {numbers, prerelease: prerelease ? prerelease.split('.') : []};
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePrereleaseIds(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Number(a) - Number(b);
  if (an) return -1; // numeric identifiers rank below alphanumeric ones (semver §11)
  if (bn) return 1;
  return compareNames(a, b);
}

// Ascending precedence: negative when a is older than b.
export function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  const length = Math.max(a.numbers.length, b.numbers.length);
  for (let i = 0; i < length; i++) {
    const diff = (a.numbers[i] ?? 0) - (b.numbers[i] ?? 0);
    if (diff !== 0) return diff;
  }
  // A release outranks its pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  const ids = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < ids; i++) {
    const ours = a.prerelease[i];
    const theirs = b.prerelease[i];
    if (ours === undefined) return -1;
    if (theirs === undefined) return 1;
    const diff = comparePrereleaseIds(ours, theirs);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function sortTags(tags: readonly string[], mode: TagSortMode): string[] {
  if (mode === 'name') return [...tags].sort(compareNames);
  const parsed = tags.map(tag => ({tag, version: parseVersion(tag)}));
  parsed.sort((x, y) => {
    if (x.version && y.version) {
      const diff = compareVersions(y.version, x.version);
      // Equal precedence (1.2 vs 1.2.0 vs v1.2.0): keep it stable by name.
      return diff !== 0 ? diff : compareNames(x.tag, y.tag);
    }
    if (x.version) return -1;
    if (y.version) return 1;
    return compareNames(x.tag, y.tag);
  });
  return parsed.map(entry => entry.tag);
}
