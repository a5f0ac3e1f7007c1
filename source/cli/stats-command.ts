import type Docker from 'dockerode';
import {connectEngine, dial} from '../engine/client.js';
import {type RawStats, type Usage, usageOf} from '../engine/stats/compute.js';
import {StatsSampler} from '../engine/stats/sampler.js';
import type {EngineTarget} from '../engine/target.js';
import {UsageError, errorMessage} from '../errors.js';
import type {EngineSelection} from '../engine/engine-targets.js';
import {watchEngine} from './engine-watch.js';
import {plainTable} from './plain-table.js';
import {closeAll, connectSeveral} from './several-engines.js';
import {bytes} from '../text/format.js';
import {sanitizeLine} from '../text/sanitize.js';

type Row = {id: string; name: string; usage?: Usage; engine?: string};

const percent = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)}%`);

function table(rows: readonly Row[], withEngine = false): string {
  const header = [
    ...(withEngine ? ['ENGINE'] : []),
    'CONTAINER ID',
    'NAME',
    'CPU %',
    'MEM USAGE / LIMIT',
    'MEM %',
    'NET I/O',
    'BLOCK I/O',
    'PIDS',
  ];
  const cells = rows.map(({id, name, usage: u, engine}) => [
    ...(withEngine ? [sanitizeLine(engine ?? '')] : []),
    id.slice(0, 12),
    sanitizeLine(name),
    percent(u?.cpuPercent),
    `${bytes(u?.memory)} / ${u?.memoryLimit ? bytes(u.memoryLimit) : 'no limit'}`,
    percent(u?.memoryPercent),
    `${bytes(u?.netRx)} / ${bytes(u?.netTx)}`,
    `${bytes(u?.blockRead)} / ${bytes(u?.blockWrite)}`,
    u?.pids === undefined ? '–' : String(u.pids),
  ]);
  return plainTable([header, ...cells]);
}

const json = (rows: readonly Row[]) =>
  rows
    .map(row => JSON.stringify({...(row.engine ? {engine: row.engine} : {}), id: row.id, name: row.name, ...row.usage}))
    .join('\n');

async function targets(docker: Docker, names: readonly string[]): Promise<Row[]> {
  return targetsOn(docker, names, false);
}

// `some`: with several engines a name need only be on one of them.
async function targetsOn(docker: Docker, names: readonly string[], some: boolean): Promise<Row[]> {
  const all = await docker.listContainers({all: names.length > 0});
  const rows = all.map(info => ({
    id: info.Id,
    name: (info.Names?.[0] ?? info.Id).replace(/^\//, ''),
    running: info.State === 'running',
  }));
  if (!names.length) return rows.filter(row => row.running).map(({id, name}) => ({id, name}));
  if (some) return rows.filter(row => names.some(name => row.name === name || row.id.startsWith(name)));
  return names.map(name => {
    const row = rows.find(r => r.name === name) ?? rows.find(r => r.id.startsWith(name));
    if (!row)
      throw new UsageError(
        `stats: no container "${name}" on this engine; see berth stats (running containers) or docker ps -a`,
      );
    return row;
  });
}

// One sample each; with stream=false the engine waits for a second sample, so CPU % is filled in.
async function sampleOnce(docker: Docker, rows: Row[], memTotal: number | undefined): Promise<void> {
  await Promise.all(
    rows.map(async row => {
      try {
        const raw = (await docker.getContainer(row.id).stats({stream: false})) as RawStats;
        row.usage = usageOf(raw, memTotal);
      } catch {
        // Gone between the list and the sample: shown with dashes, as docker does.
      }
    }),
  );
}

// berth stats --all-contexts --no-stream [--json] [CONTAINER...] (or --context A --context B): one sample of the
// running containers (or those named) of every engine, all engines at once, with an ENGINE column.
export async function statsAllCommand(
  selection: EngineSelection,
  args: readonly string[],
  options: {json: boolean; noStream: boolean},
  io: {stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream},
): Promise<number> {
  const unknown = args.find(arg => arg.startsWith('-'));
  if (unknown)
    throw new UsageError(`stats: unknown option "${unknown}"; usage berth stats [--no-stream] [--json] [CONTAINER...]`);
  if (!options.noStream)
    throw new UsageError(
      'stats on several engines takes --no-stream (one sample of each); for a live view open berth --all-contexts and press t',
    );
  const {engines, failed} = await connectSeveral(selection, io.stderr);
  try {
    let lost = 0;
    const perEngine = await Promise.all(
      engines.map(async ({name, client}) => {
        try {
          const all = await targetsOn(client.docker, args, true);
          const info = (await client.docker.info()) as {MemTotal?: number};
          const rows = all.map(row => ({...row, engine: name}));
          await sampleOnce(client.docker, rows, info.MemTotal);
          return rows;
        } catch (error) {
          lost++;
          io.stderr.write(`berth: engine ${name}: ${errorMessage(error)}; left out\n`);
          return [];
        }
      }),
    );
    const rows = perEngine.flat();
    const missing = args.filter(name => !rows.some(row => row.name === name || row.id.startsWith(name)));
    for (const name of missing) io.stderr.write(`berth: stats: no container "${name}" on any engine\n`);
    io.stdout.write(`${options.json ? json(rows) : table(rows, true)}\n`);
    return failed + lost + missing.length && !(selection.everyContext && !missing.length) ? 1 : 0;
  } finally {
    closeAll(engines);
  }
}

// berth stats [--no-stream] [--json] [CONTAINER...]: like docker stats (running containers by default).
export async function statsCommand(
  target: EngineTarget,
  args: readonly string[],
  options: {json: boolean; noStream: boolean},
  out: NodeJS.WriteStream,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const unknown = args.find(arg => arg.startsWith('-'));
  if (unknown)
    throw new UsageError(`stats: unknown option "${unknown}"; usage berth stats [--no-stream] [--json] [CONTAINER...]`);
  const client = await connectEngine(target);
  try {
    const rows = await targets(client.docker, args);
    const info = (await client.docker.info()) as {MemTotal?: number};
    if (options.noStream) {
      await sampleOnce(client.docker, rows, info.MemTotal);
      out.write(`${options.json ? json(rows) : table(rows)}\n`);
      return 0;
    }
    const sampler = new StatsSampler(client.docker, client.api);
    sampler.want(rows.map(row => row.id));
    const tty = out.isTTY && !options.json;
    let answered = Date.now();
    const unwatch = watchEngine({
      url: target.url,
      ping: signal => dial(client.docker, {path: '/_ping', method: 'GET', signal}),
      lastAnswer: () => answered,
      say: line => void err.write(`berth: ${line}\n`),
    });
    await new Promise<void>(resolve => {
      const stop = () => {
        unwatch();
        sampler.close();
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      out.once('error', stop);
      sampler.subscribe(() => {
        answered = Date.now();
        for (const row of rows) row.usage = sampler.latest(row.id) ?? row.usage;
        const text = options.json ? json(rows) : table(rows);
        // On a terminal the table is redrawn in place (cursor home, clear below), like docker stats.
        out.write(tty ? `\x1b[H\x1b[J${text}\n` : `${text}\n${options.json ? '' : '\n'}`);
      });
    });
    return 0;
  } finally {
    client.close();
  }
}
