// Registry listing benchmark: berth's client against a bare sequential undici loop over the same
// pages, in the same run, on a real docker-registry seeded with 10,000 repositories and one
// repository with 5,000 tags.
//
//   npx esbuild bench/registry.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=node_modules/.cache/berth/bench-registry.mjs && node node_modules/.cache/berth/bench-registry.mjs [--rounds 7] [--strict] [--verbose]
//
// Target: all pages within 1.3x of the bare loop. --strict exits 1 when a ratio misses it.
import {readFileSync} from 'node:fs';
import {performance} from 'node:perf_hooks';
import {Pool} from 'undici';
import {RegistryClient} from '../source/registry/client.js';
import {pageOf, startFakeRegistry} from '../test/helpers/registry-fake.js';
import {Pusher, cloneRepository, writeTags} from '../test/helpers/registry-seed.js';
import {startRegistry, type RunningRegistry} from '../test/helpers/registry-server.js';

const REPOSITORIES = 10_000;
const TAGS = 5_000;
const TARGET = 1.3;

interface Timing {
  firstPage: number;
  allPages: number;
  items: number;
  pages: number;
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function seed(): Promise<RunningRegistry> {
  const started = performance.now();
  const registry = await startRegistry();
  const pusher = new Pusher({url: registry.url, ca: readFileSync(registry.caFile, 'utf8')});
  const image = await pusher.image('bench/tags', 'seed');
  await pusher.close();
  const names = Array.from({length: REPOSITORIES - 1}, (_, i) => `bench/repo-${String(i).padStart(5, '0')}`);
  cloneRepository(registry.repositories, 'bench/tags', names);
  writeTags(
    registry.repositories,
    'bench/tags',
    Array.from({length: TAGS - 1}, (_, i) => `1.${Math.floor(i / 100)}.${i % 100}`),
    image.digest,
  );
  console.log(
    `seeded ${REPOSITORIES} repositories and ${TAGS} tags in ${((performance.now() - started) / 1000).toFixed(1)} s at ${registry.url}`,
  );
  return registry;
}

// What any client has to do at minimum: GET, read the body, parse it, follow the Link.
async function bareLoop(registry: RunningRegistry, path: string, field: string, pool: Pool): Promise<Timing> {
  const start = performance.now();
  let firstPage = 0;
  let items = 0;
  let pages = 0;
  let next: string | undefined = `${path}?n=1000`;
  while (next) {
    const response: Awaited<ReturnType<Pool['request']>> = await pool.request({path: next, method: 'GET'});
    const body = (await response.body.json()) as Record<string, string[]>;
    if (response.statusCode !== 200) throw new Error(`bare loop: HTTP ${response.statusCode} for ${next}`);
    const list = body[field] ?? [];
    if (!firstPage) firstPage = performance.now() - start;
    items += list.length;
    pages++;
    const link: unknown = response.headers.link;
    const match: RegExpExecArray | null = typeof link === 'string' ? /<([^>]+)>/.exec(link) : null;
    next = match && list.length ? match[1] : undefined;
  }
  return {firstPage, allPages: performance.now() - start, items, pages};
}

async function berth(client: RegistryClient, what: 'catalog' | 'tags'): Promise<Timing> {
  const start = performance.now();
  let firstPage = 0;
  let pages = 0;
  const onPage = () => {
    if (!firstPage) firstPage = performance.now() - start;
    pages++;
  };
  const all = what === 'catalog' ? await client.listRepositories(onPage) : await client.listTags('bench/tags', onPage);
  return {firstPage, allPages: performance.now() - start, items: all.length, pages};
}

// The middle value, or the mean of the two middle ones (the same one twice when there is an odd number).
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const lower = sorted[Math.ceil(sorted.length / 2) - 1];
  const upper = sorted[Math.floor(sorted.length / 2)];
  if (lower === undefined || upper === undefined) throw new Error('median of no values');
  return (lower + upper) / 2;
}

// The same 10 pages from an in-process server that answers at once: what is left is the client's
// own cost per page, free of the registry's storage walk and of other load on the machine.
async function clientOverhead(rounds: number): Promise<string[]> {
  const names = Array.from({length: REPOSITORIES}, (_, i) => `bench/repo-${String(i).padStart(5, '0')}`);
  const fake = await startFakeRegistry((req, res, url) => {
    const {items, link} = pageOf(names, url);
    res.writeHead(200, {'content-type': 'application/json', ...(link ? {link} : {})});
    res.end(JSON.stringify({repositories: items}));
  });
  const client = await RegistryClient.create(fake.url, {credentials: null});
  const pool = new Pool(fake.url, {connections: 4});
  const fakeRegistry = {url: fake.url} as RunningRegistry;
  const ours: number[] = [];
  const bare: number[] = [];
  try {
    for (let round = 0; round < rounds * 4; round++) {
      ours.push((await berth(client, 'catalog')).allPages);
      bare.push((await bareLoop(fakeRegistry, '/v2/_catalog', 'repositories', pool)).allPages);
    }
  } finally {
    await client.close();
    await pool.close();
    await fake.close();
  }
  const [a, b] = [median(ours), median(bare)];
  return [
    'catalog, instant server (client cost only)',
    'warm',
    '-',
    '-',
    `${a.toFixed(1)} / ${b.toFixed(1)}`,
    (a / b).toFixed(2),
  ];
}

