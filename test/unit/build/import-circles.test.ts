import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';
import {scratchDir} from '../../helpers/scratch.js';

const check = (dir: string) => spawnSync(process.execPath, ['scripts/check-cycles.mjs', dir], {encoding: 'utf8'});

test('source/ has no import circle', () => {
  const result = check('source');
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});

const scratch = scratchDir('berth-cycles-');

test('the check fails on a circle, type-only and dynamic imports included', () => {
  const dir = mkdtempSync(join(scratch, 'tree-'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'a/one.ts'), "import type {Two} from '../two.js';\nexport type One = Two;\n");
  writeFileSync(join(dir, 'two.ts'), "export type Two = string;\nexport const load = () => import('./a/one.js');\n");
  writeFileSync(join(dir, 'three.ts'), "import {load} from './two.js';\nvoid load;\n");
  const result = check(dir);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/import circle: .*a\/one\.ts ↔ .*two\.ts/);
  expect(result.stderr).not.toMatch(/three\.ts/);
});
