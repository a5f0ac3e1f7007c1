// Registry-to-registry copy of a ~300 MB image: berth's copy (source/registry/image-copy.ts: blobs streamed from one
// registry's GET into the other's upload PUT) against `skopeo copy` (Debian's package) and a bare undici loop
// (GET piped into PUT, one blob after another, no HEAD, no auth), in the same run, on two real docker-registry
// instances with their own CAs. The destination's storage is wiped before every copy, so each one moves every byte.
//
//   npx esbuild bench/registry-copy.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=node_modules/.cache/berth/bench-registry-copy.mjs && node node_modules/.cache/berth/bench-registry-copy.mjs [--rounds 3] [--mb 300]
//
// Prints one row per tool (median seconds, MB/s, the ratio to skopeo, or to the bare loop without skopeo), berth's
// peak extra memory, and a RESULT line for bench/run.mjs.
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, copyFileSync} from 'node:fs';
import {join} from 'node:path';
import {performance} from 'node:perf_hooks';
import {Agent, request} from 'undici';
import {RegistryClient} from '../source/registry/client.js';
import {copyImage} from '../source/registry/image-copy.js';
import {manifestDigest} from '../source/registry/manifest-writes.js';
import {OCI_MANIFEST, Pusher, digestOf} from '../test/helpers/registry-seed.js';
import {startRegistry, type RunningRegistry} from '../test/helpers/registry-server.js';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const ROUNDS = argument('--rounds', 3);
const MEGABYTES = argument('--mb', 300);
const LAYERS = 3;

type Blob = {digest: string; size: number};

// Incompressible layers (random bytes), so no transport can cheat; the config is small.
async function seed(source: RunningRegistry): Promise<Blob[]> {
  const pusher = new Pusher({url: source.url, ca: readFileSync(source.caFile, 'utf8')});
  const layers: Blob[] = [];
  for (let i = 0; i < LAYERS; i++) {
    const bytes = randomBytes(Math.floor((MEGABYTES * 1_000_000) / LAYERS));
    layers.push({digest: await pusher.blob('bench/app', bytes), size: bytes.length});
  }
  const config = JSON.stringify({architecture: 'amd64', os: 'linux', rootfs: {type: 'layers', diff_ids: []}});
  const configBlob = {digest: await pusher.blob('bench/app', config), size: Buffer.byteLength(config)};
  const manifest = JSON.stringify({
    schemaVersion: 2,
    mediaType: OCI_MANIFEST,
    config: {mediaType: 'application/vnd.oci.image.config.v1+json', ...configBlob},
    layers: layers.map(layer => ({mediaType: 'application/vnd.oci.image.layer.v1.tar', ...layer})),
  });
  await pusher.manifest('bench/app', '1', manifest, OCI_MANIFEST);
  await pusher.close();
  return [configBlob, ...layers, {digest: digestOf(manifest), size: Buffer.byteLength(manifest)}];
}

