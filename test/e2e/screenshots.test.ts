import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';

import {masked} from '../../scripts/screens/mask.js';
import {playScene, SCENES, setUpStage, type Stage} from '../../scripts/screens/scenes.js';
import {screenText} from '../../scripts/screens/svg.js';

// The pictures in docs/screens/ cannot go stale: each scene's steps are played again on berth as it is now, and
// the screen must read as the committed picture does, once what changes from run to run (times, figures, IDs)
// is masked by the rule in scripts/screens/mask.ts. When berth's screens change on purpose: npm run screenshots.
let stage: Stage;
beforeAll(async () => {
  stage = await setUpStage();
}, 120_000);
afterAll(async () => stage?.close(), 60_000);

describe('the pictures in docs/screens/ show what berth draws', () => {
  test.each(SCENES.map(scene => [scene.file, scene] as const))(
    '%s',
    async (file, scene) => {
      const committed = screenText(readFileSync(`docs/screens/${file}`, 'utf8'));
      const now = await playScene(stage, scene, t => t.screen());
      expect(masked(now), `docs/screens/${file} is stale: run "npm run screenshots" and commit the pictures`).toEqual(
        masked(committed),
      );
    },
    60_000,
  );

  test('the mask hides what changes between runs and nothing else', () => {
    expect(
      masked([
        ' ● web  up 12s   0.4%  1.2MiB  3b1f0c9a2e7d 2026-11-28T18:55:16Z',
        ' engine unix:///tmp/x/bpe-AbC123/docker.sock  ▁▂▅█',
        'api  (busybox, Up Less than a second)',
        ' ○ migrate exited 0 · <1s ago',
      ]),
    ).toEqual([
      ' ● web up # # # <id> #T#Z',
      ' engine unix:///tmp/x/bpe-#/docker.sock ▪',
      'api (busybox, Up #)',
      ' ○ migrate exited #· # ago',
    ]);
  });
});
