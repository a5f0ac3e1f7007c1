// The registry copy row of bench/run.mjs: bench/registry-copy.ts (a ~300 MB image copied between two registries by
// berth, `skopeo copy` and a bare undici loop, in the same run), built with esbuild and run as a child process.
import {runBundled} from './bundled.mjs';

export async function registryCopyRow(ctx, {root, quick}) {
  const text = await runBundled(ctx, root, 'bench/registry-copy.ts', ['--rounds', quick ? '1' : '3']);
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
