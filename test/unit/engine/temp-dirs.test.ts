import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {buildSync} from 'esbuild';
import {describe, expect, test} from 'vitest';
import {at} from '../../helpers/found.js';

const ROOT = resolve(import.meta.dirname, '../../..');

// source/engine/temp-dirs.ts in a process of its own, which makes two directories, removes one itself and then
// ends the way `how` says; it prints the two paths.
function run(how: string): {dirs: string[]; status: number | null} {
  const {outputFiles} = buildSync({
    stdin: {
      contents: `import {makeTempDir, removeTempDir} from './source/engine/temp-dirs.ts';
const kept = makeTempDir('berth-temp-dirs-kept-');
const removed = makeTempDir('berth-temp-dirs-removed-');
removeTempDir(removed);
console.log(JSON.stringify([kept, removed]));
${how}`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', at(outputFiles, 0).text], {
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return {dirs: JSON.parse(result.stdout) as string[], status: result.status};
}

describe('temporary directories berth makes', () => {
  test.each([
    ['the process ends by itself', '', 0],
    ['process.exit (quit, and the signal and crash handlers of terminal.ts)', 'process.exit(143);', 143],
  ])('are gone when %s', (_, how, status) => {
    const result = run(how);
    expect(result.status).toBe(status);
    expect(result.dirs).toHaveLength(2);
    for (const dir of result.dirs) {
      expect(dir.startsWith(join(tmpdir(), 'berth-temp-dirs-'))).toBe(true);
      expect(existsSync(dir)).toBe(false);
    }
  });
});
