import {describe, expect, test} from 'vitest';
import {
  dockerCreateCommand,
  dockerPruneCommand,
  dockerRmiCommand,
} from '../../../../source/engine/images/docker-commands.js';
import {splitReference, toImageRows} from '../../../../source/engine/images/list.js';
import {imagePlan, volumePruneKeepsNamed} from '../../../../source/engine/images/prune-plan.js';
import {pruneRequests} from '../../../../source/engine/images/prune-run.js';
import {explainConflict} from '../../../../source/engine/images/remove.js';
import {humanSize} from '../../../../source/engine/images/units.js';

// Rules that the bench (API 1.41) cannot show: newer API versions and message shapes. The behaviour on 1.41 is
// tested against real engines in test/integration/{images,prune}.test.ts.
describe('volume prune by API version', () => {
  test('1.41 sends no "all" filter (the engine rejects it and prunes named volumes anyway); 1.42+ sends it for --all only', () => {
    expect(pruneRequests({kind: 'volumes', all: true}, '1.41')).toEqual([{path: '/volumes/prune?', options: {}}]);
    expect(pruneRequests({kind: 'volumes', all: true}, '1.43')).toEqual([
      {path: '/volumes/prune?', options: {filters: {all: ['true']}}},
    ]);
    expect(pruneRequests({kind: 'volumes', all: false}, '1.47')).toEqual([{path: '/volumes/prune?', options: {}}]);
    expect(volumePruneKeepsNamed('1.41', false)).toBe(false);
    expect(volumePruneKeepsNamed('1.42', false)).toBe(true);
    expect(volumePruneKeepsNamed('1.42', true)).toBe(false);
  });

  test("a system prune asks in the CLI's order, and --all reaches images and the build cache", () => {
    expect(pruneRequests({kind: 'system', all: true, volumes: true}, '1.41').map(r => [r.path, r.options])).toEqual([
      ['/containers/prune?', {}],
      ['/networks/prune?', {}],
      ['/volumes/prune?', {}],
      ['/images/prune?', {filters: {dangling: ['false']}}],
      ['/build/prune?', {all: true}],
    ]);
    expect(dockerPruneCommand({kind: 'system', all: true, volumes: true}, '1.41')).toBe(
      'docker system prune -f -a --volumes',
    );
    expect(dockerPruneCommand({kind: 'volumes', all: true}, '1.41')).toBe('docker volume prune -f');
    expect(dockerPruneCommand({kind: 'volumes', all: true}, '1.44')).toBe('docker volume prune -f -a');
  });
});

describe('image rows', () => {
  test('one row per tag; a repository known only by digest shows <none> as tag; registry ports are not tags', () => {
    const rows = toImageRows(
      {
        Id: 'sha256:' + 'a'.repeat(64),
        Created: 1,
        Size: 5,
        RepoTags: ['r:1', 'r:2'],
        RepoDigests: ['r@sha256:x', 'q@sha256:y'],
      },
      2,
    );
    expect(rows.map(row => `${row.repository} ${row.tag} ${row.containers}`)).toEqual(['r 1 2', 'r 2 2', 'q <none> 2']);
    const untagged = toImageRows(
      {
        Id: 'sha256:' + 'b'.repeat(64),
        Created: 1,
        Size: 5,
        RepoTags: ['<none>:<none>'],
        RepoDigests: ['<none>@<none>'],
      },
      0,
    );
    expect(untagged).toMatchObject([{repository: '<none>', tag: '<none>', reference: 'bbbbbbbbbbbb'}]);
    // API 1.43+ sends [] instead of <none>:<none>.
    expect(
      toImageRows({Id: 'sha256:' + 'c'.repeat(64), Created: 1, Size: 5, RepoTags: [], RepoDigests: []}, 0)[0]?.tag,
    ).toBe('<none>');
    expect(splitReference('127.0.0.1:5000/tools/busybox')).toEqual({
      repository: '127.0.0.1:5000/tools/busybox',
      tag: '<none>',
    });
    expect(splitReference('127.0.0.1:5000/tools/busybox:1.2')).toEqual({
      repository: '127.0.0.1:5000/tools/busybox',
      tag: '1.2',
    });
  });

  test('sizes as the docker CLI prints them', () => {
    expect([0, 999, 1_984_274, 316_557_074, 1_075_726_098].map(humanSize)).toEqual([
      '0B',
      '999B',
      '1.98MB',
      '317MB',
      '1.08GB',
    ]);
  });
});

describe('conflicts in words', () => {
  const users = [{id: 'c1', name: 'web', state: 'running'}];
  test('a running container cannot be forced past; a stopped one can; child images cannot', () => {
    expect(
      explainConflict(
        'conflict: unable to delete 43ec6b4c7d7a (cannot be forced) - image is being used by running container 0123',
        users,
      ),
    ).toMatchObject({forceable: false, containers: ['web (running)']});
    expect(
      explainConflict(
        'conflict: unable to delete 696bb464cd22 (must be forced) - image is being used by stopped container eb9b',
        users,
      )?.forceable,
    ).toBe(true);
    expect(
      explainConflict(
        'conflict: unable to delete 43ec6b4c7d7a (cannot be forced) - image has dependent child images',
        [],
      )?.forceable,
    ).toBe(false);
    expect(explainConflict('No such image: x', [])).toBeUndefined();
  });
});

describe('image prune rules replayed', () => {
  const image = (id: string, parent: string, tags: string[]) => ({
    Id: id,
    ParentId: parent,
    RepoTags: tags.length ? tags : ['<none>:<none>'],
    Size: 10,
    Created: 1,
  });
  test('dangling: untagged leaves and their untagged parents; a parent with a kept child stays', () => {
    const images = [
      image('base', '', ['base:1']),
      image('mid', 'base', []),
      image('leaf', 'mid', []),
      image('mid2', 'base', []),
      image('kept', 'mid2', ['app:1']),
    ];
    const plan = imagePlan(images, new Set(), false, new Map());
    expect([...plan.removed].sort()).toEqual(['leaf', 'mid']);
    const all = imagePlan(images, new Set(['kept']), true, new Map());
    expect([...all.removed].sort()).toEqual(['leaf', 'mid']);
    expect(all.untagOnly).toEqual([{shortId: 'base', names: ['base:1'], why: 'an image built on it stays'}]);
  });
});

describe('command log lines', () => {
  test('rmi and create, env values masked', () => {
    expect(dockerRmiCommand(['a:1', 'b'], true)).toBe('docker rmi -f a:1 b');
    expect(
      dockerCreateCommand({
        name: 'n',
        image: 'i',
        cmd: ['sh', '-c', 'echo hi'],
        env: ['TOKEN=s3cret', 'PLAIN'],
        tty: true,
      }),
    ).toBe("docker create -it --name n -e 'TOKEN=***' -e PLAIN i sh -c 'echo hi'");
  });
});

describe('prune text', () => {
  test('names from the engine cannot reach the terminal as escape sequences', async () => {
    const {previewLines} = await import('../../../../source/engine/images/prune-text.js');
    const lines = previewLines({
      scope: {kind: 'volumes', all: false},
      api: '1.41',
      containers: [],
      networks: [],
      images: [],
      untagOnly: [],
      volumes: [{name: 'evil\x1b]0;title\x07\x1b[2Jname', anonymous: false, size: 1}],
      buildCache: [],
      kept: [],
      reclaimable: 1,
    });
    expect(lines.join('\n')).not.toMatch(/\x1b|\x07/);
    expect(lines).toContain('  evilname  named  1B');
  });
});
