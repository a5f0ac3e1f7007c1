// `berth config --default` prints a file that loads, without a single complaint, to exactly berth's defaults, and
// docs/config.md shows that same file.
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';
import {configCommand} from '../../../source/cli/config-command.js';
import {DEFAULT_CONFIG_FILE} from '../../../source/cli/config-default.js';
import {loadConfig} from '../../../source/config.js';
import {DEFAULT_CONFIG} from '../../../source/config/types.js';
import {scratchDir} from '../../helpers/scratch.js';

const scratch = scratchDir('berth-config-default-');

test('the default file loads to the defaults, with no problem reported', async () => {
  const file = join(scratch, 'config.yml');
  writeFileSync(file, DEFAULT_CONFIG_FILE);
  const loaded = await loadConfig(file, {});
  expect(loaded.problems).toEqual([]);
  expect(loaded.config).toEqual(DEFAULT_CONFIG);
});

test('every setting berth reads is in it', () => {
  for (const key of Object.keys(DEFAULT_CONFIG)) expect(DEFAULT_CONFIG_FILE).toMatch(new RegExp(`^${key}:`, 'm'));
});

test('berth config --default prints it, --path names the file, anything else is a usage error', () => {
  let out = '';
  const stdout = {write: (text: string) => (out += text)} as unknown as NodeJS.WritableStream;
  expect(configCommand(['--default'], {stdout, env: {}})).toBe(0);
  expect(out).toBe(DEFAULT_CONFIG_FILE);
  out = '';
  configCommand(['--path'], {stdout, env: {XDG_CONFIG_HOME: '/x'}});
  expect(out).toBe('/x/berth/config.yml\n');
  expect(() => configCommand([], {stdout, env: {}})).toThrow(/--default .* or --path/);
});

test('docs/config.md shows the same file', () => {
  expect(readFileSync('docs/config.md', 'utf8')).toContain(`\`\`\`yaml\n${DEFAULT_CONFIG_FILE}\`\`\``);
});
