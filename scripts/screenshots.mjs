// npm run screenshots: the pictures in docs/screens/ drawn by berth itself (scripts/screens/). Brings the test
// bench up when it is not running (it lends its busybox image and registry), builds dist/ from the current
// source, then runs the TypeScript of scripts/screens/ (bundled by esbuild, as the app is).
import {execFileSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {build} from 'esbuild';

const root = new URL('..', import.meta.url);
const run = (command, args) => execFileSync(command, args, {cwd: root, stdio: 'inherit'});

try {
  execFileSync('bash', ['scripts/testbed.sh', 'status'], {cwd: root, stdio: 'ignore'});
} catch {
  console.log('test bench is not running: starting it (scripts/testbed.sh up)');
  run('bash', ['scripts/testbed.sh', 'up']);
}
Object.assign(
  process.env,
  JSON.parse(execFileSync('bash', ['scripts/testbed.sh', 'env', '--json'], {cwd: root, encoding: 'utf8'})),
);
run('node', ['scripts/build.mjs']);

// Inside node_modules, so the bundle's own imports (@xterm/headless) resolve from there.
const outdir = new URL('../node_modules/.cache/berth-screens/', import.meta.url);
mkdirSync(outdir, {recursive: true});
const outfile = new URL('make.mjs', outdir).pathname;
await build({
  entryPoints: [new URL('screens/make.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // import.meta.dirname in the sources means the folder of scripts/screens, not of the bundle.
  define: {'import.meta.dirname': JSON.stringify(new URL('screens', import.meta.url).pathname)},
  logLevel: 'warning',
});
await import(outfile);
