// The registry copy row of bench/run.mjs: bench/registry-copy.ts (a ~300 MB image copied between two registries by
// berth, `skopeo copy` and a bare undici loop, in the same run), built with esbuild and run as a child process.
import {spawn} from 'node:child_process';
import {join} from 'node:path';

export async function registryCopyRow(ctx, {root, quick}) {
  const out = join(root, 'node_modules/.cache/berth/bench-registry-copy.mjs');
  const {build} = await import('esbuild');
  await build({
    entryPoints: [join(root, 'bench/registry-copy.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
  });
  const rounds = quick ? '1' : '3';
  const text = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [out, '--rounds', rounds], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', d => (stdout += d));
    child.stderr.on('data', d => (stderr += d));
    ctx.cleanup.push(() => child.kill());
    child.on('close', code =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`bench/registry-copy.ts exited ${code}: ${stderr.trim() || stdout.trim()}`)),
    );
  });
  const line = text.split('\n').find(l => l.startsWith('RESULT '));
  if (!line) throw new Error(`bench/registry-copy.ts: no RESULT line in its output:\n${text}`);
  const result = JSON.parse(line.slice('RESULT '.length));
  const [name, reference] = result.skopeo
    ? ['skopeo copy', result.skopeo]
    : ['bare undici GET→PUT (no skopeo)', result.bare];
  const ratio = result.berth / reference;
  ctx.row({
    measure: `registry copy of a ${result.mb} MB image between two registries (median of ${result.rounds})`,
    berth: `${result.berth.toFixed(2)} s, ${Math.round(result.mb / result.berth)} MB/s, ${result.peakMb} MB extra memory`,
    reference: `${name}: ${reference.toFixed(2)} s`,
    ratio: ratio.toFixed(2),
    target: '≤ 1.3× skopeo',
    met: ratio <= 1.3,
    note: `bare undici GET→PUT loop ${result.bare.toFixed(2)} s`,
  });
}
