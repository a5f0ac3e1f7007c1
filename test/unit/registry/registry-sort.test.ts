import {describe, expect, it} from 'vitest';
import {compareVersions, parseVersion, sortTags} from '../../../source/registry/sort.js';

describe('sortTags', () => {
  const seeded = ['1.0.0', '1.2.0', '1.10.0', '2.0.0-rc.1', '2.0.0', 'latest'];

  it('sorts newest version first, release before its pre-releases, non-versions last', () => {
    expect(sortTags(seeded, 'newest')).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.2.0', '1.0.0', 'latest']);
  });

  it('sorts by name in byte order', () => {
    expect(sortTags(seeded, 'name')).toEqual(['1.0.0', '1.10.0', '1.2.0', '2.0.0', '2.0.0-rc.1', 'latest']);
  });

  it('orders pre-releases by semver rules', () => {
    const tags = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    expect(sortTags([...tags].reverse(), 'newest')).toEqual([...tags].reverse());
    expect(sortTags([...tags].sort(), 'newest')).toEqual([...tags].reverse());
  });

  it('handles v prefixes, short versions, build metadata and Docker suffixes', () => {
    const tags = ['v1.2', '1.27-alpine', '1.27', '3', 'main', 'v2.0.0+build.5', 'sha256-abc.sig', '1.9'];
    expect(sortTags(tags, 'newest')).toEqual([
      '3',
      'v2.0.0+build.5',
      '1.27',
      '1.27-alpine',
      '1.9',
      'v1.2',
      'main',
      'sha256-abc.sig',
    ]);
  });

  it('does not mutate its input', () => {
    const tags = ['b', 'a'];
    sortTags(tags, 'name');
    expect(tags).toEqual(['b', 'a']);
  });

  it('parses versions', () => {
    expect(parseVersion('latest')).toBeUndefined();
    expect(parseVersion('1.2.3.4.5')).toBeUndefined();
    expect(parseVersion('V1.2.3-rc.1')).toEqual({numbers: [1, 2, 3], prerelease: ['rc', '1']});
    expect(compareVersions(parseVersion('1.2')!, parseVersion('1.2.0')!)).toBe(0);
  });
});
