// Which compose berth runs is looked up once per environment that decides it (PATH, DOCKER_CONFIG), not once per
// process: a second environment with another compose on its PATH gets that compose, not the first answer.
import {chmodSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';
import {composeRunner} from '../../../../source/engine/compose/runner.js';
import {scratchDir} from '../../../helpers/scratch.js';

const scratch = scratchDir('berth-compose-runner-');

// A directory holding only a `docker-compose` that answers `version --short` with this version.
function pathWithCompose(version: string): string {
  const dir = mkdtempSync(join(scratch, 'bin-'));
  writeFileSync(join(dir, 'docker-compose'), `#!/bin/sh\necho ${version}\n`);
  chmodSync(join(dir, 'docker-compose'), 0o755);
  return dir;
}

test('each PATH gets its own compose, and the same PATH is asked once', async () => {
  const empty = mkdtempSync(join(scratch, 'empty-'));
  mkdirSync(join(empty, 'bin'));
  const none = await composeRunner({PATH: join(empty, 'bin')});
  expect(none.runner).toBeUndefined();

  const v1 = pathWithCompose('1.29.2');
  const first = await composeRunner({PATH: v1});
  expect(first.runner).toMatchObject({kind: 'v1', program: 'docker-compose', version: '1.29.2'});

  const v2 = pathWithCompose('2.29.7');
  expect((await composeRunner({PATH: v2})).runner).toMatchObject({kind: 'v2', version: '2.29.7'});

  // Asked again with the first PATH: the answer kept for it, even after its program changed.
  writeFileSync(join(v1, 'docker-compose'), '#!/bin/sh\necho 1.0.0\n');
  expect(composeRunner({PATH: v1})).toBe(composeRunner({PATH: v1}));
  expect((await composeRunner({PATH: v1})).runner).toMatchObject({version: '1.29.2'});
});
