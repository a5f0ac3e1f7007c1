// The import rules (.dependency-cruiser.cjs, `npm run deps`) hold for the tree, and each rule bites: a scratch
// tree shaped like source/ with one offence per rule must be reported rule by rule.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {expect, test} from 'vitest';
import {scratchDir} from '../../helpers/scratch.js';

const repo = join(import.meta.dirname, '../../..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const cruise = (cwd: string, ...paths: string[]) =>
  spawnSync(
    process.execPath,
    [depcruise, ...paths, '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    {cwd, encoding: 'utf8'},
  );

test('source/ and packages/ keep every import rule', () => {
  const result = cruise(repo, 'source', 'packages');
  expect(result.stdout).toMatch(/no dependency violations found/);
  expect(result.status).toBe(0);
}, 60_000);

const scratch = scratchDir('berth-import-rules-');

test('each rule reports its offence, and only it', () => {
  const dir = mkdtempSync(join(scratch, 'tree-'));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({compilerOptions: {module: 'NodeNext', moduleResolution: 'NodeNext'}}),
    // a view importing another view
    'source/views/alpha/index.ts': "import {beta} from '../beta/index.js';\nexport const alpha = beta;\n",
    'source/views/beta/index.ts': "import {row} from '../kit/row.js';\nexport const beta = row;\n",
    // the kit importing a view
    'source/views/kit/row.ts': "import type {Gamma} from '../gamma/state.js';\nexport const row: Gamma = 1;\n",
    'source/views/gamma/state.ts': 'export type Gamma = number;\n',
    // the engine importing the shell
    'source/engine/client.ts': "import {shell} from '../ui/shell.js';\nexport const client = shell;\n",
    'source/ui/shell.ts': 'export const shell = 1;\n',
    // a circle through a dynamic import
    'source/text/one.ts': "export const load = () => import('./two.js');\n",
    'source/text/two.ts': "import {load} from './one.js';\nexport const two = load;\n",
    // the layout package reaching into berth
    'packages/flex/source/node.ts': "import {shell} from '../../../source/ui/shell.js';\nexport const node = shell;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), {recursive: true});
    writeFileSync(join(dir, path), text);
  }
  const result = cruise(dir, 'source', 'packages');
  expect(result.status).not.toBe(0);
  // One line per offence, `error RULE: FROM → TO` (a circle continues on the next lines; its first module is
  // enough here).
  const reported = result.stdout
    .split('\n')
    .filter(line => /^\s*error /.test(line))
    .map(line => line.trim().replace(/\s+/g, ' ').replace(/ →$/, ''));
  expect(reported.sort()).toEqual(
    [
      'error flex-package-stands-alone: packages/flex/source/node.ts → source/ui/shell.ts',
      'error lower-layers-never-import-views-or-ui: source/engine/client.ts → source/ui/shell.ts',
      'error no-circular: source/text/one.ts',
      'error no-kit-imports-a-view: source/views/kit/row.ts → source/views/gamma/state.ts',
      'error no-view-imports-another-view: source/views/alpha/index.ts → source/views/beta/index.ts',
    ].sort(),
  );
}, 60_000);