// The floor: each blob's GET body piped into the destination's PUT, one after another, then the manifest.
async function bareCopy(source: RunningRegistry, target: RunningRegistry, blobs: Blob[], to: string): Promise<void> {
  const from = new Agent({connect: {ca: readFileSync(source.caFile, 'utf8')}});
  const into = new Agent({connect: {ca: readFileSync(target.caFile, 'utf8')}});
  try {
    for (const blob of blobs.slice(0, -1)) {
      const start = await request(`${target.url}/v2/${to}/blobs/uploads/`, {method: 'POST', dispatcher: into});
      await start.body.dump();
      const location = new URL(String(start.headers.location), target.url);
      location.searchParams.set('digest', blob.digest);
      const got = await request(`${source.url}/v2/bench/app/blobs/${blob.digest}`, {dispatcher: from});
      const put = await request(location, {
        method: 'PUT',
        body: got.body,
        headers: {'content-length': String(blob.size), 'content-type': 'application/octet-stream'},
        dispatcher: into,
      });
      await put.body.dump();
      if (put.statusCode !== 201) throw new Error(`bare PUT: HTTP ${put.statusCode}`);
    }
    const manifest = await request(`${source.url}/v2/bench/app/manifests/1`, {
      headers: {accept: OCI_MANIFEST},
      dispatcher: from,
    });
    const body = Buffer.from(await manifest.body.arrayBuffer());
    const put = await request(`${target.url}/v2/${to}/manifests/1`, {
      method: 'PUT',
      body,
      headers: {'content-type': OCI_MANIFEST},
      dispatcher: into,
    });
    await put.body.dump();
  } finally {
    await from.close();
    await into.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function main(): Promise<void> {
  const source = await startRegistry();
  const target = await startRegistry();
  const certs = join(source.dir, 'skopeo-certs');
  for (const [name, registry] of [
    ['source', source],
    ['target', target],
  ] as const) {
    mkdirSync(join(certs, name), {recursive: true});
    copyFileSync(registry.caFile, join(certs, name, 'ca.crt'));
  }
  const wipeTarget = () => rmSync(join(target.storage, 'docker'), {recursive: true, force: true});
  try {
    const started = performance.now();
    const blobs = await seed(source);
    const total = blobs.reduce((sum, blob) => sum + blob.size, 0);
    const expected = blobs.at(-1)?.digest;
    console.log(`seeded ${(total / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const from = await RegistryClient.create(source.url, {caFile: source.caFile, credentials: null});
    const times: Record<'berth' | 'skopeo' | 'bare', number[]> = {berth: [], skopeo: [], bare: []};
    let peakExtra = 0;
    const skopeo = (() => {
      try {
        execFileSync('skopeo', ['--version'], {stdio: 'ignore'});
        return true;
      } catch {
        return false;
      }
    })();
    for (let round = 1; round <= ROUNDS; round++) {
      wipeTarget();
      const to = await RegistryClient.create(target.url, {caFile: target.caFile, credentials: null});
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      let t = performance.now();
      const result = await copyImage(
        {client: from, repository: 'bench/app', reference: '1'},
        {client: to, repository: 'berth/app', tag: '1'},
        () => {
          peak = Math.max(peak, process.memoryUsage().rss);
        },
      );
      times.berth.push(performance.now() - t);
      peakExtra = Math.max(peakExtra, peak - rssBefore);
      if (result.digest !== expected || (await manifestDigest(to, 'berth/app', '1')) !== expected)
        throw new Error('berth: the copy has another digest');
      await to.close();

      if (skopeo) {
        wipeTarget();
        t = performance.now();
        execFileSync('skopeo', [
          'copy',
          '--quiet',
          '--preserve-digests',
          '--src-cert-dir',
          join(certs, 'source'),
          '--dest-cert-dir',
          join(certs, 'target'),
          `docker://${source.host}/bench/app:1`,
          `docker://${target.host}/skopeo/app:1`,
        ]);
        times.skopeo.push(performance.now() - t);
      }

      wipeTarget();
      t = performance.now();
      await bareCopy(source, target, blobs, 'bare/app');
      times.bare.push(performance.now() - t);
      console.log(
        `round ${round}: berth ${(times.berth.at(-1)! / 1000).toFixed(2)} s` +
          (skopeo ? `, skopeo ${(times.skopeo.at(-1)! / 1000).toFixed(2)} s` : '') +
          `, bare undici ${(times.bare.at(-1)! / 1000).toFixed(2)} s`,
      );
    }
    await from.close();
    const reference = skopeo ? median(times.skopeo) : median(times.bare);
    console.log(`\n${(total / 1e6).toFixed(0)} MB, ${LAYERS} layers, median of ${ROUNDS} rounds`);
    console.log('| tool | seconds | MB/s | ratio |');
    console.log('|---|---|---|---|');
    for (const [name, values] of Object.entries(times)) {
      if (!values.length) continue;
      const seconds = median(values) / 1000;
      console.log(
        `| ${name} | ${seconds.toFixed(2)} | ${(total / 1e6 / seconds).toFixed(0)} | ${(median(values) / reference).toFixed(2)}x |`,
      );
    }
    console.log(`berth's peak extra resident memory during its copies: ${(peakExtra / 1e6).toFixed(0)} MB`);
    // For bench/run.mjs (bench/registry-copy-row.mjs): the medians in seconds, one line.
    const seconds = (values: number[]) => (values.length ? median(values) / 1000 : null);
    console.log(
      `RESULT ${JSON.stringify({mb: Math.round(total / 1e6), rounds: ROUNDS, berth: seconds(times.berth), skopeo: seconds(times.skopeo), bare: seconds(times.bare), peakMb: Math.round(peakExtra / 1e6)})}`,
    );
  } finally {
    await source.stop();
    await target.stop();
  }
}

await main();
