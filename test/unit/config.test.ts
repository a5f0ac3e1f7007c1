import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadConfig, saveRegistry} from '../../source/config.js';
import {DEFAULT_CONFIG} from '../../source/config/types.js';
import {applyKeyOverrides, DEFAULT_KEYMAP, readonlyKeymap} from '../../source/ui/keymap.js';
import {scratchDir} from '../helpers/scratch.js';

const scratch = scratchDir('berth-config-');
const write = (text: string) => {
  const file = join(mkdtempSync(join(scratch, 'config-')), 'config.yml');
  writeFileSync(file, text);
  return file;
};

describe('config file', () => {
  test('reads registries, keys and log defaults', async () => {
    const file = write(
      'registries:\n  - https://reg:5000\n  - {url: "localhost:5001", insecure: true}\nkeys:\n  cursor.down: [j, n]\nlogs:\n  bufferLines: 500\n',
    );
    const {config, problems} = await loadConfig(file, {});
    expect(problems).toEqual([]);
    expect(config.registries).toEqual([
      {url: 'https://reg:5000'},
      {url: 'localhost:5001', insecure: true, ca: undefined},
    ]);
    expect(config.logs.bufferLines).toBe(500);
    const {keymap} = applyKeyOverrides(DEFAULT_KEYMAP, config.keys);
    expect(keymap.find(b => b.action === 'cursor.down')?.keys).toEqual(['j', 'n']);
  });

  test('mouse: false starts with the mouse left to the terminal; anything but true or false is said', async () => {
    expect(DEFAULT_CONFIG.mouse).toBe(true);
    expect((await loadConfig(write('mouse: false\n'), {})).config.mouse).toBe(false);
    const bad = await loadConfig(write('mouse: sometimes\n'), {});
    expect(bad.config.mouse).toBe(true);
    expect(bad.problems.join('\n')).toMatch(/mouse must be true or false/);
  });

  test('a bad config keeps the defaults and says which key is wrong and why', async () => {
    const file = write('logs:\n  bufferLines: lots\nfrobs: 1\nexec:\n  shells: [bash]\n');
    const {config, problems} = await loadConfig(file, {});
    expect(config.logs.bufferLines).toBe(DEFAULT_CONFIG.logs.bufferLines);
    expect(problems.join('\n')).toMatch(/logs\.bufferLines must be a whole number/);
    expect(problems.join('\n')).toMatch(/unknown key "frobs"/);
    expect(problems.join('\n')).toMatch(/exec\.shells must be a list of absolute paths/);
    expect((await loadConfig(write('registries: [\n'), {})).problems[0]).toMatch(/not valid YAML/);
    expect(applyKeyOverrides(DEFAULT_KEYMAP, {'no.such': ['x']}).problems[0]).toMatch(/keys\.no\.such: no such action/);
  });

  test('the XDG location is the default', async () => {
    const dir = mkdtempSync(join(scratch, 'xdg-'));
    expect((await loadConfig(undefined, {XDG_CONFIG_HOME: dir})).file).toBe(join(dir, 'berth', 'config.yml'));
  });

  test('adding a registry keeps the rest of the file', async () => {
    const file = write('logs:\n  tail: 50\nregistries: [https://a:5000]\n');
    await saveRegistry(file, 'https://b:5000');
    await saveRegistry(file, 'https://b:5000');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/tail: 50/);
    expect((await loadConfig(file, {})).config.registries.map(r => r.url)).toEqual([
      'https://a:5000',
      'https://b:5000',
    ]);
  });

  test('--readonly removes every binding that changes the engine', () => {
    const actions = readonlyKeymap(DEFAULT_KEYMAP).map(b => b.action);
    for (const action of [
      'container.stop',
      'container.remove',
      'container.start',
      'container.restart',
      'registry.pull',
    ])
      expect(actions).not.toContain(action);
    expect(actions).toContain('logs.open');
  });
});