// --serve: seed, print "serving URL CAFILE", and keep the registry up until stdin closes or a signal comes (the UI
// benchmark opens berth's registry view on it).
async function serve(): Promise<number> {
  const registry = await seed();
  console.log(`serving ${registry.url} ${registry.caFile}`);
  await new Promise<void>(resolve => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
    process.once('SIGTERM', resolve).once('SIGINT', resolve);
  });
  await registry.stop();
  return 0;
}

async function main(): Promise<number> {
  if (process.argv.includes('--serve')) return serve();
  const rounds = argument('--rounds', 7);
  const strict = process.argv.includes('--strict');
  const registry = await seed();
  const ca = readFileSync(registry.caFile, 'utf8');
  const rows: string[][] = [];
  let worst = 0;
  try {
    for (const what of ['catalog', 'tags'] as const) {
      for (const mode of ['cold', 'warm'] as const) {
        const ours: Timing[] = [];
        const bare: Timing[] = [];
        const warmClient = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
        const warmPool = new Pool(registry.url, {connections: 4, connect: {ca}});
        if (mode === 'warm') {
          await berth(warmClient, what);
          await bareLoop(
            registry,
            what === 'catalog' ? '/v2/_catalog' : '/v2/bench/tags/tags/list',
            what === 'catalog' ? 'repositories' : 'tags',
            warmPool,
          );
        }
        // Interleaved, so drift in the registry's speed hits both sides alike.
        for (let round = 0; round < rounds; round++) {
          const client =
            mode === 'warm'
              ? warmClient
              : await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
          const pool = mode === 'warm' ? warmPool : new Pool(registry.url, {connections: 4, connect: {ca}});
          const pair = round % 2 === 0 ? ['berth', 'bare'] : ['bare', 'berth'];
          for (const side of pair) {
            if (side === 'berth') ours.push(await berth(client, what));
            else
              bare.push(
                await bareLoop(
                  registry,
                  what === 'catalog' ? '/v2/_catalog' : '/v2/bench/tags/tags/list',
                  what === 'catalog' ? 'repositories' : 'tags',
                  pool,
                ),
              );
          }
          if (mode === 'cold') {
            await client.close();
            await pool.close();
          }
        }
        await warmClient.close();
        await warmPool.close();
        if (process.argv.includes('--verbose')) {
          console.log(
            `${what} ${mode} berth: ${ours.map(t => t.allPages.toFixed(0)).join(' ')}  bare: ${bare.map(t => t.allPages.toFixed(0)).join(' ')}`,
          );
        }
        const expected = what === 'catalog' ? REPOSITORIES : TAGS;
        const [sample] = ours;
        if (!sample) throw new Error(`${what}: no rounds ran`);
        const wrong = [...ours, ...bare].find(t => t.items !== expected);
        if (wrong) throw new Error(`${what}: expected ${expected} names, got ${wrong.items}`);
        const first = median(ours.map(t => t.firstPage)) / median(bare.map(t => t.firstPage));
        const all = median(ours.map(t => t.allPages)) / median(bare.map(t => t.allPages));
        worst = Math.max(worst, all);
        rows.push([
          `${what} (${expected}, ${sample.pages} page${sample.pages > 1 ? 's' : ''})`,
          mode,
          `${median(ours.map(t => t.firstPage)).toFixed(1)} / ${median(bare.map(t => t.firstPage)).toFixed(1)}`,
          first.toFixed(2),
          `${median(ours.map(t => t.allPages)).toFixed(1)} / ${median(bare.map(t => t.allPages)).toFixed(1)}`,
          all.toFixed(2),
        ]);
      }
    }
  } finally {
    await registry.stop();
  }
  rows.push(await clientOverhead(rounds));
  const header = ['listing', 'conn', 'first page ms berth/bare', 'ratio', 'all pages ms berth/bare', 'ratio'];
  const widths: number[] = [];
  for (const row of [header, ...rows])
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, cell.length);
  // Every column of every row was measured above: `?? 0` only satisfies the compiler.
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\nmedian of ${rounds} interleaved rounds, docker-registry 2.8 over TLS on loopback\n`);
  console.log(line(header));
  console.log(widths.map(w => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const ok = worst <= TARGET;
  console.log(`\nall pages: worst ratio ${worst.toFixed(2)} (target <= ${TARGET}) ${ok ? 'PASS' : 'MISS'}`);
  return strict && !ok ? 1 : 0;
}

main().then(
  code => {
    process.exitCode = code;
  },
  error => {
    console.error(`registry bench failed: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
