// A TypeScript bench bundled with esbuild (into node_modules/.cache/berth/) and run as a child process: its stdout,
// or an error with its stderr when it exits non-zero. The child is killed if the run is cleaned up first.
import {spawn} from 'node:child_process';
import {basename, join} from 'node:path';

// esbuild's options for a bench's TypeScript: one ESM file for Node, its dependencies left in node_modules.
export const BENCH_BUILD = {bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning'};

export async function runBundled(ctx, root, entry, args) {
  const out = join(root, 'node_modules/.cache/berth', `bench-${basename(entry, '.ts')}.mjs`);
  const {build} = await import('esbuild');
  await build({
    ...BENCH_BUILD,
    entryPoints: [join(root, entry)],
    outfile: out,
  });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [out, ...args], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', d => (stdout += d));
    child.stderr.on('data', d => (stderr += d));
    ctx.cleanup.push(() => child.kill());
    child.on('close', code =>
      code === 0 ? resolve(stdout) : reject(new Error(`${entry} exited ${code}: ${stderr.trim() || stdout.trim()}`)),
    );
  });
}
