import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {beforeAll, describe, expect, test} from 'vitest';

import {scratchDir} from '../../helpers/scratch.js';
import {at} from '../../helpers/found.js';

// What `npm pack` makes must install with `npm install -g ./berth-*.tgz` on a machine that has Node and nothing
// else: no dependencies to fetch (the bundle in dist/ holds them, Ink patched), no build or patch step at install.
// The tarball is installed offline into a temporary prefix and its `berth` is run with only Node on PATH.
// `npm pack --ignore-scripts` packs the dist/ that is there (npm test builds it first): the prepare script would
// rebuild dist/ under the end-to-end tests running beside this one.

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string; scripts: Record<string, string>};
const scratch = scratchDir('berth-package-');
const prefix = join(scratch, 'prefix');
const npmrc = join(scratch, 'npmrc');
let tarball = '';

// npm and berth with none of the caller's npm settings (an `npm test` run passes npm_config_* down), its own cache
// and user config, and a PATH with Node's directory and the system's basic tools only.
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return {
    ...env,
    HOME: scratch,
    PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
    DOCKER_CONFIG: join(scratch, 'no-docker-config'),
    XDG_CONFIG_HOME: join(scratch, 'config'),
    ...extra,
  };
}

function npm(args: string[]) {
  const result = spawnSync('npm', [...args, '--userconfig', npmrc, '--cache', join(scratch, 'cache')], {
    encoding: 'utf8',
    env: cleanEnv(),
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result;
}

function berth(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(join(prefix, 'bin', 'berth'), args, {encoding: 'utf8', env: cleanEnv(env), timeout: 30_000});
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: {path: string}[];
}

describe('the npm package', () => {
  let packed: PackResult;

  beforeAll(() => {
    if (!existsSync('dist/berth.cjs')) throw new Error('dist/berth.cjs is missing: run "npm run build" first');
    writeFileSync(npmrc, '');
    const out = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch]);
    packed = at(JSON.parse(out.stdout) as PackResult[], 0);
    tarball = join(scratch, packed.filename);
    npm(['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball]);
  }, 180_000);

  test('carries the bundle and nothing to install with it', () => {
    const manifest = JSON.parse(readFileSync(join(prefix, 'lib/node_modules/berth/package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies'])
      expect(manifest[field], field).toBeUndefined();
    expect(existsSync(join(prefix, 'lib/node_modules/berth/node_modules'))).toBe(false);
    const paths = packed.files.map(file => file.path);
    expect(paths).toContain('bin/berth.js');
    // bin/berth.js is CommonJS (its own package.json says so), the bundle one script.
    expect(paths).toContain('bin/package.json');
    expect(paths).toContain('dist/berth.cjs');
    // Only what runs, and what npm always adds; source maps stay in the checkout (they would quadruple the size).
    expect(
      paths.filter(path => !/^(bin|dist)\//.test(path) && !/^(package\.json|README\.md|LICENSE)$/.test(path)),
    ).toEqual([]);
    expect(paths.filter(path => path.endsWith('.map'))).toEqual([]);
    // `npm pack` in a clone builds dist/ first (and `npm install` there too): the prepare script.
    expect(pkg.scripts.prepare).toMatch(/node scripts\/build\.mjs/);
    // A size that crept up would go unnoticed otherwise; the README states it.
    expect(packed.size).toBeLessThan(1_500_000);
  });

  test('puts berth on PATH, and it runs from the bundle alone', () => {
    expect(readdirSync(join(prefix, 'bin'))).toEqual(['berth']);
    const help = berth(['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^berth — a terminal UI/);
    expect(help.stdout).toContain('berth version [--json]');
    const short = berth(['--version']);
    expect(short.stdout.trim()).toBe(`berth ${pkg.version}`);
  });

  test('berth version with no engine says which berth it is, then why the engine is not there', () => {
    const socket = join(scratch, 'no-engine.sock');
    const result = berth(['version'], {DOCKER_HOST: `unix://${socket}`});
    expect(result.stdout).toBe(`berth:        ${pkg.version}\nengine host:  unix://${socket}\n`);
    expect(result.stderr).toMatch(new RegExp(`^berth: engine unix://${socket}: no socket at `));
    expect(result.code).toBe(1);
  });

  test('an ssh:// engine loads ssh2 without its optional native parts (cpu-features, sshcrypto.node)', () => {
    // Port 1 refuses at once; the message is berth's, so the chunk holding ssh2 was loaded and ran.
    const result = berth(['version'], {DOCKER_HOST: 'ssh://nobody@127.0.0.1:1'});
    expect(result.stderr).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|ERR_DLOPEN/);
    expect(result.stderr).toMatch(/^berth: engine ssh:\/\/nobody@127\.0\.0\.1:1: connection refused/);
    expect(result.code).toBe(1);
  });
});
